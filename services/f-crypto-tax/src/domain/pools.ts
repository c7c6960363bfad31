import { type Decimal, divide, ZERO } from './decimal.js';
import type { Method } from './types.js';

/** An acquisition (or the part of one moved to another wallet) still (partly) held. */
export interface Lot {
  tradeId: string;
  day: number;
  /** Acquisition order: the tie-breaker "oldest first"; a moved part keeps its lot's. */
  seq: number;
  /** Creation order among lots of one `seq` (parts of a lot moved apart and back). */
  tie: number;
  /** Where the lot is held (whatever the pooling: the US switch of 2025 keeps lots in their wallet). */
  wallet: string | null;
  /** Moved (whole or in part) by a transfer: 1099-DA's `transferred_in`. */
  moved: boolean;
  amount: Decimal;
  cost: Decimal;
  /** Cost per unit including the buy fee (HIFO's key), once computed. */
  unitCost: Decimal | undefined;
  remaining: Decimal;
  remainingCost: Decimal;
}

/** Part of a sale (or a transfer) matched to one lot, with its exact (unrounded) cost. */
export interface Portion {
  lot: Lot;
  amount: Decimal;
  cost: Decimal;
}

/** What is left of one lot: its amount and the cost that goes with it (exact). */
export interface OpenLot {
  tradeId: string;
  day: number;
  amount: Decimal;
  cost: Decimal;
}

export interface Pool {
  readonly method: Method;
  add(lot: Lot): void;
  /** The lots still held, in acquisition order. */
  open(): OpenLot[];
  /** The lots still held as lots (average: each carrying its share of the pool's cost), to regroup them. */
  lots(): Lot[];
  /** Consumes up to `amount`; what the pool cannot cover is the caller's shortfall. */
  take(amount: Decimal): Portion[];
  held(): Decimal;
  cost(): Decimal;
  openLots(): number;
  /**
   * Every lot made before `before` (its `tie`) now lies in `wallet`, moved: a transfer of the whole pool
   * in O(1), applied to a lot when it is next read.
   */
  moveAll(wallet: string | null, before: number): void;
}

/**
 * Takes `amount` of one lot at its unit cost (one division per lot, when first needed); the piece that empties the lot takes the exact rest of its cost, so a lot's rows always
 * add up to its cost.
 */
export function unitCost(lot: Lot): Decimal {
  lot.unitCost ??= divide(lot.cost, lot.amount);
  return lot.unitCost;
}

function takeFromLot(lot: Lot, amount: Decimal): Portion {
  const whole = amount.eq(lot.remaining);
  const cost = whole ? lot.remainingCost : unitCost(lot).times(amount);
  lot.remaining = whole ? ZERO : lot.remaining.minus(amount);
  lot.remainingCost = whole ? ZERO : lot.remainingCost.minus(cost);
  return { lot, amount, cost };
}

// Stryker disable next-line EqualityOperator: two lots never share a tie (it counts lots as they are made)
const older = (a: Lot, b: Lot) => a.seq < b.seq || (a.seq === b.seq && a.tie < b.tie);

/** Which of two lots a sale consumes first, by method. */
const FIRST: Record<Exclude<Method, 'average'>, (a: Lot, b: Lot) => boolean> = {
  fifo: older,
  lifo: (a, b) => older(b, a),
  hifo: (a, b) => {
    const order = unitCost(a).cmp(unitCost(b));
    // Stryker disable next-line EqualityOperator: order 0 was handled on the left
    return order === 0 ? older(a, b) : order > 0;
  },
};

const byAge = (lots: Lot[]) => lots.sort((a, b) => a.seq - b.seq || a.tie - b.tie);

const openLot = (lot: Lot): OpenLot => ({
  tradeId: lot.tradeId,
  day: lot.day,
  amount: lot.remaining,
  cost: lot.remainingCost,
});

/**
 * FIFO, LIFO and HIFO: a binary heap whose top is the lot a sale consumes next. Lots may arrive out of
 * acquisition order (a transfer brings its lots' own dates), so every method keeps a heap.
 */
class LotHeap implements Pool {
  private readonly heap: Lot[];
  private readonly first: (a: Lot, b: Lot) => boolean;
  /** The open lot of each acquisition (by `seq`) last added: a moved piece arriving merges into it. */
  private readonly bySeq = new Map<number, Lot>();
  private total = ZERO;
  /** `moveAll`: lots with a `tie` below `movedBefore` lie in `movedTo`. */
  private movedBefore = -1;
  private movedTo: string | null = null;
  /** Builds the heap bottom-up from `lots` (linear time: a method change re-orders a pool once). */
  constructor(
    readonly method: Exclude<Method, 'average'>,
    lots: readonly Lot[] = [],
  ) {
    this.first = FIRST[method];
    this.heap = [...lots];
    for (const lot of lots) {
      this.bySeq.set(lot.seq, lot);
      this.total = this.total.plus(lot.remaining);
    }
    // Stryker disable next-line ArithmeticOperator: starting lower only sifts leaves, which stay put
    for (let i = (this.heap.length >> 1) - 1; i >= 0; i--) this.siftDown(i);
  }

  moveAll(wallet: string | null, before: number): void {
    this.movedBefore = before;
    this.movedTo = wallet;
  }

  /** Applies a pending `moveAll` to a lot about to be read. */
  private settle(lot: Lot): Lot {
    if (lot.tie < this.movedBefore) {
      lot.wallet = this.movedTo;
      lot.moved = true;
    }
    return lot;
  }

  /**
   * A moved piece of an acquisition whose open lot in the same wallet is here joins that lot (so a
   * wallet holds at most one lot per acquisition). HIFO's key is the unit cost: only an equal one joins.
   */
  private merged(lot: Lot): boolean {
    if (!lot.moved) return false;
    const same = this.bySeq.get(lot.seq);
    if (same === undefined || this.settle(same).wallet !== lot.wallet) return false;
    if (this.method === 'hifo' && !unitCost(same).eq(unitCost(lot))) return false;
    same.amount = same.remaining.plus(lot.remaining);
    same.cost = same.remainingCost.plus(lot.remainingCost);
    same.remaining = same.amount;
    same.remainingCost = same.cost;
    if (this.method !== 'hifo') same.unitCost = undefined;
    return true;
  }

  add(lot: Lot): void {
    this.total = this.total.plus(lot.remaining);
    if (this.merged(lot)) return;
    this.bySeq.set(lot.seq, lot);
    const heap = this.heap;
    heap.push(lot);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.first(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }

  private siftDown(from: number): void {
    const heap = this.heap;
    let i = from;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let best = i;
      if (left < heap.length && this.first(heap[left]!, heap[best]!)) best = left;
      if (right < heap.length && this.first(heap[right]!, heap[best]!)) best = right;
      if (best === i) return;
      [heap[i], heap[best]] = [heap[best]!, heap[i]!];
      i = best;
    }
  }

  private popTop(): void {
    const heap = this.heap;
    const top = heap[0]!;
    if (this.bySeq.get(top.seq) === top) this.bySeq.delete(top.seq);
    const last = heap.pop()!;
    if (heap.length === 0) return;
    heap[0] = last;
    this.siftDown(0);
  }

  take(amount: Decimal): Portion[] {
    const portions: Portion[] = [];
    let left = amount;
    while (left.gt(0) && this.heap.length > 0) {
      const lot = this.settle(this.heap[0]!);
      const portion = takeFromLot(lot, left.lt(lot.remaining) ? left : lot.remaining);
      portions.push(portion);
      left = left.minus(portion.amount);
      if (lot.remaining.eq(0)) this.popTop();
    }
    this.total = this.total.minus(amount.minus(left));
    return portions;
  }

  lots(): Lot[] {
    return byAge(this.heap.map((lot) => this.settle(lot)));
  }

  open(): OpenLot[] {
    return this.lots().map(openLot);
  }

  held(): Decimal {
    return this.total;
  }

  cost(): Decimal {
    let total = ZERO;
    for (const lot of this.heap) total = total.plus(lot.remainingCost);
    return total;
  }

  openLots(): number {
    return this.heap.length;
  }
}

/**
 * Average cost: a sale costs pool cost × sold / held; the lots underneath are consumed oldest first
 * only for their dates (terms), each row costing the average unit cost × its amount.
 */
class AveragePool implements Pool {
  readonly method = 'average';
  private readonly underlying = new LotHeap('fifo');
  private heldAmount = ZERO;
  private pooledCost = ZERO;

  add(lot: Lot): void {
    this.underlying.add(lot);
    this.heldAmount = this.heldAmount.plus(lot.remaining);
    this.pooledCost = this.pooledCost.plus(lot.remainingCost);
  }

  take(amount: Decimal): Portion[] {
    const held = this.heldAmount;
    const cost = this.pooledCost;
    const portions = this.underlying.take(amount);
    const taken = portions.reduce((total, portion) => total.plus(portion.amount), ZERO);
    if (portions.length === 0) return portions;
    const emptied = taken.eq(held);
    const average = divide(cost, held);
    const saleCost = emptied ? cost : average.times(taken);
    let assigned = ZERO;
    portions.forEach((portion, i) => {
      portion.cost = i === portions.length - 1 ? saleCost.minus(assigned) : average.times(portion.amount);
      assigned = assigned.plus(portion.cost);
    });
    this.heldAmount = emptied ? ZERO : held.minus(taken);
    this.pooledCost = emptied ? ZERO : cost.minus(saleCost);
    return portions;
  }

  /** Each open lot carries the pool's average cost for its amount; the last takes the exact rest. */
  lots(): Lot[] {
    const lots = this.underlying.lots();
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a single lot takes the exact rest, so the average is never used
    const average = lots.length > 1 ? divide(this.pooledCost, this.heldAmount) : ZERO;
    let assigned = ZERO;
    return lots.map((lot, i) => {
      const cost = i === lots.length - 1 ? this.pooledCost.minus(assigned) : average.times(lot.remaining);
      assigned = assigned.plus(cost);
      return { ...lot, amount: lot.remaining, cost, unitCost: undefined, remainingCost: cost };
    });
  }

  open(): OpenLot[] {
    return this.lots().map(openLot);
  }

  held(): Decimal {
    return this.heldAmount;
  }

  cost(): Decimal {
    return this.pooledCost;
  }

  openLots(): number {
    return this.underlying.openLots();
  }

  moveAll(wallet: string | null, before: number): void {
    this.underlying.moveAll(wallet, before);
  }
}

/** A pool for `method`, holding `lots` (open lots of another pool, re-ordered). */
export function createPool(method: Method, lots: readonly Lot[] = []): Pool {
  if (method !== 'average') return new LotHeap(method, lots);
  const pool = new AveragePool();
  for (const lot of lots) pool.add(lot);
  return pool;
}
