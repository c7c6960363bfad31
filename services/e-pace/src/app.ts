import { type CreateServiceOptions, createService, type ServiceConfig } from '@dus/core';
import { operations } from './operations.js';

export const SERVICE = { name: 'e-pace', version: '1.0.0', defaultPort: 8085 } as const;

/** The service's Hono app (no listening): serve it alone, or mount it in an app of yours (README). */
export function createApp(config: ServiceConfig, options: CreateServiceOptions = {}) {
  return createService(
    {
      ...SERVICE,
      title: 'Running pace and race calculator',
      description:
        "Running calculations from published formulas: pace and speed, time and distance at a pace, race-time prediction (Riegel, Cameron, Daniels' VDOT, Purdy), Purdy points, a personal Riegel exponent fitted to several results, adjustment for conditions (grade, altitude, heat), WMA/USATF age grading, VDOT and training zones with rep times, split tables and finish projections.",
      openapi: '3.1',
      operations,
      mcpInstructions:
        'Running calculators: `pace` (pace and speed of a run), `time_at_pace` and `distance_at_pace`, `convert_pace` (pace ⇄ speed), `predict_race_time` (Riegel, Cameron, VDOT and Purdy at target distances or for a target time), `vdot` (with equivalent times), `training_zones`, `purdy_points`, `fit_riegel_exponent` (a personal exponent from several results), `adjust_for_conditions` (grade, altitude, heat), `age_grade` (WMA/USATF 2020), `splits` and `finish_projection`. Distances need a unit ("10 km", "5k", "half"); times are "MM:SS", "H:MM:SS" or seconds.',
    },
    config,
    options,
  );
}
