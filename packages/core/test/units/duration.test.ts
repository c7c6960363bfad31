import { describe, expect, it } from 'vitest';
import { parseDuration } from '../../src/units/index.js';

function refused(input: unknown): string {
  const result = parseDuration(input);
  if (result.ok) throw new Error(`expected ${JSON.stringify(input)} to be refused, got ${result.value}`);
  return result.message;
}

describe('parseDuration: accepted forms', () => {
  it.each([
    ['20:00', 1200],
    ['4:05', 245],
    ['19:57.5', 1197.5],
    ['63:46', 3826],
    ['120:00', 7200],
    ['1:30:00', 5400],
    ['3:10:49', 11449],
    ['01:02:03.25', 3723.25],
    ['100:00:00', 360_000],
    ['  40:00 ', 2400],
    ['1200', 1200],
    ['0.5', 0.5],
    [1200, 1200],
    [59.9, 59.9],
    [0.1, 0.1],
    [604_800, 604_800],
  ])('%j = %d s', (input, seconds) => {
    expect(parseDuration(input)).toEqual({ ok: true, value: seconds });
  });
});

describe('parseDuration: refusals show an accepted example', () => {
  it.each([['4:60'], ['-5:00'], [0], ['0:00'], ['0'], ['1:2:3:4'], ['abc'], [''], ['   '], [-1]])(
    '%j',
    (input) => {
      expect(refused(input)).toContain('"19:57.5"');
    },
  );

  it('names the reason', () => {
    expect(refused('4:60')).toContain('seconds field');
    expect(refused('4:60.0')).toContain('seconds field');
    expect(refused('1:60:00')).toContain('minutes field');
    expect(refused('-5:00')).toContain('negative');
    expect(refused(0)).toContain('greater than zero');
    expect(refused('0:00')).toContain('greater than zero');
  });

  it.each([
    ['4:5'],
    ['1:5:00'],
    [':30'],
    ['5:'],
    ['5:00.'],
    ['1e3'],
    ['5 min'],
    ['20:00:'],
    ['x'.repeat(100)],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [null],
    [{ seconds: 10 }],
  ])('malformed %j', (input) => {
    expect(parseDuration(input).ok).toBe(false);
  });

  it('bounds: at least 0.1 s, at most 7 days', () => {
    expect(refused(0.05)).toContain('at least 0.1 s');
    expect(refused(604_800.1)).toContain('at most 7 days');
    expect(refused('168:00:01')).toContain('at most 7 days');
    expect(refused('99999999999999999999:00')).toContain('at most 7 days');
  });
});
