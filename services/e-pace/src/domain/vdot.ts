import { domainError } from './errors.js';

/**
 * Jack Daniels and Jimmy Gilbert, "Oxygen Power: Performance Tables for Distance Runners" (1979), as used
 * in Daniels' Running Formula: v in metres per minute, t in minutes.
 */
export const VDOT_MIN = 20;
export const VDOT_MAX = 90;

/** Oxygen cost (ml/kg/min) of running at v m/min: VO2(v) = −4.60 + 0.182258·v + 0.000104·v². */
export function vo2AtSpeed(metersPerMinute: number): number {
  return -4.6 + 0.182258 * metersPerMinute + 0.000104 * metersPerMinute * metersPerMinute;
}

/** Fraction of VO2max sustainable for t minutes: F(t) = 0.8 + 0.1894393·e^(−0.012778·t) + 0.2989558·e^(−0.1932605·t). */
export function sustainableFraction(minutes: number): number {
  return 0.8 + 0.1894393 * Math.exp(-0.012778 * minutes) + 0.2989558 * Math.exp(-0.1932605 * minutes);
}

/** VDOT = VO2(d/t) / F(t), unrounded. */
export function vdotOf(distanceM: number, timeS: number): number {
  const minutes = timeS / 60;
  return vo2AtSpeed(distanceM / minutes) / sustainableFraction(minutes);
}

/** The speed (m/min) whose oxygen cost is `vo2`: the positive root of the VO2(v) quadratic. */
export function speedAtVo2(vo2: number): number {
  const a = 0.000104;
  const b = 0.182258;
  const c = -4.6 - vo2;
  return (-b + Math.sqrt(b * b - 4 * a * c)) / (2 * a);
}

/** Daniels' "p %" speed in m/min: VO2(v) = p · VDOT, with p as a fraction (0.88 for 88 %). */
export function speedAtFraction(vdot: number, fraction: number): number {
  return speedAtVo2(fraction * vdot);
}

// VDOT(d, t) is strictly decreasing in t on this bracket for every distance of 1 m to 1000 km (checked in
// the tests), and every VDOT of 20–90 is reached inside it.
const BRACKET_LO_S = 1e-3;
const BRACKET_HI_S = 1e8;
// The step size bounds the error only once convergence is quadratic; stopping at a step of 1e-6 s keeps
// the answer well inside the 0.0001 s promised (a 1e-4 stop let 1.00002e-4 through at 400 km).
const TOLERANCE_S = 1e-6;
const MAX_ITERATIONS = 100;

/** d VDOT / d t (per minute) at distance `distanceM` and `minutes`, from the two formulas above. */
function vdotSlope(distanceM: number, minutes: number): number {
  const v = distanceM / minutes;
  const vo2 = vo2AtSpeed(v);
  const dVo2 = (0.182258 + 2 * 0.000104 * v) * (-distanceM / (minutes * minutes));
  const e1 = 0.1894393 * Math.exp(-0.012778 * minutes);
  const e2 = 0.2989558 * Math.exp(-0.1932605 * minutes);
  const f = 0.8 + e1 + e2;
  const dF = -0.012778 * e1 - 0.1932605 * e2;
  return (dVo2 * f - vo2 * dF) / (f * f);
}

/**
 * Time (s) at `distanceM` metres that yields `vdot`, to 0.0001 s: Newton's method on the analytic
 * slope, kept inside a shrinking bisection bracket so it can never diverge. It converges in a few
 * steps where plain bisection needs about forty (the /vdot table solves nine of these per request).
 */
export function equivalentTime(vdot: number, distanceM: number): number {
  return solveEquivalentTime(vdot, distanceM).timeS;
}

/** The solver behind `equivalentTime`, with the number of steps it took (its speed is part of the contract). */
export function solveEquivalentTime(vdot: number, distanceM: number): { timeS: number; steps: number } {
  let lo = BRACKET_LO_S;
  let hi = BRACKET_HI_S;
  // Start where the runner would hold 90 % of VDOT, close to the answer for races of 10–60 minutes.
  let t = Math.min(Math.max((distanceM / speedAtFraction(vdot, 0.9)) * 60, lo), hi);
  for (let steps = 1; steps <= MAX_ITERATIONS; steps++) {
    const gap = vdotOf(distanceM, t) - vdot;
    if (gap > 0) lo = t;
    else hi = t;
    let next = t - gap / (vdotSlope(distanceM, t / 60) / 60);
    // A Newton step this small is convergence, even when rounding puts it a hair outside the bracket.
    if (Math.abs(next - t) < TOLERANCE_S) return { timeS: next, steps };
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (hi - lo < TOLERANCE_S) return { timeS: next, steps };
    t = next;
  }
  return { timeS: t, steps: MAX_ITERATIONS };
}

/** Whether a VDOT is within 20–90, compared at the reported 2-decimal precision. */
export function isVdotInRange(vdot: number): boolean {
  const shown = Math.round(vdot * 100) / 100;
  return shown >= VDOT_MIN && shown <= VDOT_MAX;
}

/** Refuses a VDOT outside 20–90 (compared at the reported 2-decimal precision). */
export function checkVdot(vdot: number, source: 'given' | 'computed'): void {
  if (isVdotInRange(vdot)) return;
  const shown = Math.round(vdot * 100) / 100;
  const what =
    source === 'given' ? `vdot ${vdot}` : `the performance gives a VDOT of ${shown.toFixed(2)}, which`;
  throw domainError('vdot_out_of_range', `${what} is outside the valid range ${VDOT_MIN}–${VDOT_MAX}`);
}
