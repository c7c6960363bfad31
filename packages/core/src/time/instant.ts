/**
 * One parser of instants for every service (docs/conventions.md §3): ISO 8601 dates and date-times and
 * Unix timestamps, refused when they are not a real moment or not one JavaScript can represent —
 * never silently moved (JavaScript's `Date.UTC` turns years 0–99 into 1900–1999; here a year is the
 * year written, and the range a service accepts is its own).
 */

/** The instants JavaScript's Date represents: ±8.64 × 10^15 ms around 1970. */
export const MAX_INSTANT_MS = 8.64e15;

export interface InstantRange {
  /** Earliest year accepted (default 1000); later than the year 0 of ISO 8601's proleptic calendar. */
  minYear?: number;
  /** Latest year accepted (default 9999, the last four-digit year). */
  maxYear?: number;
  /** RFC 3339 only: a date-time with `T` and `Z` or an offset (no date alone, no implied UTC). */
  zoneRequired?: boolean;
}

export type InstantResult = { ok: true; ms: number; dateOnly: boolean } | { ok: false; message: string };

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|z|UTC|[+-]\d{2}:?\d{2})?)?$/;

/** Epoch ms of a UTC date-time, for any year (no 0–99 → 1900–1999 mapping). */
function utcMs(
  year: number,
  month: number,
  day: number,
  h: number,
  mi: number,
  s: number,
  ms: number,
): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(h, mi, s, ms);
  return date.getTime();
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function yearRange(range: InstantRange): [number, number] {
  return [range.minYear ?? 1000, range.maxYear ?? 9999];
}

/**
 * An ISO 8601 date (`2025-01-15`, midnight UTC) or date-time (`2025-01-15T10:30:00Z`, with a fraction of
 * up to 9 digits and an offset of ±HH:MM; none means UTC; a space may stand for `T`, `UTC` for `Z`).
 */
export function parseIsoInstant(text: string, range: InstantRange = {}): InstantResult {
  const match = ISO.exec(text.trim());
  if (range.zoneRequired === true && (match === null || match[8] === undefined || !/T/i.test(text))) {
    return {
      ok: false,
      message: 'must be an ISO 8601 date-time with Z or an offset, e.g. 2025-01-15T10:30:00Z',
    };
  }
  if (match === null) {
    return {
      ok: false,
      message: 'must be an ISO 8601 date or date-time, e.g. 2025-01-15 or 2025-01-15T10:30:00Z',
    };
  }
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone] = match;
  const [year, month, day] = [Number(y), Number(mo), Number(d)];
  const [minYear, maxYear] = yearRange(range);
  if (year < minYear || year > maxYear) {
    return {
      ok: false,
      message: `must be a date from the year ${minYear} to ${maxYear} (got the year ${y})`,
    };
  }
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return { ok: false, message: `is not a day of the calendar (${y}-${mo}-${d})` };
  }
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) {
    return { ok: false, message: `is not a time of day (${h}:${mi}:${s})` };
  }
  let offsetMinutes = 0;
  if (zone !== undefined && zone !== 'Z' && zone !== 'z' && zone !== 'UTC') {
    const digits = zone.slice(1).replace(':', '');
    const [hours, minutes] = [Number(digits.slice(0, 2)), Number(digits.slice(2))];
    if (hours > 14 || minutes > 59) return { ok: false, message: `has an offset beyond ±14:00 (${zone})` };
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
  }
  const millis = frac === '' ? 0 : Math.floor(Number(`0.${frac}`) * 1000);
  const ms = utcMs(year, month, day, Number(h), Number(mi), Number(s), millis) - offsetMinutes * 60_000;
  return { ok: true, ms, dateOnly: match[4] === undefined };
}

/** A Unix timestamp in seconds or milliseconds, refused outside the year range and Date's range. */
export function epochInstant(value: number, unit: 's' | 'ms', range: InstantRange = {}): InstantResult {
  const ms = unit === 's' ? value * 1000 : value;
  if (!Number.isFinite(ms) || Math.abs(ms) > MAX_INSTANT_MS) {
    return {
      ok: false,
      message: `is not a representable Unix timestamp in ${unit === 's' ? 'seconds' : 'milliseconds'}`,
    };
  }
  const year = new Date(ms).getUTCFullYear();
  const [minYear, maxYear] = yearRange(range);
  if (year < minYear || year > maxYear) {
    return {
      ok: false,
      message: `must be an instant from the year ${minYear} to ${maxYear} (this one is in ${year})`,
    };
  }
  return { ok: true, ms: Math.floor(ms), dateOnly: false };
}
