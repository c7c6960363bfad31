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
    description: "one term's totals",
  });

const groupTotals = z
  .object({
    proceeds: money('proceeds'),
    cost_basis: money('cost basis'),
    gain: money('net gain'),
    short_term: termTotals,
    long_term: termTotals,
  })
  .meta({ id: 'GroupTotals', description: 'totals' });

const disposal = z
  .object({
    trade_id: tradeId('sale id (else index or line)'),
    asset: assetCode,
    amount: quantity('quantity sold'),
    date_acquired: day('lot acquired'),
    date_sold: day('sold'),
    holding_days: z.int().meta({ description: 'days held' }),
    term: z.enum(['short', 'long']).meta({ description: 'long: held over a year' }),
    form_8949_box: z
      .enum(['C', 'F', 'G', 'H', 'I', 'J', 'K', 'L'])
      .meta({ description: 'Form 8949 box by year sold and 1099-DA' }),
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
      .meta({ description: 'its lot' }),
  })
  .meta({ id: 'Disposal', description: 'a sale matched to a lot' });

const warning = z
  .object({
    code: z.string().meta({ description: 'e.g. zero_basis' }),
    message: z.string().meta({ description: 'explanation' }),
    trade_id: tradeId('the trade').optional(),
    asset: z.string().optional().meta({ description: 'the asset' }),
    shortfall: quantity('beyond holdings').optional(),
  })
  .meta({ id: 'Warning', description: 'a note; the numbers stand' });

const poolingRule = z
  .object({
    pooling: z
      .enum(['universal', 'per_wallet', 'universal_then_per_wallet'])
      .meta({ description: 'in force' }),
    source: z.enum(['request', 'rev_proc_2024_28', 'hmrc', 'default']).meta({ description: 'from' }),
    reason: z.string().meta({ description: 'why' }),
  })
  .meta({ id: 'PoolingRule', description: 'pooling applied' });

const jurisdiction = z.string().nullable().meta({ description: 'alpha-2 or null' });

const byKey = (key: string) => z.record(z.string(), groupTotals).meta({ description: `per ${key}` });

const byBox = z
  .record(
    z.string(),
    z.object({ proceeds: money('proceeds'), cost_basis: money('cost basis'), gain: money('gain') }),
  )
  .meta({ description: 'per Form 8949 box' });

const difference = (what: string, reason: readonly [string, ...string[]]) =>
  z
    .object({
      reported: z.string().nullable().meta({ description: '1099-DA, half-up' }),
      computed: money('ours'),
      difference: z.string().nullable().meta({ description: 'reported − computed' }),
      reason: z.enum(reason).nullable().meta({ description: 'first that holds; null if 0' }),
    })
    .meta({ description: what });

const reconciliation = z
  .object({
    matched: z
      .array(
        z.object({
          row: z.int().meta({ description: 'index in form_1099da' }),
          id: z.string().nullable().meta({ description: "the row's id" }),
          trade_id: tradeId('the sale'),
          matched_by: z.enum(['id', 'day_units']).meta({ description: 'rule' }),
          proceeds: difference('proceeds', ['rounding', 'fee_treatment', 'unexplained']),
          cost_basis: difference('cost basis', [
            'basis_not_reported',
            'rounding',
            'transferred_in',
            'unexplained',
          ]),
        }),
      )
      .meta({ description: 'in row order' }),
    unmatched_rows: z
      .array(
        z.object({
          row: z.int().meta({ description: 'index' }),
          id: z.string().nullable().meta({ description: 'id' }),
          asset: assetCode,
          date: day('UTC day'),
          units: quantity('units'),
          proceeds: money('reported'),
        }),
      )
      .meta({ description: 'rows without a sale' }),
    unmatched_disposals: z
      .array(
        z.object({
          trade_id: tradeId('the sale'),
          asset: assetCode,
          date_sold: day('UTC day'),
          amount: quantity('units'),
          proceeds: money('computed'),
        }),
      )
      .meta({ description: 'sales in scope without a row' }),
    totals: z
      .object({
        proceeds: z
          .object({
            reported: money('Σ rows'),
            computed: money('Σ sales in scope'),
            difference: money('reported − computed'),
            matched_difference: money('Σ matched d'),
            unmatched_rows: money('Σ unmatched rows'),
            unmatched_disposals: money('Σ unmatched sales'),
          })
          .meta({ description: 'proceeds' }),
        cost_basis: z
          .object({
            reported: money('Σ given bases'),
            computed: money('Σ their sales'),
            difference: money('reported − computed'),
          })
          .meta({ description: 'where a basis is given' }),
      })
      .meta({ description: 'difference = matched + rows − disposals' }),
  })
  .meta({ id: 'Reconciliation', description: 'Form 1099-DA against the sales' });

// GB (HMRC's share matching): one row per asset and UK day, its matches by rule; totals per tax year.
const ukDisposal = z
  .object({
    asset: assetCode,
    date_sold: day('UK day'),
    trade_ids: z.array(z.string()).meta({ description: 'its sales' }),
    amount: quantity('sold'),
    proceeds: money('after fees'),
    cost_basis: money('Σ costs'),
    gain: money('proceeds − cost_basis'),
    matches: z
      .array(
        z.object({
          rule: z.enum(['same_day', 'bed_and_breakfast', 's104', 'zero_basis']).meta({ description: 'rule' }),
          amount: quantity('matched'),
          cost: money('cost'),
          date_acquired: z.string().nullable().meta({ description: 'YYYY-MM-DD; null: pool' }),
        }),
      )
      .meta({ description: 'by rule' }),
  })
  .meta({ id: 'UkDisposal', description: 'GB: sales of a UK day' });

const ukTotals = z
  .object({
    disposals: z.int().meta({ description: 'rows' }),
    proceeds: money('proceeds'),
    cost_basis: money('costs'),
    gain: money('net'),
    gains: money('Σ gains ≥ 0'),
    losses: money('Σ gains < 0'),
  })
  .meta({ id: 'UkTotals', description: 'GB totals' });

const income = z
  .object({
    total: money('Σ value'),
    by_kind: z.record(z.string(), z.string()).meta({ description: 'by kind' }),
  })
  .meta({ id: 'Income', description: 'ordinary income' });

const ukByKey = (key: string) => z.record(z.string(), ukTotals).meta({ description: `per ${key}` });

const ukTaxYear = z
  .object({
    ...ukTotals.shape,
    annual_exempt_amount: z.string().nullable().meta({ description: 'AEA; null before 2014' }),
    taxable_gain: z.string().nullable().meta({ description: 'max(0, gain − AEA)' }),
    sa108: z
      .object({
        disposals: z.int().meta({ description: '13.1' }),
        proceeds: money('13.2, before fees'),
        allowable_costs: money('13.3, with fees'),
        gains: money('13.4'),
        losses: money('13.5, ≥ 0'),
      })
      .meta({ description: 'SA108 cryptoassets' }),
    rate_periods: z
      .array(
        z.object({
          from: day('first'),
          to: day('last'),
          basic_rate: z.string().meta({ description: 'rate' }),
          higher_rate: z.string().meta({ description: 'rate' }),
          ...ukTotals.shape,
        }),
      )
      .optional()
      .meta({ description: '2024 only: split at 2024-10-30' }),
  })
  .meta({ id: 'UkTaxYear', description: 'GB tax year' });

const ukByYear = z.record(z.string(), ukTaxYear).meta({ description: 'per tax year' });

export const reportOutput = z
  .object({
    method: methodId('method used'),
    base_currency: z.string().meta({ description: 'currency of all money' }),
    jurisdiction,
    pooling_rule: poolingRule,
    trades_processed: z.int().meta({ description: 'trades read' }),
    disposals: z.array(z.union([disposal, ukDisposal])).meta({ description: 'in sale order' }),
    summary: z
      .union([
        z.object({
          ...groupTotals.shape,
          income,
          by_asset: byKey('asset code'),
          by_year: byKey('year sold'),
          by_box: byBox,
        }),
        z.object({
          ...ukTotals.shape,
          income,
          by_asset: ukByKey('asset code'),
          by_year: ukByYear,
        }),
      ])
      .meta({ description: 'totals of the rows' }),
    holdings: z
      .array(
        z.object({
          asset: assetCode,
          wallet: z.string().nullable().meta({ description: 'with per_wallet pooling' }),
          amount: quantity('held'),
          cost_basis: money('cost of open lots'),
          lots: z.int().meta({ description: 'open lots (GB: 0)' }),
        }),
      )
      .meta({ description: 'open positions at the end' }),
    warnings: z.array(warning).meta({ description: 'warnings' }),
    reconciliation: reconciliation.optional(),
  })
  .meta({
    description: 'Money: 2 decimals; quantities exact.',
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
    estimated_tax: money('with both rates').optional(),
  })
  .meta({ id: 'MethodTotals', description: "a method's totals" });

export const summaryOutput = z
  .object({
    jurisdiction,
    pooling_rule: poolingRule,
    methods: z
      .union([
        z.object({ fifo: methodTotals, lifo: methodTotals, hifo: methodTotals, average: methodTotals }),
        z.object({
          average: z
            .object({ ...ukTotals.shape, by_year: ukByYear })
            .meta({ description: 'the section 104 pool' }),
        }),
      ])
      .meta({ description: 'per method (GB: average only)' }),
    recommendation: z
      .object({
        method: methodId('lowest tax or gain'),
        reason: z.string().meta({ description: 'why' }),
        note: z.string().optional().meta({ description: 'a caveat' }),
      })
      .meta({ description: 'the best method' }),
  })
  .meta({ description: 'Money: 2 decimals.' });

export const methodsOutput = z.object({
  methods: z
    .array(
      z.object({
        id: methodId('value for `method`'),
        name: z.string().meta({ description: 'full name' }),
        description: z.string().meta({ description: 'how it matches' }),
        allowed_in: z.array(z.string()).meta({ description: 'alpha-2 countries' }),
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
    .meta({ description: `${description}; null without a price` });

export const holdingsOutput = z
  .object({
    as_of: day('last day counted'),
    base_currency: z.string().meta({ description: 'currency of all money' }),
    method: methodId('method used'),
    jurisdiction,
    pooling_rule: poolingRule,
    holdings: z
      .array(
        z.object({
          asset: assetCode,
          wallet: z.string().nullable().meta({ description: 'with per_wallet pooling' }),
          amount: quantity('held'),
          cost_basis: money('cost of open lots'),
          price: z.string().nullable().meta({ description: 'from `prices`' }),
          value: moneyOrNull('amount × price, half-up'),
          unrealised_gain: moneyOrNull('value − cost_basis'),
          lots: z
            .array(
              z.object({
                trade_id: tradeId('the acquisition'),
                date_acquired: day('acquired'),
                amount: quantity('left'),
                cost: money('cost left'),
              }),
            )
            .meta({ description: 'open lots, oldest first' }),
        }),
      )
      .meta({ description: 'by asset, then wallet' }),
    totals: z
      .object({
        cost_basis: money('Σ cost_basis'),
        value: moneyOrNull('Σ value'),
        unrealised_gain: moneyOrNull('value − cost_basis'),
        realised_gain: money('Σ gains up to as_of'),
      })
      .meta({ description: 'totals' }),
    warnings: z.array(warning).meta({ description: 'warnings' }),
  })
  .meta({ description: 'Money: 2 decimals; quantities exact.' });
