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
  type MultiPredictReport,
  type Prediction,
  type Predictions,
  type PredictReport,
  type PredictWarning,
  type PredictWarningCode,
  predict,
  predictMany,
  type TargetPrediction,
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
