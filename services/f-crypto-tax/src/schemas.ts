import { exactlyOneOf, exactlyOnePresent, z } from '@dus/core';
import {
  CSV_FORMATS,
  DEFAULT_METHOD,
  INCOME_KINDS,
  TRADE_TYPES,
  type Decimal,
  METHOD_IDS,
  type HoldingsOptions,
  type Method,
  type Options,
  dayNumber,
  parseInstant,
  readDecimal,
  readTrade,
  type SummaryOptions,
  type Trade,
} from './domain/index.js';
import { codeField, DECIMAL_HINT, decimalField, fiatField, type Report } from './domain/fields.js';
import { type Form1099DaRow, read1099DaRow } from './domain/form1099da.js';

// ---------------------------------------------------------------------------------------------------------
// Inputs. zod checks the shape (types, unknown members); the domain's field readers check the values and
// resolve the older names, so a JSON trade and a native CSV row are read by the same code.
// ---------------------------------------------------------------------------------------------------------

/** A decimal string or JSON number (map values carry no description: the map's says what they are). */
const decimalValue = () =>
  z.union([z.string(), z.number()], { error: `must be ${DECIMAL_HINT} or a JSON number` });
const decimalInput = (description: string) => decimalValue().meta({ description });

const code = (description: string) => z.string({ error: 'must be a string' }).meta({ description });

/** A wallet name (the field reader checks 1 to 200 characters). */
const wallet = (description: string) => z.string().meta({ description });
const tradeTypes = z.enum(TRADE_TYPES);

const tradeSchema = z
  .object({
    id: z.string().max(200).optional().meta({ description: 'your id' }),
    type: tradeTypes.optional().meta({ description: 'trade type' }),
    side: z.string().optional().meta({ description: 'alias of type' }),
    asset: code('asset, e.g. BTC').optional(),
    currency: code('alias of asset').optional(),
    amount: decimalInput('quantity, > 0').optional(),
    quantity: decimalInput('alias of amount').optional(),
    price: decimalInput('unit price in quote').optional(),
    price_per_unit: decimalInput('alias of price').optional(),
    date: z.string().optional().meta({ description: 'ISO 8601, e.g. 2025-01-15 (UTC unless offset)' }),
    fee: decimalInput('fee in fee_asset; transfer: units').optional(),
    fee_asset: code('fee currency').optional(),
    quote: code('price currency').optional(),
    fx_rate: decimalInput('base units per quote unit').optional(),
    fee_fx_rate: decimalInput('base units per fee unit').optional(),
    wallet: z.string().max(200).nullable().optional().meta({ description: 'wallet' }),
    from_wallet: wallet('transfer: from').optional(),
    to_wallet: wallet('transfer: to').optional(),
    fee_price: decimalInput('transfer: fee unit value').optional(),
    fee_treatment: z.enum(['disposal', 'add_to_basis']).optional().meta({ description: 'transfer: fee use' }),
    income_kind: z.enum(INCOME_KINDS).optional().meta({ description: 'income: its kind' }),
  })
  .strict()
  .meta({
    id: 'Trade',
    description: 'numbers as decimal strings',
    // The field readers refuse a field and its older name together (`duplicate_field`) or neither (`required`).
    required: ['date'],
    allOf: [
      exactlyOneOf(['type'], ['side']),
      exactlyOneOf(['asset'], ['currency']),
      exactlyOneOf(['amount'], ['quantity']),
      // A transfer has no price; every other type has one.
      exactlyOneOf(['price'], ['price_per_unit'], ['from_wallet']),
    ],
  });

const fxRatesSchema = z
  .record(z.string(), z.union([z.string(), z.number()]))
  .meta({ description: 'base units per unit, by code' });

const optionShape = {
  base_currency: z.string().optional().meta({ description: 'ISO 4217 (default USD; GB GBP)' }),
  fx_rates: fxRatesSchema.optional(),
  year: z.int().min(1970).max(9999).optional().meta({ description: 'only sales in this year' }),
  pooling: z.enum(['universal', 'per_wallet']).optional().meta({ description: 'default universal' }),
  insufficient_holdings: z
    .enum(['error', 'zero_basis'])
    .default('error')
    .meta({ description: 'a sale beyond holdings' }),
  jurisdiction: z.string().optional().meta({ description: 'country (alpha-2) whose rules apply' }),
  method_by_year: z.record(z.string(), z.string()).optional().meta({ description: 'US: {"2024":"hifo"}' }),
};

const methodSchema = z
  .enum(METHOD_IDS)
  .optional()
  .meta({ description: `default ${DEFAULT_METHOD}; GB average` });
const outputSchema = z
  .enum(['json', '8949'])
  .optional()
  .meta({ description: '`8949`: answer the Form 8949-style CSV (as `Accept: text/csv` does).' });
const formatSchema = z
  .string()
  .optional()
  .meta({ description: `force a format: ${CSV_FORMATS.join(', ')}` });

type Ctx = z.RefinementCtx;

function reporter(ctx: Ctx, prefix: ReadonlyArray<string | number>): Report {
  return (field, code, message) =>
    ctx.addIssue({ code: 'custom', path: [...prefix, field], message, params: { code } });
}

interface RawOptions {
  base_currency?: string | undefined;
  fx_rates?: Record<string, unknown> | undefined;
  year?: number | undefined;
  pooling?: Options['pooling'];
  insufficient_holdings: Options['insufficientHoldings'];
  jurisdiction?: string | undefined;
  method_by_year?: Record<string, string> | undefined;
}

/** At most this many years in `method_by_year` (each change of method re-orders the open lots). */
const MAX_METHOD_YEARS = 100;
const YEAR_METHODS: readonly string[] = ['fifo', 'lifo', 'hifo'];

function readMethodByYear(raw: Record<string, string> | undefined, ctx: Ctx): Map<number, Method> {
  const methods = new Map<number, Method>();
  const entries = Object.entries(raw ?? {});
  const report = reporter(ctx, ['method_by_year']);
  if (entries.length > MAX_METHOD_YEARS) {
    reporter(ctx, [])('method_by_year', 'too_big', `must list at most ${MAX_METHOD_YEARS} years`);
    return methods;
  }
  for (const [key, value] of entries) {
    if (!/^\d{4}$/.test(key)) report(key, 'invalid_year', 'must be a four-digit year such as "2024"');
    else if (!YEAR_METHODS.includes(value)) report(key, 'invalid_enum', 'must be "fifo", "lifo" or "hifo"');
    else methods.set(Number(key), value as Method);
  }
  return methods;
}

/** The options' values checked: base currency, rates, jurisdiction. */
function readOptions(raw: RawOptions, ctx: Ctx): Options {
  const report = reporter(ctx, []);
  let jurisdiction: string | undefined;
  if (raw.jurisdiction !== undefined) {
    if (/^[A-Za-z]{2}$/.test(raw.jurisdiction)) jurisdiction = raw.jurisdiction.toUpperCase();
    else report('jurisdiction', 'invalid_country', 'must be an ISO 3166-1 alpha-2 code such as "US"');
  }
  // HMRC computes in sterling: under GB the base currency defaults to GBP.
  const fallback = jurisdiction === 'GB' ? 'GBP' : 'USD';
  const baseCurrency = fiatField(raw.base_currency ?? fallback, 'base_currency', report) ?? fallback;
  const fxRates = new Map<string, Decimal>();
  for (const [key, value] of Object.entries(raw.fx_rates ?? {})) {
    const report = reporter(ctx, ['fx_rates']);
    const currency = codeField(key, key, report);
    const rate = decimalField(value, key, 'positive', report);
    if (currency !== undefined && rate !== undefined) fxRates.set(currency, rate);
  }
  return {
    baseCurrency,
    fxRates,
    year: raw.year,
    pooling: raw.pooling,
    insufficientHoldings: raw.insufficient_holdings,
    jurisdiction,
    methodByYear: readMethodByYear(raw.method_by_year, ctx),
  };
}

function readTrades(raw: ReadonlyArray<Record<string, unknown>>, options: Options, ctx: Ctx): Trade[] {
  const trades: Trade[] = [];
  raw.forEach((record, i) => {
    const trade = readTrade(record, String(i), options.baseCurrency, reporter(ctx, ['trades', i]));
    if (trade !== undefined) trades.push(trade);
  });
  return trades;
}

const tradesSchema = z.array(tradeSchema).max(1_000_000).meta({ description: 'trade history, any order' });

const form1099DaRowSchema = z
  .object({
    id: z.string().max(200).optional().meta({ description: 'trade_id' }),
    date: z.string().meta({ description: '≥ 2025-01-01' }),
    asset: code('asset'),
    units: decimalInput('> 0'),
    proceeds: decimalInput('1f'),
    cost_basis: z
      .union([z.string(), z.number(), z.null()], { error: `must be ${DECIMAL_HINT}, a JSON number or null` })
      .optional()
      .meta({ description: '1g' }),
    basis_reported: z.boolean().optional().meta({ description: 'box 2' }),
  })
  .strict()
  .meta({ id: 'Form1099DaRow', description: 'a 1099-DA row' });

/** At most this many `form_1099da` rows (as many as trades). */
const MAX_1099DA_ROWS = 1_000_000;

const form1099DaSchema = z.array(form1099DaRowSchema).optional().meta({ description: '1099-DA rows' });

function readForm1099Da(
  raw: ReadonlyArray<z.output<typeof form1099DaRowSchema>> | undefined,
  ctx: Ctx,
): Form1099DaRow[] | undefined {
  if (raw === undefined) return undefined;
  if (raw.length > MAX_1099DA_ROWS) {
    reporter(ctx, [])(
      'form_1099da',
      'too_big',
      `must have at most ${MAX_1099DA_ROWS.toLocaleString('en-US')} rows`,
    );
    return undefined;
  }
  const rows: Form1099DaRow[] = [];
  raw.forEach((record, i) => {
    const row = read1099DaRow(record, i, reporter(ctx, ['form_1099da', i]));
    if (row !== undefined) rows.push(row);
  });
  return rows;
}

export const calculateInput = z
  .object({
    trades: tradesSchema,
    method: methodSchema,
    ...optionShape,
    form_1099da: form1099DaSchema,
    output: outputSchema,
  })
  .strict()
  .transform(({ trades, method, output, form_1099da, ...raw }, ctx) => {
    const options = { ...readOptions(raw, ctx), form1099da: readForm1099Da(form_1099da, ctx) };
    return { method, options, trades: readTrades(trades, options, ctx), output };
  });

export const calculateArguments = z
  .object({ trades: tradesSchema, method: methodSchema, ...optionShape, form_1099da: form1099DaSchema })
  .strict()
  .transform(({ trades, method, form_1099da, ...raw }, ctx) => {
    const options = { ...readOptions(raw, ctx), form1099da: readForm1099Da(form_1099da, ctx) };
    return { method, options, trades: readTrades(trades, options, ctx), output: undefined };
  });

const csvText = z
  .string()
  .max(64 * 1024 * 1024)
  .meta({
    description: 'CSV export text',
  });

export const csvInput = z
  .object({
    csv: csvText,
    format: formatSchema,
    method: methodSchema,
    ...optionShape,
    form_1099da: form1099DaSchema,
    output: outputSchema,
  })
  .strict()
  .transform(({ csv, format, method, output, form_1099da, ...raw }, ctx) => ({
    csv,
    format,
    method,
    output,
    options: { ...readOptions(raw, ctx), form1099da: readForm1099Da(form_1099da, ctx) },
  }));

export const csvArguments = z
  .object({
    csv: csvText,
    format: formatSchema,
    method: methodSchema,
    ...optionShape,
    form_1099da: form1099DaSchema,
  })
  .strict()
  .transform(({ csv, format, method, form_1099da, ...raw }, ctx) => ({
    csv,
    format,
    method,
    output: undefined,
    options: { ...readOptions(raw, ctx), form1099da: readForm1099Da(form_1099da, ctx) },
  }));

/** `/csv` options as query parameters: strings, parsed strictly; `fx_rates=USDT:1,EUR:1.08`. */
export const csvQuery = z
  .object({
    format: z.string().optional(),
    method: z.string().optional(),
    base_currency: z.string().optional(),
    fx_rates: z
      .string()
      .regex(
        /^[^:,]+:[^:,]+(,[^:,]+:[^:,]+)*$/,
        'must be a comma list of CODE:RATE such as "USDT:1,EUR:1.08"',
      )
      .transform((text) =>
        Object.fromEntries(text.split(',').map((pair) => pair.split(':') as [string, string])),
      )
      .optional(),
    year: z
      .string()
      .regex(/^\d{4}$/, 'must be a four-digit year')
      .transform(Number)
      .optional(),
    pooling: z.string().optional(),
    insufficient_holdings: z.string().optional(),
    jurisdiction: z.string().optional(),
    output: z.string().optional(),
  })
  .strict();

/** `/calculate` takes only `output` from the query. */
export const calculateQuery = z.object({ output: z.string().optional() }).strict();

const rateSchema = (term: string) => decimalInput(`${term} tax rate, 0–1`);

const { method_by_year: _methodByYear, ...summaryOptionShape } = optionShape;

export const summaryInput = z
  .object({
    trades: tradesSchema,
    ...summaryOptionShape,
    short_term_rate: rateSchema('short-term').optional(),
    long_term_rate: rateSchema('long-term').optional(),
  })
  .strict()
  // Both rates or neither (the transform refuses one alone, naming the missing rate).
  .meta({ dependentRequired: { short_term_rate: ['long_term_rate'], long_term_rate: ['short_term_rate'] } })
  .transform(
    (
      { trades, short_term_rate, long_term_rate, ...raw },
      ctx,
    ): { trades: Trade[]; options: SummaryOptions } => {
      const options = readOptions(raw, ctx);
      const report = reporter(ctx, []);
      const rate = (value: unknown, field: string) => {
        const read = readDecimal(value);
        if (typeof read === 'string') return void report(field, 'invalid_decimal', read);
        if (read.gt(1)) return void report(field, 'too_big', 'must be between 0 and 1');
        return read;
      };
      let rates: SummaryOptions['rates'];
      if ((short_term_rate === undefined) !== (long_term_rate === undefined)) {
        const missing = short_term_rate === undefined ? 'short_term_rate' : 'long_term_rate';
        report(missing, 'required', 'is required with the other rate: give both rates or neither');
      } else if (short_term_rate !== undefined && long_term_rate !== undefined) {
        const short = rate(short_term_rate, 'short_term_rate');
        const long = rate(long_term_rate, 'long_term_rate');
        if (short && long) rates = { short, long };
      }
      return { trades: readTrades(trades, options, ctx), options: { ...options, rates } };
    },
  );

// ---------------------------------------------------------------------------------------------------------
// Holdings: calculate's options, prices, and the day (`as_of`, or the last day of `year`).
// ---------------------------------------------------------------------------------------------------------

const { year: _year, ...holdingsOptionShape } = optionShape;

export const holdingsInput = z
  .object({
    trades: tradesSchema,
    method: methodSchema,
    ...holdingsOptionShape,
    prices: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .optional()
      .meta({ description: 'base units per unit, by asset', examples: [{ BTC: '65000' }] }),
    as_of: z
      .string()
      .optional()
      .meta({ description: 'last day counted', examples: ['2025-12-31'] }),
    year: z.int().min(1970).max(9999).optional().meta({ description: 'or: its last day' }),
  })
  .strict()
  .meta(exactlyOneOf(['as_of'], ['year']))
  .check(exactlyOnePresent(['as_of', 'year'], '"as_of" (a date) or "year"'))
  .transform(({ trades, method, prices, as_of, year, ...raw }, ctx) => {
    const options = readOptions({ ...raw, year: undefined }, ctx);
    const report = reporter(ctx, []);
    let asOfDay = year === undefined ? 0 : dayNumber(Date.UTC(year, 11, 31));
    if (as_of !== undefined) {
      const read = /^\d{4}-\d{2}-\d{2}$/.test(as_of) ? parseInstant(as_of) : undefined;
      if (read?.ok) asOfDay = dayNumber(read.ms);
      else report('as_of', 'invalid_date', 'must be a calendar date YYYY-MM-DD');
    }
    const priced = new Map<string, Decimal>();
    for (const [key, value] of Object.entries(prices ?? {})) {
      const at = reporter(ctx, ['prices']);
      const asset = codeField(key, key, at);
      const price = decimalField(value, key, 'non_negative', at);
      if (asset !== undefined && price !== undefined) priced.set(asset, price);
    }
    const holdingsOptions: HoldingsOptions = { ...options, asOfDay, asOfYear: year, prices: priced };
    return { method, options: holdingsOptions, trades: readTrades(trades, options, ctx) };
  });
