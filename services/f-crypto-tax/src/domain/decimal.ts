import BigConstructor, { type Big } from 'big.js';

/**
 * The service's own big.js constructor, so its settings never leak into other code: plain notation
 * at any magnitude, half away from zero for money, and 24 decimals for the few divisions (a lot's unit
 * cost, a sale's unit proceeds, an average cost). Divisions are big.js's slow operation (~5 µs against
 * 0.5 µs for a product), so each is taken once and multiplied; the row that empties a lot, a sale or a
 * pool takes the exact rest, so rows always add up to the exact whole.
 */
export const Dec = BigConstructor();
Dec.DP = 24;
Dec.RM = Dec.roundHalfUp;
Dec.NE = -1_000_000;
Dec.PE = 1_000_000;

export type Decimal = Big;

export const ZERO = new Dec(0);
export const ONE = new Dec(1);

const POWERS: bigint[] = [1n];
const pow10 = (n: number): bigint => {
  for (let i = POWERS.length; i <= n; i++) POWERS.push(POWERS[i - 1]! * 10n);
  return POWERS[n]!;
};

/** The coefficient of a decimal as a BigInt, and its scale: value = coefficient × 10^-scale. */
function scaled(value: Decimal): [bigint, number] {
  const digits = value.c;
  return [BigInt(digits.join('')) * BigInt(value.s), digits.length - 1 - value.e];
}

/** A non-negative plain decimal: digits, optionally a point and more digits (no sign, no exponent). */
export const DECIMAL_PATTERN = /^\d+(\.\d+)?$/;

/**
 * Whole cents, half away from zero (Form 8949 rounds each row), as a BigInt: the rounded rows are
 * then summed natively, exactly.
 */
export function cents(value: Decimal): bigint {
  const [coefficient, scale] = scaled(value.round(2, Dec.roundHalfUp));
  return scale <= 2 ? coefficient * pow10(2 - scale) : coefficient / pow10(scale - 2);
}

/** A money string with two decimals from cents or a decimal; never `-0.00`. */
export function money(value: bigint | Decimal): string {
  const amount = typeof value === 'bigint' ? value : cents(value);
  const negative = amount < 0n;
  const digits = (negative ? -amount : amount).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Cents as a decimal (for products with rates). */
export function fromCents(amount: bigint): Decimal {
  return new Dec(amount.toString()).div(100);
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

/**
 * `a ÷ b` to `Dec.DP` decimals, half away from zero: what `a.div(b)` answers, computed with native
 * BigInt division (big.js divides digit by digit in JavaScript, ten times slower). `b` must not be 0.
 */
export function divide(a: Decimal, b: Decimal): Decimal {
  const [x, xs] = scaled(a);
  const [y, ys] = scaled(b);
  // a / b = (x / y) × 10^(ys - xs); the quotient to DP decimals is x × 10^(DP + ys - xs) / y.
  const shift = Dec.DP + ys - xs;
  let numerator = shift >= 0 ? x * pow10(shift) : x;
  let denominator = shift >= 0 ? y : y * pow10(-shift);
  if (denominator < 0n) {
    numerator = -numerator;
    denominator = -denominator;
  }
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const quotient = (magnitude * 2n + denominator) / (denominator * 2n);
  const text = quotient.toString().padStart(Dec.DP + 1, '0');
  const point = text.length - Dec.DP;
  return new Dec(`${negative ? '-' : ''}${text.slice(0, point)}.${text.slice(point)}`);
}
