import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTimestamp, normalizeUnixSeconds, parseUnixTimestamp } from '../../src/webhook/index.js';

describe('checkTimestamp', () => {
  const now = 1_700_000_000;

  it('accepts a timestamp inside the window, up to exactly the tolerance', () => {
    expect(checkTimestamp({ timestamp: now - 300, now, toleranceS: 300, rejectFuture: false })).toEqual({
      ok: true,
      timestamp: now - 300,
      age_s: 300,
    });
  });

  it('rejects a stale timestamp with its age', () => {
    expect(
      checkTimestamp({ timestamp: String(now - 412), now, toleranceS: 300, rejectFuture: false }),
    ).toEqual({
      ok: false,
      reason: 'timestamp_too_old',
      timestamp: now - 412,
      age_s: 412,
    });
  });

  it('rejects a future timestamp only when asked, with a negative age', () => {
    const window = { timestamp: now + 61, now, toleranceS: 60 };
    expect(checkTimestamp({ ...window, rejectFuture: true })).toEqual({
      ok: false,
      reason: 'timestamp_in_future',
      timestamp: now + 61,
      age_s: -61,
    });
    expect(checkTimestamp({ ...window, rejectFuture: false })).toEqual({
      ok: true,
      timestamp: now + 61,
      age_s: -61,
    });
  });

  it('disables the window with tolerance 0', () => {
    expect(checkTimestamp({ timestamp: 1, now, toleranceS: 0, rejectFuture: true })).toEqual({
      ok: true,
      timestamp: 1,
      age_s: now - 1,
    });
  });

  it('reports invalid timestamps', () => {
    for (const timestamp of ['abc', '', '-5', '1.5', '12e3', Number.NaN, -1]) {
      expect(checkTimestamp({ timestamp, now, toleranceS: 300, rejectFuture: false })).toEqual({
        ok: false,
        reason: 'invalid_timestamp',
        timestamp: null,
        age_s: null,
      });
    }
  });

  it('gives millisecond-precision ages without float noise', () => {
    const result = checkTimestamp({
      timestamp: 1_700_000_000.123,
      now: 1_700_000_010,
      toleranceS: 60,
      rejectFuture: true,
    });
    expect(result).toEqual({ ok: true, timestamp: 1_700_000_000.123, age_s: 9.877 });
  });

  it('is symmetric for rejectFuture windows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000, max: 10_000 }),
        fc.integer({ min: 1, max: 5000 }),
        (delta, tol) => {
          const result = checkTimestamp({ timestamp: now + delta, now, toleranceS: tol, rejectFuture: true });
          expect(result.ok).toBe(Math.abs(delta) <= tol);
        },
      ),
    );
  });
});

describe('parseUnixTimestamp / normalizeUnixSeconds', () => {
  it('parses non-negative integers only', () => {
    expect(parseUnixTimestamp('1700000000')).toBe(1_700_000_000);
    expect(parseUnixTimestamp(' 42 ')).toBe(42);
    expect(parseUnixTimestamp(42)).toBe(42);
    expect(parseUnixTimestamp(4.2)).toBeUndefined();
    expect(parseUnixTimestamp('+42')).toBeUndefined();
    expect(parseUnixTimestamp('99999999999999999')).toBeUndefined();
  });

  it('treats values above 10^12 as milliseconds', () => {
    expect(normalizeUnixSeconds(1_700_000_000)).toBe(1_700_000_000);
    expect(normalizeUnixSeconds(1_000_000_000_000)).toBe(1_000_000_000_000);
    expect(normalizeUnixSeconds(1_700_000_000_123)).toBe(1_700_000_000.123);
  });
});
