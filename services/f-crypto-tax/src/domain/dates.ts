// Instants are epoch milliseconds; a lot's and a sale's dates are UTC calendar days. The holding period
// compares calendar dates (IRS Pub. 544: the day after acquisition through the day of sale), never
// `days >= 365`.

const DAY_MS = 86_400_000;

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|z|UTC|[+-]\d{2}:?\d{2})?)?$/;

/** Days in a month of the proleptic Gregorian calendar. */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Parses an ISO 8601 date or date-time (date only = 00:00:00Z, no offset = UTC; a space may stand for
 * `T`, `UTC` for `Z`). Returns epoch ms, or undefined when the text is not such a date or not a real day.
 */
export function parseInstant(text: string): number | undefined {
  const match = ISO.exec(text.trim());
  if (match === null) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined;
  const ms = frac === '' ? 0 : Math.floor(Number(`0.${frac}`) * 1000);
  let offsetMinutes = 0;
  if (zone !== undefined && zone !== 'Z' && zone !== 'z' && zone !== 'UTC') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const hours = Number(digits.slice(0, 2));
    const minutes = Number(digits.slice(2));
    if (hours > 23 || minutes > 59) return undefined;
    offsetMinutes = sign * (hours * 60 + minutes);
  }
  const utc = Date.UTC(year, month - 1, day, Number(h), Number(mi), Number(s), ms);
  return utc - offsetMinutes * 60_000;
}

/** UTC calendar day number (days since 1970-01-01). */
export function dayNumber(instant: number): number {
  return Math.floor(instant / DAY_MS);
}

const isoDays = new Map<number, string>();

/** `YYYY-MM-DD` of a UTC day number (memoised: a history has far fewer days than rows). */
export function isoDay(day: number): string {
  let text = isoDays.get(day);
  if (text === undefined) {
    text = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (isoDays.size < 100_000) isoDays.set(day, text);
  }
  return text;
}

/** UTC calendar year of a day number. */
export function yearOf(day: number): number {
  return new Date(day * DAY_MS).getUTCFullYear();
}

/** The first anniversary of an acquisition day; the anniversary of Feb 29 is Feb 28. */
export function firstAnniversary(acquired: number): number {
  const date = new Date(acquired * DAY_MS);
  const year = date.getUTCFullYear() + 1;
  const month = date.getUTCMonth();
  const day = Math.min(date.getUTCDate(), daysInMonth(year, month + 1));
  return dayNumber(Date.UTC(year, month, day));
}

/** Long-term iff sold after the first anniversary of the acquisition (US rule). */
export function termOf(acquired: number, sold: number): 'short' | 'long' {
  return sold > firstAnniversary(acquired) ? 'long' : 'short';
}
