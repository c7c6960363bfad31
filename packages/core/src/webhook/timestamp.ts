/** Unix timestamps of webhook deliveries and the replay window around them. */

/** Unix times above this are taken as milliseconds (10^12 s is the year 33658; 10^12 ms is 2001). */
export const MILLISECONDS_THRESHOLD = 1e12;

const DIGITS = /^[0-9]{1,16}$/;

/** A non-negative integer unix time from a header or field; `undefined` for anything else. */
export function parseUnixTimestamp(value: string | number): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  const text = value.trim();
  if (!DIGITS.test(text)) return undefined;
  const parsed = Number(text);
  return Number.isSafeInteger(parsed) ? parsed : undefined;
}

/** Seconds from a unix time that may be in seconds or milliseconds (values above 10^12 are milliseconds). */
export function normalizeUnixSeconds(value: number): number {
  return value > MILLISECONDS_THRESHOLD ? value / 1000 : value;
}

export interface TimestampWindow {
  /** Unix seconds (already normalised), or the raw header/field value to parse as integer seconds. */
  timestamp: number | string;
  /** Unix seconds to judge against. */
  now: number;
  /** Allowed age in seconds; 0 disables the check. */
  toleranceS: number;
  /** Whether timestamps more than `toleranceS` in the future are rejected too. */
  rejectFuture: boolean;
}

export type TimestampReason = 'timestamp_too_old' | 'timestamp_in_future' | 'invalid_timestamp';

export type TimestampCheck =
  | { ok: true; timestamp: number; age_s: number }
  | { ok: false; reason: 'invalid_timestamp'; timestamp: null; age_s: null }
  | { ok: false; reason: 'timestamp_too_old' | 'timestamp_in_future'; timestamp: number; age_s: number };

/** Rounds to milliseconds, so ages computed from millisecond timestamps carry no float noise. */
function roundAge(age: number): number {
  return Math.round(age * 1000) / 1000;
}

/**
 * Checks a timestamp against the window `[now - toleranceS, now + toleranceS]` (or only the lower
 * bound). `age_s` is `now - timestamp`, negative for a timestamp in the future. Exactly
 * `toleranceS` old is still accepted.
 */
export function checkTimestamp(window: TimestampWindow): TimestampCheck {
  const timestamp =
    typeof window.timestamp === 'string'
      ? parseUnixTimestamp(window.timestamp)
      : Number.isFinite(window.timestamp) && window.timestamp >= 0
        ? window.timestamp
        : undefined;
  if (timestamp === undefined)
    return { ok: false, reason: 'invalid_timestamp', timestamp: null, age_s: null };
  const age = roundAge(window.now - timestamp);
  if (window.toleranceS === 0) return { ok: true, timestamp, age_s: age };
  if (age > window.toleranceS) return { ok: false, reason: 'timestamp_too_old', timestamp, age_s: age };
  if (window.rejectFuture && -age > window.toleranceS) {
    return { ok: false, reason: 'timestamp_in_future', timestamp, age_s: age };
  }
  return { ok: true, timestamp, age_s: age };
}
