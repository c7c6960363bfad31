import { parseIsoInstant } from '@dus/core';

/** RFC 3339 §5.6 `date-time`: `T`, seconds, a fraction of at most 9 digits, and `Z` or `±HH:MM`. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * Epoch milliseconds of an RFC 3339 date-time (Twitch's `Twitch-Eventsub-Message-Timestamp`, e.g.
 * `2023-11-14T22:13:20.123456789Z`; the fraction kept to the millisecond), read by core's one parser;
 * `undefined` for any other text or a day the calendar lacks.
 */
export function parseRfc3339(text: string): number | undefined {
  const trimmed = text.trim();
  if (!RFC3339.test(trimmed)) return undefined;
  // The pattern above already asks for `T`, seconds and a zone; a year before 1970 is refused later, as any
  // timestamp before the epoch is.
  const instant = parseIsoInstant(trimmed);
  return instant.ok ? instant.ms : undefined;
}
