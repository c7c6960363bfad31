import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { predict } from '../../src/domain/index.js';
import { expectUnprocessable, HALF, MARATHON } from './helpers.js';

describe('predict (/predict)', () => {
  it('10K 40:00 → half: Riegel 1:28:15 and Cameron, no warnings', () => {
    const report = predict(10_000, 2400, HALF);
    expect(report.known).toEqual({
      distance_m: 10_000,
      time_s: 2400,
      text: '40:00',
      pace: { per_km: { seconds: 240, text: '4:00' }, per_mile: { seconds: 386.2, text: '6:26' } },
    });
    expect(report.target).toEqual({ distance_m: 21097.5 });
    expect(report.riegel_exponent).toBe(1.06);
    expect(report.predictions.riegel.time_s).toBe(5295.4);
    expect(report.predictions.riegel.text).toBe('1:28:15');
    expect(report.predictions.riegel.pace.per_km.text).toBe('4:11');
    expect(report.predictions.cameron).not.toBeNull();
    expect(report.warnings).toEqual([]);
  });

  it('5K 20:00 → marathon: Cameron 3:15:11', () => {
    const report = predict(5000, 1200, MARATHON);
    expect(report.predictions.cameron?.time_s).toBe(11711.5);
    expect(report.predictions.cameron?.text).toBe('3:15:11');
  });

  it('5000 m in 1200 s → 10000 m: Riegel 2501.9, Cameron 2499.7', () => {
    const report = predict(5000, 1200, 10_000);
    expect(report.predictions.riegel.time_s).toBe(2501.9);
    expect(report.predictions.cameron?.time_s).toBe(2499.7);
  });

  it('uses the given Riegel exponent', () => {
    expect(predict(5000, 1200, 10_000, 1).predictions.riegel.time_s).toBe(2400);
    expect(predict(5000, 1200, 10_000, 1.2).predictions.riegel.time_s).toBe(2756.9);
  });

  it('warns when the known effort is under 3.5 minutes or over 230 minutes', () => {
    expect(predict(800, 115, 1500).warnings.map((w) => w.code)).toEqual(['outside_riegel_validity']);
    expect(predict(MARATHON, 230 * 60 + 1, HALF).warnings.map((w) => w.code)).toEqual([
      'outside_riegel_validity',
    ]);
    expect(predict(1500, 210, 5000).warnings).toEqual([]);
    expect(predict(MARATHON, 230 * 60, HALF).warnings).toEqual([]);
  });

  it('gives no Cameron prediction beyond 200 km, with a warning', () => {
    const report = predict(MARATHON, 10_800, 250_000);
    expect(report.predictions.cameron).toBeNull();
    expect(report.warnings.map((w) => w.code)).toEqual(['outside_cameron_range']);
    expect(report.predictions.riegel.time_s).toBeGreaterThan(10_800);
    expect(predict(MARATHON, 10_800, 200_000).predictions.cameron).not.toBeNull();
  });

  it('refuses an exponent outside 1.0–1.2', () => {
    for (const k of [0.99, 1.21, Number.NaN]) {
      expectUnprocessable(() => predict(5000, 1200, 10_000, k), 'riegel_exponent_out_of_range');
    }
  });

  it('both predictions are monotone in the target distance', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 400, max: 200_000, noNaN: true }),
        fc.double({ min: 400, max: 200_000, noNaN: true }),
        (a, b) => {
          const [short, long] = a <= b ? [a, b] : [b, a];
          const p1 = predict(10_000, 2400, short).predictions;
          const p2 = predict(10_000, 2400, long).predictions;
          expect(p2.riegel.time_s).toBeGreaterThanOrEqual(p1.riegel.time_s);
          expect(p2.cameron?.time_s ?? Number.NaN).toBeGreaterThanOrEqual(p1.cameron?.time_s ?? Number.NaN);
        },
      ),
    );
  });
});
