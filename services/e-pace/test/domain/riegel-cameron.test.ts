import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CAMERON_MAX_DISTANCE_M, cameronTime, riegelTime } from '../../src/domain/index.js';
import { HALF, hms, MARATHON } from './helpers.js';

describe('Riegel (spec worked examples)', () => {
  it('10K 40:00 → half 5295.37 s (1:28:15)', () => {
    const t = riegelTime(2400, 10_000, HALF, 1.06);
    expect(t).toBeCloseTo(5295.37, 2);
    expect(Math.abs(t - hms('1:28:15'))).toBeLessThanOrEqual(1);
  });

  it('10K 40:00 → marathon 11040.48 s (3:04:00)', () => {
    const t = riegelTime(2400, 10_000, MARATHON, 1.06);
    expect(t).toBeCloseTo(11040.48, 2);
    expect(Math.abs(t - hms('3:04:00'))).toBeLessThanOrEqual(1);
  });

  it('5000 m in 1200 s → 10000 m 2501.92 s', () => {
    expect(riegelTime(1200, 5000, 10_000, 1.06)).toBeCloseTo(2501.92, 2);
  });

  it('the same distance gives the same time; k = 1 is linear', () => {
    expect(riegelTime(1234.5, 5000, 5000, 1.2)).toBe(1234.5);
    expect(riegelTime(1200, 5000, 10_000, 1)).toBe(2400);
  });
});

describe('Cameron (spec worked examples)', () => {
  it('5000 m in 1200 s → 10000 m 2499.66 s', () => {
    expect(cameronTime(1200, 5000, 10_000)).toBeCloseTo(2499.66, 2);
  });

  it('800 m in 115 s → 1500 m 238.24 s', () => {
    expect(cameronTime(115, 800, 1500)).toBeCloseTo(238.24, 2);
  });

  it('5K 20:00 → marathon 11711.47 s (3:15:11)', () => {
    const t = cameronTime(1200, 5000, MARATHON);
    expect(t).toBeCloseTo(11711.47, 2);
    expect(Math.abs(t - hms('3:15:11'))).toBeLessThanOrEqual(1);
  });
});

describe('predictions are monotone: a longer target never takes less time', () => {
  const distance = (max: number) => fc.double({ min: 100, max, noNaN: true });
  const time = fc.double({ min: 10, max: 600_000, noNaN: true });

  it('Riegel, every exponent of 1.0–1.2', () => {
    fc.assert(
      fc.property(
        distance(1_000_000),
        time,
        distance(1_000_000),
        distance(1_000_000),
        fc.double({ min: 1, max: 1.2, noNaN: true }),
        (d1, t1, a, b, k) => {
          const [short, long] = a <= b ? [a, b] : [b, a];
          expect(riegelTime(t1, d1, long, k)).toBeGreaterThanOrEqual(riegelTime(t1, d1, short, k));
        },
      ),
    );
  });

  it('Cameron, within its range', () => {
    fc.assert(
      fc.property(
        distance(CAMERON_MAX_DISTANCE_M),
        time,
        distance(CAMERON_MAX_DISTANCE_M),
        distance(CAMERON_MAX_DISTANCE_M),
        (d1, t1, a, b) => {
          const [short, long] = a <= b ? [a, b] : [b, a];
          const tLong = cameronTime(t1, d1, long);
          expect(tLong).toBeGreaterThanOrEqual(cameronTime(t1, d1, short));
          expect(tLong).toBeGreaterThan(0);
        },
      ),
    );
  });
});
