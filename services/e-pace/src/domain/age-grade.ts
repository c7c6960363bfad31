import { formatDuration } from '@dus/core';
import TABLES from './age-grade-2020.json' with { type: 'json' };
import { domainError } from './errors.js';
import type { Sex } from './conditions.js';
import { round, roundMeters, roundSeconds } from './round.js';

/**
 * `/age-grade`: WMA/USATF road running age standards, 2020 edition (A. Jones, T. Bernhard; USATF Masters
 * LDR, 2020-05-20; CC0), sheet `AgeStdFactors` of github.com/AlanLyttonJones/Age-Grade-Tables
 * `2020 Files/{Male,Female}RoadStd2020.xlsx` at commit 4aac673 — shipped as data in age-grade-2020.json
 * with its source. Ages 5–100, 21 distances from 1 mile to 200 km, the open-class standard (OC) of each.
 */

export const AGE_MIN = 5;
export const AGE_MAX = 100;
/** A distance within this of a table column is that column. */
export const COLUMN_TOLERANCE_M = 1;
/**
 * The highest age grade given, in %: 100 % is the age standard, world-record level for the age, and
 * records have beaten the 2020 standards by about 3 % since (women's marathon 2:09:56 in 2024 against
 * an OC of 2:14:04). A time more than 10 % above that (5 km in 1 s, 77,107.71 %; a 3:00 mile at 100,
 * 617.5 %) is no performance the tables can grade: 422 `time_out_of_range`.
 */
export const MAX_AGE_GRADE_PERCENT = 110;
export const AGE_GRADE_TABLE =
  'WMA/USATF road standards 2020 (AgeStdFactors, github.com/AlanLyttonJones/Age-Grade-Tables @ 4aac673)';

interface SexTable {
  distances_m: number[];
  oc_s: number[];
  factors: number[][];
}

const TABLE: Record<Sex, SexTable> = { male: TABLES.male, female: TABLES.female };
export const COLUMN_NAMES: readonly string[] = TABLES.names;

export interface AgeGradeReport {
  distance_m: number;
  time_s: number;
  age: number;
  sex: Sex;
  age_factor: number;
  open_standard_s: number;
  age_standard_s: number;
  age_graded_time_s: number;
  age_graded_text: string;
  age_grade_percent: number;
  table: string;
  /** The table columns used: one, or the two interpolated between. */
  columns: string[];
  interpolated: boolean;
}

/** The table's factor and OC at column `j` for `age`. */
export function tableCell(sex: Sex, age: number, j: number): { factor: number; oc_s: number } {
  const table = TABLE[sex];
  return { factor: table.factors[age - AGE_MIN]![j]!, oc_s: table.oc_s[j]! };
}

/**
 * The factor and OC at any distance of the table's span: a column within 1 m, else the authors' 2025 rule,
 * linear in ln d between the two neighbouring columns for the age standard S = OC/factor and for OC,
 * factor = OC/S.
 */
export function ageStandard(
  sex: Sex,
  age: number,
  distanceM: number,
): { factor: number; oc_s: number; columns: number[] } {
  const distances = TABLE[sex].distances_m;
  const exact = distances.findIndex((d) => Math.abs(d - distanceM) <= COLUMN_TOLERANCE_M);
  if (exact >= 0) return { ...tableCell(sex, age, exact), columns: [exact] };
  // Stryker disable next-line EqualityOperator: a distance equal to a column was taken as that column above
  const upper = distances.findIndex((d) => d > distanceM);
  if (upper <= 0) {
    throw domainError(
      'distance_out_of_range',
      `the age-grade tables cover 1 mile to 200 km (${distances[0]}–${distances[distances.length - 1]} m), got ${roundMeters(distanceM)} m`,
      '/distance',
    );
  }
  const lower = upper - 1;
  const a = tableCell(sex, age, lower);
  const b = tableCell(sex, age, upper);
  const u =
    (Math.log(distanceM) - Math.log(distances[lower]!)) /
    (Math.log(distances[upper]!) - Math.log(distances[lower]!));
  const standard = (a.oc_s / a.factor) * (1 - u) + (b.oc_s / b.factor) * u;
  const oc = a.oc_s * (1 - u) + b.oc_s * u;
  return { factor: oc / standard, oc_s: oc, columns: [lower, upper] };
}

export function ageGrade(distanceM: number, timeS: number, age: number, sex: Sex): AgeGradeReport {
  if (!(age >= AGE_MIN && age <= AGE_MAX)) {
    throw domainError('age_out_of_range', `age ${age} is outside the tables' ${AGE_MIN}–${AGE_MAX}`, '/age');
  }
  const { factor, oc_s: oc, columns } = ageStandard(sex, age, distanceM);
  const graded = timeS * factor;
  const standard = oc / factor;
  if ((100 * oc) / graded > MAX_AGE_GRADE_PERCENT) {
    throw domainError(
      'time_out_of_range',
      `${formatDuration(timeS)} for ${roundMeters(distanceM)} m would be an age grade of ${round((100 * oc) / graded, 2)} %: the age standard for a ${sex === 'male' ? 'man' : 'woman'} of ${age} is ${formatDuration(standard)} (world-record level, 100 %), and times are graded up to ${MAX_AGE_GRADE_PERCENT} % (at least ${formatDuration(standard / (MAX_AGE_GRADE_PERCENT / 100))})`,
      '/time',
    );
  }
  return {
    distance_m: roundMeters(distanceM),
    time_s: roundSeconds(timeS),
    age,
    sex,
    age_factor: round(factor, 4),
    open_standard_s: roundSeconds(oc),
    age_standard_s: roundSeconds(standard),
    age_graded_time_s: roundSeconds(graded),
    age_graded_text: formatDuration(graded),
    age_grade_percent: round((100 * oc) / graded, 2),
    table: AGE_GRADE_TABLE,
    columns: columns.map((j) => COLUMN_NAMES[j]!),
    interpolated: columns.length === 2,
  };
}
