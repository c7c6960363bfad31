import BigConstructor, { type Big } from 'big.js';

/** The service's own big.js: exact sums and products; half-up (away from zero) when rounding. */
export const Dec = BigConstructor();
Dec.DP = 30;
Dec.RM = Dec.roundHalfUp;

export type Decimal = Big;

export const MILLION = new Dec(1_000_000);

/** Money out: rounded half-up to micro-dollars, as a JSON number. */
export function usd(value: Decimal): number {
  return Number(value.toFixed(6, Dec.roundHalfUp));
}

/** ⌊value⌋ as a number (token and request counts are at most ~10^13: safe integers). */
export function floor(value: Decimal): number {
  return Number(value.round(0, Dec.roundDown).toFixed(0));
}
