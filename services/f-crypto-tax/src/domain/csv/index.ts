import {
  escapePointerToken,
  MAX_FIELD_ERRORS,
  ProblemError,
  type ProblemFieldError,
  validationFailed,
} from '@dus/core';
import type { Decimal } from '../decimal.js';
import { CSV_FORMATS, type CsvFormat } from '../methods.js';
import { refusedAt } from '../rules.js';
import type { Trade } from '../types.js';
import { binance } from './binance.js';
import { CellError } from './cells.js';
import { coinbase } from './coinbase.js';
import type { Format, NamedRow } from './format.js';
import { koinly } from './koinly.js';
import { kraken } from './kraken.js';
import { native } from './native.js';
import { type CsvRow, headerKey, readRows } from './table.js';

/** Most specific first: auto-detection takes the first format whose header is found. */
const DETECTION_ORDER: readonly Format[] = [coinbase, kraken, binance, koinly, native];
const FORMATS = new Map(DETECTION_ORDER.map((format) => [format.id, format]));

/** How many rows a preamble may take before the header. */
const HEADER_SEARCH_ROWS = 100;

/**
 * Rows one CSV may hold after its header: as many trades as a JSON body fills its 32 MiB with. Work
 * and memory grow with the rows (300,000: about 4 s and 0.95 GB on the reference machine; 800,000:
 * 14 s), so beyond it the call is refused before any row is read as a trade, inside the call's deadline.
 */
export const MAX_CSV_ROWS = 300_000;

export interface CsvTrades {
  format: CsvFormat;
  trades: Trade[];
  /** Rows that are not trades (deposits, rewards, transfers), with why. */
  skipped: Array<{ line: number; reason: string }>;
}

function unknownFormat(detail: string): ProblemError {
  return new ProblemError({
    status: 400,
    code: 'unknown_csv_format',
    title: 'Unknown CSV format',
    detail,
    extensions: { supported: [...CSV_FORMATS] },
  });
}

function findHeader(rows: readonly CsvRow[], candidates: readonly Format[]) {
  const limit = Math.min(rows.length, HEADER_SEARCH_ROWS);
  for (let i = 0; i < limit; i++) {
    const keys = rows[i]!.cells.map(headerKey);
    const present = new Set(keys);
    const format = candidates.find((f) =>
      f.required.every((alternatives) => alternatives.some((k) => present.has(k))),
    );
    if (format)
      return {
        format,
        index: i,
        keys,
        written: rows[i]!.cells.map((cell) => cell.replace(/^\uFEFF/, '').trim()),
      };
  }
  return undefined;
}

function namedRow(row: CsvRow, columns: Map<string, number>, written: readonly string[]): NamedRow {
  const cell = (key: string) => {
    const index = columns.get(key);
    return index === undefined ? undefined : row.cells[index];
  };
  return {
    line: row.line,
    get: (...keys) => {
      for (const key of keys) {
        const value = cell(key);
        if (value !== undefined) return value.trim();
      }
      return '';
    },
    column: (...keys) => {
      for (const key of keys) {
        const index = columns.get(key);
        if (index !== undefined) return written[index]!;
      }
      return keys[0] ?? '';
    },
    record: () => Object.fromEntries([...columns].map(([key, index]) => [key, row.cells[index] ?? ''])),
  };
}

/**
 * Trades from a CSV export: the header row is found past any preamble and the format detected (or
 * forced); a crypto-to-crypto row becomes a sell and a buy. Bad cells → 400 naming line and column.
 */
export function parseCsv(
  text: string,
  format: string | undefined,
  baseCurrency: string,
  fxRates: ReadonlyMap<string, Decimal>,
): CsvTrades {
  const forced = format === undefined ? undefined : FORMATS.get(format as CsvFormat);
  if (format !== undefined && forced === undefined) {
    throw unknownFormat(`"${format.slice(0, 40)}" is not a supported format (${CSV_FORMATS.join(', ')})`);
  }
  const rows = readRows(text, HEADER_SEARCH_ROWS + MAX_CSV_ROWS);
  const header = findHeader(rows, forced ? [forced] : DETECTION_ORDER);
  if (header === undefined) {
    throw unknownFormat(
      forced
        ? `no ${forced.id} header row found in the first ${HEADER_SEARCH_ROWS} rows`
        : `no header row of a supported format (${CSV_FORMATS.join(', ')}) found in the first ${HEADER_SEARCH_ROWS} rows`,
    );
  }
  if (rows.length - header.index - 1 > MAX_CSV_ROWS) {
    throw refusedAt(
      '/csv',
      'too_expensive',
      `the CSV has more than ${MAX_CSV_ROWS.toLocaleString('en-US')} rows after its header: send the history in parts by asset (lots are matched per asset)`,
      { limit: MAX_CSV_ROWS },
    );
  }
  const columns = new Map<string, number>();
  header.keys.forEach((key, index) => {
    if (key !== '' && !columns.has(key)) columns.set(key, index);
  });
  const errors: ProblemFieldError[] = [];
  let total = 0;
  const trades: Trade[] = [];
  const skipped: CsvTrades['skipped'] = [];
  for (let i = header.index + 1; i < rows.length; i++) {
    const row = namedRow(rows[i]!, columns, header.written);
    const fail = (column: string, code: string, message: string) => {
      total++;
      if (errors.length < MAX_FIELD_ERRORS) {
        const path = `/csv/${row.line}/${escapePointerToken(column)}`;
        errors.push({ path, code, message, line: row.line, column } as ProblemFieldError);
      }
    };
    try {
      const result = header.format.read(row, {
        baseCurrency,
        fxRates,
        report: (field, code, message) => fail(row.column(field), code, message),
      });
      if (Array.isArray(result)) trades.push(...result);
      else skipped.push({ line: row.line, reason: result.skip });
    } catch (error) {
      if (!(error instanceof CellError)) throw error;
      fail(error.column, error.code, error.message);
    }
  }
  if (total > 0) throw validationFailed(errors, undefined, total);
  return { format: header.format.id, trades, skipped };
}
