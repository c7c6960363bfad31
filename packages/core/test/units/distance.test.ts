import { describe, expect, it } from 'vitest';
import { parseDistance } from '../../src/units/index.js';

function meters(input: unknown): number {
  const result = parseDistance(input);
  if (!result.ok) throw new Error(`expected ${JSON.stringify(input)} to parse: ${result.message}`);
  return result.value.meters;
}

function message(input: unknown): string {
  const result = parseDistance(input);
  if (result.ok) throw new Error(`expected ${JSON.stringify(input)} to be refused`);
  return result.message;
}

describe('parseDistance: named distances', () => {
  it.each([
    ['5k', 5000, '5K'],
    ['10k', 10_000, '10K'],
    ['half', 21097.5, 'half marathon'],
    ['half-marathon', 21097.5, 'half marathon'],
    ['marathon', 42195, 'marathon'],
    ['mile', 1609.344, 'mile'],
    ['1500m', 1500, '1500 m'],
    ['3k', 3000, '3K'],
    ['15k', 15_000, '15K'],
    ['10mi', 16093.44, '10 mi'],
  ])('%s = %d m', (input, expected, label) => {
    expect(parseDistance(input)).toEqual({ ok: true, value: { meters: expected, label } });
  });

  it('is case-insensitive and trims', () => {
    expect(meters('  MARATHON ')).toBe(42195);
    expect(meters('Half-Marathon')).toBe(21097.5);
    expect(meters('5K')).toBe(5000);
  });
});

describe('parseDistance: numbers with units', () => {
  it.each([
    ['10 km', 10_000, '10 km'],
    ['6.2mi', 6.2 * 1609.344, '6.2 mi'],
    ['800 m', 800, '800 m'],
    ['3.1 miles', 3.1 * 1609.344, '3.1 mi'],
    ['400yd', 400 * 0.9144, '400 yd'],
    ['1 mile', 1609.344, '1 mi'],
    ['2mi', 3218.688, '2 mi'],
    ['5 k', 5000, '5 km'],
    ['.5 km', 500, '0.5 km'],
    ['42.195KM', 42195, '42.195 km'],
  ])('%s', (input, expected, label) => {
    const result = parseDistance(input);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.value.meters).toBeCloseTo(expected, 9);
      expect(result.value.label).toBe(label);
    }
  });

  it('accepts { value, unit } objects', () => {
    expect(meters({ value: 10, unit: 'km' })).toBe(10_000);
    expect(meters({ value: 26.2, unit: 'MI' })).toBeCloseTo(42164.8128, 9);
    expect(meters({ value: 400, unit: 'm' })).toBe(400);
    expect(meters({ value: 100, unit: 'yd' })).toBeCloseTo(91.44, 12);
  });

  it('uses the exact constants', () => {
    expect(meters('1 mi')).toBe(1609.344);
    expect(meters('2 yd')).toBe(1.8288);
    expect(message('1 yd')).toContain('at least 1 m');
  });
});

describe('parseDistance: refusals', () => {
  it('a bare number asks for a unit and shows an example', () => {
    for (const input of [5000, '5000', ' 10 ', '10.5']) {
      const text = message(input);
      expect(text).toContain('needs a unit');
      expect(text).toContain('"10 km"');
    }
  });

  it.each([['0 km'], ['-5 km'], ['0m'], [{ value: 0, unit: 'km' }], [{ value: -1, unit: 'km' }]])(
    'zero or negative %j',
    (input) => {
      expect(message(input)).toContain('greater than zero');
    },
  );

  it('non-finite values', () => {
    expect(message({ value: Number.NaN, unit: 'km' })).toContain('finite');
    expect(message({ value: Number.POSITIVE_INFINITY, unit: 'km' })).toContain('finite');
  });

  it('absurd values beyond 1000 km, and below 1 m', () => {
    expect(meters('1000 km')).toBe(1_000_000);
    expect(message('1000.001 km')).toContain('at most 1000 km');
    expect(message({ value: 1e300, unit: 'm' })).toContain('at most 1000 km');
    expect(message('0.5 m')).toContain('at least 1 m');
  });

  it.each([
    [''],
    ['   '],
    ['abc'],
    ['10 furlongs'],
    ['10 km km'],
    ['1e3 m'],
    ['+5 km'],
    ['5,5 km'],
    ['km'],
    ['x'.repeat(100)],
  ])('malformed text %j', (input) => {
    expect(parseDistance(input).ok).toBe(false);
  });

  it.each([
    [null],
    [undefined],
    [true],
    [[10, 'km']],
    [{ value: '10', unit: 'km' }],
    [{ value: 10 }],
    [{ value: 10, unit: 'parsec' }],
    [{ value: 10, unit: 'km', extra: 1 }],
    [{ value: 10, unit: 'constructor' }],
    ['constructor'],
    ['__proto__'],
  ])('wrong shape %j', (input) => {
    expect(parseDistance(input).ok).toBe(false);
  });
});
