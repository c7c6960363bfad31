import { formatDuration, HALF_MARATHON_M, MARATHON_M, METERS_PER_MILE } from '@dus/core';
import { type Pace, paceOf } from './pace.js';
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

export interface Equivalent {
  name: string;
  distance_m: number;
  time_s: number;
  text: string;
  pace: Pace;
}

export interface VdotReport {
  distance_m: number;
  time_s: number;
  vdot: number;
  /** Same value as `vdot`: Daniels' "pseudo VO2max". */
  vo2max: number;
  equivalent: Equivalent[];
}

/** `/vdot`: VDOT of a performance and the equally good times at the standard distances. */
export function vdotReport(distanceM: number, timeS: number): VdotReport {
  const vdot = vdotOf(distanceM, timeS);
  checkVdot(vdot, 'computed');
  const equivalent = EQUIVALENT_DISTANCES.map(({ name, distance_m }) => {
    const time = equivalentTime(vdot, distance_m);
    return {
      name,
      distance_m: roundMeters(distance_m),
      time_s: roundSeconds(time),
      text: formatDuration(time),
      pace: paceOf(distance_m, time),
    };
  });
  const shown = round(vdot, 2);
  return {
    distance_m: roundMeters(distanceM),
    time_s: roundSeconds(timeS),
    vdot: shown,
    vo2max: shown,
    equivalent,
  };
}
