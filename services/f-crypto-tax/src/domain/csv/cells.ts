import { decimalBoundProblem } from '@dus/core';
import { parseInstant, TRADE_YEARS } from '../dates.js';
import { DECIMAL_PATTERN, type Decimal, Dec } from '../decimal.js';
import { DECIMAL_HINT } from '../fields.js';

/** A cell problem: the field layer turns it into `/csv/<line>/<column>`. */
export class CellError extends Error {
  constructor(
    readonly column: string,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * An exchange's money or quantity cell: currency symbols, spaces and thousands separators are
 * dropped; a leading minus (Coinbase writes sells negative) is allowed only when `signed`, and the
 * magnitude is returned.
 */
export function amountCell(
  text: string,
  column: string,
  options: { signed?: boolean; positive?: boolean } = {},
): Decimal {
  let cleaned = text.trim().replace(/^\((.*)\)$/, '-$1');
  const negative = cleaned.startsWith('-');
  if (negative && options.signed) cleaned = cleaned.slice(1);
  cleaned = cleaned.replace(/^[$€£¥]|[\s,]/g, '').replace(/^[$€£¥]/, '');
  if (!DECIMAL_PATTERN.test(cleaned)) {
    throw new CellError(column, 'invalid_decimal', `must be ${DECIMAL_HINT}; got "${text.slice(0, 40)}"`);
  }
  const outOfBounds = decimalBoundProblem(cleaned);
  if (outOfBounds !== undefined) throw new CellError(column, 'invalid_decimal', outOfBounds);
  const value = new Dec(cleaned);
  if (options.positive && value.lte(0)) throw new CellError(column, 'too_small', 'must be greater than 0');
  return value;
}

/** A date-time cell in ISO 8601 or an exchange's `YYYY-MM-DD HH:MM[:SS[.f]] [UTC]` (UTC unless marked). */
export function instantCell(text: string, column: string): number {
  const instant = parseInstant(text);
  if (!instant.ok) {
    throw new CellError(
      column,
      'invalid_date',
      `must be a date such as "2025-01-15 10:00:00" (UTC) from the years ${TRADE_YEARS.minYear}–${TRADE_YEARS.maxYear}; got "${text.slice(0, 40)}"`,
    );
  }
  return instant.ms;
}

const CODE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;

/** Whether a text is an asset or currency code: letters, digits, `.`, `_`, `-`, at most 32. */
export const isCode = (code: string): boolean => CODE.test(code);

export function codeCell(text: string, column: string): string {
  const code = text.trim();
  if (!isCode(code))
    throw new CellError(
      column,
      'invalid_code',
      `must be an asset or currency code such as "BTC"; got "${code.slice(0, 40)}"`,
    );
  return code.toUpperCase();
}
