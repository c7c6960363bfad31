import { formatDuration, METERS_PER_KM } from '@dus/core';
import { domainError } from './errors.js';
import { type Pace, paceOf, type TimedDistance, type TimeText, timedDistance, timeText } from './pace.js';
import { roundMeters, roundSeconds } from './round.js';

export type SplitStrategy = 'even' | 'negative';

export const DEFAULT_SPLIT_M = 1000;
export const DEFAULT_NEGATIVE_PERCENT = 2;
export const MAX_NEGATIVE_PERCENT = 20;
export const MAX_SPLITS = 1000;
/**
 * A last piece shorter than this fraction of a split is float noise (10 mi in 1 mi splits gives a ratio of
 * 10.000000000000002), not a split; the same slack lets a split equal to the race pass.
 */
const SPLIT_EPSILON = 1e-6;

export interface SplitOptions {
  split_m?: number;
  strategy?: SplitStrategy;
  negative_percent?: number;
}

export interface Split {
  index: number;
  /** Distance from the start at the end of this split; the last one is the race distance. */
  distance_m: number;
  /** Length of this split; shorter for the last, partial split. */
  length_m: number;
  split_s: number;
  cumulative_s: number;
  cumulative_text: string;
  pace_per_km: TimeText;
}

export type Half = TimedDistance;

export interface SplitsReport {
  distance_m: number;
  time_s: number;
  split_m: number;
  strategy: SplitStrategy;
  /** Only for the negative strategy. */
  negative_percent?: number;
  pace: Pace;
  splits: Split[];
  /** Only for the negative strategy. */
  halves?: { first: Half; second: Half };
}

function countSplits(distanceM: number, splitM: number): number {
  if (splitM > distanceM * (1 + SPLIT_EPSILON)) {
    throw domainError('split_too_long', `the split (${splitM} m) is longer than the race (${distanceM} m)`);
  }
  const count = Math.max(1, Math.ceil(distanceM / splitM - SPLIT_EPSILON));
  if (count > MAX_SPLITS) {
    throw domainError('too_many_splits', `${count} splits requested; at most ${MAX_SPLITS} are produced`);
  }
  return count;
}

/** Negative strategy: the second half is r faster, so H1 = T/(2 − r) and H2 = T·(1 − r)/(2 − r). */
function halfTimes(timeS: number, r: number): [number, number] {
  return [timeS / (2 - r), (timeS * (1 - r)) / (2 - r)];
}

/** Exact elapsed time at `x` metres, each half run at its own constant pace (r = 0: even pace). */
function elapsedAt(x: number, distanceM: number, timeS: number, r: number): number {
  const half = distanceM / 2;
  const [firstHalf, secondHalf] = halfTimes(timeS, r);
  if (x <= half) return (x * firstHalf) / half;
  return firstHalf + ((x - half) * secondHalf) / half;
}

/** `/splits`: cumulative times each rounded from the exact value, so the last one is the goal time. */
export function splits(distanceM: number, timeS: number, options: SplitOptions = {}): SplitsReport {
  const splitM = options.split_m ?? DEFAULT_SPLIT_M;
  const strategy = options.strategy ?? 'even';
  const percent = options.negative_percent ?? DEFAULT_NEGATIVE_PERCENT;
  if (!(percent >= 0 && percent <= MAX_NEGATIVE_PERCENT)) {
    throw domainError(
      'negative_percent_out_of_range',
      `negative_percent must be between 0 and 20, got ${percent}`,
    );
  }
  const r = strategy === 'negative' ? percent / 100 : 0;
  const count = countSplits(distanceM, splitM);

  const rows: Split[] = [];
  let previousM = 0;
  let previousS = 0;
  for (let index = 1; index <= count; index++) {
    const last = index === count;
    const atM = last ? distanceM : index * splitM;
    const atS = last ? timeS : elapsedAt(atM, distanceM, timeS, r);
    const lengthM = atM - previousM;
    const splitS = atS - previousS;
    rows.push({
      index,
      distance_m: roundMeters(atM),
      length_m: roundMeters(lengthM),
      split_s: roundSeconds(splitS),
      cumulative_s: roundSeconds(atS),
      cumulative_text: formatDuration(atS),
      pace_per_km: timeText((splitS * METERS_PER_KM) / lengthM),
    });
    previousM = atM;
    previousS = atS;
  }

  const report: SplitsReport = {
    distance_m: roundMeters(distanceM),
    time_s: roundSeconds(timeS),
    split_m: roundMeters(splitM),
    strategy,
    pace: paceOf(distanceM, timeS),
    splits: rows,
  };
  if (strategy !== 'negative') return report;
  const [firstS, secondS] = halfTimes(timeS, r);
  return {
    ...report,
    negative_percent: percent,
    halves: { first: timedDistance(distanceM / 2, firstS), second: timedDistance(distanceM / 2, secondS) },
  };
}
