import { money } from './decimal.js';
import type { Form1099DaRow } from './form1099da.js';
import { compareText } from './order.js';

/**
 * Form 8949's check boxes for a row with a term: before 2025 C (short) / F (long), the boxes for
 * transactions not on a 1099-B; from 2025 digital assets go to G/J (on a 1099-DA with basis reported to
 * the IRS), H/K (on a 1099-DA without) and I/L (on none) — C and F no longer take them (IRS Form 8949, 2025).
 */
export type Form8949Box = 'C' | 'F' | 'G' | 'H' | 'I' | 'J' | 'K' | 'L';

export const FIRST_1099DA_YEAR = 2025;

const BOXES = {
  short: { before: 'C', reported: 'G', notReported: 'H', none: 'I' },
  long: { before: 'F', reported: 'J', notReported: 'K', none: 'L' },
} as const;

/** The box of a row sold in `year`, its sale matched to `row` of the 1099-DA (or to none). */
export function boxOf(year: number, term: 'short' | 'long', row: Form1099DaRow | undefined): Form8949Box {
  const boxes = BOXES[term];
  if (year < FIRST_1099DA_YEAR) return boxes.before;
  if (row === undefined) return boxes.none;
  return row.basisReported ? boxes.reported : boxes.notReported;
}

/** `summary.by_box`: `{proceeds, cost_basis, gain}` of each box with rows, by box. */
export function byBoxJson(
  rows: ReadonlyArray<{ box: Form8949Box; proceeds: bigint; costBasis: bigint; gain: bigint }>,
) {
  const sums = new Map<Form8949Box, { proceeds: bigint; costBasis: bigint; gain: bigint }>();
  for (const row of rows) {
    const sum = sums.get(row.box) ?? { proceeds: 0n, costBasis: 0n, gain: 0n };
    sum.proceeds += row.proceeds;
    sum.costBasis += row.costBasis;
    sum.gain += row.gain;
    sums.set(row.box, sum);
  }
  return Object.fromEntries(
    [...sums]
      .sort(([a], [b]) => compareText(a, b))
      .map(([box, sum]) => [
        box,
        { proceeds: money(sum.proceeds), cost_basis: money(sum.costBasis), gain: money(sum.gain) },
      ]),
  );
}
