import { compareText } from './order.js';
import type { Report } from './report.js';

const HEADER = 'Description,Date Acquired,Date Sold,Proceeds,Cost Basis,Gain or Loss,Term';
/** From 2025 digital assets have their own boxes (G–L): the CSV names each line's box. */
const FIRST_BOXED_DAY = '2025-01-01';

/** `MM/DD/YYYY` of `YYYY-MM-DD`. */
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

type Row = Report['disposals'][number];

const TERM_ORDER = { short: 0, long: 1 } as const;

/**
 * Form 8949-style CSV of a report: CRLF, one line per disposal row, short-term rows first (each in
 * sale order); a zero-basis row is acquired `VARIOUS`. When a row is sold on or after 2025-01-01 the
 * header ends `,Box` and the lines are ordered by term, then box, then sale order. Assets are
 * validated tokens: no cell needs quoting.
 */
export function form8949(report: Pick<Report, 'disposals'>): string {
  const boxed = report.disposals.some((d) => d.date_sold >= FIRST_BOXED_DAY);
  // Before 2025 a term has one box (C short, F long): ordering by box changes nothing there.
  const order = (a: Row, b: Row) =>
    TERM_ORDER[a.term] - TERM_ORDER[b.term] || compareText(a.form_8949_box, b.form_8949_box);
  // Array.prototype.sort is stable: equal lines keep sale order.
  const lines = [boxed ? `${HEADER},Box` : HEADER];
  for (const d of [...report.disposals].sort(order)) {
    const cells = [
      `${d.amount} ${d.asset}`,
      d.lots.length === 0 ? 'VARIOUS' : usDate(d.date_acquired),
      usDate(d.date_sold),
      d.proceeds,
      d.cost_basis,
      d.gain,
      d.term === 'short' ? 'Short-term' : 'Long-term',
    ];
    if (boxed) cells.push(d.form_8949_box);
    lines.push(cells.join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
