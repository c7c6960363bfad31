import type { Decimal } from '../decimal.js';

/** What a row's trades are valued at: an amount (`gross`) in a currency (`quote`). */
export interface Valuation {
  gross: Decimal;
  quote: string;
}

/**
 * A row's own value (an exchange's subtotal or net worth), else the first of `candidates` whose asset
 * has an `fx_rates` entry (its amount in that asset); undefined when neither: the caller's 422.
 */
export function valuationOf(
  own: { amount: Decimal; currency: string } | undefined,
  candidates: ReadonlyArray<{ asset: string; amount: Decimal }>,
  fxRates: ReadonlyMap<string, Decimal>,
): Valuation | undefined {
  if (own !== undefined) return { gross: own.amount, quote: own.currency };
  const priced = candidates.find((candidate) => fxRates.has(candidate.asset));
  return priced === undefined ? undefined : { gross: priced.amount, quote: priced.asset };
}
