import { z } from '@dus/core';
import type { UseCase } from './domain/index.js';

// Outputs: exactly what the domain returns (the MCP client validates structuredContent against them).
// Every member is described, briefly; a shape that repeats is one named schema (an OpenAPI component, a
// `$defs` entry), so tools/list stays lean.

const integer = (description: string) => z.int().meta({ description });
const usd = (description: string) => z.number().meta({ description });
const price = (description: string) => z.number().meta({ description });
const orNull = (description: string) => z.number().nullable().meta({ description });
const tokens = (description: string) => z.int().nullable().meta({ description });
const modelId = z.string().meta({ description: 'Id.' });

const fit = z
  .object({
    code: z.number().meta({ description: 'Coding.' }),
    reasoning: z.number().meta({ description: 'Reasoning.' }),
    content: z.number().meta({ description: 'Content.' }),
    default: z.number().meta({ description: 'Overall.' }),
  } satisfies Record<UseCase, z.ZodNumber>)
  .nullable()
  .meta({ id: 'Fit', description: 'Null: unrated.' });

const date = (description: string) => z.string().nullable().meta({ description });
const batch = z
  .object({ input_per_mtok: price('In.'), output_per_mtok: price('Out.') })
  .nullable()
  .meta({ id: 'BatchPrices', description: 'Batch.' });
const longContext = z
  .object({
    threshold_tokens: integer('Above this input.'),
    input_per_mtok: price('In.'),
    output_per_mtok: price('Out.'),
    cached_input_per_mtok: orNull('Cached.'),
    cache_write_per_mtok: orNull('5m write.'),
    cache_write_1h_per_mtok: orNull('1h write.'),
  })
  .nullable()
  .meta({ id: 'LongContext', description: 'Tier.' });
const priceSet = z
  .object({
    from: date('In force from (UTC day); null: any date before.'),
    until: date('Until (exclusive); null: still.'),
    input_per_mtok: price('USD/1M in.'),
    output_per_mtok: price('Out.'),
    cached_input_per_mtok: orNull('Cached.'),
    cache_write_per_mtok: orNull('5m write.'),
    cache_write_1h_per_mtok: orNull('1h write.'),
    batch,
    long_context: longContext,
  })
  .meta({ id: 'PriceSet', description: 'A price set.' });

const catalogModel = z
  .object({
    id: modelId,
    provider: z.string().meta({ description: 'Maker.' }),
    hosted_by: z.string().nullable().meta({ description: 'Host priced.' }),
    name: z.string().meta({ description: 'Name.' }),
    source_key: z.string().meta({ description: 'Price data key.' }),
    input_per_mtok: price('USD/1M in.'),
    output_per_mtok: price('Out.'),
    cached_input_per_mtok: orNull('Cached.'),
    cache_write_per_mtok: orNull('5m write.'),
    cache_write_1h_per_mtok: orNull('1h write.'),
    batch,
    context_window: integer('= max input.'),
    max_input_tokens: integer('Max in.'),
    max_output_tokens: integer('Max out.'),
    capabilities: z
      .array(z.enum(['vision', 'tools', 'reasoning', 'structured_output', 'caching']))
      .meta({ description: 'Capabilities.' }),
    long_context: longContext,
    price_from: date('From of the set in force; null: before any date.'),
    prices: z.array(priceSet).meta({ description: 'Price history, oldest first.' }),
    fit,
    source: z.string().meta({ description: 'Source.' }),
    verified: z.boolean().meta({ description: 'Verified.' }),
    as_of: z.string().meta({ description: 'Date.' }),
  })
  .meta({ description: 'A model.' });

export const catalogOutput = z.object({
  models: z.array(catalogModel).meta({ description: 'Models.' }),
  count: integer('Count.'),
  as_of: z.string().meta({ description: 'Date.' }),
  fit_source: z.string().nullable().meta({ description: 'Fit source.' }),
  priced_on: z.string().meta({ description: 'UTC day priced.' }),
});

// Members every cost answer shares.
const notes = z.array(z.string()).optional().meta({ id: 'Notes', description: 'Price fallbacks used.' });
const custom = z.literal(true).optional().meta({ id: 'Custom', description: 'Custom model.' });
const priceFrom = z.string().nullable().meta({ id: 'PriceFrom', description: 'From of the set used.' });
const status = {
  priced_on: z.string().meta({ description: 'UTC day priced.' }),
  catalog_as_of: z.string().meta({ description: 'Catalog date.' }),
  warnings: z
    .array(
      z.object({
        code: z.literal('stale_catalog').meta({ description: 'Code.' }),
        message: z.string().meta({ description: 'Message.' }),
      }),
    )
    .meta({ description: 'stale_catalog after 180 days.' }),
};

export const budgetOutput = z.object({
  budget: usd('USD.'),
  models: z
    .array(
      z.object({
        id: modelId,
        input_tokens: tokens('Input.'),
        output_tokens: tokens('Output.'),
        blended_tokens: tokens('Blended.'),
        requests: tokens('Requests it pays for; 0: infeasible; null: free.'),
        cost_per_request: usd('USD each.'),
        feasible: z.boolean().meta({ description: 'Within max input and output.' }),
        price_from: priceFrom,
        notes,
        custom,
      }),
    )
    .meta({ description: 'Models.' }),
  allocation: z
    .array(
      z.object({
        id: modelId,
        weight: z.number().meta({ description: "Default fit − cheapest rated model's, ≥ 0." }),
        budget: usd('Share.'),
        blended_tokens: tokens('Blended.'),
      }),
    )
    .meta({ description: 'Split.' }),
  ...status,
});

const choice = z
  .object({
    id: modelId,
    fit: z.number().nullable().meta({ description: 'Fit.' }),
    cost: usd('Total.'),
    price_from: priceFrom,
    notes,
    custom,
  })
  .meta({ id: 'ModelChoice', description: 'A model.' });

export const selectorOutput = z.object({
  recommended: choice.nullable().meta({ description: 'The pick; null if none.' }),
  cheapest: choice.nullable().meta({ description: 'Cheapest.' }),
  alternatives: z.array(choice).meta({ description: 'Others.' }),
  excluded: z
    .array(
      choice
        .extend({ reason: z.string().meta({ description: 'unrated, a limit or the budget.' }) })
        .meta({ id: 'ExcludedChoice', description: 'Left out.' }),
    )
    .meta({ description: 'Excluded.' }),
  ...status,
});

const idTotal = z
  .object({ id: modelId, total_cost: usd('Total.') })
  .meta({ id: 'ModelTotal', description: 'A model.' });

export const optimizerOutput = z.object({
  costs: z
    .array(
      z.object({
        id: modelId,
        cost_per_request: usd('USD each.'),
        total_cost: usd('Total.'),
        feasible: z.boolean().meta({ description: 'Feasible.' }),
        reason: z.string().optional().meta({ description: 'The limit exceeded.' }),
        price_from: priceFrom,
        notes,
        custom,
      }),
    )
    .meta({ description: 'Costs.' }),
  cheapest: idTotal.nullable().meta({ description: 'Cheapest.' }),
  most_expensive: idTotal.nullable().meta({ description: 'Dearest.' }),
  savings: z
    .object({
      absolute: usd('USD.'),
      percent: z.number().meta({ description: 'Percent.' }),
    })
    .nullable()
    .meta({ description: 'Savings.' }),
  excluded_by_fit: z
    .array(z.object({ id: modelId, fit: z.number().nullable().meta({ description: 'Fit.' }) }))
    .meta({ description: 'Below minFit.' }),
  ...status,
});

export const estimateOutput = z.object({
  models: z
    .array(
      z.object({
        id: modelId,
        tokens: integer('Tokens.'),
        method: z.enum(['exact', 'approximate']).meta({ description: 'Method.' }),
        rule: z.string().optional().meta({ description: 'Rule.' }),
        error: z.string().optional().meta({ description: 'Error.' }),
      }),
    )
    .meta({ description: 'Counts.' }),
});
