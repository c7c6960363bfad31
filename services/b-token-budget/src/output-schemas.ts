import { z } from '@dus/core';
import { USE_CASES } from './domain/index.js';

const usd = (description: string) =>
  z.number().meta({ description: `${description} (USD, half-up to 6 decimals)` });
const fit = z.object(
  Object.fromEntries(USE_CASES.map((u) => [u, z.int()])) as Record<(typeof USE_CASES)[number], z.ZodInt>,
);
const tier = { input_per_mtok: z.number(), output_per_mtok: z.number() };

export const catalogOutput = z.object({
  models: z.array(
    z.object({
      id: z.string(),
      provider: z.string(),
      hosted_by: z.string().nullable(),
      name: z.string(),
      ...tier,
      cached_input_per_mtok: z.number().nullable(),
      context_window: z.int(),
      max_output_tokens: z.int().nullable(),
      capabilities: z.array(z.enum(['vision', 'tools', 'reasoning', 'structured_output', 'caching'])),
      long_context: z.object({ threshold_tokens: z.int(), ...tier }).nullable(),
      fit,
      source: z.string(),
      verified: z.boolean(),
      as_of: z.string(),
    }),
  ),
  count: z.int(),
  as_of: z.string(),
  fit_source: z.string(),
});

export const budgetOutput = z.object({
  budget: usd('The budget'),
  models: z.array(
    z.object({
      id: z.string(),
      input_tokens: z.int().meta({ description: '⌊budget / input price⌋ at the base tier' }),
      output_tokens: z.int().meta({ description: '⌊budget / output price⌋ at the base tier' }),
      blended_tokens: z.int().meta({ description: '⌊budget / (r·in + (1−r)·out)⌋' }),
      requests: z.int().meta({ description: '⌊budget / cost_per_request⌋; 0 when infeasible' }),
      cost_per_request: usd('One request of the profile'),
      feasible: z.boolean(),
    }),
  ),
  allocation: z.array(
    z.object({ id: z.string(), weight: z.int(), budget: usd('Share'), blended_tokens: z.int() }),
  ),
});

const choice = z.object({ id: z.string(), fit: z.int(), cost: usd('Total for the requests') });

export const selectorOutput = z.object({
  recommended: choice.nullable(),
  cheapest: choice.nullable(),
  alternatives: z.array(choice),
  excluded: z.array(choice.extend({ reason: z.string() })),
});

const idTotal = z.object({ id: z.string(), total_cost: usd('Total') });

export const optimizerOutput = z.object({
  costs: z.array(
    z.object({
      id: z.string(),
      cost_per_request: usd('One request'),
      total_cost: usd('All requests'),
      feasible: z.boolean(),
      reason: z.string().optional(),
    }),
  ),
  cheapest: idTotal.nullable(),
  most_expensive: idTotal.nullable(),
  savings: z.object({ absolute: usd('most expensive − cheapest'), percent: z.number() }).nullable(),
  excluded_by_fit: z.array(z.object({ id: z.string(), fit: z.int() })),
});
