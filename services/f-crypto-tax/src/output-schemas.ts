import { z } from '@dus/core';
import { CSV_FORMATS, METHOD_IDS } from './domain/index.js';

// Money: base-currency strings with 2 decimals ("14995.00"); quantities: exact plain decimal strings.
const money = (description: string) =>
  z.string().meta({ description: `${description} (base currency, 2 decimals)` });
const quantity = (description: string) => z.string().meta({ description: `${description} (exact decimal)` });
const tradeId = (description: string) => z.string().meta({ description });
const assetCode = z.string().meta({ description: 'Asset code, upper-case', examples: ['BTC'] });
const day = (description: string) => z.string().meta({ description: `${description}, UTC YYYY-MM-DD` });
const methodId = (description: string) => z.enum(METHOD_IDS).meta({ description });

const termTotals = z
  .object({
    proceeds: money('Σ row proceeds'),
    cost_basis: money('Σ row cost bases'),
    gain: money('Σ of the row gains ≥ 0'),
    losses: money('Σ of the row gains < 0, so zero or negative'),
    net: money('gain + losses'),
  })
  .meta({
    id: 'TermTotals',
    description:
      'Totals of the rows of one term: short_term = sold on or before the first anniversary of acquisition, long_term = after it',
  });

const groupTotals = z
  .object({
    proceeds: money('Σ row proceeds'),
    cost_basis: money('Σ row cost bases'),
    gain: money('Σ row gains (losses included)'),
    short_term: termTotals,
    long_term: termTotals,
  })
  .meta({ id: 'GroupTotals', description: 'Totals of a group of disposal rows, overall and by term' });

const disposal = z
  .object({
    trade_id: tradeId(
      'The sale: its `id`, else its index in `trades` (JSON), or its id column, else its line number (CSV)',
    ),
    asset: assetCode,
    amount: quantity('Quantity sold in this row'),
    date_acquired: day('Acquisition date of the lot (= date_sold for a zero-basis row)'),
    date_sold: day('Date of the sale'),
    holding_days: z.int().meta({ description: 'UTC calendar days from date_acquired to date_sold' }),
    term: z.enum(['short', 'long']).meta({
      description:
        '`long` iff sold after the first anniversary of acquisition (Feb 29 → Feb 28), else `short`',
    }),
    proceeds: money('Share of the sale proceeds (after the sell fee), rounded to cents half-up'),
    cost_basis: money('Cost of the lot part (buy fee included), rounded to cents half-up'),
    gain: money('proceeds − cost_basis (negative for a loss)'),
    lots: z
      .array(
        z.object({
          trade_id: tradeId('The buy that opened the lot'),
          amount: quantity('Quantity taken from the lot'),
          cost: money('Cost taken from the lot (= cost_basis)'),
        }),
      )
      .meta({ description: "The row's one lot; empty for a zero-basis row" }),
  })
  .meta({ id: 'Disposal', description: 'One sale matched to one lot' });

const warning = z
  .object({
    code: z
      .string()
      .meta({ description: 'average_cost_us, zero_basis or rows_skipped', examples: ['zero_basis'] }),
    message: z.string().meta({ description: 'Human-readable explanation' }),
    trade_id: tradeId('zero_basis only: the sale that exceeded the holdings').optional(),
    asset: z
      .string()
      .optional()
      .meta({ description: 'zero_basis only: the asset sold', examples: ['BTC'] }),
    shortfall: quantity('zero_basis only: quantity sold beyond the holdings').optional(),
  })
  .meta({ id: 'Warning', description: 'Something to know about the report; the numbers stand' });

const byKey = (key: string) =>
  z.record(z.string(), groupTotals).meta({ description: `Totals per ${key}; only keys with rows` });

export const reportOutput = z
  .object({
    method: methodId('Lot-matching method used'),
    base_currency: z
      .string()
      .meta({ description: 'ISO 4217 currency of every money amount', examples: ['USD'] }),
    trades_processed: z
      .int()
      .meta({ description: 'Number of trades read (the whole history, whatever `year`)' }),
    disposals: z.array(disposal).meta({
      description: 'Disposal rows in sale order, then lot-consumption order; only `year` with a year',
    }),
    summary: z
      .object({
        ...groupTotals.shape,
        by_asset: byKey('asset code'),
        by_year: byKey('UTC year of date_sold'),
      })
      .meta({ description: 'Totals of the disposal rows (sums of the rounded rows)' }),
    holdings: z
      .array(
        z.object({
          asset: assetCode,
          wallet: z.string().nullable().meta({
            description:
              'Wallet of the pool with `pooling: per_wallet`; null for universal pooling or no wallet',
          }),
          amount: quantity('Quantity still held, > 0'),
          cost_basis: money('Cost of the open lots'),
          lots: z.int().meta({ description: 'Number of open lots' }),
        }),
      )
      .meta({ description: 'Open positions at the end of the history, sorted by asset then wallet' }),
    warnings: z.array(warning).meta({ description: 'Warnings; empty when there are none' }),
  })
  .meta({
    description:
      'Gains report. Money: base-currency strings with 2 decimals ("14995.00"); quantities: exact plain decimals ("0.5").',
  });

const methodTotals = z
  .object({
    ...groupTotals.shape,
    by_year: z
      .record(
        z.string(),
        z
          .object({ short_term: termTotals, long_term: termTotals })
          .meta({ description: 'Totals by term of one year' }),
      )
      .meta({ description: 'Per UTC year of date_sold; only years with rows' }),
    estimated_tax: money(
      'Only with both rates: max(0, short net)·short_term_rate + max(0, long net)·long_term_rate, rounded half-up',
    ).optional(),
  })
  .meta({ id: 'MethodTotals', description: "One method's totals on the trade history" });

export const summaryOutput = z
  .object({
    methods: z
      .object({
        fifo: methodTotals,
        lifo: methodTotals,
        hifo: methodTotals,
        average: methodTotals,
      })
      .meta({ description: 'Totals of each method on the same trades' }),
    recommendation: z
      .object({
        method: methodId('The method with the lowest estimated_tax (with rates), else the lowest gain'),
        reason: z.string().meta({ description: 'Why, with the winning amount' }),
        note: z.string().optional().meta({
          description: 'Only when average wins without `jurisdiction`: US individuals may not use it',
        }),
      })
      .meta({
        description:
          'Ties go to the first of fifo, hifo, lifo, average; `jurisdiction` limits the candidates',
      }),
  })
  .meta({ description: 'Methods side by side. Money: base-currency strings with 2 decimals ("261.00").' });

export const methodsOutput = z.object({
  methods: z
    .array(
      z.object({
        id: methodId('Value for `method`'),
        name: z.string().meta({ description: 'Full name', examples: ['First in, first out'] }),
        description: z.string().meta({ description: 'How a sale consumes lots' }),
        allowed_in: z.array(z.string()).meta({
          description: 'ISO 3166-1 alpha-2 codes where individuals may use it for crypto',
          examples: [['US']],
        }),
      }),
    )
    .meta({ description: 'The lot-matching methods' }),
  default: methodId('Method used when `method` is omitted'),
  csv_formats: z.array(z.enum(CSV_FORMATS)).meta({ description: 'Values for the CSV `format` option' }),
});

const moneyOrNull = (description: string) =>
  z
    .string()
    .nullable()
    .meta({ description: `${description} (base currency, 2 decimals); null without a price` });

export const holdingsOutput = z
  .object({
    as_of: day('Last day whose trades count'),
    base_currency: z.string().meta({ description: 'ISO 4217 currency of every money amount' }),
    method: methodId('Lot-matching method used'),
    pooling_rule: z
      .object({
        pooling: z.enum(['universal', 'per_wallet']).meta({ description: 'Pooling in force' }),
        source: z.enum(['request', 'default']).meta({ description: 'Where it comes from' }),
        reason: z.string().meta({ description: 'Why, in words' }),
      })
      .meta({ description: 'The pooling rule applied' }),
    holdings: z
      .array(
        z.object({
          asset: assetCode,
          wallet: z.string().nullable().meta({ description: 'Wallet with per_wallet pooling, else null' }),
          amount: quantity('Quantity held, > 0'),
          cost_basis: money('Cost of the open lots, half-up'),
          price: z.string().nullable().meta({ description: 'Price per unit given in `prices`, or null' }),
          value: moneyOrNull('amount × price, half-up'),
          unrealised_gain: moneyOrNull('value − cost_basis'),
          lots: z
            .array(
              z.object({
                trade_id: tradeId('The buy that opened the lot'),
                date_acquired: day('Acquisition date'),
                amount: quantity('Quantity left'),
                cost: money('Cost left (average: its share of the pool)'),
              }),
            )
            .meta({ description: 'Open lots, oldest first' }),
        }),
      )
      .meta({ description: 'Positions by asset, then wallet' }),
    totals: z
      .object({
        cost_basis: money('Σ cost_basis'),
        value: moneyOrNull('Σ value'),
        unrealised_gain: moneyOrNull('value − cost_basis'),
        realised_gain: money('Σ gains of the disposals up to as_of'),
      })
      .meta({ description: 'Totals over every holding' }),
    warnings: z.array(warning).meta({ description: 'Warnings; empty when there are none' }),
  })
  .meta({ description: 'Holdings at a date. Quantities: exact decimals.' });
