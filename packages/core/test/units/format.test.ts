import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDuration, formatDurationTenths, parseDuration, roundHalfEven } from '../../src/units/index.js';

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [59.4, '0:59'],
    [59.5, '1:00'],
    [299.6, '5:00'],
    [3599.5, '1:00:00'],
    [3599.4, '59:59'],
    [5295.37, '1:28:15'],
    [11040.48, '3:04:00'],
    [12541.79, '3:29:02'],
    [86400 * 2 + 1, '48:00:01'],
    [-61, '-1:01'],
    [0.5, '0:00'],
    [1.5, '0:02'],
    [2.5, '0:02'],
    [2.5000001, '0:03'],
  ])('%d → %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('never shows :60 and round-trips through parseDuration to the nearest second', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.51, max: 604_800, noNaN: true }), (seconds) => {
        const text = formatDuration(seconds);
        expect(text).not.toMatch(/:6\d/);
        expect(text).toMatch(/^(\d+:[0-5]\d:[0-5]\d|[1-5]?\d:[0-5]\d)$/);
        const back = parseDuration(text);
        expect(back.ok && back.value).toBe(roundHalfEven(seconds));
      }),
    );
  });
});

describe('formatDurationTenths', () => {
  it.each([
    [482.8032, '8:02.8'],
    [6363.636, '1:46:03.6'],
    [6236.364, '1:43:56.4'],
    [59.96, '1:00.0'],
    [3599.96, '1:00:00.0'],
    [0.04, '0:00.0'],
    [6329.25, '1:45:29.2'],
    [6329.35, '1:45:29.4'],
    [7595.1, '2:06:35.1'],
  ])('%d → %s', (seconds, text) => {
    expect(formatDurationTenths(seconds)).toBe(text);
  });

  it('never shows :60 and round-trips to the nearest tenth', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.1, max: 604_800, noNaN: true }), (seconds) => {
        const text = formatDurationTenths(seconds);
        expect(text).not.toMatch(/:6\d/);
        const back = parseDuration(text);
        expect(back.ok).toBe(true);
        if (back.ok) expect(back.value).toBeCloseTo(roundHalfEven(seconds, 1), 6);
      }),
    );
  });
});

describe('roundHalfEven', () => {
  it.each([
    [6329.25, 1, 6329.2],
    [6329.35, 1, 6329.4],
    [2.5, 0, 2],
    [3.5, 0, 4],
    [-2.5, 0, -2],
    [-3.5, 0, -4],
    [2.51, 0, 3],
    [7.45645430684, 4, 7.4565],
    [12.05571, 4, 12.0557],
    [0, 1, 0],
  ])('%d to %d places → %d', (value, decimals, expected) => {
    expect(roundHalfEven(value, decimals)).toBe(expected);
  });

  it('is within half a unit of the value', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        fc.integer({ min: 0, max: 4 }),
        (value, decimals) => {
          expect(Math.abs(roundHalfEven(value, decimals) - value)).toBeLessThanOrEqual(
            0.5 / 10 ** decimals + 1e-6,
          );
        },
      ),
    );
  });
});
