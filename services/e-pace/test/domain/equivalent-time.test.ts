import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { equivalentTime, solveEquivalentTime, vdotOf } from '../../src/domain/vdot.js';

/** Reference: plain bisection on the same bracket, as the spec allows. */
function bisect(vdot: number, distanceM: number): number {
  let lo = 1e-3;
  let hi = 1e8;
  while (hi - lo > 1e-6) {
    const mid = (lo + hi) / 2;
    if (vdotOf(distanceM, mid) > vdot) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

describe('equivalentTime (safeguarded Newton)', () => {
  it('agrees with bisection to 0.0001 s for every VDOT of 20–90 and distance of 100 m–1000 km', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 20, max: 90, noNaN: true }),
        fc.double({ min: 100, max: 1_000_000, noNaN: true }),
        (vdot, distance) => {
          expect(Math.abs(equivalentTime(vdot, distance) - bisect(vdot, distance))).toBeLessThan(1e-4);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('solves VDOT(d, t) = V: 10K in 40:00 → 5K in 19:18 (spec worked example)', () => {
    const vdot = vdotOf(10_000, 2400);
    expect(Math.round(equivalentTime(vdot, 5000))).toBe(19 * 60 + 18);
  });

  it('converges in at most 6 Newton steps for every VDOT of 20–90 and distance of 1 m–1000 km', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 20, max: 90, noNaN: true }),
        fc.double({ min: 1, max: 1_000_000, noNaN: true }),
        (vdot, distance) => {
          expect(solveEquivalentTime(vdot, distance).steps).toBeLessThanOrEqual(6);
        },
      ),
      { numRuns: 2000 },
    );
    // Races of 1500 m to the marathon at VDOT 30–85 take 4 or 5 steps, bisection about forty.
    const steps = [1500, 5000, 10_000, 21_097.5, 42_195].flatMap((distance) =>
      Array.from({ length: 56 }, (_, i) => solveEquivalentTime(30 + i, distance).steps),
    );
    expect(Math.max(...steps)).toBe(5);
  });
});
