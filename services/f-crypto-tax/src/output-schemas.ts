import { z } from '@dus/core';
import { CSV_FORMATS, METHOD_IDS } from './domain/index.js';

// Money: base-currency strings with 2 decimals ("14995.00"); quantities: exact plain decimal strings.
// Money and quantity formats are said once, in each output's root description.
const money = (description: string) => z.string().meta({ description });
const quantity = (description: string) => z.string().meta({ description });
const tradeId = (description: string) => z.string().meta({ description });
const assetCode = z.string().meta({ description: 'asset code' });
const day = (description: string) => z.string().meta({ description: `${description}, YYYY-MM-DD` });
const methodId = (description: string) => z.enum(METHOD_IDS).meta({ description });

const termTotals = z
  .object({
    proceeds: money('proceeds'),
    cost_basis: money('cost basis'),
    gain: money('Σ gains ≥ 0'),
    losses: money('Σ gains < 0'),
    net: money('gain + losses'),
  })
  .meta({
    id: 'TermTotals',
    description: 'totals of one term (long: sold after the first anniversary)',
  });

const groupTotals = z
  .object({
    proceeds: money('proceeds'),
    cost_basis: money('cost basis'),
    gain: money('net gain'),
    short_term: termTotals,
    long_term: termTotals,
  })
  .meta({ id: 'GroupTotals', description: 'totals, overall and by term' });

const disposal = z
  .object({
    trade_id: tradeId('the sale: its id, else index or CSV line'),
    asset: assetCode,
    amount: quantity('quantity sold'),
    date_acquired: day('lot acquired'),
    date_sold: day('sold'),
    holding_days: z.int().meta({ description: 'days held' }),
    term: z.enum(['short', 'long']).meta({ description: 'long: sold after the first anniversary' }),
    proceeds: money('proceeds after fee'),
    cost_basis: money('cost incl. fee'),
    gain: money('proceeds − cost_basis'),
    lots: z
      .array(
        z.object({
          trade_id: tradeId('the buy'),
          amount: quantity('quantity'),
          cost: money('cost'),
        }),
      )
      .meta({ description: 'its lot; none at zero basis' }),
  })
  .meta({ id: 'Disposal', description: 'a sale matched to a lot' });

const warning = z
  .object({
    code: z.string().meta({ description: 'e.g. zero_basis' }),
    message: z.string().meta({ description: 'explanation' }),
    trade_id: tradeId('zero_basis: the sale').optional(),
    asset: z.string().optional().meta({ description: 'zero_basis: the asset' }),
    shortfall: quantity('zero_basis: quantity beyond holdings').optional(),
  })
  .meta({ id: 'Warning', description: 'a note; the numbers stand' });

const byKey = (key: string) => z.record(z.string(), groupTotals).meta({ description: `per ${key}` });

export const reportOutput = z
  .object({
    method: methodId('method used'),
    base_currency: z.string().meta({ description: 'currency of all money' }),
    trades_processed: z.int().meta({ description: 'trades read' }),
    disposals: z.array(disposal).meta({ description: 'in sale order (of `year` only)' }),
    summary: z
      .object({
        ...groupTotals.shape,
        by_asset: byKey('asset code'),
        by_year: byKey('year sold'),
      })
      .meta({ description: 'totals of the rows' }),
    holdings: z
      .array(
        z.object({
          asset: assetCode,
          wallet: z.string().nullable().meta({ description: 'with per_wallet pooling' }),
          amount: quantity('held'),
          cost_basis: money('cost of open lots'),
          lots: z.int().meta({ description: 'open lots' }),
        }),
      )
      .meta({ description: 'open positions at the end' }),
    warnings: z.array(warning).meta({ description: 'warnings' }),
  })
  .meta({
    description: 'Money: base-currency strings, 2 decimals; quantities: exact decimal strings.',
  });

const methodTotals = z
  .object({
    ...groupTotals.shape,
    by_year: z
      .record(
        z.string(),
        z.object({ short_term: termTotals, long_term: termTotals }).meta({ description: 'by term' }),
      )
      .meta({ description: 'per year sold' }),
    estimated_tax: money('with both rates: tax on the positive nets').optional(),
  })
  .meta({ id: 'MethodTotals', description: "a method's totals" });

export const summaryOutput = z
  .object({
    methods: z
      .object({
        fifo: methodTotals,
        lifo: methodTotals,
        hifo: methodTotals,
        average: methodTotals,
      })
      .meta({ description: 'per method' }),
    recommendation: z
      .object({
        method: methodId('lowest tax, else lowest gain'),
        reason: z.string().meta({ description: 'why' }),
        note: z.string().optional().meta({ description: 'a caveat' }),
      })
      .meta({ description: 'the best method' }),
  })
  .meta({ description: 'Money: base-currency strings, 2 decimals.' });

export const methodsOutput = z.object({
  methods: z
    .array(
      z.object({
        id: methodId('value for `method`'),
        name: z.string().meta({ description: 'full name' }),
        description: z.string().meta({ description: 'how a sale consumes lots' }),
        allowed_in: z.array(z.string()).meta({ description: 'countries allowing it (alpha-2)' }),
      }),
    )
    .meta({ description: 'lot-matching methods' }),
  default: methodId('default method'),
  csv_formats: z.array(z.enum(CSV_FORMATS)).meta({ description: 'values for `format`' }),
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
