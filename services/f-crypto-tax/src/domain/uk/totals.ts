import { money } from '../decimal.js';
import { compareText } from '../order.js';
import type { UkRounded } from './rows.js';

/** Totals of UK disposals in pence, as the SA108 capital gains pages ask for them. */
class UkSum {
  disposals = 0;
  proceeds = 0n;
  costBasis = 0n;
  gains = 0n;
  losses = 0n;

  add(row: UkRounded): void {
    this.disposals++;
    this.proceeds += row.proceeds;
    this.costBasis += row.costBasis;
    // Stryker disable next-line EqualityOperator: a zero gain adds nothing to either side
    if (row.gain < 0n) this.losses += row.gain;
    else this.gains += row.gain;
  }

  toJSON() {
    return {
      disposals: this.disposals,
      proceeds: money(this.proceeds),
      cost_basis: money(this.costBasis),
      gain: money(this.gains + this.losses),
      gains: money(this.gains),
      losses: money(this.losses),
    };
  }
}

function sumOf(rows: readonly UkRounded[]): UkSum {
  const sum = new UkSum();
  for (const row of rows) sum.add(row);
  return sum;
}

function byKey(rows: readonly UkRounded[], key: (row: UkRounded) => string) {
  const groups = new Map<string, UkRounded[]>();
  for (const row of rows) {
    const name = key(row);
    const group = groups.get(name);
    if (group === undefined) groups.set(name, [row]);
    else group.push(row);
  }
  return Object.fromEntries(
    [...groups].sort(([a], [b]) => compareText(a, b)).map(([name, group]) => [name, sumOf(group).toJSON()]),
  );
}

/** The report's `summary` for GB: totals, by asset and by tax year (the year it starts in). */
export function ukSummaryJson(rows: readonly UkRounded[]) {
  return {
    ...sumOf(rows).toJSON(),
    by_asset: byKey(rows, (row) => row.asset),
    by_year: byKey(rows, (row) => String(row.taxYear)),
  };
}

export type UkSummaryJson = ReturnType<typeof ukSummaryJson>;
