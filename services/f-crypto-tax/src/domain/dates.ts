import { type InstantResult, parseIsoInstant } from '@dus/core';

// Instants are epoch milliseconds; a lot's and a sale's dates are UTC calendar days. The holding period
// compares calendar dates (IRS Pub. 544: the day after acquisition through the day of sale), never
// `days >= 365`.

const DAY_MS = 86_400_000;

/** Days in a month of the proleptic Gregorian calendar. */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Trades are dated from 1900 to 9999 (docs/conventions.md §3): a year is the year written (0050 is
 * never 1950) and earlier ones are refused as not a trade's date.
 */
export const TRADE_YEARS = { minYear: 1900, maxYear: 9999 } as const;

/**
 * An ISO 8601 date or date-time (date only = 00:00:00Z, no offset = UTC; a space may stand for `T`,
 * `UTC` for `Z`) → epoch ms, or why it is not one.
 */
export function parseInstant(text: string): InstantResult {
  return parseIsoInstant(text, TRADE_YEARS);
}

/** UTC calendar day number (days since 1970-01-01). */
export function dayNumber(instant: number): number {
  return Math.floor(instant / DAY_MS);
}

const isoDays = new Map<number, string>();

/** `YYYY-MM-DD` of a UTC day number (memoised: a history has far fewer days than rows). */
export function isoDay(day: number): string {
  let text = isoDays.get(day);
  // Stryker disable next-line ConditionalExpression: a memo; recomputing gives the same text
  if (text === undefined) {
    text = new Date(day * DAY_MS).toISOString().slice(0, 10);
    // Stryker disable next-line ConditionalExpression,EqualityOperator,CallExpression: the memo's size bound; a day not remembered is recomputed alike
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
