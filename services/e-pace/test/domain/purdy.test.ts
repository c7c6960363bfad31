// Purdy points: the published constants (P. Hoffman, "More information on Purdy points", UMass Lowell,
// cs.uml.edu/~phoffman/xcinfo3.html, after Gardner & Purdy 1970 and Purdy 1974) checked against the
// facts they imply, the peer calculator's test expectations (ashermorgan/running-tools,
// tests/unit/core/racePrediction.spec.js and calculators.spec.js, tests/e2e/race-calculator.spec.js) and an
// implementation written again here from the published formula.
import { describe, expect, it } from 'vitest';
import {
  purdyPoints,
  purdyReport,
  purdyTime,
  WORLD_RECORD_POINTS,
  worldRecordSpeed,
} from '../../src/domain/index.js';
import { hms, MARATHON, MILE } from './helpers.js';

/** The published formula, written independently of the domain (sum in the printed order). */
function referencePoints(d: number, t: number): number {
  const v =
    -11.15895 * Math.exp(-0.03796158 * d) +
    4.304605 * Math.exp(-0.001646772 * d) +
    0.5234627 * Math.exp(-0.000410767 * d) +
    4.03156 * Math.exp(-0.000007068099 * d) +
    2.316157 * Math.exp(-0.00000000522099 * d);
  const k = 0.0654 - 0.00258 * v;
  const a = 85 / k;
  const b = 1 - 1035 / a;
  return a * (d / v / t - b);
}

describe("the peer calculator's expectations (running-tools)", () => {
  it('5 km in 20:00 scores 454.5 (±0.1) — calculators.spec: purdyPoints closeTo(454.5, 0.1)', () => {
    expect(Math.abs(purdyPoints(5000, 1200) - 454.5)).toBeLessThanOrEqual(0.1);
    expect(purdyReport(5000, 1200).points).toBe(454.5);
  });

  it('2 mi in 10:30 scores 680.1 to one decimal — race-calculator e2e: "Purdy Points: 680.1"', () => {
    expect(purdyReport(2 * MILE, 630).points).toBe(680.1);
  });

  it('5 km in 20:00 predicts 10 km in 2490 s (±1) — racePrediction.spec, Purdy Points Model', () => {
    const points = purdyPoints(5000, 1200);
    expect(Math.abs(purdyTime(points, 10_000)! - 2490)).toBeLessThanOrEqual(1);
    expect(Math.abs(purdyTime(points, 5000)! - 1200)).toBeLessThanOrEqual(0.001);
  });
});

describe('what the published constants imply', () => {
  it('a time on the world-record curve scores exactly 1035 points, at every distance', () => {
    for (const d of [100, 400, 1500, MILE, 5000, 10_000, MARATHON, 100_000]) {
      expect(purdyPoints(d, d / worldRecordSpeed(d))).toBeCloseTo(WORLD_RECORD_POINTS, 9);
    }
  });

  it("the curve's 5000 m is Ron Clarke's 1966 world record 13:16.6 (±0.5 s); 1500 m–10 000 m records of 1970 within 1.5 %", () => {
    expect(Math.abs(5000 / worldRecordSpeed(5000) - hms('13:16.6'))).toBeLessThanOrEqual(0.5);
    for (const [d, record] of [
      [1500, '3:33.1'], // Jim Ryun, 1967
      [MILE, '3:51.1'], // Jim Ryun, 1967
      [3000, '7:39.6'], // Kip Keino, 1965
      [10_000, '27:39.4'], // Ron Clarke, 1965
    ] as const) {
      const curve = d / worldRecordSpeed(d);
      expect(Math.abs(curve - hms(record)) / hms(record), `${d} m`).toBeLessThanOrEqual(0.015);
    }
  });

  it('agrees with the formula written again here to 1e-9 points', () => {
    for (const d of [1, 60, 200, 800, 3000, 21_097.5, MARATHON, 250_000, 1_000_000]) {
      for (const t of [d / 10, d / 5, d / 3, d / 1.5]) {
        expect(Math.abs(purdyPoints(d, t) - referencePoints(d, t))).toBeLessThanOrEqual(1e-9);
      }
    }
  });

  it('purdyTime inverts purdyPoints (closed form) and is null below the floor −a·b', () => {
    for (const [d, t] of [
      [800, 115],
      [5000, 1200],
      [MARATHON, 3 * 3600],
    ] as const) {
      const points = purdyPoints(d, t);
      expect(Math.abs(purdyTime(points, d)! - t)).toBeLessThanOrEqual(1e-6);
    }
    // Slower and slower at 5 km: the points fall towards the floor but never reach it.
    const floor = purdyPoints(5000, 1e12);
    expect(purdyTime(floor - 1, 5000)).toBeNull();
    expect(purdyTime(floor + 1, 5000)).toBeGreaterThan(0);
  });

  it('points fall as the time grows and can be negative for slow times', () => {
    expect(purdyPoints(5000, 1100)).toBeGreaterThan(purdyPoints(5000, 1200));
    expect(purdyPoints(5000, 3600)).toBeLessThan(0);
  });
});

describe('purdyReport', () => {
  it('5 km in 20:00: points to 0.1, the distance echoed and the 1035-point time', () => {
    expect(purdyReport(5000, 1200)).toEqual({
      distance_m: 5000,
      time_s: 1200,
      points: 454.5,
      world_record: { time_s: 796.7, text: '13:17', speed_mps: 6.2759 },
    });
  });
});
