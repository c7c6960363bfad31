import { dayNumber, isoDay } from './dates.js';
import { cents, type Decimal, money, quantity } from './decimal.js';
import { prepare } from './engine.js';
import { compute } from './report.js';
import { settle } from './rules.js';
import type { Method, Options, Rules, Trade, Warning } from './types.js';
import { taxYearDays, ukDay } from './uk/days.js';
import { computeUk } from './uk/report.js';

export interface HoldingsOptions extends Options {
  /** The last day whose trades count (`as_of`, else 31 December of `asOfYear`). */
  asOfDay: number;
  /** `year` when it was given instead of `as_of`: under GB its tax year ends on 5 April after it. */
  asOfYear: number | undefined;
  /** Base-currency value of one unit, by upper-case asset code. */
  prices: ReadonlyMap<string, Decimal>;
}

const sumOrNull = (values: ReadonlyArray<bigint | null>): bigint | null =>
  values.reduce<bigint | null>(
    (total, value) => (total === null || value === null ? null : total + value),
    0n,
  );

const moneyOrNull = (value: bigint | null) => (value === null ? null : money(value));

interface LotJson {
  trade_id: string;
  date_acquired: string;
  amount: string;
  cost: string;
}

/** What is held of one asset (and wallet), exact, with its open lots made on demand. */
interface Position {
  asset: string;
  wallet: string | null;
  amount: Decimal;
  cost: Decimal;
  lots: () => LotJson[];
}

interface Positions {
  positions: Position[];
  realised: bigint;
  warnings: Warning[];
}

/** Lot-based methods: the open lots of each pool. */
function lotPositions(trades: readonly Trade[], rules: Rules, options: Options, end: number): Positions {
  const computed = compute(prepare(trades, options), rules, options, end);
  return {
    positions: computed.holdings.map((holding) => ({
      asset: holding.asset,
      wallet: holding.wallet,
      amount: holding.amount,
      cost: holding.cost,
      lots: () =>
        holding.open().map((lot) => ({
          trade_id: lot.tradeId,
          date_acquired: isoDay(lot.day),
          amount: quantity(lot.amount),
          cost: money(lot.cost),
        })),
    })),
    realised: computed.disposals.reduce((total, d) => total + d.gain, 0n),
    warnings: computed.warnings,
  };
}

/** GB: one section 104 pool per asset, which has no lots. */
function poolPositions(trades: readonly Trade[], options: Options): Positions {
  const { disposals, matched } = computeUk(trades, options);
  return {
    positions: matched.pools
      .filter((pool) => pool.amount.gt(0))
      .map((pool) => ({ ...pool, wallet: null, lots: () => [] })),
    realised: disposals.reduce((total, d) => total + d.gain, 0n),
    warnings: matched.warnings,
  };
}

/**
 * What is held at the end of the as-of day (trades after it ignored): each pool's amount, its cost
 * basis (cents half-up), its value at the given price and the unrealised gain, with the open lots;
 * totals add the realised gain of every disposal up to that day. Without a price an asset's value and
 * unrealised gain are null, and so are the totals'. Under GB days are UK days and `year` is a tax year.
 */
export function holdingsReport(
  trades: readonly Trade[],
  method: Method | undefined,
  options: HoldingsOptions,
) {
  const rules = settle(method, options);
  const gb = rules.jurisdiction === 'GB';
  const end = gb && options.asOfYear !== undefined ? taxYearDays(options.asOfYear).last : options.asOfDay;
  const dayOf = gb ? ukDay : dayNumber;
  const counted = trades.filter((trade) => dayOf(trade.instant) <= end);
  const whole = { ...options, year: undefined };
  const { positions, realised, warnings } = gb
    ? poolPositions(counted, whole)
    : lotPositions(counted, rules, whole, end);
  const holdings = positions.map((position) => {
    const costBasis = cents(position.cost);
    const price = options.prices.get(position.asset);
    const value = price === undefined ? null : cents(position.amount.times(price));
    return {
      json: {
        asset: position.asset,
        wallet: position.wallet,
        amount: quantity(position.amount),
        cost_basis: money(costBasis),
        price: price === undefined ? null : quantity(price),
        value: moneyOrNull(value),
        unrealised_gain: value === null ? null : money(value - costBasis),
        lots: position.lots(),
      },
      costBasis,
      value,
    };
  });
  const costBasis = holdings.reduce((total, h) => total + h.costBasis, 0n);
  const value = sumOrNull(holdings.map((h) => h.value));
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
    warnings,
  };
}

export type HoldingsReport = ReturnType<typeof holdingsReport>;
