import { type Decimal, Dec, money, ZERO } from './decimal.js';

/** A disposal row after rounding: proceeds and cost to cents, gain = proceeds − cost (Form 8949 h = d − e). */
export interface RoundedRow {
  year: number;
  asset: string;
  term: 'short' | 'long';
  proceeds: Decimal;
  costBasis: Decimal;
  gain: Decimal;
}

class TermSum {
  proceeds = ZERO;
  costBasis = ZERO;
  gains = ZERO;
  losses = ZERO;

  add(row: RoundedRow): void {
    this.proceeds = this.proceeds.plus(row.proceeds);
    this.costBasis = this.costBasis.plus(row.costBasis);
    if (row.gain.lt(0)) this.losses = this.losses.plus(row.gain);
    else this.gains = this.gains.plus(row.gain);
  }

  get net(): Decimal {
    return this.gains.plus(this.losses);
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

  get proceeds(): Decimal {
    return this.short.proceeds.plus(this.long.proceeds);
  }

  get costBasis(): Decimal {
    return this.short.costBasis.plus(this.long.costBasis);
  }

  get gain(): Decimal {
    return this.short.net.plus(this.long.net);
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
  return new Map([...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export function total(rows: readonly RoundedRow[]): GroupSum {
  const sum = new GroupSum();
  for (const row of rows) sum.add(row);
  return sum;
}

/** `estimated_tax` = max(0, short net)·short rate + max(0, long net)·long rate, to cents. */
export function estimatedTax(sum: GroupSum, shortRate: Decimal, longRate: Decimal): Decimal {
  const short = sum.short.net.gt(0) ? sum.short.net.times(shortRate) : ZERO;
  const long = sum.long.net.gt(0) ? sum.long.net.times(longRate) : ZERO;
  return short.plus(long).round(2, Dec.roundHalfUp);
}
