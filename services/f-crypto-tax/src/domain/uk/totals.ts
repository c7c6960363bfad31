import { money } from '../decimal.js';
import { compareText } from '../order.js';
import type { UkRounded } from './rows.js';
import { annualExemptAmount, RATE_CHANGE_DAY, RATE_CHANGE_YEAR, RATE_PERIODS } from './tax-year.js';

/** Totals of UK disposals in pence, as the SA108 capital gains pages ask for them. */
class UkSum {
  disposals = 0;
  proceeds = 0n;
  costBasis = 0n;
  gains = 0n;
  losses = 0n;
  fees = 0n;

  add(row: UkRounded): void {
    this.disposals++;
    this.proceeds += row.proceeds;
    this.costBasis += row.costBasis;
    this.fees += row.fees;
    // Stryker disable next-line EqualityOperator: a zero gain adds nothing to either side
    if (row.gain < 0n) this.losses += row.gain;
    else this.gains += row.gain;
  }

  get gain(): bigint {
    return this.gains + this.losses;
  }

  toJSON() {
    return {
      disposals: this.disposals,
      proceeds: money(this.proceeds),
      cost_basis: money(this.costBasis),
      gain: money(this.gain),
      gains: money(this.gains),
      losses: money(this.losses),
    };
  }

  /** SA108's cryptoasset boxes 13.1–13.5: proceeds before sale fees, allowable costs with them, losses ≥ 0. */
  sa108() {
    return {
      disposals: this.disposals,
      proceeds: money(this.proceeds + this.fees),
      allowable_costs: money(this.costBasis + this.fees),
      gains: money(this.gains),
      losses: money(-this.losses),
    };
  }
}

function sumOf(rows: readonly UkRounded[]): UkSum {
  const sum = new UkSum();
  for (const row of rows) sum.add(row);
  return sum;
}

function groups(rows: readonly UkRounded[], key: (row: UkRounded) => string) {
  const groups = new Map<string, UkRounded[]>();
  for (const row of rows) {
    const name = key(row);
    const group = groups.get(name);
    if (group === undefined) groups.set(name, [row]);
    else group.push(row);
  }
  return [...groups].sort(([a], [b]) => compareText(a, b));
}

/** A tax year's totals with its annual exempt amount, taxable gain, SA108 figures and (2024-25) rate periods. */
function taxYearJson(year: number, rows: readonly UkRounded[]) {
  const sum = sumOf(rows);
  const aea = annualExemptAmount(year);
  // Stryker disable next-line EqualityOperator: a gain equal to the exempt amount is taxable 0 either way
  const taxable = aea === null ? null : sum.gain > aea ? sum.gain - aea : 0n;
  const json = {
    ...sum.toJSON(),
    annual_exempt_amount: aea === null ? null : money(aea),
    taxable_gain: taxable === null ? null : money(taxable),
    sa108: sum.sa108(),
  };
  if (year !== RATE_CHANGE_YEAR) return json;
  const [before, after] = RATE_PERIODS;
  return {
    ...json,
    rate_periods: [
      { ...before, ...sumOf(rows.filter((row) => row.disposal.day < RATE_CHANGE_DAY)).toJSON() },
      { ...after, ...sumOf(rows.filter((row) => row.disposal.day >= RATE_CHANGE_DAY)).toJSON() },
    ],
  };
}

/** The report's `summary` for GB: totals, by asset and by tax year (the year it starts in). */
export function ukSummaryJson(rows: readonly UkRounded[]) {
  return {
    ...sumOf(rows).toJSON(),
    by_asset: Object.fromEntries(
      groups(rows, (row) => row.asset).map(([name, group]) => [name, sumOf(group).toJSON()]),
    ),
    by_year: Object.fromEntries(
      groups(rows, (row) => String(row.taxYear)).map(([name, group]) => [
        name,
        taxYearJson(Number(name), group),
      ]),
    ),
  };
}

export type UkSummaryJson = ReturnType<typeof ukSummaryJson>;
