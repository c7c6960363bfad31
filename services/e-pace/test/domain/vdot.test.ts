import { describe, expect, it } from 'vitest';
import {
  EQUIVALENT_DISTANCES,
  equivalentTime,
  speedAtFraction,
  vdotOf,
  vdotReport,
  vo2AtSpeed,
} from '../../src/domain/index.js';
import { expectUnprocessable, HALF, hms, MARATHON, MILE } from './helpers.js';

describe('VDOT (spec worked examples, ±0.01)', () => {
  it.each([
    [5000, '20:00', 49.81],
    [10_000, '40:00', 51.94],
    [HALF, '1:30:00', 50.98],
    [MARATHON, '3:00:00', 53.53],
    [5000, '24:34', 39.11],
  ])('%d m in %s → %d', (distance, time, vdot) => {
    const report = vdotReport(distance, hms(time));
    expect(Math.abs(report.vdot - vdot)).toBeLessThanOrEqual(0.01);
    expect(report.vo2max).toBe(report.vdot);
  });

  it('reports vdot to 2 decimals', () => {
    expect(vdotReport(5000, 1200).vdot).toBe(49.81);
    expect(vdotOf(5000, 1200)).toBeCloseTo(49.8062, 4);
  });
});

describe('equivalent times', () => {
  it('from 10K 40:00: 5K 19:18, half 1:28:33, marathon 3:04:38 (±1 s)', () => {
    const { equivalent } = vdotReport(10_000, 2400);
    const byName = new Map(equivalent.map((row) => [row.name, row]));
    for (const [name, text] of [
      ['5k', '19:18'],
      ['half', '1:28:33'],
      ['marathon', '3:04:38'],
    ] as const) {
      const row = byName.get(name);
      expect(Math.abs((row?.time_s ?? 0) - hms(text))).toBeLessThanOrEqual(1);
      expect(row?.text).toBe(text);
    }
    expect(byName.get('10k')?.time_s).toBe(2400);
  });

  it('lists the nine standard distances in order', () => {
    const { equivalent } = vdotReport(10_000, 2400);
    expect(equivalent.map((row) => [row.name, row.distance_m])).toEqual([
      ['1500m', 1500],
      ['mile', 1609.344],
      ['3k', 3000],
      ['2mi', 3218.688],
      ['5k', 5000],
      ['10k', 10_000],
      ['15k', 15_000],
      ['half', 21097.5],
      ['marathon', 42195],
    ]);
    expect(EQUIVALENT_DISTANCES).toHaveLength(9);
    const half = equivalent.find((row) => row.name === 'half');
    expect(half?.pace.per_km.seconds).toBeCloseTo((half?.time_s ?? 0) / 21.0975, 1);
  });

  it("VDOT 50: the formula's 19:56 / 41:20 / 1:31:31 / 3:10:40 (±1 s)", () => {
    const cases: Array<[number, string]> = [
      [5000, '19:56'],
      [10_000, '41:20'],
      [HALF, '1:31:31'],
      [MARATHON, '3:10:40'],
    ];
    for (const [distance, text] of cases) {
      expect(Math.abs(equivalentTime(50, distance) - hms(text))).toBeLessThanOrEqual(1);
    }
  });

  it("VDOT 50: Daniels' published table within max(3 s, 0.25 %)", () => {
    const cases: Array<[number, string]> = [
      [5000, '19:57'],
      [10_000, '41:21'],
      [HALF, '1:31:35'],
      [MARATHON, '3:10:49'],
    ];
    for (const [distance, text] of cases) {
      const book = hms(text);
      expect(Math.abs(equivalentTime(50, distance) - book)).toBeLessThanOrEqual(Math.max(3, 0.0025 * book));
    }
  });

  it('solves VDOT(d, t) = V to better than 0.01 s', () => {
    for (const vdot of [20, 35.5, 50, 72.25, 90]) {
      for (const distance of [1, 400, MILE, 5000, MARATHON, 100_000, 1_000_000]) {
        const t = equivalentTime(vdot, distance);
        expect(vdotOf(distance, t - 0.01)).toBeGreaterThan(vdot);
        expect(vdotOf(distance, t + 0.01)).toBeLessThan(vdot);
      }
    }
  });

  it('VDOT(d, t) is strictly decreasing in t over the bisection bracket', () => {
    for (const distance of [1, 800, 1500, MILE, 3000, 5000, 10_000, HALF, MARATHON, 100_000, 1_000_000]) {
      let previous = Number.POSITIVE_INFINITY;
      for (let t = 1e-3; t <= 1e8; t *= 1.01) {
        const v = vdotOf(distance, t);
        expect(v < previous).toBe(true);
        previous = v;
      }
    }
  });
});

describe('the VO2 quadratic and its inverse', () => {
  it('speedAtFraction inverts VO2(v) = p·V', () => {
    for (const [vdot, p] of [
      [50, 0.63],
      [50, 0.975],
      [20, 0.88],
      [90, 0.73],
    ] as const) {
      expect(vo2AtSpeed(speedAtFraction(vdot, p))).toBeCloseTo(p * vdot, 9);
    }
  });
});

describe('VDOT range 20–90', () => {
  it('refuses a performance whose VDOT is outside 20–90', () => {
    expect(expectUnprocessable(() => vdotReport(5000, 3600), 'vdot_out_of_range')).toBe(
      'the performance gives a VDOT of 12.74, which is outside the valid range 20–90',
    );
    expectUnprocessable(() => vdotReport(5000, 600), 'vdot_out_of_range');
    expectUnprocessable(() => vdotReport(1, 600_000), 'vdot_out_of_range');
  });
});

describe('vdotReport targets', () => {
  it('equivalent times at chosen distances, in the order given; absent without targets', () => {
    const report = vdotReport(5000, 1200, [10_000, 800, 10_000]);
    const tenK = report.equivalent.find((row) => row.name === '10k')!;
    const { name: _name, ...tenKRow } = tenK;
    expect(report.targets).toEqual([tenKRow, expect.objectContaining({ distance_m: 800 }), tenKRow]);
    expect(report.targets![1]!.time_s).toBe(163.8);
    expect(vdotReport(5000, 1200)).not.toHaveProperty('targets');
  });
});
