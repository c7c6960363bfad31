import { formatDuration } from '@dus/core';
import { CAMERON_MAX_DISTANCE_M, cameronTime, isWithinCameronRange } from './cameron.js';
import { type Pace, paceOf } from './pace.js';
import { checkExponent, isWithinRiegelValidity, RIEGEL_EXPONENT, riegelTime } from './riegel.js';
import { roundMeters, roundSeconds } from './round.js';

export interface Prediction {
  time_s: number;
  text: string;
  pace: Pace;
}

export interface PredictWarning {
  code: 'outside_riegel_validity' | 'outside_cameron_range';
  message: string;
}

export interface PredictReport {
  known: { distance_m: number; time_s: number; text: string; pace: Pace };
  target: { distance_m: number };
  riegel_exponent: number;
  /** `cameron` is null when a distance is beyond the range of Cameron's model (a warning says so). */
  predictions: { riegel: Prediction; cameron: Prediction | null };
  warnings: PredictWarning[];
}

function prediction(timeS: number, distanceM: number): Prediction {
  return { time_s: roundSeconds(timeS), text: formatDuration(timeS), pace: paceOf(distanceM, timeS) };
}

/** `/predict`: Riegel and Cameron predictions of the target time from one known performance. */
export function predict(
  knownDistanceM: number,
  knownTimeS: number,
  targetDistanceM: number,
  riegelExponent: number = RIEGEL_EXPONENT,
): PredictReport {
  checkExponent(riegelExponent, 'riegel_exponent');
  const warnings: PredictWarning[] = [];
  if (!isWithinRiegelValidity(knownTimeS)) {
    warnings.push({
      code: 'outside_riegel_validity',
      message: `the known effort (${formatDuration(knownTimeS)}) is outside Riegel's validity of 3.5–230 minutes; the prediction is less reliable`,
    });
  }
  const cameronApplies = isWithinCameronRange(knownDistanceM) && isWithinCameronRange(targetDistanceM);
  if (!cameronApplies) {
    warnings.push({
      code: 'outside_cameron_range',
      message: `Cameron's model is not applied beyond ${CAMERON_MAX_DISTANCE_M / 1000} km; only the Riegel prediction is given`,
    });
  }
  return {
    known: {
      distance_m: roundMeters(knownDistanceM),
      time_s: roundSeconds(knownTimeS),
      text: formatDuration(knownTimeS),
      pace: paceOf(knownDistanceM, knownTimeS),
    },
    target: { distance_m: roundMeters(targetDistanceM) },
    riegel_exponent: riegelExponent,
    predictions: {
      riegel: prediction(
        riegelTime(knownTimeS, knownDistanceM, targetDistanceM, riegelExponent),
        targetDistanceM,
      ),
      cameron: cameronApplies
        ? prediction(cameronTime(knownTimeS, knownDistanceM, targetDistanceM), targetDistanceM)
        : null,
    },
    warnings,
  };
}
