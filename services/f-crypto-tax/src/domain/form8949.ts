import type { Report } from './report.js';

const HEADER = 'Description,Date Acquired,Date Sold,Proceeds,Cost Basis,Gain or Loss,Term';

/** `MM/DD/YYYY` of `YYYY-MM-DD`. */
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/**
 * Form 8949-style CSV of a report: CRLF, one line per disposal row, short-term rows first (each in
 * sale order); a zero-basis row is acquired `VARIOUS`. Assets are validated tokens: no cell needs quoting.
 */
export function form8949(report: Pick<Report, 'disposals'>): string {
  const lines = [HEADER];
  for (const term of ['short', 'long'] as const) {
    for (const d of report.disposals) {
      if (d.term !== term) continue;
      lines.push(
        [
          `${d.amount} ${d.asset}`,
          d.lots.length === 0 ? 'VARIOUS' : usDate(d.date_acquired),
          usDate(d.date_sold),
          d.proceeds,
          d.cost_basis,
          d.gain,
          term === 'short' ? 'Short-term' : 'Long-term',
        ].join(','),
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}
