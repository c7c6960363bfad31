import { z } from '@dus/core';
import { CSV_FORMATS, METHOD_IDS } from './domain/index.js';

const money = (description: string) => z.string().meta({ description, examples: ['14995.00'] });
const quantity = z
  .string()
  .meta({ description: 'Exact plain decimal (no exponent, no trailing zeros).', examples: ['0.5'] });

const termTotals = z
  .object({
    proceeds: money('Σ row proceeds'),
    cost_basis: money('Σ row cost bases'),
    gain: money('Σ of the row gains ≥ 0'),
    losses: money('Σ of the row gains < 0'),
    net: money('gain + losses'),
  })
  .meta({ id: 'TermTotals' });

const groupTotals = z
  .object({
    proceeds: money('Σ row proceeds'),
    cost_basis: money('Σ row cost bases'),
    gain: money('Σ row gains'),
    short_term: termTotals,
    long_term: termTotals,
  })
  .meta({ id: 'GroupTotals' });

const disposal = z
  .object({
    trade_id: z.string(),
    asset: z.string(),
    amount: quantity,
    date_acquired: z.string().meta({ examples: ['2024-01-15'] }),
    date_sold: z.string().meta({ examples: ['2025-03-01'] }),
    holding_days: z.int(),
    term: z.enum(['short', 'long']),
    proceeds: money('Rounded to cents half-up'),
    cost_basis: money('Rounded to cents half-up'),
    gain: money('proceeds − cost_basis'),
    lots: z.array(z.object({ trade_id: z.string(), amount: quantity, cost: money('= cost_basis') })),
  })
  .meta({ id: 'Disposal' });

const warning = z
  .object({
    code: z.string(),
    message: z.string(),
    trade_id: z.string().optional(),
    asset: z.string().optional(),
    shortfall: z.string().optional(),
  })
  .meta({ id: 'Warning' });

export const reportOutput = z
  .object({
    method: z.enum(METHOD_IDS),
    base_currency: z.string(),
    trades_processed: z.int(),
    disposals: z.array(disposal),
    summary: z.object({
      proceeds: money('Σ row proceeds'),
      cost_basis: money('Σ row cost bases'),
      gain: money('Σ row gains'),
      short_term: termTotals,
      long_term: termTotals,
      by_asset: z.record(z.string(), groupTotals),
      by_year: z.record(z.string(), groupTotals),
    }),
    holdings: z.array(
      z.object({
        asset: z.string(),
        wallet: z.string().nullable(),
        amount: quantity,
        cost_basis: money('Cost of the open lots'),
        lots: z.int(),
      }),
    ),
    warnings: z.array(warning),
  })
  .meta({ description: 'Gains report' });

const methodTotals = z.object({
  proceeds: money('Σ row proceeds'),
  cost_basis: money('Σ row cost bases'),
  gain: money('Σ row gains'),
  short_term: termTotals,
  long_term: termTotals,
  by_year: z.record(z.string(), z.object({ short_term: termTotals, long_term: termTotals })),
  estimated_tax: money('With rates: max(0, short net)·short rate + max(0, long net)·long rate').optional(),
});

export const summaryOutput = z.object({
  methods: z.object({ fifo: methodTotals, lifo: methodTotals, hifo: methodTotals, average: methodTotals }),
  recommendation: z.object({ method: z.enum(METHOD_IDS), reason: z.string(), note: z.string().optional() }),
});

export const methodsOutput = z.object({
  methods: z.array(
    z.object({
      id: z.enum(METHOD_IDS),
      name: z.string(),
      description: z.string(),
      allowed_in: z.array(z.string()),
    }),
  ),
  default: z.enum(METHOD_IDS),
  csv_formats: z.array(z.enum(CSV_FORMATS)),
});
