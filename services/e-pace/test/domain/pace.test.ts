import { parsePace, parseSpeed } from '@dus/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertPace, convertSpeed, paceOf, paceReport } from '../../src/domain/index.js';

describe('paceReport (/pace)', () => {
  it('5K in 20:00: 4:00/km, 6:26/mi, 15 km/h', () => {
    expect(paceReport(5000, 1200)).toEqual({
      distance_m: 5000,
      time_s: 1200,
      pace: {
        per_km: { seconds: 240, text: '4:00' },
        per_mile: { seconds: 386.2, text: '6:26' },
      },
      speed: { kmh: 15, mph: 9.3206, mps: 4.1667 },
    });
  });

  it('marathon in 3:30:00', () => {
    const report = paceReport(42195, 12600);
    expect(report.pace.per_km).toEqual({ seconds: 298.6, text: '4:59' });
    expect(report.pace.per_mile).toEqual({ seconds: 480.6, text: '8:01' });
    expect(report.speed).toEqual({ kmh: 12.0557, mph: 7.4911, mps: 3.3488 });
  });

  it('rounds the text from the total, never x:60', () => {
    expect(paceOf(1000, 299.6).per_km).toEqual({ seconds: 299.6, text: '5:00' });
    expect(paceOf(1000, 359.5).per_km.text).toBe('6:00');
  });

  it('reports distances to the millimetre', () => {
    expect(paceReport(6.2 * 1609.344, 3000).distance_m).toBe(9977.933);
  });
});

describe('convert (/convert)', () => {
  it('5:00/km = 12.0000 km/h = 7.4565 mph = 8:02.8/mi', () => {
    const result = convertPace(300);
    expect(result.speed).toEqual({ kmh: 12, mph: 7.4565, mps: 3.3333 });
    expect(result.pace.per_km).toEqual({ seconds: 300, text: '5:00' });
    expect(result.pace.per_mile.seconds).toBe(482.8);
  });

  it('from the parsers: "5:00/km", "12 km/h" and "8:02.8032/mi" agree', () => {
    const pace = parsePace('5:00/km');
    const speed = parseSpeed('12 km/h');
    const mile = parsePace('8:02.8032/mi');
    if (!pace.ok || !speed.ok || !mile.ok) throw new Error('the parsers refused a valid pace or speed');
    expect(convertSpeed(speed.value)).toEqual(convertPace(pace.value));
    expect(convertPace(mile.value)).toEqual(convertPace(pace.value));
  });

  it('12 km/h gives the same answer as 5:00/km', () => {
    expect(convertSpeed(12 / 3.6)).toEqual(convertPace(300));
  });

  it('8:02.8/mi ≈ 5:00/km', () => {
    const result = convertPace(482.8 / 1.609344);
    expect(result.pace.per_km.seconds).toBeCloseTo(300, 1);
    expect(result.speed.kmh).toBeCloseTo(12, 3);
  });

  // Speeds have 4 decimals, so a pace read back from a speed drifts by at most pace² · 0.00005 / unit (the
  // m/s figure, the coarsest); both roundings to 0.1 s add at most 0.1. Up to about 15:00 per km the drift
  // stays below 0.1 s per km and per mile; at 20:00 per km it reaches 0.116 s per mile through m/s.
  it('pace → speed → pace round-trips within 0.1 s plus the 4-decimal speed drift (km/h, mph and m/s)', () => {
    fc.assert(
      fc.property(fc.double({ min: 60, max: 1200, noNaN: true }), (secondsPerKm) => {
        const { speed, pace } = convertPace(secondsPerKm);
        const perMile = (secondsPerKm * 1609.344) / 1000;
        const driftKm = (secondsPerKm ** 2 * 0.00005) / 1000;
        const driftMile = (perMile ** 2 * 0.00005) / 1609.344;
        for (const mps of [speed.kmh / 3.6, (speed.mph * 1609.344) / 3600, speed.mps]) {
          const back = convertSpeed(mps).pace;
          expect(Math.abs(back.per_km.seconds - pace.per_km.seconds)).toBeLessThanOrEqual(
            0.1 + driftKm + 1e-9,
          );
          expect(Math.abs(back.per_mile.seconds - pace.per_mile.seconds)).toBeLessThanOrEqual(
            0.1 + driftMile + 1e-9,
          );
          if (secondsPerKm <= 900) {
            expect(Math.abs(back.per_km.seconds - pace.per_km.seconds)).toBeLessThanOrEqual(0.1 + 1e-9);
            expect(Math.abs(back.per_mile.seconds - pace.per_mile.seconds)).toBeLessThanOrEqual(0.1 + 1e-9);
          }
        }
      }),
    );
  });

  it('speed → pace → speed round-trips within what a 0.1 s pace step allows', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.5, max: 12, noNaN: true }), (mps) => {
        const { pace } = convertSpeed(mps);
        const back = convertPace(pace.per_km.seconds).speed.mps;
        // pace is within 0.05 s/km: relative speed error ≤ 0.05 · mps / 1000; then mps is rounded to 4 decimals.
        expect(Math.abs(back - mps)).toBeLessThanOrEqual((mps * mps * 0.05) / 1000 + 0.00005 + 1e-9);
      }),
    );
  });
});
