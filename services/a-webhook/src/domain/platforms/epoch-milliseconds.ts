import type { TimestampSource } from '../types.js';

const MILLISECONDS_FROM = 1e12;

/**
 * A delivery time known in milliseconds, for the central window check: above 10^12 (every time since
 * September 2001) it is passed as milliseconds and judged to the millisecond; an earlier time is passed
 * as whole seconds, so that it is never mistaken for seconds and read as a date far in the future.
 */
export function fromEpochMilliseconds(milliseconds: number): TimestampSource {
  if (milliseconds > MILLISECONDS_FROM) return { value: milliseconds, allowMilliseconds: true };
  return { value: Math.floor(milliseconds / 1000), allowMilliseconds: false };
}
