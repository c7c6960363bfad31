import Papa from 'papaparse';

/** One data row: its 1-based line in the text and its cells. */
export interface CsvRow {
  line: number;
  cells: string[];
}

/** Lower-case, trimmed, single-spaced, without a BOM or quotes: how headers are compared. */
export function headerKey(cell: string): string {
  return cell
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/^"|"$/g, '')
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

/**
 * Every row of the text with the line it starts on (quoted cells may span lines). Rows that are
 * empty or hold only empty cells are dropped. Reading stops after `maxRows` + 1 rows: one more than
 * the caller takes says the text has too many.
 */
export function readRows(text: string, maxRows = Number.POSITIVE_INFINITY): CsvRow[] {
  const rows: CsvRow[] = [];
  let line = 1;
  let counted = 0;
  let start = 0;
  const body = text.replace(/^\uFEFF/, '');
  Papa.parse<string[]>(body, {
    header: false,
    skipEmptyLines: false,
    step: (result, parser) => {
      // Lines before this row: newlines from the last counted point up to the row's start.
      for (let i = counted; i < start; i++) if (body.charCodeAt(i) === 10) line++;
      counted = start;
      const cells = result.data;
      if (cells.some((cell) => cell.trim() !== '')) rows.push({ line, cells });
      start = result.meta.cursor;
      if (rows.length > maxRows) parser.abort();
    },
  });
  return rows;
}
