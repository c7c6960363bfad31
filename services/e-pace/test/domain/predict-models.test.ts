// /predict's VDOT and Purdy models and the several-targets form.
import { describe, expect, it } from 'vitest';
import { predict, predictMany, vdotReport } from '../../src/domain/index.js';
import { expectUnprocessable, HALF, MARATHON, MILE } from './helpers.js';

describe('VDOT and Purdy predictions beside Riegel and Cameron', () => {
  it('5 km in 20:00 → 10 km: VDOT 2488 and Purdy 2490 (±1; running-tools racePrediction.spec), Riegel 2502, Cameron 2500', () => {
    const { predictions } = predict(5000, 1200, 10_000);
    expect(Math.abs(predictions.vdot!.time_s - 2488)).toBeLessThanOrEqual(1);
    expect(Math.abs(predictions.purdy!.time_s - 2490)).toBeLessThanOrEqual(1);
    expect(Math.abs(predictions.riegel.time_s - 2502)).toBeLessThanOrEqual(1);
    expect(Math.abs(predictions.cameron!.time_s - 2500)).toBeLessThanOrEqual(1);
  });

  it("the VDOT prediction is /vdot's equivalent time at the same distance", () => {
    const equivalents = vdotReport(10_000, 2400).equivalent;
    for (const [name, distance] of [
      ['5k', 5000],
      ['half', HALF],
      ['marathon', MARATHON],
    ] as const) {
      const row = equivalents.find((entry) => entry.name === name)!;
      expect(predict(10_000, 2400, distance).predictions.vdot).toEqual({
        time_s: row.time_s,
        text: row.text,
        pace: row.pace,
      });
    }
  });

  it('a known VDOT outside 20–90 gives vdot: null and an outside_vdot_range warning, the other models still', () => {
    const report = predict(5000, 3600, 10_000); // VDOT 12.74
    expect(report.predictions.vdot).toBeNull();
    expect(report.predictions.riegel.time_s).toBe(7505.8); // 3600 · 2^1.06 = 7505.75
    expect(report.predictions.cameron).not.toBeNull();
    expect(report.predictions.purdy).not.toBeNull();
    expect(report.warnings).toEqual([
      {
        code: 'outside_vdot_range',
        message:
          'the known performance has a VDOT of 12.74, outside the 20–90 of the Daniels–Gilbert tables; no VDOT-equivalent time is given',
      },
    ]);
  });

  it('a score below what any time at the target reaches gives purdy: null with an outside_purdy_range warning', () => {
    // A mile walked in an hour scores −632.6 points; no marathon time scores that low (the floor there,
    // −a·b, is −608.9), while a 5 km time still does (floor −692.4).
    const report = predict(MILE, 3600, MARATHON);
    expect(predict(MILE, 3600, 5000).predictions.purdy).not.toBeNull();
    expect(report.predictions.purdy).toBeNull();
    expect(report.warnings.map((warning) => warning.code)).toEqual([
      'outside_vdot_range',
      'outside_purdy_range',
    ]);
    expect(report.warnings[1]!.message).toBe(
      'the known performance scores -632.6 Purdy points, below any time at 42195 m; no Purdy prediction is given',
    );
  });
});

describe('several targets', () => {
  it('each target is the single-target answer at that distance, in the order given', () => {
    const targets = [HALF, 5000, 250_000, 5000];
    const many = predictMany(10_000, 2400, targets);
    expect(many.known).toEqual(predict(10_000, 2400, 5000).known);
    expect(many.riegel_exponent).toBe(1.06);
    expect(many.warnings).toEqual([]);
    expect(many.targets.map((row) => row.distance_m)).toEqual([21097.5, 5000, 250_000, 5000]);
    for (const [index, distance] of targets.entries()) {
      const single = predict(10_000, 2400, distance);
      expect(many.targets[index]!.predictions).toEqual(single.predictions);
      expect(many.targets[index]!.warnings).toEqual(single.warnings);
    }
    expect(many.targets[2]!.warnings.map((warning) => warning.code)).toEqual(['outside_cameron_range']);
  });

  it("Riegel's validity is said once, at the top", () => {
    const many = predictMany(800, 115, [1500, 5000]);
    expect(many.warnings.map((warning) => warning.code)).toEqual(['outside_riegel_validity']);
    expect(many.targets.every((row) => row.warnings.length === 0)).toBe(true);
  });

  it('refuses an exponent outside 1.0–1.2 as the single form does', () => {
    expectUnprocessable(() => predictMany(5000, 1200, [10_000], 1.3), 'riegel_exponent_out_of_range');
  });
});
