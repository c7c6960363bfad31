export { CAMERON_MAX_DISTANCE_M, cameronFactor, cameronTime, isWithinCameronRange } from './cameron.js';
export {
  type DistanceAtPaceReport,
  type DistanceUnits,
  distanceAtPace,
  type TimeAtPaceReport,
  timeAtPace,
} from './at-pace.js';
export {
  EQUIVALENT_DISTANCES,
  type Equivalent,
  type VdotReport,
  vdotReport,
} from './equivalents.js';
export { DOMAIN_ERROR_CODES, type DomainErrorCode } from './errors.js';
export { type FinishReport, type Projection, projectFinish } from './finish.js';
export {
  type Conversion,
  convertPace,
  convertSpeed,
  type Pace,
  type PaceReport,
  paceFromSecondsPerKm,
  paceOf,
  paceReport,
  type Speed,
  speedFromMps,
  type TimedDistance,
  type TimeText,
  timeText,
} from './pace.js';
export {
  type DistancePrediction,
  type DistancePredictions,
  type MultiPredictReport,
  type Prediction,
  type Predictions,
  type PredictReport,
  type PredictWarning,
  type PredictWarningCode,
  predict,
  predictDistance,
  predictMany,
  SOLVE_MAX_M,
  SOLVE_MIN_M,
  type TargetPrediction,
  type TimePredictReport,
} from './predict.js';
export {
  type PurdyReport,
  purdyPoints,
  purdyReport,
  purdyTime,
  WORLD_RECORD_POINTS,
  worldRecordSpeed,
} from './purdy.js';
export {
  checkExponent,
  isWithinRiegelValidity,
  MAX_EXPONENT,
  MIN_EXPONENT,
  RIEGEL_EXPONENT,
  RIEGEL_VALID_MAX_S,
  RIEGEL_VALID_MIN_S,
  riegelDistance,
  riegelTime,
} from './riegel.js';
export {
  DEFAULT_NEGATIVE_PERCENT,
  DEFAULT_SPLIT_M,
  type Half,
  MAX_NEGATIVE_PERCENT,
  MAX_SPLITS,
  type Split,
  type SplitOptions,
  type SplitStrategy,
  type SplitsReport,
  splits,
} from './splits.js';
export {
  checkVdot,
  equivalentTime,
  isVdotInRange,
  speedAtFraction,
  speedAtVo2,
  sustainableFraction,
  VDOT_MAX,
  VDOT_MIN,
  vdotOf,
  vo2AtSpeed,
} from './vdot.js';
export {
  REP_DISTANCES,
  type RepName,
  type RepTimes,
  type Zones,
  type ZonesReport,
  zonesFromPerformance,
  zonesFromVdot,
} from './zones.js';
export {
  type FitInput,
  type FitPrediction,
  type FitReport,
  type FitResult,
  type FitWarning,
  fitRiegel,
} from './fit.js';
export { logGamma, regularizedBeta, studentTCdf, studentTQuantile } from './student-t.js';
export {
  ALTITUDE_RANGE,
  ALTITUDE_SOURCE,
  type AdjustReport,
  adjustForConditions,
  aerobicPower,
  type Conditions,
  type ConditionWarning,
  courseRecordGap,
  type Direction,
  GRADE_RANGE,
  GRADE_SOURCE,
  HEAT_RANGE,
  HEAT_SOURCE,
  runningCost,
  type Sex,
} from './conditions.js';
export {
  AGE_GRADE_TABLE,
  AGE_MAX,
  MAX_AGE_GRADE_PERCENT,
  AGE_MIN,
  type AgeGradeReport,
  ageGrade,
  ageStandard,
  COLUMN_NAMES,
  COLUMN_TOLERANCE_M,
  tableCell,
} from './age-grade.js';
