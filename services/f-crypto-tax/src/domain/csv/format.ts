import type { Decimal } from '../decimal.js';
import type { Report } from '../fields.js';
import type { CsvFormat } from '../methods.js';
import type { Trade } from '../types.js';

/** One data row by header: cells by normalised header key, and the header as written (for errors). */
export interface NamedRow {
  line: number;
  /** The trimmed cell under the first of these header keys present; '' when absent (formats rely on the trimming). */
  get(...keys: string[]): string;
  /** The header as written in the file, for error paths. */
  column(...keys: string[]): string;
  /** All cells by normalised header key. */
  record(): Record<string, string>;
}

export interface RowContext {
  baseCurrency: string;
  fxRates: ReadonlyMap<string, Decimal>;
  /** Reports a cell problem by column key; the row is then dropped. */
  report: Report;
}

/** What a row becomes: trades (a crypto-to-crypto row: a sell and a buy), or a reason to skip it. */
export type RowResult = Trade[] | { skip: string };

export interface Format {
  id: CsvFormat;
  /** Header keys that must all be present; each is a list of alternatives. */
  required: readonly (readonly string[])[];
  read(row: NamedRow, context: RowContext): RowResult;
}

/** `trade_id` of a row: its id column, else its line number. */
export function rowId(row: NamedRow): string {
  return row.get('id', 'txid', 'txhash') || String(row.line);
}
