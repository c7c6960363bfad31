import { type Decimal, divide, ZERO } from './decimal.js';
import type { Method } from './types.js';

/** An acquisition still (partly) held. */
export interface Lot {
  tradeId: string;
  day: number;
  /** Processing order: the tie-breaker "oldest first". */
  seq: number;
  amount: Decimal;
  cost: Decimal;
  /** Cost per unit including the buy fee (HIFO's key), once computed. */
  unitCost: Decimal | undefined;
  remaining: Decimal;
  remainingCost: Decimal;
}

/** Part of a sale matched to one lot, with its exact (unrounded) cost. */
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

const openLot = (lot: Lot): OpenLot => ({
  tradeId: lot.tradeId,
  day: lot.day,
  amount: lot.remaining,
  cost: lot.remainingCost,
});

export interface Pool {
  add(lot: Lot): void;
  /** The lots still held, in acquisition order. */
  open(): OpenLot[];
  /** Consumes up to `amount`; what the pool cannot cover is the sale's shortfall. */
  take(amount: Decimal): Portion[];
  held(): Decimal;
  cost(): Decimal;
  openLots(): number;
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

/** FIFO and LIFO: lots in acquisition order, consumed from the front or the back. */
class OrderedPool implements Pool {
  private readonly lots: Lot[] = [];
  private head = 0;
  constructor(private readonly newestFirst: boolean) {}

  add(lot: Lot): void {
    this.lots.push(lot);
  }

  take(amount: Decimal): Portion[] {
    const portions: Portion[] = [];
    let left = amount;
    while (left.gt(0) && this.head < this.lots.length) {
      const lot = this.newestFirst ? this.lots[this.lots.length - 1]! : this.lots[this.head]!;
      const portion = takeFromLot(lot, left.lt(lot.remaining) ? left : lot.remaining);
      portions.push(portion);
      left = left.minus(portion.amount);
      if (lot.remaining.eq(0)) {
        if (this.newestFirst) this.lots.pop();
        else this.head++;
      }
    }
    // Compaction only frees memory: when or whether it runs, the open lots are the same.
    // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator,ArithmeticOperator,BlockStatement: see above
    if (this.head > 1024 && this.head * 2 > this.lots.length) {
      this.lots.splice(0, this.head);
      this.head = 0;
    }
    return portions;
  }

  open(): OpenLot[] {
    return this.lots.slice(this.head).map(openLot);
  }

  held(): Decimal {
    let total = ZERO;
    for (let i = this.head; i < this.lots.length; i++) total = total.plus(this.lots[i]!.remaining);
    return total;
  }

  cost(): Decimal {
    let total = ZERO;
    for (let i = this.head; i < this.lots.length; i++) total = total.plus(this.lots[i]!.remainingCost);
    return total;
  }

  openLots(): number {
    return this.lots.length - this.head;
  }
}

/** HIFO: a binary max-heap on unit cost; equal unit costs go oldest first. */
class HighestCostPool implements Pool {
  private readonly heap: Lot[] = [];

  private before(a: Lot, b: Lot): boolean {
    const order = unitCost(a).cmp(unitCost(b));
    return order === 0 ? a.seq < b.seq : order > 0;
  }

  add(lot: Lot): void {
    const heap = this.heap;
    heap.push(lot);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }

  private popTop(): void {
    const heap = this.heap;
    const last = heap.pop()!;
    if (heap.length === 0) return;
    heap[0] = last;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let best = i;
      if (left < heap.length && this.before(heap[left]!, heap[best]!)) best = left;
      if (right < heap.length && this.before(heap[right]!, heap[best]!)) best = right;
      if (best === i) return;
      [heap[i], heap[best]] = [heap[best]!, heap[i]!];
      i = best;
    }
  }

  take(amount: Decimal): Portion[] {
    const portions: Portion[] = [];
    let left = amount;
    while (left.gt(0) && this.heap.length > 0) {
      const lot = this.heap[0]!;
      const portion = takeFromLot(lot, left.lt(lot.remaining) ? left : lot.remaining);
      portions.push(portion);
      left = left.minus(portion.amount);
      if (lot.remaining.eq(0)) this.popTop();
    }
    return portions;
  }

  open(): OpenLot[] {
    return [...this.heap].sort((a, b) => a.seq - b.seq).map(openLot);
  }

  held(): Decimal {
    let total = ZERO;
    for (const lot of this.heap) total = total.plus(lot.remaining);
    return total;
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
  private readonly lots = new OrderedPool(false);
  private heldAmount = ZERO;
  private pooledCost = ZERO;

  add(lot: Lot): void {
    this.lots.add(lot);
    this.heldAmount = this.heldAmount.plus(lot.amount);
    this.pooledCost = this.pooledCost.plus(lot.cost);
  }

  take(amount: Decimal): Portion[] {
    const held = this.heldAmount;
    const cost = this.pooledCost;
    const portions = this.lots.take(amount);
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
  open(): OpenLot[] {
    const lots = this.lots.open();
    const average = lots.length > 1 ? divide(this.pooledCost, this.heldAmount) : ZERO;
    let assigned = ZERO;
    return lots.map((lot, i) => {
      const cost = i === lots.length - 1 ? this.pooledCost.minus(assigned) : average.times(lot.amount);
      assigned = assigned.plus(cost);
      return { ...lot, cost };
    });
  }

  held(): Decimal {
    return this.heldAmount;
  }

  cost(): Decimal {
    return this.pooledCost;
  }

  openLots(): number {
    return this.lots.openLots();
  }
}

export function createPool(method: Method): Pool {
  switch (method) {
    case 'fifo':
      return new OrderedPool(false);
    case 'lifo':
      return new OrderedPool(true);
    case 'hifo':
      return new HighestCostPool();
    case 'average':
      return new AveragePool();
  }
}
