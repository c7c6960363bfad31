import { formatDuration } from '@dus/core';
import { domainError } from './errors.js';
import { type Pace, paceOf } from './pace.js';
import { MAX_EXPONENT, MIN_EXPONENT } from './riegel.js';
import { round, roundMeters, roundSeconds } from './round.js';
import { studentTQuantile } from './student-t.js';

/** One result to fit: a distance (m) and its time (s). */
export interface FitInput {
  distance_m: number;
  time_s: number;
}

export interface FitResult {
  distance_m: number;
  time_s: number;
  /** The fitted law's time at this distance. */
  fitted_s: number;
}

export interface FitPrediction {
  distance_m: number;
  time_s: number;
  text: string;
  pace: Pace;
  /** 95 % prediction interval of a new result there; null with two results (no residual spread). */
  interval_95: { low_s: number; high_s: number } | null;
}

export interface FitWarning {
  code: 'exponent_outside_riegel_range';
  message: string;
}

export interface FitReport {
  exponent: number;
  coefficient: number;
  log_coefficient: number;
  /** Null when every time is equal (no variance to explain). */
  r_squared: number | null;
  residual_se: number | null;
  n: number;
  results: FitResult[];
  predictions: FitPrediction[];
  warnings: FitWarning[];
}

/**
 * Results whose distances are nearly equal fit an absurd exponent (802 m in 144.4 s and 800 m in
 * 187.9 s: k = −105, a = e^710), whose coefficient and times are beyond a double or any whole number
 * of seconds it holds exactly: a degenerate fit (422 naming `path`), not an answer with nulls or 10^97 s.
 */
function degenerate(exponent: number, path: string) {
  return domainError(
    'fit_degenerate',
    `the fitted law (exponent ${exponent}) gives no time in seconds at ${path}: the results' distances are too close together to fit an exponent`,
    path,
  );
}

/** A time the fitted law gives, when it is one (see `degenerate`). */
function lawTime(seconds: number, exponent: number, path: string): number {
  if (seconds <= Number.MAX_SAFE_INTEGER) return seconds;
  throw degenerate(exponent, path);
}

/** exp(ŷ ± half), to 0.1 s; `high` must be a time (see `degenerate`). */
function interval(yHat: number, half: number, high: (seconds: number) => number) {
  return { low_s: roundSeconds(Math.exp(yHat - half)), high_s: roundSeconds(high(Math.exp(yHat + half))) };
}

/**
 * `/fit`: the personal Riegel law T = a·D^k from 2–10 results, by ordinary least squares of ln T on ln D
 * (D in m, T in s): k = Sxy/Sxx, ln a = ȳ − k·x̄. R² = 1 − SSR/SST; s = √(SSR/(n − 2)). A prediction at
 * x₀ = ln D is exp(ŷ) with the 95 % prediction interval exp(ŷ ± t₀.₉₇₅,ₙ₋₂ · s · √(1 + 1/n + (x₀ − x̄)²/Sxx)).
 */
export function fitRiegel(results: readonly FitInput[], targetsM: readonly number[] = []): FitReport {
  const n = results.length;
  const xs = results.map((result) => Math.log(result.distance_m));
  const ys = results.map((result) => Math.log(result.time_s));
  const xMean = xs.reduce((sum, x) => sum + x, 0) / n;
  const yMean = ys.reduce((sum, y) => sum + y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  let sst = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - xMean;
    const dy = ys[i]! - yMean;
    sxx += dx * dx;
    sxy += dx * dy;
    sst += dy * dy;
  }
  // Distances equal to the float: ln D identical, no slope to fit.
  if (new Set(xs).size < 2) {
    throw domainError(
      'fit_degenerate',
      'the results need at least 2 different distances to fit an exponent',
      '/results',
    );
  }
  const k = sxy / sxx;
  const logA = yMean - k * xMean;
  const fitted = (x: number) => Math.exp(logA + k * x);
  let ssr = 0;
  for (let i = 0; i < n; i++) ssr += (ys[i]! - logA - k * xs[i]!) ** 2;
  const se = n > 2 ? Math.sqrt(ssr / (n - 2)) : null;
  const t = se === null ? 0 : studentTQuantile(0.975, n - 2);

  // Compared as reported (4 decimals), so that an exponent of exactly 1 is not 0.9999999999999998.
  const exponent = round(k, 4);
  const warnings: FitWarning[] = [];
  if (exponent < MIN_EXPONENT || exponent > MAX_EXPONENT) {
    warnings.push({
      code: 'exponent_outside_riegel_range',
      message: `the fitted exponent ${exponent} is outside the 1.0–1.2 of Riegel's law; the results may not be comparable efforts`,
    });
  }

  const coefficient = Math.exp(logA);
  if (!(coefficient > 0 && coefficient <= Number.MAX_VALUE)) throw degenerate(exponent, '/results');
  return {
    exponent,
    coefficient: Number(coefficient.toPrecision(6)),
    log_coefficient: round(logA, 6),
    r_squared: sst === 0 ? null : round(1 - ssr / sst, 4),
    residual_se: se === null ? null : round(se, 6),
    n,
    results: results.map((result, i) => ({
      distance_m: roundMeters(result.distance_m),
      time_s: roundSeconds(result.time_s),
      fitted_s: roundSeconds(fitted(xs[i]!)),
    })),
    predictions: targetsM.map((distanceM, i) => {
      const x = Math.log(distanceM);
      const yHat = logA + k * x;
      const time = (seconds: number) => lawTime(seconds, exponent, `/targets/${i}`);
      const timeS = time(Math.exp(yHat));
      return {
        distance_m: roundMeters(distanceM),
        time_s: roundSeconds(timeS),
        text: formatDuration(timeS),
        pace: paceOf(distanceM, timeS),
        interval_95:
          se === null ? null : interval(yHat, t * se * Math.sqrt(1 + 1 / n + (x - xMean) ** 2 / sxx), time),
      };
    }),
    warnings,
  };
}
