// Dates of price sets and of usage (`at`): UTC calendar days `YYYY-MM-DD`, which compare as strings.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
// YYYY-MM-DD, optionally THH:MM:SS[.fraction] and Z or ±HH:MM (capital T and Z, 1–9 fraction digits).
const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:(Z)|([+-])(\d{2}):(\d{2})))?$/;

/** Days in a month of the proleptic Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Whether year-month-day is a real Gregorian date. */
export function isRealDate(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Whether `text` is a real date `YYYY-MM-DD`. */
export function isDay(text: string): boolean {
  const match = DAY.exec(text);
  return match !== null && isRealDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** The UTC calendar day of an instant. */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

export const MIN_YEAR = 2000;
export const MAX_YEAR = 2999;

/**
 * The UTC day (`priced_on`) of an `at`: a date `YYYY-MM-DD` (that UTC day) or an RFC 3339 date-time with
 * `Z` or an offset; undefined when it is not one, or not a real date and time of the years 2000–2999.
 */
export function pricedOn(at: string): string | undefined {
  const match = INSTANT.exec(at);
  if (match === null) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < MIN_YEAR || year > MAX_YEAR || !isRealDate(year, month, day)) return undefined;
  if (match[4] === undefined) return at;
  const [hour, minute, second] = [Number(match[4]), Number(match[5]), Number(match[6])];
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  let offset = 0;
  if (match[7] === undefined) {
    const [offsetHour, offsetMinute] = [Number(match[9]), Number(match[10])];
    if (offsetHour > 23 || offsetMinute > 59) return undefined;
    offset = (match[8] === '-' ? -1 : 1) * (offsetHour * 60 + offsetMinute);
  }
  // The fraction never changes the day: a second is whole within it.
  const instant = new Date(0);
  instant.setUTCFullYear(year, month - 1, day);
  instant.setUTCHours(hour, minute - offset, second, 0);
  return utcDay(instant);
}
