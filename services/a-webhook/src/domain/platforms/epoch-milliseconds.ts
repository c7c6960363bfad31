import { MILLISECONDS_THRESHOLD } from '@dus/core';
import type { PlatformCheck, TimestampSource } from '../types.js';

/**
 * A delivery time known in milliseconds, for the central window check: above 10^12 (every time since
 * September 2001) it is passed as milliseconds and judged to the millisecond; an earlier time is passed
 * as whole seconds, so that it is never mistaken for seconds and read as a date far in the future.
 */
function fromEpochMilliseconds(milliseconds: number): TimestampSource {
  if (milliseconds > MILLISECONDS_THRESHOLD) return { value: milliseconds, allowMilliseconds: true };
  return { value: Math.floor(milliseconds / 1000), allowMilliseconds: false };
}

/**
 * For a platform that signs its delivery time in its own format (HubSpot's milliseconds, Zendesk's ISO
 * 8601): once the signature matched, `parse` reads the signed text into epoch milliseconds for the
 * central window check; text it cannot read is `invalid_timestamp`.
 */
export function withSignedMilliseconds(
  check: PlatformCheck,
  text: string,
  parse: (text: string) => number | undefined,
  invalidMessage: string,
): PlatformCheck {
  if (check.match === null) return check;
  const milliseconds = parse(text);
  if (milliseconds === undefined) {
    return { ...check, failure: { reason: 'invalid_timestamp', message: invalidMessage } };
  }
  return { ...check, timestamp: fromEpochMilliseconds(milliseconds) };
}
