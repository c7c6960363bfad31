import type { z } from 'zod';

/**
 * The bound every decimal input meets before any arithmetic (docs/conventions.md §3): big-number work
 * grows with the square of the digits, so 10,000 digits in one amount would hold a thread for seconds.
 * 40 significant digits and magnitudes from 10^-40 to 10^40 cover money in any currency, crypto
 * quantities down to a wei (10^-18) and token counts, with room to spare.
 */
export const DECIMAL_BOUNDS = { maxDigits: 40, minExponent: -40, maxExponent: 40 } as const;

const DECIMAL = /^[+-]?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/**
 * Why a decimal (text or JSON number) is beyond the bounds, or undefined when it is within them (or
 * is not a decimal at all: its own schema says so). Linear in the text, whatever it holds.
 */
export function decimalBoundProblem(value: string | number, bounds = DECIMAL_BOUNDS): string | undefined {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (match === null) return undefined;
  const [, whole = '', fraction = '', exponentText = '0'] = match;
  if (whole === '' && fraction === '') return undefined;
  if (exponentText.length > 6) return `has an exponent beyond ±10^${bounds.maxExponent}`;
  const digits = `${whole}${fraction}`;
  const first = digits.search(/[1-9]/);
  if (first < 0) return undefined; // zero
  let last = digits.length - 1;
  while (digits[last] === '0') last--;
  const significant = last - first + 1;
  if (significant > bounds.maxDigits) {
    return `has ${significant} significant digits; at most ${bounds.maxDigits} are accepted`;
  }
  // The power of ten of the first significant digit.
  const magnitude = whole.length - 1 - first + Number(exponentText);
  if (magnitude > bounds.maxExponent || magnitude < bounds.minExponent) {
    return `is outside 10^${bounds.minExponent}…10^${bounds.maxExponent}; amounts that large or small are not accepted`;
  }
  return undefined;
}

/**
 * A zod number or decimal text within DECIMAL_BOUNDS: its issue (code `out_of_range`) names the field
 * before any arithmetic. A JSON number has at most 17 digits, but a magnitude up to 10^308 that a
 * product or a quotient would make larger still.
 */
export function withinDecimalBounds<T extends z.ZodType<number | string>>(schema: T) {
  return schema.superRefine((value, ctx) => {
    const problem = decimalBoundProblem(value);
    if (problem !== undefined)
      ctx.addIssue({ code: 'custom', message: problem, params: { code: 'out_of_range' } });
  });
}
