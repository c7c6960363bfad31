import { formatDuration } from '@dus/core';
import { round, roundMeters, roundSeconds } from './round.js';

/**
 * Purdy points with the "running curve" of J. G. Purdy, "Least squares model for the running curve",
 * Research Quarterly 45 (1974) 224–238, in the scale of J. B. Gardner and J. G. Purdy, "Computer generated
 * track scoring tables", Medicine and Science in Sports 2(3) (1970) 152–161. Constants as published by
 * P. Hoffman (UMass Lowell, "More information on Purdy points", cs.uml.edu/~phoffman/xcinfo3.html), the
 * source running calculators cite: v(d) = −c1·e^(−r1·d) + c2·e^(−r2·d) + c3·e^(−r3·d) + c4·e^(−r4·d) +
 * c5·e^(−r5·d) is the 1970 world-record speed (m/s) at d metres, and a world record scores 1035 points.
 */
const C = [11.15895, 4.304605, 0.5234627, 4.03156, 2.316157] as const;
const R = [3.796158e-2, 1.646772e-3, 4.10767e-4, 7.068099e-6, 5.22099e-9] as const;
export const WORLD_RECORD_POINTS = 1035;

/** World-record speed (m/s) at `distanceM` metres on Purdy's running curve; the first term is negative. */
export function worldRecordSpeed(distanceM: number): number {
  let v = -C[0] * Math.exp(-R[0] * distanceM);
  for (let i = 1; i < C.length; i++) v += C[i]! * Math.exp(-R[i]! * distanceM);
  return v;
}

/** The scale at one distance: P = a·(t_wr/t − b), with k = 0.0654 − 0.00258·v, a = 85/k, b = 1 − 1035/a. */
interface PurdyScale {
  speedMps: number;
  worldRecordS: number;
  a: number;
  b: number;
}

function scaleAt(distanceM: number): PurdyScale {
  const v = worldRecordSpeed(distanceM);
  const a = 85 / (0.0654 - 0.00258 * v);
  return { speedMps: v, worldRecordS: distanceM / v, a, b: 1 - WORLD_RECORD_POINTS / a };
}

function pointsOn({ worldRecordS, a, b }: PurdyScale, timeS: number): number {
  return a * (worldRecordS / timeS - b);
}

/** Purdy points of `distanceM` metres run in `timeS` seconds, unrounded. */
export function purdyPoints(distanceM: number, timeS: number): number {
  return pointsOn(scaleAt(distanceM), timeS);
}

/**
 * The time at `distanceM` that scores `points`: t = a·t_wr / (P + a·b), the closed form of P = a·(t_wr/t − b).
 * As t grows the points fall towards −a·b and never reach it, so a score at or below that floor has no
 * time at this distance: null.
 */
export function purdyTime(points: number, distanceM: number): number | null {
  const { worldRecordS, a, b } = scaleAt(distanceM);
  const denominator = points + a * b;
  return denominator > 0 ? (a * worldRecordS) / denominator : null;
}

export interface PurdyReport {
  distance_m: number;
  time_s: number;
  points: number;
  /** The 1035-point performance at this distance: the 1970 world-record curve. */
  world_record: { time_s: number; text: string; speed_mps: number };
}

/** `/purdy`: the points of a performance, to 0.1 (ties to even). */
export function purdyReport(distanceM: number, timeS: number): PurdyReport {
  const scale = scaleAt(distanceM);
  return {
    distance_m: roundMeters(distanceM),
    time_s: roundSeconds(timeS),
    points: round(pointsOn(scale, timeS), 1),
    world_record: {
      time_s: roundSeconds(scale.worldRecordS),
      text: formatDuration(scale.worldRecordS),
      speed_mps: round(scale.speedMps, 4),
    },
  };
}
