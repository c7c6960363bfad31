import { formatDuration } from '@dus/core';
import { domainError } from './errors.js';
import { type Pace, paceOf } from './pace.js';
import { checkExponent, RIEGEL_EXPONENT, riegelTime } from './riegel.js';
import { roundMeters, roundSeconds } from './round.js';

export interface Projection {
  finish_s: number;
  text: string;
  remaining_s: number;
  /** Average pace over the whole race at this finish time. */
  pace: Pace;
}

export interface FinishReport {
  distance_done_m: number;
  elapsed_s: number;
  total_distance_m: number;
  exponent: number;
  projections: { linear: Projection; power_law: Projection };
}

function projection(finishS: number, elapsedS: number, totalM: number): Projection {
  return {
    finish_s: roundSeconds(finishS),
    text: formatDuration(finishS),
    remaining_s: roundSeconds(finishS - elapsedS),
    pace: paceOf(totalM, finishS),
  };
}

/**
 * `/finish`: linear T = t·D/d, and the Riegel power law T = t·(D/d)^k applied to the whole race (not to the
 * remaining distance alone). When d = D both are the elapsed time.
 */
export function projectFinish(
  distanceDoneM: number,
  elapsedS: number,
  totalDistanceM: number,
  exponent: number = RIEGEL_EXPONENT,
): FinishReport {
  checkExponent(exponent, 'exponent');
  if (!(distanceDoneM > 0 && distanceDoneM <= totalDistanceM)) {
    throw domainError(
      'distance_done_out_of_range',
      `distance_done must be greater than 0 and at most total_distance (${totalDistanceM} m), got ${distanceDoneM} m`,
    );
  }
  const done = distanceDoneM === totalDistanceM;
  const linear = done ? elapsedS : (elapsedS * totalDistanceM) / distanceDoneM;
  const powerLaw = done ? elapsedS : riegelTime(elapsedS, distanceDoneM, totalDistanceM, exponent);
  return {
    distance_done_m: roundMeters(distanceDoneM),
    elapsed_s: roundSeconds(elapsedS),
    total_distance_m: roundMeters(totalDistanceM),
    exponent,
    projections: {
      linear: projection(linear, elapsedS, totalDistanceM),
      power_law: projection(powerLaw, elapsedS, totalDistanceM),
    },
  };
}
