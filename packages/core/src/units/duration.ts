import { MAX_DURATION_S, MIN_DURATION_S } from './constants.js';
import { fail, ok, type ParseResult } from './result.js';

const EXAMPLE = 'use "MM:SS", "HH:MM:SS" or a number of seconds, e.g. "19:57.5", "1:30:00" or 1200';
const SECONDS_ONLY = /^\d+(?:\.\d+)?$/;
// Two-part form: minutes may exceed 59 ("63:46"), as published tables write it.
const MIN_SEC = /^(\d+):(\d{2}(?:\.\d+)?)$/;
const HOUR_MIN_SEC = /^(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/;
const MAX_TEXT_LENGTH = 64;

function checkRange(seconds: number): ParseResult<number> {
  if (!Number.isFinite(seconds)) return fail(`duration must be a finite number of seconds; ${EXAMPLE}`);
  if (seconds <= 0) return fail(`duration must be greater than zero; ${EXAMPLE}`);
  if (seconds < MIN_DURATION_S) return fail(`duration must be at least ${MIN_DURATION_S} s`);
  if (seconds > MAX_DURATION_S) return fail(`duration must be at most 7 days (${MAX_DURATION_S} s)`);
  return ok(seconds);
}

function parseText(raw: string): ParseResult<number> {
  const text = raw.trim();
  if (text === '') return fail(`duration is empty; ${EXAMPLE}`);
  if (text.length > MAX_TEXT_LENGTH) return fail(`duration is too long; ${EXAMPLE}`);
  if (text.startsWith('-')) return fail(`duration must not be negative; ${EXAMPLE}`);
  if (SECONDS_ONLY.test(text)) return checkRange(Number(text));

  const three = HOUR_MIN_SEC.exec(text);
  const two = three ? null : MIN_SEC.exec(text);
  if (!three && !two) return fail(`"${text}" is not a duration; ${EXAMPLE}`);

  const hours = three ? Number(three[1]) : 0;
  const minutes = Number(three ? three[2] : two?.[1]);
  const seconds = Number(three ? three[3] : two?.[2]);
  if (seconds >= 60) return fail(`the seconds field of "${text}" must be below 60; ${EXAMPLE}`);
  if (three && minutes >= 60) return fail(`the minutes field of "${text}" must be below 60; ${EXAMPLE}`);
  return checkRange(hours * 3600 + minutes * 60 + seconds);
}

/**
 * A positive duration in seconds from `"MM:SS"` (minutes may be ≥ 60), `"HH:MM:SS"`, a number of seconds
 * or a numeric string; the last field may have a fraction (`"19:57.5"`). Range: 0.1 s to 7 days.
 */
export function parseDuration(input: unknown): ParseResult<number> {
  if (typeof input === 'number') return checkRange(input);
  if (typeof input === 'string') return parseText(input);
  return fail(`duration must be a string or a number; ${EXAMPLE}`);
}
