// Student's t quantiles against the published table (e.g. NIST/SEMATECH e-Handbook of Statistical Methods,
// §1.3.6.7.2 "Critical values of the Student's t distribution") and the closed forms for ν = 1 and 2.
import { describe, expect, it } from 'vitest';
import { logGamma, regularizedBeta, studentTCdf, studentTQuantile } from '../../src/domain/index.js';

/** ν → t at upper-tail 0.025 (p = 0.975), 0.05 (p = 0.95) and 0.005 (p = 0.995), to the table's 3 decimals. */
const TABLE: Array<[number, number, number, number]> = [
  [1, 12.706, 6.314, 63.657],
  [2, 4.303, 2.92, 9.925],
  [3, 3.182, 2.353, 5.841],
  [4, 2.776, 2.132, 4.604],
  [5, 2.571, 2.015, 4.032],
  [6, 2.447, 1.943, 3.707],
  [7, 2.365, 1.895, 3.499],
  [8, 2.306, 1.86, 3.355],
  [10, 2.228, 1.812, 3.169],
  [30, 2.042, 1.697, 2.75],
];

describe('Student t', () => {
  it.each(TABLE)('ν = %i: t 0.975 = %f, 0.95 = %f, 0.995 = %f (published table)', (nu, t975, t95, t995) => {
    expect(Math.abs(studentTQuantile(0.975, nu) - t975)).toBeLessThanOrEqual(0.0005);
    expect(Math.abs(studentTQuantile(0.95, nu) - t95)).toBeLessThanOrEqual(0.0005);
    expect(Math.abs(studentTQuantile(0.995, nu) - t995)).toBeLessThanOrEqual(0.0005);
  });

  it('equals the closed forms: ν = 1 t = tan(π(p − ½)), ν = 2 t = (2p − 1)/√(2p(1 − p))', () => {
    for (const p of [0.6, 0.9, 0.975, 0.999]) {
      expect(studentTQuantile(p, 1) / Math.tan(Math.PI * (p - 0.5))).toBeCloseTo(1, 12);
      expect(studentTQuantile(p, 2) / ((2 * p - 1) / Math.sqrt(2 * p * (1 - p)))).toBeCloseTo(1, 12);
    }
    expect(studentTQuantile(0.5, 5)).toBe(0);
  });

  it('the CDF is symmetric and matches the Cauchy CDF at ν = 1', () => {
    for (const t of [0.3, 1, 2.5, 12.706]) {
      expect(studentTCdf(t, 1)).toBeCloseTo(0.5 + Math.atan(t) / Math.PI, 14);
      expect(studentTCdf(-t, 4) + studentTCdf(t, 4)).toBeCloseTo(1, 14);
    }
    expect(studentTCdf(0, 3)).toBe(0.5);
    expect(studentTCdf(-1, 1)).toBeCloseTo(0.25, 14);
  });

  it('I_x(a, b) at its ends and against closed forms: I_x(1, 1) = x, I_x(a, 1) = x^a, I_x(1, b) = 1 − (1 − x)^b', () => {
    expect(regularizedBeta(0, 2, 3)).toBe(0);
    expect(regularizedBeta(-0.1, 2, 3)).toBe(0);
    expect(regularizedBeta(1, 2, 3)).toBe(1);
    expect(regularizedBeta(1.5, 2, 3)).toBe(1);
    for (const x of [0.05, 0.3, 0.5, 0.8, 0.97]) {
      expect(regularizedBeta(x, 1, 1)).toBeCloseTo(x, 14);
      expect(regularizedBeta(x, 3, 1)).toBeCloseTo(x ** 3, 14);
      expect(regularizedBeta(x, 1, 4)).toBeCloseTo(1 - (1 - x) ** 4, 14);
      expect(regularizedBeta(x, 2.5, 0.5) + regularizedBeta(1 - x, 0.5, 2.5)).toBeCloseTo(1, 14);
    }
    // I_0.5(a, a) = ½ by symmetry.
    expect(regularizedBeta(0.5, 7, 7)).toBeCloseTo(0.5, 14);
  });

  it('ln Γ: integers, halves and the reflection below ½', () => {
    expect(logGamma(1)).toBeCloseTo(0, 14);
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 13);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 14);
    expect(logGamma(0.25)).toBeCloseTo(Math.log(3.625609908221908), 13);
    expect(logGamma(10.5)).toBeCloseTo(Math.log(1133278.388948786), 12);
  });
});
