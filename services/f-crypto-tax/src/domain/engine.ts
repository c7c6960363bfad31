import { unprocessable } from '@dus/core';
import { dayNumber, yearOf } from './dates.js';
import { type Decimal, divide, money, quantity, ZERO } from './decimal.js';
import { compareText } from './order.js';
import { createPool, type Lot, type Pool, type Portion } from './pools.js';
import { refusedAt } from './rules.js';
import { FEE_SOLD, transferFeeWarning } from './transfer-warning.js';
import type { DisposalRow, Entry, Holding, Method, Options, PoolingMode, Trade, Warning } from './types.js';
import { valueInBase } from './valuation.js';

/** Trades in time order (equal instants keep input order), each valued in the base currency. */
export function prepare(trades: readonly Trade[], options: Options): Entry[] {
  const order = trades.map((_, i) => i);
  order.sort(
    (a, b) =>
      trades[a]!.instant - trades[b]!.instant ||
      // Stryker disable next-line ArithmeticOperator: V8's sort keeps tied elements in input order under any comparator positive on ties (tested with 100 ties)
      a - b,
  );
  return order.map((i) => {
    const trade = trades[i]!;
    const value = valueInBase(trade, options);
    return { trade, amountInBase: value.amount, feeInBase: value.fee, day: dayNumber(trade.instant) };
  });
}

export interface Matched {
  rows: DisposalRow[];
  holdings: Holding[];
  warnings: Warning[];
}

/** How lots are pooled and matched over time. */
export interface Matching {
  method: Method;
  pooling: PoolingMode;
  /** The last day of the history: per-wallet holdings when per_wallet is in force then. */
  endDay: number;
  /** The bound on lots moved by transfers (`MAX_LOT_MOVES` unless a test sets a smaller one). */
  maxLotMoves?: number;
}

/** Rev. Proc. 2024-28: wallet-by-wallet basis for disposals from 1 January 2025 (UTC). */
export const PER_WALLET_FROM_DAY = dayNumber(Date.UTC(2025, 0, 1));

function shortfallWarning(trade: Trade, shortfall: Decimal): Warning {
  return {
    code: 'zero_basis',
    message: `sale ${trade.id} sold ${quantity(shortfall)} ${trade.asset} more than was held; that part has a zero cost basis`,
    trade_id: trade.id,
    asset: trade.asset,
    shortfall: quantity(shortfall),
  };
}

const sumAmounts = (portions: readonly Portion[]) =>
  portions.reduce((total, portion) => total.plus(portion.amount), ZERO);

interface Slot {
  asset: string;
  /** The pool's wallet under per-wallet pooling; null for one pool across wallets. */
  wallet: string | null;
  pool: Pool;
}

const poolKey = (asset: string, wallet: string | null) =>
  wallet === null ? `${asset}\u0000` : `${asset}\u0000\u0001${wallet}`;

/**
 * The pools of one history: one per asset (universal) or per asset and wallet, switching once from the
 * first to the second under `universal_then_per_wallet`. Lots always carry their wallet.
 */
class Pools {
  private readonly slots = new Map<string, Slot>();
  perWallet: boolean;
  private nextTie = 0;

  constructor(
    private readonly method: Method,
    pooling: PoolingMode,
  ) {
    this.perWallet = pooling === 'per_wallet';
  }

  /** The pool a trade of `asset` in `wallet` uses; with a `method`, its lots re-ordered for it. */
  slot(asset: string, wallet: string | null, method?: Method): Slot {
    const owner = this.perWallet ? wallet : null;
    const key = poolKey(asset, owner);
    let slot = this.slots.get(key);
    if (slot === undefined) {
      slot = { asset, wallet: owner, pool: createPool(method ?? this.method) };
      this.slots.set(key, slot);
    } else if (method !== undefined && slot.pool.method !== method) {
      slot.pool = createPool(method, slot.pool.lots());
    }
    return slot;
  }

  /** The `tie` the next lot gets: every lot made so far has a smaller one. */
  get made(): number {
    return this.nextTie;
  }

  lot(from: Omit<Lot, 'tie' | 'unitCost' | 'remaining' | 'remainingCost'>): Lot {
    return {
      ...from,
      tie: this.nextTie++,
      unitCost: undefined,
      remaining: from.amount,
      remainingCost: from.cost,
    };
  }

  /** From one pool per asset to one per asset and wallet: each open lot stays in its wallet. */
  splitByWallet(): void {
    // Stryker disable next-line ConditionalExpression,BlockStatement: splitting per-wallet pools again by wallet leaves them as they are (only slower)
    if (this.perWallet) return;
    this.perWallet = true;
    const universal = [...this.slots.values()];
    this.slots.clear();
    for (const { asset, pool } of universal) {
      const byWallet = new Map<string | null, Lot[]>();
      for (const lot of pool.lots()) {
        const lots = byWallet.get(lot.wallet);
        if (lots === undefined) byWallet.set(lot.wallet, [lot]);
        else lots.push(lot);
      }
      for (const [wallet, lots] of byWallet) {
        this.slots.set(poolKey(asset, wallet), { asset, wallet, pool: createPool(pool.method, lots) });
      }
    }
  }

  holdings(): Holding[] {
    const holdings: Holding[] = [];
    for (const { asset, wallet, pool } of this.slots.values()) {
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
    return holdings.sort(
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
  }
}

/** Units of each asset in each wallet, to refuse a transfer out of a wallet that holds too little. */
class Balances {
  private readonly amounts = new Map<string, Decimal>();
  get(asset: string, wallet: string | null): Decimal {
    return this.amounts.get(poolKey(asset, wallet)) ?? ZERO;
  }
  add(asset: string, wallet: string | null, amount: Decimal): void {
    this.amounts.set(poolKey(asset, wallet), this.get(asset, wallet).plus(amount));
  }
}

function insufficient(trade: Trade, wanted: Decimal, held: Decimal, wallet: string | null) {
  const where = wallet === null ? '' : ` in wallet "${wallet}"`;
  const verb = trade.type === 'transfer' ? 'moves' : 'sells';
  return unprocessable(
    'insufficient_holdings',
    `${trade.type === 'transfer' ? 'transfer' : 'sale'} ${trade.id} ${verb} ${quantity(wanted)} ${trade.asset} but only ${quantity(held)} is held${where} at that time`,
    {
      trade_id: trade.id,
      asset: trade.asset,
      shortfall: quantity(wanted.minus(held)),
      ...(wallet === null ? {} : { wallet }),
    },
  );
}

/**
 * The rows of one disposal of `amount` (a sale, or a transfer's fee units) matched to `portions`, its
 * proceeds split pro rata by quantity (the last row takes the exact rest); a shortfall is a zero-basis row.
 */
function disposalRows(
  sale: { trade: Trade; day: number; seq: number },
  wallet: string | null,
  amount: Decimal,
  proceeds: Decimal,
  portions: readonly Portion[],
  shortfall: Decimal,
): DisposalRow[] {
  const { trade, day, seq } = sale;
  let assigned = ZERO;
  const parts = shortfall.gt(0) ? portions.length + 1 : portions.length;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a single row takes the exact rest, so its per-unit price is never used
  const perUnit = parts > 1 ? divide(proceeds, amount) : proceeds;
  const share = (part: Decimal, i: number): Decimal => {
    const value = i === parts - 1 ? proceeds.minus(assigned) : perUnit.times(part);
    assigned = assigned.plus(value);
    return value;
  };
  const row = (part: Decimal, i: number, acquiredDay: number, costBasis: Decimal, lot?: Portion['lot']) => ({
    tradeId: trade.id,
    asset: trade.asset,
    wallet,
    amount: part,
    acquiredDay,
    soldDay: day,
    proceeds: share(part, i),
    costBasis,
    lotTradeId: lot?.tradeId,
    sale: seq,
    transferredIn: lot?.moved === true,
  });
  const rows = portions.map((p, i) => row(p.amount, i, p.lot.day, p.cost, p.lot));
  // Stryker disable next-line ArithmeticOperator: the exact rest and the pro-rata share differ below any cent
  if (shortfall.gt(0)) rows.push(row(shortfall, parts - 1, day, ZERO));
  return rows;
}

/** Matches every sale to lots by the method; rows in sale order, lots in consumption order. */
export function match(entries: readonly Entry[], matching: Matching, options: Options): Matched {
  const pools = new Pools(matching.method, matching.pooling);
  const switchDay = matching.pooling === 'universal_then_per_wallet' ? PER_WALLET_FROM_DAY : Infinity;
  const mover = new Mover(pools, new Balances(), matching.maxLotMoves ?? MAX_LOT_MOVES);
  const { balances } = mover;
  const rows: DisposalRow[] = [];
  const warnings: Warning[] = [];
  const methodOn = (day: number) => options.methodByYear.get(yearOf(day)) ?? matching.method;
  entries.forEach((entry, seq) => {
    const { trade, day } = entry;
    if (day >= switchDay) pools.splitByWallet();
    if (trade.type === 'buy' || trade.type === 'income') {
      pools.slot(trade.asset, trade.wallet).pool.add(
        pools.lot({
          tradeId: trade.id,
          day,
          seq,
          wallet: trade.wallet,
          moved: false,
          amount: trade.amount,
          cost: entry.amountInBase,
        }),
      );
      balances.add(trade.asset, trade.wallet, trade.amount);
      return;
    }
    const slot = pools.slot(trade.asset, trade.wallet, methodOn(day));
    if (trade.type === 'transfer') {
      const moved = mover.transfer(entry, seq, slot);
      rows.push(...moved.rows);
      if (moved.warning !== undefined) warnings.push(moved.warning);
      return;
    }
    const portions = slot.pool.take(trade.amount);
    const matched = sumAmounts(portions);
    const shortfall = trade.amount.minus(matched);
    if (shortfall.gt(0) && options.insufficientHoldings === 'error') {
      throw insufficient(trade, trade.amount, matched, slot.wallet);
    }
    balances.add(trade.asset, trade.wallet, trade.amount.neg());
    rows.push(
      ...disposalRows(
        { trade, day, seq },
        slot.wallet,
        trade.amount,
        entry.amountInBase,
        portions,
        shortfall,
      ),
    );
    if (shortfall.gt(0)) warnings.push(shortfallWarning(trade, shortfall));
  });
  if (matching.endDay >= switchDay) pools.splitByWallet();
  return { rows, holdings: pools.holdings(), warnings };
}

/**
 * At most this many lots (or parts of lots) move by transfers in one request: N lots moved back and
 * forth M times, in parts, is N × M moves. A transfer of a whole pool without a fee moves none (O(1)).
 */
export const MAX_LOT_MOVES = 250_000;

/**
 * A transfer between one's own wallets: not a disposal. The amount, then the fee units, leave `from` in
 * the order in force with their dates and costs; the amount arrives in `to`. The fee units are sold at
 * `fee_price` (`disposal`) or their cost is added to the arriving lots pro rata (`add_to_basis`).
 */
class Mover {
  private moves = 0;

  constructor(
    private readonly pools: Pools,
    readonly balances: Balances,
    private readonly limit: number,
  ) {}

  transfer(entry: Entry, seq: number, from: Slot): { rows: DisposalRow[]; warning?: Warning } {
    const { trade, day } = entry;
    const leg = trade.transfer!;
    const wanted = trade.amount.plus(trade.fee);
    const held = this.balances.get(trade.asset, trade.wallet);
    if (held.lt(wanted)) throw insufficient(trade, wanted, held, trade.wallet);
    this.balances.add(trade.asset, trade.wallet, wanted.neg());
    this.balances.add(trade.asset, leg.toWallet, trade.amount);
    if (trade.fee.eq(0) && this.movedWhole(trade, from)) return { rows: [] };
    const moved = from.pool.take(trade.amount);
    const feeParts = trade.fee.gt(0) ? from.pool.take(trade.fee) : [];
    const taken = sumAmounts(moved).plus(sumAmounts(feeParts));
    // The wallet's units are there but the asset's pool is short (universal pooling after zero-basis sales).
    if (taken.lt(wanted)) throw insufficient(trade, wanted, taken, trade.wallet);
    this.count(trade, moved.length + feeParts.length);
    const feeCost = feeParts.reduce((total, part) => total.plus(part.cost), ZERO);
    const added = leg.feeTreatment === 'add_to_basis' ? feeCost : ZERO;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a single moved lot takes the exact rest, so its per-unit share is never used
    const perUnit = moved.length > 1 ? divide(added, trade.amount) : ZERO;
    let assigned = ZERO;
    const to = this.pools.slot(trade.asset, leg.toWallet);
    moved.forEach((part, i) => {
      const extra = i === moved.length - 1 ? added.minus(assigned) : perUnit.times(part.amount);
      assigned = assigned.plus(extra);
      to.pool.add(
        this.pools.lot({
          tradeId: part.lot.tradeId,
          day: part.lot.day,
          seq: part.lot.seq,
          wallet: leg.toWallet,
          moved: true,
          amount: part.amount,
          cost: part.cost.plus(extra),
        }),
      );
    });
    const warning = transferFeeWarning(
      trade,
      leg.feeTreatment === 'add_to_basis'
        ? `${money(added)} of basis from the fee units is added to the ${quantity(trade.amount)} ${trade.asset} that arrive`
        : FEE_SOLD,
    );
    // Stryker disable next-line ConditionalExpression: no fee parts make no rows either way
    if (leg.feeTreatment === 'add_to_basis' || feeParts.length === 0) return { rows: [], warning };
    const rows = disposalRows(
      { trade, day, seq },
      from.wallet,
      trade.fee,
      trade.fee.times(leg.feePrice!),
      feeParts,
      ZERO,
    );
    return { rows, warning };
  }

  /**
   * A transfer of everything its pool holds, without a fee, moves the pool at once: under universal
   * pooling its lots are re-homed where they lie; per wallet the pool itself goes to an empty `to_wallet`.
   */
  private movedWhole(trade: Trade, from: Slot): boolean {
    if (!trade.amount.eq(from.pool.held())) return false;
    const toWallet = trade.transfer!.toWallet;
    if (!this.pools.perWallet) {
      from.pool.moveAll(toWallet, this.pools.made);
      return true;
    }
    const to = this.pools.slot(trade.asset, toWallet);
    // Stryker disable next-line EqualityOperator: moving the lots one by one into an empty wallet gives the same lots (only slower)
    if (to.pool.openLots() > 0) return false;
    from.pool.moveAll(toWallet, this.pools.made);
    [to.pool, from.pool] = [from.pool, to.pool];
    return true;
  }

  private count(trade: Trade, moves: number): void {
    this.moves += moves;
    if (this.moves <= this.limit) return;
    throw refusedAt(
      '/trades',
      'too_expensive',
      `transfer ${trade.id} brings the lots moved by transfers past ${this.limit.toLocaleString('en-US')}: the same lots are moved back and forth in parts; send fewer transfers, or move whole holdings (a fee-free transfer of everything a pool holds moves no lot)`,
      { trade_id: trade.id, limit: this.limit },
    );
  }
}
