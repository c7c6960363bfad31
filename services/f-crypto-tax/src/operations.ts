import { defineOperation, validationFailed, z } from '@dus/core';
import {
  calculate,
  form8949,
  holdingsReport,
  MAX_CSV_ROWS,
  MAX_LOT_MOVES,
  MAX_SUMMARY_TRADES,
  methodsListing,
  parseCsv,
  type Report,
  summarize,
} from './domain/index.js';
import { refusedAt } from './domain/rules.js';
import { holdingsOutput, methodsOutput, reportOutput, summaryOutput } from './output-schemas.js';
import {
  calculateArguments,
  calculateInput,
  calculateQuery,
  csvArguments,
  csvInput,
  csvQuery,
  holdingsInput,
  summaryInput,
} from './schemas.js';

/** 100,000 JSON trades are about 9 MB. */
const MAX_BODY_BYTES = 32 * 1024 * 1024;
/**
 * About 2,000 trades (tens of milliseconds): from here a call runs in the worker pool (docs/conventions.md §11).
 * A history with transfers runs there at any size: what its transfers move (up to `MAX_LOT_MOVES` lots,
 * about a second) is not bounded by a cheap look at the body.
 */
const TRANSFER = [Buffer.from('ransfer'), Buffer.from('RANSFER')];
const HEAVY = {
  minBytes: 256 * 1024,
  when: (raw: string | Uint8Array) => {
    const bytes =
      typeof raw === 'string' ? Buffer.from(raw) : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    return TRANSFER.some((word) => bytes.includes(word));
  },
};

/** The errors of a report that matches lots; `alsoTooExpensive` states the operation's own input bound. */
const matchingErrors = (alsoTooExpensive = '') => [
  {
    status: 422,
    code: 'insufficient_holdings',
    description:
      'A sale exceeds the holdings at that time (with `insufficient_holdings: error`); `trade_id`, `asset`, `shortfall`.',
  },
  {
    status: 422,
    code: 'too_expensive',
    description: `The trades' transfers would move more than ${MAX_LOT_MOVES.toLocaleString('en-US')} lots (parts moved back and forth); \`trade_id\`, \`limit\`.${alsoTooExpensive}`,
  },
  {
    status: 422,
    code: 'missing_fx_rate',
    description:
      'A quote or fee currency has no rate: give `fx_rate`/`fee_fx_rate` on the trade or `fx_rates`.',
  },
];

const FORM_1099DA_GB = {
  status: 422,
  code: 'unsupported_option_for_jurisdiction',
  description: '`form_1099da` with `jurisdiction: "GB"` (a US form).',
};

/** Form 8949-style CSV on `Accept: text/csv` or `output=8949`; JSON otherwise. */
function render8949(
  output: z.output<typeof reportOutput>,
  input: { output?: string | undefined },
  request: { header(name: string): string | undefined },
) {
  const accept = request.header('accept') ?? '';
  if (input.output !== '8949' && !/\btext\/csv\b/i.test(accept)) return undefined;
  if (output.jurisdiction === 'GB') {
    throw refusedAt(
      '/output',
      'unsupported_output_for_jurisdiction',
      'Form 8949 is a US form: a GB report is answered as JSON (leave out output=8949 and Accept: text/csv)',
      { jurisdiction: 'GB' },
    );
  }
  return { body: form8949(output as Report), contentType: 'text/csv; charset=utf-8' };
}

const example = {
  trades: [
    { type: 'buy' as const, asset: 'BTC', amount: '1', price: '30000', date: '2024-01-15', fee: '5' },
    { type: 'sell' as const, asset: 'BTC', amount: '0.5', price: '45000', date: '2025-03-01' },
  ],
};

const csvExample = {
  csv: 'type,asset,amount,price,date,fee\nbuy,BTC,1,30000,2024-01-15,5\nsell,BTC,0.5,45000,2025-03-01,0\n',
};
const summaryExample = { ...example, short_term_rate: '0.37', long_term_rate: '0.15', jurisdiction: 'US' };

/** The gains report of a CSV export, with a warning when rows that are not trades were skipped. */
function csvReport({ csv, format, method, options }: z.output<typeof csvInput>) {
  const parsed = parseCsv(csv, format, options.baseCurrency, options.fxRates);
  const report = calculate(parsed.trades, method, options);
  if (parsed.skipped.length > 0) {
    const lines = parsed.skipped.slice(0, 10).map((s) => s.line);
    report.warnings.push({
      code: 'rows_skipped',
      message: `${parsed.skipped.length} ${parsed.format} row(s) were not read (line ${lines.join(', ')}${parsed.skipped.length > lines.length ? ', …' : ''}): ${parsed.skipped[0]!.reason}`,
    });
  }
  return report;
}

export const calculateOperation = defineOperation({
  name: 'calculate',
  mcpName: 'calculate_crypto_tax',
  summary: 'Realised gains from a JSON trade history (FIFO, LIFO, HIFO or average cost)',
  description:
    'Exact decimal arithmetic; one disposal row per sale and lot, each rounded to cents half-up, short- or long-term by the calendar anniversary. `Accept: text/csv` or `?output=8949` answers Form 8949-style CSV.' +
    " Trades: `type`, `asset`, `amount`, `price` (per unit, in `quote`, default the base currency) and `date` (ISO 8601; a date alone is 00:00:00Z, no offset is UTC), optional `fee` (in `fee_asset`, default `quote`), `fx_rate`/`fee_fx_rate` or `fx_rates` for other currencies, and `wallet` (with `pooling: per_wallet`). The older names `side`, `currency`, `quantity`, `price_per_unit` are accepted (one of each pair). A row's `date_acquired` equals `date_sold` for a zero-basis row; the anniversary of Feb 29 is Feb 28." +
    ' Every row has its `form_8949_box` (C/F before 2025; from 2025 G/J, H/K or I/L by the 1099-DA match) and `summary.by_box` sums them; `form_1099da` (rows `{id?, date, asset, units, proceeds, cost_basis?, basis_reported?}`) adds a `reconciliation`: matches by id, then by day and units, with per-row and total differences and their reasons, and what is left unmatched on each side. Under GB each tax year in `summary.by_year` has its `annual_exempt_amount`, `taxable_gain`, `sa108` figures and (2024) `rate_periods`.' +
    ' Money is base-currency strings with 2 decimals ("14995.00"), quantities exact decimal strings; `disposals` come in sale order, then lot-consumption order (only sales in `year` when given; `trades_processed` counts the whole history); `by_asset` and `by_year` hold only keys with rows; `holdings` are sorted by asset, then wallet.',
  toolDescription:
    'Realised capital gains of `trades` by `method`: a row per sale and lot with its Form 8949 box, totals by term, asset, year and box, holdings, warnings; `form_1099da` is reconciled. Numbers are decimal strings.',
  tags: ['gains'],
  method: 'POST',
  path: '/api/v1/calculate',
  input: calculateInput,
  mcpInput: calculateArguments,
  bodyQuery: calculateQuery,
  output: reportOutput,
  errors: [...matchingErrors(), FORM_1099DA_GB],
  maxBodyBytes: MAX_BODY_BYTES,
  heavy: HEAVY,
  example: {
    input: example,
    output: () => {
      const { trades, method, options } = calculateInput.parse(example);
      return calculate(trades, method, options);
    },
  },
  renderMediaType: 'text/csv',
  render: (output, input, request) => render8949(output, input, request),
  handler: ({ trades, method, options }) => calculate(trades, method, options),
});

const utf8 = new TextDecoder('utf-8', { fatal: true });

export const csvOperation = defineOperation({
  name: 'csv',
  mcpName: 'parse_csv_trades',
  summary: 'Realised gains from a CSV export (native, Koinly, Coinbase, Kraken, Binance)',
  description:
    'Send the CSV as a `text/csv` body (options as query parameters) or as JSON `{ "csv": "…", …options }` (a body field wins over the query). The header row is found past preambles and the format detected, or forced by `format`. Answers the same report as /calculate.' +
    ' Crypto-to-crypto rows need a net-worth column or `fx_rates`; rows that are not trades are skipped and reported in `warnings` (`rows_skipped`).',
  toolDescription:
    'Realised capital gains from a CSV export (`csv`: native, Koinly, Coinbase, Kraken or Binance; `format` forces one), options as calculate_crypto_tax; the same report.',
  tags: ['gains'],
  method: 'POST',
  path: '/api/v1/csv',
  input: csvInput,
  mcpInput: csvArguments,
  bodyQuery: csvQuery,
  bodyParsers: {
    'text/csv': (bytes) => {
      try {
        return { csv: utf8.decode(bytes) };
      } catch {
        throw validationFailed([
          { path: '/csv', code: 'invalid_utf8', message: 'the CSV body is not UTF-8' },
        ]);
      }
    },
  },
  output: reportOutput,
  errors: [
    {
      status: 400,
      code: 'unknown_csv_format',
      description: 'Unknown `format`, or no supported header row found; `supported` lists the formats.',
    },
    ...matchingErrors(
      ` Or the CSV has more than ${MAX_CSV_ROWS.toLocaleString('en-US')} rows after its header (\`/csv\`, \`limit\`).`,
    ),
    FORM_1099DA_GB,
    {
      status: 422,
      code: 'missing_valuation',
      description: 'A crypto-to-crypto row has no net worth and no `fx_rates` for either side; `line`.',
    },
  ],
  maxBodyBytes: MAX_BODY_BYTES,
  heavy: HEAVY,
  example: { input: csvExample, output: () => csvReport(csvInput.parse(csvExample)) },
  renderMediaType: 'text/csv',
  render: (output, input, request) => render8949(output, input, request),
  handler: csvReport,
});

const summarizeInput = ({ trades, options }: z.output<typeof summaryInput>) => summarize(trades, options);

export const summaryOperation = defineOperation({
  name: 'summary',
  mcpName: 'annual_tax_summary',
  summary: 'FIFO, LIFO, HIFO and average cost side by side per tax year, with a recommendation',
  description:
    'With `short_term_rate` and `long_term_rate` (both or neither) each method gets an `estimated_tax` and the lowest wins; else the lowest total gain. Ties go to the first of fifo, hifo, lifo, average. `jurisdiction` restricts the recommendation to methods allowed there.' +
    ' `estimated_tax` = max(0, short-term net)·short_term_rate + max(0, long-term net)·long_term_rate, rounded half-up. A `note` says when average wins without a `jurisdiction`: US individuals may not use it.',
  toolDescription:
    'Compares fifo, lifo, hifo and average on the same `trades` (options as calculate_crypto_tax): totals per method and year, `estimated_tax` with both rates, and the best method allowed in `jurisdiction`.',
  tags: ['gains'],
  method: 'POST',
  path: '/api/v1/summary',
  input: summaryInput,
  output: summaryOutput,
  errors: [
    ...matchingErrors(
      ` Or more than ${MAX_SUMMARY_TRADES.toLocaleString('en-US')} trades outside GB (each method replays them; \`/trades\`, \`limit\`).`,
    ),
    { status: 422, code: 'unsupported_jurisdiction', description: 'No method is allowed in `jurisdiction`.' },
  ],
  maxBodyBytes: MAX_BODY_BYTES,
  heavy: HEAVY,
  example: { input: summaryExample, output: () => summarizeInput(summaryInput.parse(summaryExample)) },
  handler: summarizeInput,
});

export const methodsOperation = defineOperation({
  name: 'methods',
  mcpName: 'list_tax_methods',
  summary: 'The lot-matching methods, where each is allowed, and the CSV formats',
  description:
    'Lists the lot-matching methods (fifo, lifo, hifo, average) with how each consumes lots and the countries (ISO 3166-1 alpha-2) where individuals may use it for crypto, the default method, and the CSV formats parse_csv_trades reads.',
  toolDescription:
    'Lists the lot-matching methods, where each is allowed, the default, and the CSV formats parse_csv_trades reads.',
  tags: ['reference'],
  method: 'GET',
  path: '/api/v1/methods',
  input: z.object({}).strict(),
  output: methodsOutput,
  example: { input: {}, output: () => methodsListing() },
  handler: () => methodsListing(),
});

const holdingsExample = {
  trades: [
    { type: 'buy' as const, asset: 'BTC', amount: '1', price: '30000', date: '2024-01-15', fee: '5' },
    { type: 'buy' as const, asset: 'BTC', amount: '0.5', price: '40000', date: '2024-06-01' },
    { type: 'sell' as const, asset: 'BTC', amount: '0.75', price: '45000', date: '2025-03-01' },
  ],
  prices: { BTC: '65000' },
  as_of: '2025-12-31',
};

const holdingsOf = ({ trades, method, options }: z.output<typeof holdingsInput>) =>
  holdingsReport(trades, method, options);

export const holdingsOperation = defineOperation({
  name: 'holdings',
  mcpName: 'holdings_report',
  summary: 'Open positions at a date: open lots, cost basis, value and unrealised gain',
  description:
    'Replays the trades up to `as_of` (or the end of `year`) by the method and pooling of /calculate and reports what is left: per asset (and wallet with per_wallet pooling) the amount, the cost basis of the open lots, their value at `prices` and the unrealised gain, with the realised gain of the disposals so far.',
  toolDescription:
    'Holdings at `as_of` or the end of `year` (one of them) from `trades` with calculate_crypto_tax options: per asset the open lots, cost basis, value at `prices` and unrealised gain; totals with the realised gain.',
  tags: ['gains'],
  method: 'POST',
  path: '/api/v1/holdings',
  input: holdingsInput,
  output: holdingsOutput,
  errors: matchingErrors(),
  maxBodyBytes: MAX_BODY_BYTES,
  heavy: HEAVY,
  example: { input: holdingsExample, output: () => holdingsOf(holdingsInput.parse(holdingsExample)) },
  handler: holdingsOf,
});

export const operations = [
  methodsOperation,
  calculateOperation,
  csvOperation,
  summaryOperation,
  holdingsOperation,
];
