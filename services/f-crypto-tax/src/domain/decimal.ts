import BigConstructor, { type Big } from 'big.js';

/**
 * The service's own big.js constructor, so its settings never leak into other code: plain notation
 * at any magnitude, 40 decimals for divisions (always taken after the multiplication they scale), and
 * half away from zero for money.
 */
export const Dec = BigConstructor();
Dec.DP = 40;
Dec.RM = Dec.roundHalfUp;
Dec.NE = -1_000_000;
Dec.PE = 1_000_000;

export type Decimal = Big;

export const ZERO = new Dec(0);
export const ONE = new Dec(1);

/** A non-negative plain decimal: digits, optionally a point and more digits (no sign, no exponent). */
export const DECIMAL_PATTERN = /^\d+(\.\d+)?$/;

/** Cents, half away from zero (Form 8949 rounds each row). */
export function toCents(value: Decimal): Decimal {
  return value.round(2, Dec.roundHalfUp);
}

/** A money string with two decimals; never `-0.00`. */
export function money(value: Decimal): string {
  const text = value.toFixed(2, Dec.roundHalfUp);
  return text === '-0.00' ? '0.00' : text;
}

/** A quantity as an exact plain decimal without trailing zeros. */
export function quantity(value: Decimal): string {
  return value.toFixed();
}

/** Σ of decimals. */
export function sum(values: Iterable<Decimal>): Decimal {
  let total = ZERO;
  for (const value of values) total = total.plus(value);
  return total;
}
