import { unprocessable } from '@dus/core';
import { dayNumber } from './dates.js';
import { type Decimal, divide, quantity, ZERO } from './decimal.js';
import { compareText } from './order.js';
import { createPool, type Pool } from './pools.js';
import type { DisposalRow, Entry, Holding, Method, Options, PoolingMode, Trade, Warning } from './types.js';
import { valueInBase } from './valuation.js';

/** Trades in time order (equal instants keep input order), each valued in the base currency. */
export function prepare(trades: readonly Trade[], options: Options, pooling: PoolingMode): Entry[] {
  const order = trades.map((_, i) => i);
  order.sort(
    (a, b) =>
      trades[a]!.instant - trades[b]!.instant ||
      // Stryker disable next-line ArithmeticOperator: V8's sort keeps tied elements in input order under any comparator positive on ties (tested with 100 ties)
      a - b,
  );
  return order.map((i) => {
    const trade = trades[i]!;
    const wallet = pooling === 'per_wallet' ? trade.wallet : null;
    return {
      trade,
      amountInBase: valueInBase(trade, options),
      day: dayNumber(trade.instant),
      // Stryker disable next-line ConditionalExpression: without a wallet either form is one key per asset
      pool: wallet === null ? `${trade.asset}\u0000` : `${trade.asset}\u0000\u0001${wallet}`,
    };
  });
}

export interface Matched {
  rows: DisposalRow[];
  holdings: Holding[];
  warnings: Warning[];
}

function shortfallWarning(trade: Trade, shortfall: Decimal): Warning {
  return {
    code: 'zero_basis',
    message: `sale ${trade.id} sold ${quantity(shortfall)} ${trade.asset} more than was held; that part has a zero cost basis`,
    trade_id: trade.id,
    asset: trade.asset,
    shortfall: quantity(shortfall),
  };
}

/** Matches every sale to lots by the method; rows in sale order, lots in consumption order. */
export function match(
  entries: readonly Entry[],
  method: Method,
  options: Options,
  pooling: PoolingMode,
): Matched {
  const pools = new Map<string, { asset: string; wallet: string | null; pool: Pool }>();
  const rows: DisposalRow[] = [];
  const warnings: Warning[] = [];
  entries.forEach((entry, seq) => {
    const { trade } = entry;
    let slot = pools.get(entry.pool);
    if (slot === undefined) {
      const wallet = pooling === 'per_wallet' ? trade.wallet : null;
      slot = { asset: trade.asset, wallet, pool: createPool(method) };
      pools.set(entry.pool, slot);
    }
    if (trade.type === 'buy') {
      slot.pool.add({
        tradeId: trade.id,
        day: entry.day,
        seq,
        amount: trade.amount,
        cost: entry.amountInBase,
        unitCost: undefined,
        remaining: trade.amount,
        remainingCost: entry.amountInBase,
      });
      return;
    }
    const portions = slot.pool.take(trade.amount);
    let matched = ZERO;
    for (const portion of portions) matched = matched.plus(portion.amount);
    const shortfall = trade.amount.minus(matched);
    if (shortfall.gt(0) && options.insufficientHoldings === 'error') {
      const where = slot.wallet === null ? '' : ` in wallet "${slot.wallet}"`;
      throw unprocessable(
        'insufficient_holdings',
        `sale ${trade.id} sells ${quantity(trade.amount)} ${trade.asset} but only ${quantity(matched)} is held${where} at that time`,
        {
          trade_id: trade.id,
          asset: trade.asset,
          shortfall: quantity(shortfall),
          ...(slot.wallet === null ? {} : { wallet: slot.wallet }),
        },
      );
    }
    // Proceeds are split pro rata by quantity; the last row takes the exact rest.
    const proceeds = entry.amountInBase;
    let assigned = ZERO;
    const parts = shortfall.gt(0) ? portions.length + 1 : portions.length;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a single row takes the exact rest, so its per-unit price is never used
    const perUnit = parts > 1 ? divide(proceeds, trade.amount) : proceeds;
    const share = (amount: Decimal, i: number): Decimal => {
      const part = i === parts - 1 ? proceeds.minus(assigned) : perUnit.times(amount);
      assigned = assigned.plus(part);
      return part;
    };
    portions.forEach((portion, i) => {
      rows.push({
        tradeId: trade.id,
        asset: trade.asset,
        wallet: slot.wallet,
        amount: portion.amount,
        acquiredDay: portion.lot.day,
        soldDay: entry.day,
        proceeds: share(portion.amount, i),
        costBasis: portion.cost,
        lotTradeId: portion.lot.tradeId,
      });
    });
    if (shortfall.gt(0)) {
      rows.push({
        tradeId: trade.id,
        asset: trade.asset,
        wallet: slot.wallet,
        amount: shortfall,
        acquiredDay: entry.day,
        soldDay: entry.day,
        // Stryker disable next-line ArithmeticOperator: the exact rest and the pro-rata share differ below any cent
        proceeds: share(shortfall, parts - 1),
        costBasis: ZERO,
        lotTradeId: undefined,
      });
      warnings.push(shortfallWarning(trade, shortfall));
    }
  });
  const holdings: Holding[] = [];
  for (const { asset, wallet, pool } of pools.values()) {
    const amount = pool.held();
    if (amount.gt(0))
      holdings.push({
        asset,
        wallet,
        amount,
        cost: pool.cost(),
        lots: pool.openLots(),
        open: () => pool.open(),
      });
  }
  holdings.sort(
    (a, b) =>
      compareText(a.asset, b.asset) ||
      // Stryker disable next-line ConditionalExpression: two pools of one asset never share a wallet
      (a.wallet === b.wallet
        ? 0
        : a.wallet === null
          ? -1
          : b.wallet === null
            ? 1
            : compareText(a.wallet, b.wallet)),
  );
  return { rows, holdings, warnings };
}
