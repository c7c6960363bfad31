import { Dec } from '../../src/domain/decimal.js';
import { matchUk, roundUk, type UkEvent, ukDisposalJson } from '../../src/domain/uk/index.js';
import type { InsufficientHoldings } from '../../src/domain/types.js';

const at = (date: string): number => Date.parse(date.length === 10 ? `${date}T12:00:00Z` : date);

let next = 0;
const id = (given: string | undefined) => given ?? `t${next++}`;

/** An acquisition of `amount` units for `cost` (date only = noon UTC). */
export const buy = (
  asset: string,
  amount: string,
  cost: string,
  date: string,
  tradeId?: string,
): UkEvent => ({
  kind: 'acquisition',
  tradeId: id(tradeId),
  asset,
  instant: at(date),
  amount: new Dec(amount),
  cost: new Dec(cost),
});

export const sell = (
  asset: string,
  amount: string,
  proceeds: string,
  date: string,
  tradeId?: string,
): UkEvent => ({
  kind: 'disposal',
  tradeId: id(tradeId),
  asset,
  instant: at(date),
  amount: new Dec(amount),
  proceeds: new Dec(proceeds),
});

export const remove = (asset: string, amount: string, date: string, tradeId?: string): UkEvent => ({
  kind: 'removal',
  tradeId: id(tradeId),
  asset,
  instant: at(date),
  amount: new Dec(amount),
});

/** The report rows and the end pools (amount and cost to pence) of a history. */
export function runUk(events: UkEvent[], insufficient: InsufficientHoldings = 'error') {
  const matched = matchUk(events, insufficient);
  const rounded = matched.disposals.map(roundUk);
  return {
    rows: rounded.map(ukDisposalJson),
    years: rounded.map((r) => r.taxYear),
    pools: Object.fromEntries(
      matched.pools.map((p) => [p.asset, [p.amount.toFixed(), p.cost.round(2, Dec.roundHalfUp).toFixed(2)]]),
    ),
    exactPools: matched.pools,
    warnings: matched.warnings,
    matched,
  };
}

/** `[rule, amount, cost, date_acquired]` of each match of a row. */
export const matchesOf = (row: {
  matches: Array<{ rule: string; amount: string; cost: string; date_acquired: string | null }>;
}) => row.matches.map((m) => [m.rule, m.amount, m.cost, m.date_acquired]);
