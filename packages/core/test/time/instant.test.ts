import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { epochInstant, MAX_INSTANT_MS, parseIsoInstant } from '../../src/index.js';

describe('parseIsoInstant', () => {
  it.each([
    ['2025-01-15', Date.UTC(2025, 0, 15), true],
    ['2025-01-15T10:30:00Z', Date.UTC(2025, 0, 15, 10, 30), false],
    ['2025-01-15 10:30', Date.UTC(2025, 0, 15, 10, 30), false],
    ['2025-01-15T10:30:00.123456789+02:00', Date.UTC(2025, 0, 15, 8, 30, 0, 123), false],
    ['2024-02-29T23:59:59-14:00', Date.UTC(2024, 2, 1, 13, 59, 59), false],
    ['2025-01-15T10:30:00 UTC', Date.UTC(2025, 0, 15, 10, 30), false],
  ])('%s', (text, ms, dateOnly) => {
    expect(parseIsoInstant(text)).toEqual({ ok: true, ms, dateOnly });
  });

  it('keeps a year as written: 0050 is the year 50, never 1950', () => {
    const year50 = parseIsoInstant('0050-06-01', { minYear: 1 });
    expect(year50.ok && new Date(year50.ms).getUTCFullYear()).toBe(50);
    expect(year50.ok && new Date(year50.ms).toISOString()).toBe('0050-06-01T00:00:00.000Z');
    expect(parseIsoInstant('0050-06-01')).toEqual({
      ok: false,
      message: 'must be a date from the year 1000 to 9999 (got the year 0050)',
    });
    expect(parseIsoInstant('2008-12-31', { minYear: 2009 }).ok).toBe(false);
  });

  it.each([
    ['2025-02-29', 'is not a day of the calendar (2025-02-29)'],
    ['2025-13-01', 'is not a day of the calendar (2025-13-01)'],
    ['2025-01-15T24:00', 'is not a time of day (24:00:0)'],
    ['2025-01-15T10:00+15:00', 'has an offset beyond ±14:00 (+15:00)'],
    ['15/01/2025', 'must be an ISO 8601 date or date-time, e.g. 2025-01-15 or 2025-01-15T10:30:00Z'],
    ['+275760-09-13', 'must be an ISO 8601 date or date-time, e.g. 2025-01-15 or 2025-01-15T10:30:00Z'],
  ])('refuses %s', (text, message) => {
    expect(parseIsoInstant(text)).toEqual({ ok: false, message });
  });

  it('agrees with Date.parse on every date-time of the years 1000–9999', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1000-01-01T00:00:00Z'),
          max: new Date('9999-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const text = date.toISOString();
          expect(parseIsoInstant(text)).toEqual({ ok: true, ms: date.getTime(), dateOnly: false });
        },
      ),
    );
  });
  it('with zoneRequired takes only a date-time with T and Z or an offset (RFC 3339)', () => {
    const strict = { zoneRequired: true };
    expect(parseIsoInstant('2025-01-15T10:30:00+01:00', strict)).toEqual({
      ok: true,
      ms: Date.UTC(2025, 0, 15, 9, 30),
      dateOnly: false,
    });
    const message = 'must be an ISO 8601 date-time with Z or an offset, e.g. 2025-01-15T10:30:00Z';
    for (const text of ['2025-01-15', '2025-01-15T10:30:00', '2025-01-15 10:30:00Z', 'now']) {
      expect(parseIsoInstant(text, strict)).toEqual({ ok: false, message });
    }
  });
});

describe('epochInstant', () => {
  it('takes seconds and milliseconds within the years, refuses what Date cannot hold', () => {
    expect(epochInstant(1_700_000_000, 's')).toEqual({ ok: true, ms: 1_700_000_000_000, dateOnly: false });
    expect(epochInstant(1_700_000_000_123, 'ms')).toEqual({
      ok: true,
      ms: 1_700_000_000_123,
      dateOnly: false,
    });
    expect(epochInstant(MAX_INSTANT_MS, 'ms')).toEqual({
      ok: false,
      message: 'must be an instant from the year 1000 to 9999 (this one is in 275760)',
    });
    expect(epochInstant(MAX_INSTANT_MS + 1, 'ms')).toEqual({
      ok: false,
      message: 'is not a representable Unix timestamp in milliseconds',
    });
    expect(epochInstant(Number.POSITIVE_INFINITY, 's').ok).toBe(false);
  });
});
