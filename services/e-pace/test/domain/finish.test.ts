import { describe, expect, it } from 'vitest';
import { projectFinish } from '../../src/domain/index.js';
import { expectUnprocessable, HALF, hms, MARATHON } from './helpers.js';

describe('finish projections (spec worked examples)', () => {
  it('10 km done in 50:00 of a half → linear 1:45:29.2, power law 1:50:19.2', () => {
    const report = projectFinish(10_000, 3000, HALF);
    expect(report.projections.linear.finish_s).toBe(hms('1:45:29.2'));
    expect(report.projections.power_law.finish_s).toBe(hms('1:50:19.2'));
    expect(report.projections.linear).toEqual({
      finish_s: 6329.2,
      text: '1:45:29',
      remaining_s: 3329.2,
      pace: { per_km: { seconds: 300, text: '5:00' }, per_mile: { seconds: 482.8, text: '8:03' } },
    });
    expect(report.projections.power_law.text).toBe('1:50:19');
    expect(report.projections.power_law.remaining_s).toBe(3619.2);
    expect(report.exponent).toBe(1.06);
  });

  it('30 km in 1:30:00 of a marathon → 2:06:35.1 / 2:09:12.1', () => {
    const report = projectFinish(30_000, 5400, MARATHON);
    expect(report.projections.linear.finish_s).toBe(hms('2:06:35.1'));
    expect(report.projections.power_law.finish_s).toBe(hms('2:09:12.1'));
    expect(report.projections.linear.remaining_s).toBe(2195.1);
  });

  it('d = D: the finish is the elapsed time for both', () => {
    const report = projectFinish(MARATHON, 12_345.6, MARATHON, 1.2);
    expect(report.projections.linear.finish_s).toBe(12_345.6);
    expect(report.projections.power_law.finish_s).toBe(12_345.6);
    expect(report.projections.linear.remaining_s).toBe(0);
    expect(report.projections.power_law.remaining_s).toBe(0);
  });

  it('the power law over the whole race, with the given exponent', () => {
    expect(projectFinish(10_000, 3000, HALF, 1).projections.power_law.finish_s).toBe(6329.2);
  });
});

describe('refusals', () => {
  it('d ≤ 0 or d > D', () => {
    for (const done of [0, -1, HALF + 0.001, Number.NaN]) {
      expectUnprocessable(() => projectFinish(done, 3000, HALF), 'distance_done_out_of_range');
    }
  });

  it('exponent outside 1.0–1.2', () => {
    for (const k of [0.9, 1.25])
      expectUnprocessable(() => projectFinish(10_000, 3000, HALF, k), 'exponent_out_of_range');
  });
});
