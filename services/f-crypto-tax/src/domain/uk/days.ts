// UK days: the calendar day in Europe/London (HMRC's "same day" and "30 days" count UK days; our
// reading) and the UK tax year that begins on 6 April.

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** From 1996 British Summer Time runs from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October. */
const EU_RULES_FROM = 1996;

/** 01:00 UTC on the last Sunday of a month (0-based) of a year, as epoch milliseconds. */
function lastSundayOneAm(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0);
  return lastDay - new Date(lastDay).getUTCDay() * DAY_MS + HOUR_MS;
}

const summerTime = new Map<number, readonly [number, number]>();

/** The instants BST starts and ends in a year (memoised: histories span few years). */
function summerTimeOf(year: number): readonly [number, number] {
  let span = summerTime.get(year);
  // Stryker disable next-line ConditionalExpression: a memo; recomputing gives the same instants
  if (span === undefined) {
    span = [lastSundayOneAm(year, 2), lastSundayOneAm(year, 9)];
    summerTime.set(year, span);
  }
  return span;
}

const london = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/** Before 1996 the UK's clock changes followed other rules: the time-zone database answers. */
function ukDayFromZoneData(instant: number): number {
  const parts: Record<string, number> = {};
  for (const part of london.formatToParts(instant)) parts[part.type] = Number(part.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!) / DAY_MS;
}

/** The Europe/London calendar day of an instant, as a day number (days since 1970-01-01). */
export function ukDay(instant: number): number {
  const year = new Date(instant).getUTCFullYear();
  // Stryker disable next-line ConditionalExpression,EqualityOperator: the zone database gives the same days in every year (tested); the arithmetic is only faster
  if (year < EU_RULES_FROM) return ukDayFromZoneData(instant);
  const [start, end] = summerTimeOf(year);
  // The clocks change at 01:00 UTC, so an hour's offset there never moves an instant to another day.
  // Stryker disable next-line EqualityOperator: see above
  const offset = instant >= start && instant < end ? HOUR_MS : 0;
  return Math.floor((instant + offset) / DAY_MS);
}

/** The UK tax year of a day: tax year 2024 runs from 6 April 2024 to 5 April 2025. */
export function taxYearOf(day: number): number {
  const date = new Date(day * DAY_MS);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  return month > 3 || (month === 3 && date.getUTCDate() >= 6) ? year : year - 1;
}

/** The first and last day numbers of a UK tax year. */
export function taxYearDays(year: number): { first: number; last: number } {
  return { first: Date.UTC(year, 3, 6) / DAY_MS, last: Date.UTC(year + 1, 3, 5) / DAY_MS };
}
