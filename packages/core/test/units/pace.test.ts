import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePace, parseSpeed } from '../../src/units/index.js';

function value(result: { ok: true; value: number } | { ok: false; message: string }): number {
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

describe('parsePace (seconds per km)', () => {
  it.each([
    ['5:00/km', 300],
    ['5:00 / KM', 300],
    ['4:35.5/km', 275.5],
    ['8:02/mi', (482 * 1000) / 1609.344],
    ['8:02/mile', (482 * 1000) / 1609.344],
    ['8:02.8032/mi', 300],
    ['1:00:00/km', 3600],
  ])('%s', (input, secondsPerKm) => {
    expect(value(parsePace(input))).toBeCloseTo(secondsPerKm, 9);
  });

  it.each([
    ['5:00'],
    ['5:00/m'],
    ['5:00/furlong'],
    ['4:60/km'],
    ['-5:00/km'],
    ['0:00/km'],
    ['abc/km'],
    ['/km'],
    [''],
    [300],
    [null],
    ['0:01/km'],
    ['120:00:00/km'],
  ])('refuses %j', (input) => {
    expect(parsePace(input).ok).toBe(false);
  });
});

describe('parseSpeed (m/s)', () => {
  it.each([
    ['12 km/h', 12 / 3.6],
    ['12km/h', 12 / 3.6],
    ['12 KPH', 12 / 3.6],
    ['12 kmh', 12 / 3.6],
    ['7.5 mph', (7.5 * 1609.344) / 3600],
    ['3.2 m/s', 3.2],
    ['1000 km/h', 1000 / 3.6],
    ['0.01 km/h', 0.01 / 3.6],
  ])('%s', (input, mps) => {
    expect(value(parseSpeed(input))).toBeCloseTo(mps, 12);
  });

  it.each([
    ['12'],
    [12],
    ['0 km/h'],
    ['-3 m/s'],
    ['12 km'],
    ['12 knots'],
    ['1001 km/h'],
    ['0.001 km/h'],
    ['fast'],
    [''],
    [undefined],
  ])('refuses %j', (input) => {
    expect(parseSpeed(input).ok).toBe(false);
  });

  it('shows an accepted example', () => {
    const result = parseSpeed('12');
    expect(result.ok === false && result.message).toContain('"12 km/h"');
  });

  it('a speed and its pace agree', () => {
    fc.assert(
      fc.property(fc.integer({ min: 120, max: 3600 }), (secondsPerKm) => {
        const minutes = Math.floor(secondsPerKm / 60);
        const seconds = String(secondsPerKm % 60).padStart(2, '0');
        const pace = value(parsePace(`${minutes}:${seconds}/km`));
        const speed = value(parseSpeed(`${(1000 / secondsPerKm).toFixed(12)} m/s`));
        expect(1000 / speed).toBeCloseTo(pace, 6);
      }),
    );
  });
});
