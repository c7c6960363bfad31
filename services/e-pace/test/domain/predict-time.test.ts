// /predict with target_time: each model's distance for a time (spec "Next": /predict by time).
import { describe, expect, it } from 'vitest';
import {
  cameronTime,
  predict,
  predictDistance,
  purdyPoints,
  speedAtVo2,
  sustainableFraction,
  vdotOf,
} from '../../src/domain/index.js';
import { solveIncreasing } from '../../src/domain/solve.js';
import { expectUnprocessable } from './helpers.js';

describe('predictDistance (/predict with target_time)', () => {
  it('spec example: 10 km 40:00 → 1:30:00: Riegel 21490.556 m, Cameron 21502.286 m, VDOT 21421.013 m', () => {
    const report = predictDistance(10_000, 2400, 5400);
    expect(report.target).toEqual({ time_s: 5400, text: '1:30:00' });
    expect(report.riegel_exponent).toBe(1.06);
    expect(report.known).toEqual(predict(10_000, 2400, 5000).known);
    expect(report.predictions.riegel.distance_m).toBe(21490.556);
    expect(report.predictions.cameron?.distance_m).toBe(21502.286);
    expect(report.predictions.vdot?.distance_m).toBe(21421.013);
    expect(report.predictions.purdy?.distance_m).toBe(21254.162);
    expect(report.predictions.riegel.pace).toEqual({
      per_km: { seconds: 251.3, text: '4:11' },
      per_mile: { seconds: 404.4, text: '6:44' },
    });
    expect(report.predictions.vdot?.pace.per_km).toEqual({ seconds: 252.1, text: '4:12' });
    expect(report.warnings).toEqual([]);
  });

  it('each distance gives the target time back through the time prediction of the same model', () => {
    for (const [d, t, target] of [
      [10_000, 2400, 5400],
      [5000, 1200, 3 * 3600],
      [1500, 240, 600],
      [42_195, 3 * 3600, 1800],
    ] as const) {
      const { predictions } = predictDistance(d, t, target);
      const back = (distance: number) => predict(d, t, distance).predictions;
      expect(Math.abs(back(predictions.riegel.distance_m).riegel.time_s - target)).toBeLessThanOrEqual(0.1);
      expect(Math.abs(back(predictions.cameron!.distance_m).cameron!.time_s - target)).toBeLessThanOrEqual(
        0.1,
      );
      expect(Math.abs(back(predictions.vdot!.distance_m).vdot!.time_s - target)).toBeLessThanOrEqual(0.1);
      expect(Math.abs(back(predictions.purdy!.distance_m).purdy!.time_s - target)).toBeLessThanOrEqual(0.1);
    }
  });

  it('VDOT by bisection equals the closed form d = t · v(VO2 = VDOT · F(t))', () => {
    const vdot = vdotOf(10_000, 2400);
    for (const t of [300, 5400, 14_400]) {
      const closed = speedAtVo2(vdot * sustainableFraction(t / 60)) * (t / 60);
      expect(Math.abs(predictDistance(10_000, 2400, t).predictions.vdot!.distance_m - closed)).toBeLessThan(
        0.0006,
      );
    }
  });

  it('uses the exponent: k = 1 is the same pace; k = 1.2 covers less', () => {
    expect(predictDistance(10_000, 2400, 4800, 1).predictions.riegel.distance_m).toBe(20_000);
    expect(predictDistance(10_000, 2400, 4800, 1.2).predictions.riegel.distance_m).toBe(17_817.974);
    expect(predictDistance(10_000, 2400, 4800, 1.2).riegel_exponent).toBe(1.2);
    for (const k of [0.99, 1.21]) {
      expectUnprocessable(() => predictDistance(10_000, 2400, 4800, k), 'riegel_exponent_out_of_range');
    }
  });

  it('a known performance beyond 200 km: no Cameron, with the 1.0 warning', () => {
    const report = predictDistance(250_000, 30 * 3600, 20 * 3600);
    expect(report.predictions.cameron).toBeNull();
    expect(report.warnings).toContainEqual({
      code: 'outside_cameron_range',
      message: "Cameron's model is not applied beyond 200 km; no Cameron prediction is given",
    });
    expect(report.predictions.riegel.distance_m).toBe(170_536.042);
  });

  it('a time too long for Cameron within 200 km, or too short for any model, gives nulls with warnings', () => {
    const long = predictDistance(10_000, 2400, 36 * 3600);
    expect(long.predictions.cameron).toBeNull();
    expect(long.predictions.vdot).not.toBeNull();
    expect(long.warnings).toEqual([
      {
        code: 'outside_cameron_range',
        message:
          "by Cameron's model no distance of 1 m–200 km is run in 36:00:00; no Cameron prediction is given",
      },
    ]);
    // Cameron at exactly 200 km is answered.
    const at200 = cameronTime(2400, 10_000, 200_000);
    expect(predictDistance(10_000, 2400, at200).predictions.cameron?.distance_m).toBe(200_000);

    const short = predictDistance(10_000, 2400, 0.1);
    expect(short.predictions.riegel.distance_m).toBe(0.737);
    // Cameron's f(d) grows without bound as d → 0, so even 0.1 s has a Cameron distance.
    expect(short.predictions.cameron?.distance_m).toBe(6.307);
    expect(short.predictions.vdot).toBeNull();
    expect(short.predictions.purdy).toBeNull();
    expect(short.warnings).toEqual([
      {
        code: 'outside_vdot_range',
        message:
          'no distance of 1 m–1000 km run in 0:00 has the known VDOT of 51.94; no VDOT-equivalent distance is given',
      },
      {
        code: 'outside_purdy_range',
        message:
          'no distance of 1 m–1000 km run in 0:00 scores the known 496.7 Purdy points; no Purdy prediction is given',
      },
    ]);
  });

  it('a known VDOT outside 20–90: vdot null with the 1.0 warning; a slow walk: no Purdy distance', () => {
    const report = predictDistance(1609.344, 3600, 7200);
    expect(report.predictions.vdot).toBeNull();
    expect(report.predictions.purdy).toBeNull();
    expect(report.predictions.cameron?.distance_m).toBeGreaterThan(3000);
    expect(report.warnings).toEqual([
      {
        code: 'outside_vdot_range',
        message:
          'the known performance has a VDOT of 0.41, outside the 20–90 of the Daniels–Gilbert tables; no VDOT-equivalent distance is given',
      },
      {
        code: 'outside_purdy_range',
        message:
          'no distance of 1 m–1000 km run in 2:00:00 scores the known -632.6 Purdy points; no Purdy prediction is given',
      },
    ]);
  });

  it('keeps the Riegel validity warning of the known effort first', () => {
    const report = predictDistance(800, 115, 240);
    expect(report.warnings.map((w) => w.code)).toEqual(['outside_riegel_validity']);
    expect(report.predictions.purdy?.distance_m).toBeCloseTo(1500, -2);
  });

  it('bracket ends: a Purdy or VDOT distance just inside 1 m–1000 km is found', () => {
    const purdy = purdyPoints(10_000, 2400);
    // The time at 1000 km with the same points is solved to 1000 km itself.
    let lo = 1;
    let hi = 1e7;
    for (let i = 0; i < 200; i++) {
      const mid = (lo + hi) / 2;
      if (purdyPoints(1_000_000, mid) > purdy) lo = mid;
      else hi = mid;
    }
    expect(predictDistance(10_000, 2400, lo).predictions.purdy?.distance_m).toBeCloseTo(1_000_000, 0);
    expect(predictDistance(10_000, 2400, hi * 1.001).predictions.purdy).toBeNull();
  });
});

describe('solveIncreasing', () => {
  it('finds the root of an increasing function to the last float', () => {
    expect(Math.abs(solveIncreasing((x) => x * x, 2, 1, 2)! - Math.SQRT2)).toBeLessThan(3e-16);
    expect(solveIncreasing((x) => 3 * x, 30, 1, 1000)).toBeCloseTo(10, 12);
  });

  it('answers at the ends and null outside [f(lo), f(hi)]', () => {
    expect(solveIncreasing((x) => x, 1, 1, 5)).toBe(1);
    expect(solveIncreasing((x) => x, 5, 1, 5)).toBe(5);
    expect(solveIncreasing((x) => x, 0.999, 1, 5)).toBeNull();
    expect(solveIncreasing((x) => x, 5.001, 1, 5)).toBeNull();
    expect(solveIncreasing((x) => x, Number.NaN, 1, 5)).toBeNull();
  });
});

describe('warning texts and problem paths', () => {
  it('the 1.0 Cameron warning of a distance target beyond 200 km, word for word', () => {
    expect(predict(42_195, 10_800, 250_000).warnings).toEqual([
      {
        code: 'outside_cameron_range',
        message: "Cameron's model is not applied beyond 200 km; only the Riegel prediction is given",
      },
    ]);
  });

  it('a 422 without a field has no errors[]; with one, errors[0] names it', () => {
    let thrown: unknown;
    try {
      predict(5000, 1200, 10_000, 1.3);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({
      status: 422,
      code: 'riegel_exponent_out_of_range',
      detail: 'riegel_exponent must be between 1.0 and 1.2, got 1.3',
    });
    expect((thrown as { errors: unknown }).errors).toBeUndefined();
  });
});
