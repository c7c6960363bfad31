import { dayNumber, isoDay } from './dates.js';
import { cents, type Decimal, money, quantity } from './decimal.js';
import { prepare } from './engine.js';
import { compute } from './report.js';
import { settle, ukRulesPending } from './rules.js';
import type { Method, Options, Trade } from './types.js';

export interface HoldingsOptions extends Options {
  /** The last UTC day whose trades count. */
  asOfDay: number;
  /** Base-currency value of one unit, by upper-case asset code. */
  prices: ReadonlyMap<string, Decimal>;
}

const sumOrNull = (values: ReadonlyArray<bigint | null>): bigint | null =>
  values.reduce<bigint | null>(
    (total, value) => (total === null || value === null ? null : total + value),
    0n,
  );

const moneyOrNull = (value: bigint | null) => (value === null ? null : money(value));

/**
 * What is held at the end of `asOfDay` (trades after it ignored): each pool's amount, its cost basis
 * (cents half-up), its value at the given price and the unrealised gain, with the open lots; totals add
 * the realised gain of every disposal up to that day. Without a price an asset's value and unrealised
 * gain are null, and so are the totals'.
 */
export function holdingsReport(
  trades: readonly Trade[],
  method: Method | undefined,
  options: HoldingsOptions,
) {
  const rules = settle(method, options);
  if (rules.jurisdiction === 'GB') ukRulesPending();
  const end = options.asOfDay;
  const counted = trades.filter((trade) => dayNumber(trade.instant) <= end);
  const computed = compute(prepare(counted, options), rules, { ...options, year: undefined }, end);
  const holdings = computed.holdings.map((holding) => {
    const costBasis = cents(holding.cost);
    const price = options.prices.get(holding.asset);
    const value = price === undefined ? null : cents(holding.amount.times(price));
    return {
      json: {
        asset: holding.asset,
        wallet: holding.wallet,
        amount: quantity(holding.amount),
        cost_basis: money(costBasis),
        price: price === undefined ? null : quantity(price),
        value: moneyOrNull(value),
        unrealised_gain: value === null ? null : money(value - costBasis),
        lots: holding.open().map((lot) => ({
          trade_id: lot.tradeId,
          date_acquired: isoDay(lot.day),
          amount: quantity(lot.amount),
          cost: money(lot.cost),
        })),
      },
      costBasis,
      value,
    };
  });
  const costBasis = holdings.reduce((total, h) => total + h.costBasis, 0n);
  const value = sumOrNull(holdings.map((h) => h.value));
  const realised = computed.disposals.reduce((total, d) => total + d.gain, 0n);
  return {
    as_of: isoDay(end),
    base_currency: options.baseCurrency,
    method: rules.method,
    jurisdiction: rules.jurisdiction,
    pooling_rule: rules.poolingRule,
    holdings: holdings.map((h) => h.json),
    totals: {
      cost_basis: money(costBasis),
      value: moneyOrNull(value),
      unrealised_gain: value === null ? null : money(value - costBasis),
      realised_gain: money(realised),
    },
    warnings: computed.warnings,
  };
}

export type HoldingsReport = ReturnType<typeof holdingsReport>;
