// /fit: the personal Riegel law by least squares on logarithms, with Student-t prediction intervals.
import { linearRegression, linearRegressionLine, rSquared } from 'simple-statistics';
import { describe, expect, it } from 'vitest';
import { type FitInput, fitRiegel } from '../../src/domain/index.js';
import { expectUnprocessable, HALF, MARATHON } from './helpers.js';

/** What `run` throws (undefined when it returns). */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

const SPEC = [
  { distance_m: 5000, time_s: 1200 },
  { distance_m: 10_000, time_s: 2500 },
  { distance_m: HALF, time_s: 5600 },
  { distance_m: MARATHON, time_s: 11_900 },
];

describe('fitRiegel (/fit)', () => {
  it('spec example: 5 km 20:00, 10 km 41:40, half 1:33:20, marathon 3:18:20 → k 1.0762; 15 km 3892.7 s (3760.5–4029.7)', () => {
    const report = fitRiegel(SPEC, [15_000]);
    expect(report.exponent).toBe(1.0762);
    expect(report.log_coefficient).toBe(-2.081203);
    expect(report.coefficient).toBe(0.12478);
    expect(report.r_squared).toBe(1); // 0.99995…
    expect(report.residual_se).toBe(0.007186);
    expect(report.n).toBe(4);
    expect(report.results).toEqual([
      { distance_m: 5000, time_s: 1200, fitted_s: 1193.4 },
      { distance_m: 10_000, time_s: 2500, fitted_s: 2516.2 },
      { distance_m: HALF, time_s: 5600, fitted_s: 5619.2 },
      { distance_m: MARATHON, time_s: 11_900, fitted_s: 11_847.6 },
    ]);
    const [fifteen] = report.predictions;
    expect(fifteen).toEqual({
      distance_m: 15_000,
      time_s: 3892.7,
      text: '1:04:53',
      pace: { per_km: { seconds: 259.5, text: '4:20' }, per_mile: { seconds: 417.6, text: '6:58' } },
      // exp(ŷ − t·s·√…) = 3760.446 s exactly; the spec prints 3760.5 (rounded twice, via 3760.45).
      interval_95: { low_s: 3760.4, high_s: 4029.7 },
    });
    expect(report.warnings).toEqual([]);
  });

  it('agrees with simple-statistics on the same logarithms (slope, intercept, R², fitted values)', () => {
    const cases = [
      SPEC,
      [
        { distance_m: 1500, time_s: 290 },
        { distance_m: 3000, time_s: 640 },
        { distance_m: 5000, time_s: 1110 },
        { distance_m: 10_000, time_s: 2330 },
        { distance_m: HALF, time_s: 5100 },
      ],
      [
        { distance_m: 800, time_s: 130 },
        { distance_m: 800, time_s: 128 },
        { distance_m: 10_000, time_s: 2600 },
      ],
    ];
    for (const results of cases) {
      const points = results.map((r) => [Math.log(r.distance_m), Math.log(r.time_s)] as [number, number]);
      const { m, b } = linearRegression(points);
      const line = linearRegressionLine({ m, b });
      const report = fitRiegel(results);
      expect(report.exponent).toBe(Math.round(m * 1e4) / 1e4);
      expect(Math.abs(report.log_coefficient - b)).toBeLessThanOrEqual(5e-7);
      expect(Math.abs(report.r_squared! - rSquared(points, line))).toBeLessThanOrEqual(5e-5);
      for (const [i, row] of report.results.entries()) {
        expect(Math.abs(row.fitted_s - Math.exp(line(points[i]![0])))).toBeLessThanOrEqual(0.05);
      }
    }
  });

  it('the interval is the textbook one: written out again with the t-table value 3.182 (ν = 3)', () => {
    const results = [
      { distance_m: 1500, time_s: 290 },
      { distance_m: 3000, time_s: 640 },
      { distance_m: 5000, time_s: 1110 },
      { distance_m: 10_000, time_s: 2330 },
      { distance_m: HALF, time_s: 5100 },
    ];
    const report = fitRiegel(results, [MARATHON, 800]);
    const xs = results.map((r) => Math.log(r.distance_m));
    const ys = results.map((r) => Math.log(r.time_s));
    // Normal equations by Cramer's rule on raw sums.
    const n = xs.length;
    const sx = xs.reduce((a, x) => a + x, 0);
    const sy = ys.reduce((a, y) => a + y, 0);
    const sxx = xs.reduce((a, x) => a + x * x, 0);
    const sxy = xs.reduce((a, x, i) => a + x * ys[i]!, 0);
    const det = n * sxx - sx * sx;
    const k = (n * sxy - sx * sy) / det;
    const lnA = (sy * sxx - sx * sxy) / det;
    const ssr = xs.reduce((a, x, i) => a + (ys[i]! - lnA - k * x) ** 2, 0);
    const s = Math.sqrt(ssr / (n - 2));
    expect(Math.abs(report.residual_se! - s)).toBeLessThanOrEqual(5e-7);
    for (const [j, d] of [MARATHON, 800].entries()) {
      const x0 = Math.log(d);
      const yHat = lnA + k * x0;
      const half = 3.182446 * s * Math.sqrt(1 + 1 / n + (x0 - sx / n) ** 2 / (sxx - (sx * sx) / n));
      const prediction = report.predictions[j]!;
      expect(Math.abs(prediction.time_s - Math.exp(yHat))).toBeLessThanOrEqual(0.05);
      expect(Math.abs(prediction.interval_95!.low_s - Math.exp(yHat - half))).toBeLessThanOrEqual(0.06);
      expect(Math.abs(prediction.interval_95!.high_s - Math.exp(yHat + half))).toBeLessThanOrEqual(0.06);
      expect(prediction.distance_m).toBe(d);
    }
  });

  it('two results: the exact line through both, no residual_se and no interval', () => {
    const report = fitRiegel(
      [
        { distance_m: 5000, time_s: 1200 },
        { distance_m: 10_000, time_s: 2400 * 2 ** 0.06 },
      ],
      ['5000', '20000'].map(Number),
    );
    expect(report.exponent).toBe(1.06);
    expect(report.r_squared).toBe(1);
    expect(report.residual_se).toBeNull();
    expect(report.n).toBe(2);
    expect(report.predictions.map((p) => p.interval_95)).toEqual([null, null]);
    expect(report.predictions[0]!.time_s).toBe(1200);
    expect(report.predictions[1]!.time_s).toBe(5216.3); // 1200 · 4^1.06
  });

  it('no targets → no predictions; equal times → r_squared null and an exponent warning', () => {
    expect(fitRiegel(SPEC).predictions).toEqual([]);
    const flat = fitRiegel([
      { distance_m: 5000, time_s: 1200 },
      { distance_m: 10_000, time_s: 1200 },
      { distance_m: 20_000, time_s: 1200 },
    ]);
    expect(flat.r_squared).toBeNull();
    expect(flat.exponent).toBe(0);
    expect(flat.residual_se).toBe(0);
    expect(flat.warnings).toEqual([
      {
        code: 'exponent_outside_riegel_range',
        message:
          "the fitted exponent 0 is outside the 1.0–1.2 of Riegel's law; the results may not be comparable efforts",
      },
    ]);
  });

  it('warns on either side of 1.0–1.2, not at the ends', () => {
    const two = (k: number) =>
      fitRiegel([
        { distance_m: 1000, time_s: 200 },
        { distance_m: 10_000, time_s: 200 * 10 ** k },
      ]);
    expect(two(1.0).warnings).toEqual([]);
    expect(two(1.2).warnings).toEqual([]);
    expect(two(1.25).warnings.map((w) => w.message)).toEqual([
      "the fitted exponent 1.25 is outside the 1.0–1.2 of Riegel's law; the results may not be comparable efforts",
    ]);
    expect(two(0.98).warnings).toHaveLength(1);
  });

  it('distances too close for a law in seconds → 422 fit_degenerate naming where the law fails', () => {
    const results = (...pairs: Array<[number, number]>): FitInput[] =>
      pairs.map(([distance_m, time_s]) => ({ distance_m, time_s }));
    const cases: Array<[string, FitInput[], number[], string, string]> = [
      // e^710: beyond a double (a random body of the no-5xx property test found it).
      ['coefficient overflows', results([802, 144.4], [800, 187.9]), [100], '-105.4607', '/results'],
      ['coefficient underflows', results([800, 144.4], [801, 187.9]), [], '210.7898', '/results'],
      [
        'a prediction beyond whole seconds',
        results([800, 144.4], [802, 187.9]),
        [5000],
        '105.4607',
        '/targets/0',
      ],
      [
        'an interval beyond whole seconds',
        results([800, 144], [801, 144.3], [802, 144.3]),
        [800, 100_000],
        '0.8337',
        '/targets/1',
      ],
    ];
    for (const [label, given, targets, exponent, path] of cases) {
      const thrown = thrownBy(() => fitRiegel(given, targets));
      const detail = `the fitted law (exponent ${exponent}) gives no time in seconds at ${path}: the results' distances are too close together to fit an exponent`;
      expect(thrown, label).toMatchObject({
        status: 422,
        code: 'fit_degenerate',
        detail,
        errors: [{ path, code: 'fit_degenerate', message: detail }],
      });
    }
    // The interval of a target near the results is a time: that one is answered.
    expect(fitRiegel(results([800, 144], [801, 144.3], [802, 144.3]), [800]).predictions).toHaveLength(1);
  });

  it('fewer than 2 different distances → 422 fit_degenerate at /results', () => {
    const detail = expectUnprocessable(
      () =>
        fitRiegel([
          { distance_m: 5000, time_s: 1200 },
          { distance_m: 5000, time_s: 1300 },
        ]),
      'fit_degenerate',
    );
    expect(detail).toBe('the results need at least 2 different distances to fit an exponent');
    const thrown = thrownBy(() =>
      fitRiegel([
        { distance_m: 5000, time_s: 1200 },
        { distance_m: 5000, time_s: 1300 },
        { distance_m: 5000, time_s: 1250 },
      ]),
    );
    expect((thrown as { errors: unknown }).errors).toEqual([
      { path: '/results', code: 'fit_degenerate', message: detail },
    ]);
  });
});
