import { type Decimal, divide, ZERO } from '../decimal.js';

/** `total × part / whole`, exact when the part is the whole (one division otherwise). */
export function shareOf(total: Decimal, part: Decimal, whole: Decimal): Decimal {
  return part.eq(whole) ? total : divide(total.times(part), whole);
}

/** A section 104 pool (TCGA92 s104): units at their average cost, kept exact. */
export class Section104Pool {
  amount: Decimal = ZERO;
  cost: Decimal = ZERO;

  add(amount: Decimal, cost: Decimal): void {
    this.amount = this.amount.plus(amount);
    this.cost = this.cost.plus(cost);
  }

  /** Takes `amount` (at most what is held) at the average cost; the last unit takes the exact rest. */
  take(amount: Decimal): Decimal {
    const cost = shareOf(this.cost, amount, this.amount);
    this.amount = this.amount.minus(amount);
    this.cost = this.cost.minus(cost);
    return cost;
  }

  /** Units leave without their cost: the cost stays with the units still held. */
  remove(amount: Decimal): void {
    this.amount = this.amount.minus(amount);
  }
}
