import { decimalBoundProblem } from '@dus/core';
import { parseInstant } from './dates.js';
import { DECIMAL_PATTERN, type Decimal, Dec } from './decimal.js';
import { isFiat } from './fiat.js';

/** Reports a problem with one field, by the name it was sent under. */
export type Report = (field: string, code: string, message: string) => void;

export const DECIMAL_HINT =
  'a decimal string such as "0.5" (digits and at most one point; no sign, exponent or separators)';

/**
 * A decimal from a string `^\d+(\.\d+)?$` or a JSON number read as its shortest decimal (0.1 is 0.1).
 * Integers beyond 2^53 and numbers that only print with an exponent are refused: they lose or hide digits.
 */
export function readDecimal(value: unknown): Decimal | string {
  if (typeof value === 'string') {
    if (!DECIMAL_PATTERN.test(value)) return `must be ${DECIMAL_HINT}`;
    return decimalBoundProblem(value) ?? new Dec(value);
  }
  if (typeof value === 'number' && Number.isFinite(value)) {
    if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
      return 'is beyond 2^53: a JSON number this large has lost digits; send it as a decimal string';
    }
    const text = String(value);
    if (value < 0) return 'must not be negative';
    if (!DECIMAL_PATTERN.test(text))
      return `${text} needs an exponent as a JSON number: send it as a decimal string`;
    return decimalBoundProblem(text) ?? new Dec(text);
  }
  return `must be ${DECIMAL_HINT} or a JSON number`;
}

/** `readDecimal` with a bound: `> 0` (positive) or `≥ 0`. */
export function decimalField(
  value: unknown,
  field: string,
  bound: 'positive' | 'non_negative',
  report: Report,
): Decimal | undefined {
  const read = readDecimal(value);
  if (typeof read === 'string') {
    report(field, 'invalid_decimal', read);
    return undefined;
  }
  if (bound === 'positive' && read.lte(0)) {
    report(field, 'too_small', 'must be greater than 0');
    return undefined;
  }
  return read;
}

const CODE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;

/** An asset or currency code, upper-cased: letters, digits, `.`, `_`, `-`, at most 32 characters. */
export function codeField(value: unknown, field: string, report: Report): string | undefined {
  if (typeof value === 'string' && CODE.test(value.trim())) return value.trim().toUpperCase();
  report(
    field,
    'invalid_code',
    'must be an asset or currency code such as "BTC" or "USD" (letters, digits, . _ -; at most 32)',
  );
  return undefined;
}

/** An ISO 4217 code (any case), upper-cased. */
export function fiatField(value: unknown, field: string, report: Report): string | undefined {
  const code = typeof value === 'string' ? value.trim().toUpperCase() : undefined;
  if (code !== undefined && isFiat(code)) return code;
  report(
    field,
    'invalid_currency',
    'must be an ISO 4217 currency code such as "USD" or "EUR" (USDT and USDC are assets: value them with fx_rates)',
  );
  return undefined;
}

export function instantField(value: unknown, field: string, report: Report): number | undefined {
  const instant = typeof value === 'string' ? parseInstant(value) : undefined;
  if (instant?.ok) return instant.ms;
  report(
    field,
    'invalid_date',
    instant?.message ??
      'must be an ISO 8601 date or date-time such as "2025-01-15" or "2025-01-15T10:00:00Z"',
  );
  return undefined;
}
