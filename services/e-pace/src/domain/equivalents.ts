import { HALF_MARATHON_M, MARATHON_M, METERS_PER_MILE } from '@dus/core';
import { type TimedDistance, timedDistance } from './pace.js';
import { round, roundMeters, roundSeconds } from './round.js';
import { checkVdot, equivalentTime, vdotOf } from './vdot.js';

/** The distances of the `/vdot` equivalence table; names are accepted back by the distance parser. */
export const EQUIVALENT_DISTANCES: ReadonlyArray<{ name: string; distance_m: number }> = [
  { name: '1500m', distance_m: 1500 },
  { name: 'mile', distance_m: METERS_PER_MILE },
  { name: '3k', distance_m: 3000 },
  { name: '2mi', distance_m: 2 * METERS_PER_MILE },
  { name: '5k', distance_m: 5000 },
  { name: '10k', distance_m: 10_000 },
  { name: '15k', distance_m: 15_000 },
  { name: 'half', distance_m: HALF_MARATHON_M },
  { name: 'marathon', distance_m: MARATHON_M },
];

export interface Equivalent extends TimedDistance {
  name: string;
}

export interface VdotReport {
  distance_m: number;
  time_s: number;
  vdot: number;
  /** Same value as `vdot`: Daniels' "pseudo VO2max". */
  vo2max: number;
  equivalent: Equivalent[];
  /** Only when the request gave `targets`: the equivalents there, in the order given. */
  targets?: TimedDistance[];
}

function equivalentAt(vdot: number, distanceM: number): TimedDistance {
  return timedDistance(distanceM, equivalentTime(vdot, distanceM));
}

/**
 * `/vdot`: VDOT of a performance and the equally good times at the standard distances, and at
 * `targets` when given.
 */
export function vdotReport(distanceM: number, timeS: number, targets?: readonly number[]): VdotReport {
  const vdot = vdotOf(distanceM, timeS);
  checkVdot(vdot, 'computed');
  const equivalent = EQUIVALENT_DISTANCES.map(({ name, distance_m }) => ({
    name,
    ...equivalentAt(vdot, distance_m),
  }));
  const shown = round(vdot, 2);
  const report: VdotReport = {
    distance_m: roundMeters(distanceM),
    time_s: roundSeconds(timeS),
    vdot: shown,
    vo2max: shown,
    equivalent,
  };
  if (targets === undefined) return report;
  return { ...report, targets: targets.map((target) => equivalentAt(vdot, target)) };
}
