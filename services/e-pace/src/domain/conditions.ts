import { formatDuration } from '@dus/core';
import { domainError } from './errors.js';
import { type Pace, paceOf } from './pace.js';
import { round, roundMeters, roundSeconds } from './round.js';
import { equivalentTime, isVdotInRange, VDOT_MAX, VDOT_MIN, vdotOf } from './vdot.js';

/**
 * `/adjust`: a performance moved to or from standard conditions (flat, sea level, cool), one published
 * model per condition. Each factor is adjusted ÷ given time; the combined factor is their product.
 */

export type Direction = 'to_standard' | 'from_standard';
export type Sex = 'male' | 'female';

export interface Conditions {
  grade_percent?: number | undefined;
  altitude_m?: number | undefined;
  acclimatized?: boolean | undefined;
  wbgt_c?: number | undefined;
  sex?: Sex | undefined;
  direction?: Direction | undefined;
}

export interface ValidRange {
  min: number;
  max: number;
}

interface Adjusted {
  factor: number;
  time_s: number;
  text: string;
  pace: Pace;
}

export interface Adjustment extends Adjusted {
  source: string;
  valid_range: ValidRange;
}

export interface GradeAdjustment extends Adjustment {
  cost_j_per_kg_m: number;
}

export interface AltitudeAdjustment extends Adjustment {
  aerobic_power_percent: number;
  vdot: number;
  vdot_adjusted: number;
}

export interface HeatAdjustment extends Adjustment {
  course_record_gap_percent: number;
  slowdown_percent: number;
}

export interface ConditionWarning {
  code: 'altitude_air_resistance_ignored' | 'heat_model_marathon_only';
  message: string;
}

export interface AdjustReport {
  distance_m: number;
  time_s: number;
  direction: Direction;
  adjustments: { grade?: GradeAdjustment; altitude?: AltitudeAdjustment; heat?: HeatAdjustment };
  combined: Adjusted;
  warnings: ConditionWarning[];
}

export const GRADE_SOURCE =
  'Minetti AE, Moia C, Roi GS, Susta D, Ferretti G. Energy cost of walking and running at extreme uphill and downhill slopes. J Appl Physiol 93:1039–1046 (2002)';
export const ALTITUDE_SOURCE =
  'Bassett DR Jr, Kyle CR, Passfield L, Broker JP, Burke ER. Comparing cycling world hour records, 1967–1996: modeling with empirical data. Med Sci Sports Exerc 31:1665–1676 (1999); via Daniels–Gilbert VDOT';
export const HEAT_SOURCE =
  'Ely MR, Cheuvront SN, Roberts WO, Montain SJ. Impact of weather on marathon-running performance. Med Sci Sports Exerc 39:487–493 (2007)';

export const GRADE_RANGE: ValidRange = { min: -45, max: 45 };
export const ALTITUDE_RANGE: ValidRange = { min: 0, max: 4000 };
export const HEAT_RANGE: ValidRange = { min: 5.1, max: 25 };

const MARATHON_M = 42_195;

/** Minetti's energy cost of running (J/kg/m) at gradient i (a fraction, 0.05 for 5 %). */
export function runningCost(i: number): number {
  return 155.4 * i ** 5 - 30.4 * i ** 4 - 43.3 * i ** 3 + 46.3 * i ** 2 + 19.5 * i + 3.6;
}

/** Bassett's aerobic power at `km` kilometres of altitude, % of sea level (acclimatised 99.9 at 0). */
export function aerobicPower(km: number, acclimatized: boolean): number {
  return acclimatized
    ? -1.12 * km ** 2 - 1.9 * km + 99.9
    : 0.178 * km ** 3 - 1.43 * km ** 2 - 4.07 * km + 100;
}

/** Ely's top-3 gap to the course record (%) per WBGT quartile, at the quartiles' midpoints (°C). */
const HEAT_MIDPOINTS = [7.55, 12.55, 17.55, 22.55] as const;
const HEAT_GAPS: Record<Sex, readonly [number, number, number, number]> = {
  male: [1.7, 2.5, 3.3, 4.5],
  female: [3.2, 3.2, 3.8, 5.4],
};

/** s(w): linear between the midpoints, constant beyond them. */
export function courseRecordGap(wbgtC: number, sex: Sex): number {
  const gaps = HEAT_GAPS[sex];
  // Stryker disable next-line EqualityOperator: at the first midpoint the interpolation gives gaps[0] too
  if (wbgtC <= HEAT_MIDPOINTS[0]) return gaps[0];
  // Stryker disable next-line EqualityOperator: one step more compares with undefined (false) and falls through
  for (let i = 1; i < HEAT_MIDPOINTS.length; i++) {
    const hi = HEAT_MIDPOINTS[i]!;
    // Stryker disable next-line EqualityOperator: at a midpoint the next segment starts with the same value (u = 0)
    if (wbgtC <= hi) {
      const lo = HEAT_MIDPOINTS[i - 1]!;
      const u = (wbgtC - lo) / (hi - lo);
      return gaps[i - 1]! + u * (gaps[i]! - gaps[i - 1]!);
    }
  }
  return gaps[3];
}

function checkRange(value: number, range: ValidRange, field: string, unit: string): void {
  if (value >= range.min && value <= range.max) return;
  throw domainError(
    'condition_out_of_range',
    `${field} ${value} is outside the model's valid range ${range.min}–${range.max} ${unit}`,
    `/${field}`,
  );
}

function adjusted(distanceM: number, timeS: number, factor: number): Adjusted {
  const t = timeS * factor;
  return {
    factor: round(factor, 6),
    time_s: roundSeconds(t),
    text: formatDuration(t),
    pace: paceOf(distanceM, t),
  };
}

export function adjustForConditions(distanceM: number, timeS: number, conditions: Conditions): AdjustReport {
  const direction = conditions.direction ?? 'to_standard';
  const toStandard = direction === 'to_standard';
  const adjustments: AdjustReport['adjustments'] = {};
  const warnings: ConditionWarning[] = [];
  let combined = 1;

  if (conditions.grade_percent !== undefined) {
    checkRange(conditions.grade_percent, GRADE_RANGE, 'grade_percent', '%');
    const cost = runningCost(conditions.grade_percent / 100);
    const ratio = runningCost(0) / cost;
    const factor = toStandard ? ratio : 1 / ratio;
    combined *= factor;
    adjustments.grade = {
      ...adjusted(distanceM, timeS, factor),
      source: GRADE_SOURCE,
      valid_range: GRADE_RANGE,
      cost_j_per_kg_m: round(cost, 4),
    };
  }

  if (conditions.altitude_m !== undefined) {
    checkRange(conditions.altitude_m, ALTITUDE_RANGE, 'altitude_m', 'm');
    const acclimatized = conditions.acclimatized ?? false;
    const f = aerobicPower(conditions.altitude_m / 1000, acclimatized) / aerobicPower(0, acclimatized);
    const vdot = vdotOf(distanceM, timeS);
    const target = toStandard ? vdot / f : vdot * f;
    if (!isVdotInRange(target)) {
      throw domainError(
        'vdot_out_of_range',
        `the altitude-adjusted VDOT ${round(target, 2).toFixed(2)} is outside ${VDOT_MIN}–${VDOT_MAX}, where the Daniels–Gilbert tables apply`,
        '/altitude_m',
      );
    }
    const factor = equivalentTime(target, distanceM) / timeS;
    combined *= factor;
    adjustments.altitude = {
      ...adjusted(distanceM, timeS, factor),
      source: ALTITUDE_SOURCE,
      valid_range: ALTITUDE_RANGE,
      aerobic_power_percent: round(100 * f, 2),
      vdot: round(vdot, 2),
      vdot_adjusted: round(target, 2),
    };
    warnings.push({
      code: 'altitude_air_resistance_ignored',
      message:
        'only the loss of aerobic power is modelled; the lower air resistance of thinner air is ignored',
    });
  }

  if (conditions.wbgt_c !== undefined) {
    checkRange(conditions.wbgt_c, HEAT_RANGE, 'wbgt_c', '°C');
    const sex = conditions.sex ?? 'male';
    const gap = courseRecordGap(conditions.wbgt_c, sex);
    const g = (1 + gap / 100) / (1 + HEAT_GAPS[sex][0] / 100);
    const factor = toStandard ? 1 / g : g;
    combined *= factor;
    adjustments.heat = {
      ...adjusted(distanceM, timeS, factor),
      source: HEAT_SOURCE,
      valid_range: HEAT_RANGE,
      course_record_gap_percent: round(gap, 3),
      slowdown_percent: round(100 * (g - 1), 2),
    };
    if (Math.abs(distanceM - MARATHON_M) > 1) {
      warnings.push({
        code: 'heat_model_marathon_only',
        message: `Ely et al. measured marathons; applied to ${round(distanceM / 1000, 3)} km the heat adjustment is an extrapolation`,
      });
    }
  }

  return {
    distance_m: roundMeters(distanceM),
    time_s: roundSeconds(timeS),
    direction,
    adjustments,
    combined: adjusted(distanceM, timeS, combined),
    warnings,
  };
}
