import { type Decimal, Dec, fromCents, money } from './decimal.js';
import { compareText } from './order.js';

/** A disposal row after rounding, in cents: proceeds, cost, gain = proceeds − cost (Form 8949 h = d − e). */
export interface RoundedRow {
  year: number;
  asset: string;
  term: 'short' | 'long';
  proceeds: bigint;
  costBasis: bigint;
  gain: bigint;
}

class TermSum {
  proceeds = 0n;
  costBasis = 0n;
  gains = 0n;
  losses = 0n;

  add(row: RoundedRow): void {
    this.proceeds += row.proceeds;
    this.costBasis += row.costBasis;
    // Stryker disable next-line EqualityOperator: a zero gain adds nothing to either side
    if (row.gain < 0n) this.losses += row.gain;
    else this.gains += row.gain;
  }

  get net(): bigint {
    return this.gains + this.losses;
  }

  toJSON() {
    return {
      proceeds: money(this.proceeds),
      cost_basis: money(this.costBasis),
      gain: money(this.gains),
      losses: money(this.losses),
      net: money(this.net),
    };
  }
}

/** Sums of rounded rows, split by term: both terms always present. */
export class GroupSum {
  readonly short = new TermSum();
  readonly long = new TermSum();

  add(row: RoundedRow): void {
    (row.term === 'short' ? this.short : this.long).add(row);
  }

  get proceeds(): bigint {
    return this.short.proceeds + this.long.proceeds;
  }

  get costBasis(): bigint {
    return this.short.costBasis + this.long.costBasis;
  }

  get gain(): bigint {
    return this.short.net + this.long.net;
  }

  toJSON() {
    return {
      proceeds: money(this.proceeds),
      cost_basis: money(this.costBasis),
      gain: money(this.gain),
      short_term: this.short.toJSON(),
      long_term: this.long.toJSON(),
    };
  }
}

/** One group per key, sorted by key. */
export function groupBy(
  rows: readonly RoundedRow[],
  key: (row: RoundedRow) => string,
): Map<string, GroupSum> {
  const groups = new Map<string, GroupSum>();
  for (const row of rows) {
    const name = key(row);
    let group = groups.get(name);
    if (group === undefined) {
      group = new GroupSum();
      groups.set(name, group);
    }
    group.add(row);
  }
  return new Map([...groups].sort(([a], [b]) => compareText(a, b)));
}

export function total(rows: readonly RoundedRow[]): GroupSum {
  const sum = new GroupSum();
  for (const row of rows) sum.add(row);
  return sum;
}

/** `estimated_tax` = max(0, short net)·short rate + max(0, long net)·long rate, to cents. */
export function estimatedTax(sum: GroupSum, shortRate: Decimal, longRate: Decimal): Decimal {
  // Stryker disable next-line EqualityOperator: a zero net is taxed zero either way
  const taxed = (net: bigint, rate: Decimal) => (net > 0n ? fromCents(net).times(rate) : new Dec(0));
  return taxed(sum.short.net, shortRate).plus(taxed(sum.long.net, longRate)).round(2, Dec.roundHalfUp);
}
