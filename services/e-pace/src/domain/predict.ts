import { formatDuration } from '@dus/core';
import { CAMERON_MAX_DISTANCE_M, cameronTime, isWithinCameronRange } from './cameron.js';
import { type Pace, paceOf, type TimedDistance, timedDistance } from './pace.js';
import {
  checkExponent,
  isWithinRiegelValidity,
  RIEGEL_EXPONENT,
  riegelDistance,
  riegelTime,
} from './riegel.js';
import { purdyPoints, purdyTime } from './purdy.js';
import { round, roundMeters, roundSeconds } from './round.js';
import { solveIncreasing } from './solve.js';
import { equivalentTime, isVdotInRange, VDOT_MAX, VDOT_MIN, vdotOf } from './vdot.js';

export interface Prediction {
  time_s: number;
  text: string;
  pace: Pace;
}

export type PredictWarningCode =
  | 'outside_riegel_validity'
  | 'outside_cameron_range'
  | 'outside_vdot_range'
  | 'outside_purdy_range';

export interface PredictWarning {
  code: PredictWarningCode;
  message: string;
}

/** Each model's prediction at one target; a model that does not apply is null, with a warning. */
export interface Predictions {
  riegel: Prediction;
  cameron: Prediction | null;
  vdot: Prediction | null;
  purdy: Prediction | null;
}

export interface PredictReport {
  known: TimedDistance;
  target: { distance_m: number };
  riegel_exponent: number;
  predictions: Predictions;
  warnings: PredictWarning[];
}

export interface TargetPrediction {
  distance_m: number;
  predictions: Predictions;
  /** Why a model is null at this target. */
  warnings: PredictWarning[];
}

export interface MultiPredictReport {
  known: TimedDistance;
  riegel_exponent: number;
  targets: TargetPrediction[];
  /** About the known performance (Riegel's validity). */
  warnings: PredictWarning[];
}

function prediction(timeS: number, distanceM: number): Prediction {
  return { time_s: roundSeconds(timeS), text: formatDuration(timeS), pace: paceOf(distanceM, timeS) };
}

/** What every target shares: the known performance scored once by each model. */
interface KnownScores {
  distanceM: number;
  timeS: number;
  exponent: number;
  vdot: number;
  vdotApplies: boolean;
  purdyPoints: number;
}

function score(knownDistanceM: number, knownTimeS: number, exponent: number): KnownScores {
  const vdot = vdotOf(knownDistanceM, knownTimeS);
  return {
    distanceM: knownDistanceM,
    timeS: knownTimeS,
    exponent,
    vdot,
    vdotApplies: isVdotInRange(vdot),
    purdyPoints: purdyPoints(knownDistanceM, knownTimeS),
  };
}

function knownWarnings(known: KnownScores): PredictWarning[] {
  if (isWithinRiegelValidity(known.timeS)) return [];
  return [
    {
      code: 'outside_riegel_validity',
      message: `the known effort (${formatDuration(known.timeS)}) is outside Riegel's validity of 3.5–230 minutes; the prediction is less reliable`,
    },
  ];
}

function predictTarget(known: KnownScores, targetDistanceM: number): TargetPrediction {
  const warnings: PredictWarning[] = [];
  const cameronApplies = isWithinCameronRange(known.distanceM) && isWithinCameronRange(targetDistanceM);
  if (!cameronApplies) {
    warnings.push({
      code: 'outside_cameron_range',
      message: `Cameron's model is not applied beyond ${CAMERON_MAX_DISTANCE_M / 1000} km; only the Riegel prediction is given`,
    });
  }
  if (!known.vdotApplies) {
    warnings.push({
      code: 'outside_vdot_range',
      message: `the known performance has a VDOT of ${round(known.vdot, 2).toFixed(2)}, outside the ${VDOT_MIN}–${VDOT_MAX} of the Daniels–Gilbert tables; no VDOT-equivalent time is given`,
    });
  }
  const purdyS = purdyTime(known.purdyPoints, targetDistanceM);
  if (purdyS === null) {
    warnings.push({
      code: 'outside_purdy_range',
      message: `the known performance scores ${round(known.purdyPoints, 1)} Purdy points, below any time at ${roundMeters(targetDistanceM)} m; no Purdy prediction is given`,
    });
  }
  return {
    distance_m: roundMeters(targetDistanceM),
    predictions: {
      riegel: prediction(
        riegelTime(known.timeS, known.distanceM, targetDistanceM, known.exponent),
        targetDistanceM,
      ),
      cameron: cameronApplies
        ? prediction(cameronTime(known.timeS, known.distanceM, targetDistanceM), targetDistanceM)
        : null,
      vdot: known.vdotApplies
        ? prediction(equivalentTime(known.vdot, targetDistanceM), targetDistanceM)
        : null,
      purdy: purdyS === null ? null : prediction(purdyS, targetDistanceM),
    },
    warnings,
  };
}

/**
 * `/predict` with one `target_distance`: Riegel, Cameron, VDOT-equivalent and Purdy predictions of the
 * target time from one known performance.
 */
export function predict(
  knownDistanceM: number,
  knownTimeS: number,
  targetDistanceM: number,
  riegelExponent: number = RIEGEL_EXPONENT,
): PredictReport {
  checkExponent(riegelExponent, 'riegel_exponent');
  const known = score(knownDistanceM, knownTimeS, riegelExponent);
  const target = predictTarget(known, targetDistanceM);
  return {
    known: timedDistance(known.distanceM, known.timeS),
    target: { distance_m: target.distance_m },
    riegel_exponent: riegelExponent,
    predictions: target.predictions,
    warnings: [...knownWarnings(known), ...target.warnings],
  };
}

/** `/predict` with `target_distances`: every model at every target, in the order given. */
export function predictMany(
  knownDistanceM: number,
  knownTimeS: number,
  targetDistancesM: readonly number[],
  riegelExponent: number = RIEGEL_EXPONENT,
): MultiPredictReport {
  checkExponent(riegelExponent, 'riegel_exponent');
  const known = score(knownDistanceM, knownTimeS, riegelExponent);
  return {
    known: timedDistance(known.distanceM, known.timeS),
    riegel_exponent: riegelExponent,
    targets: targetDistancesM.map((distanceM) => predictTarget(known, distanceM)),
    warnings: knownWarnings(known),
  };
}

/** A predicted distance for a target time: `/predict` with `target_time`. */
export interface DistancePrediction {
  distance_m: number;
  pace: Pace;
}

export interface DistancePredictions {
  riegel: DistancePrediction;
  cameron: DistancePrediction | null;
  vdot: DistancePrediction | null;
  purdy: DistancePrediction | null;
}

export interface TimePredictReport {
  known: TimedDistance;
  target: { time_s: number; text: string };
  riegel_exponent: number;
  predictions: DistancePredictions;
  warnings: PredictWarning[];
}

/** The bracket the models are solved on for a distance: 1 m – 1000 km, as every distance input. */
export const SOLVE_MIN_M = 1;
export const SOLVE_MAX_M = 1_000_000;

function distancePrediction(distanceM: number, timeS: number): DistancePrediction {
  return { distance_m: roundMeters(distanceM), pace: paceOf(distanceM, timeS) };
}

/**
 * `/predict` with `target_time`: the distance each model says the known runner covers in that time. Riegel
 * in closed form, D2 = D1 · (T2/T1)^(1/k); Cameron, VDOT and Purdy by solving their time equation for the
 * distance by bisection on 1 m – 1000 km (Cameron to 200 km). A model with no distance there is null, with
 * a warning.
 */
export function predictDistance(
  knownDistanceM: number,
  knownTimeS: number,
  targetTimeS: number,
  riegelExponent: number = RIEGEL_EXPONENT,
): TimePredictReport {
  checkExponent(riegelExponent, 'riegel_exponent');
  const known = score(knownDistanceM, knownTimeS, riegelExponent);
  const warnings = knownWarnings(known);
  const text = formatDuration(targetTimeS);

  let cameronM: number | null = null;
  if (!isWithinCameronRange(knownDistanceM)) {
    warnings.push({
      code: 'outside_cameron_range',
      message: `Cameron's model is not applied beyond ${CAMERON_MAX_DISTANCE_M / 1000} km; no Cameron prediction is given`,
    });
  } else {
    cameronM = solveIncreasing(
      (d) => cameronTime(knownTimeS, knownDistanceM, d),
      targetTimeS,
      SOLVE_MIN_M,
      CAMERON_MAX_DISTANCE_M,
    );
    if (cameronM === null) {
      warnings.push({
        code: 'outside_cameron_range',
        message: `by Cameron's model no distance of 1 m–${CAMERON_MAX_DISTANCE_M / 1000} km is run in ${text}; no Cameron prediction is given`,
      });
    }
  }

  let vdotM: number | null = null;
  if (!known.vdotApplies) {
    warnings.push({
      code: 'outside_vdot_range',
      message: `the known performance has a VDOT of ${round(known.vdot, 2).toFixed(2)}, outside the ${VDOT_MIN}–${VDOT_MAX} of the Daniels–Gilbert tables; no VDOT-equivalent distance is given`,
    });
  } else {
    vdotM = solveIncreasing((d) => vdotOf(d, targetTimeS), known.vdot, SOLVE_MIN_M, SOLVE_MAX_M);
    if (vdotM === null) {
      warnings.push({
        code: 'outside_vdot_range',
        message: `no distance of 1 m–1000 km run in ${text} has the known VDOT of ${round(known.vdot, 2).toFixed(2)}; no VDOT-equivalent distance is given`,
      });
    }
  }

  const purdyM = solveIncreasing(
    (d) => purdyPoints(d, targetTimeS),
    known.purdyPoints,
    SOLVE_MIN_M,
    SOLVE_MAX_M,
  );
  if (purdyM === null) {
    warnings.push({
      code: 'outside_purdy_range',
      message: `no distance of 1 m–1000 km run in ${text} scores the known ${round(known.purdyPoints, 1)} Purdy points; no Purdy prediction is given`,
    });
  }

  return {
    known: timedDistance(knownDistanceM, knownTimeS),
    target: { time_s: roundSeconds(targetTimeS), text },
    riegel_exponent: riegelExponent,
    predictions: {
      riegel: distancePrediction(
        riegelDistance(knownTimeS, knownDistanceM, targetTimeS, riegelExponent),
        targetTimeS,
      ),
      cameron: cameronM === null ? null : distancePrediction(cameronM, targetTimeS),
      vdot: vdotM === null ? null : distancePrediction(vdotM, targetTimeS),
      purdy: purdyM === null ? null : distancePrediction(purdyM, targetTimeS),
    },
    warnings,
  };
}
