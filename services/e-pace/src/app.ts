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
        "Pace, speed, race-time prediction (Riegel, Cameron), Daniels' VDOT and training zones, split tables and finish projections from published formulas.",
      openapi: '3.1',
      operations,
      mcpInstructions:
        'Running calculators: pace and speed of a run, race-time predictions, VDOT with equivalent times, training paces, split tables, finish projections and pace/speed conversion. Distances need a unit ("10 km", "5k", "half"); times are "MM:SS", "H:MM:SS" or seconds.',
    },
    config,
    options,
  );
}
