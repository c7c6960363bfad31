import { z } from '@dus/core';
import type { UseCase } from './domain/index.js';

// Outputs: exactly what the domain returns (the MCP client validates structuredContent against them).
// Every member is described; a shape that repeats is one named schema (an OpenAPI component, a `$defs` entry).

const integer = (description: string) => z.int().meta({ description });
const usd = (description: string) =>
  z.number().meta({ description: `${description} (USD, half-up to 6 decimals)` });
const perMtok = (description: string) =>
  z.number().meta({ description: `${description}, USD per 1M tokens` });
const modelId = z.string().meta({ description: 'Model id, as in the catalog.' });
const fitScore = (description: string) => integer(`${description} (LMArena rating, higher is better)`);
const reason = (description: string) => z.string().meta({ description });

const fit = z
  .object({
    code: integer('Coding rating'),
    reasoning: integer('Mean of the math and expert ratings'),
    content: integer('Creative writing rating'),
    default: integer('Overall rating'),
  } satisfies Record<UseCase, z.ZodInt>)
  .meta({ description: 'Fit per use case: LMArena text ratings with style control, higher is better.' });

const catalogModel = z
  .object({
    id: modelId,
    provider: z.string().meta({ description: 'Maker of the model, e.g. openai, anthropic, meta.' }),
    hosted_by: z.string().nullable().meta({
      description: 'Host whose prices are listed ("groq" for the Llama rows); null = the provider.',
    }),
    name: z.string().meta({ description: 'Display name.' }),
    input_per_mtok: perMtok('Input price at the base tier'),
    output_per_mtok: perMtok('Output price at the base tier'),
    cached_input_per_mtok: z
      .number()
      .nullable()
      .meta({ description: 'Cached-input price, USD per 1M tokens; null when the model has no caching.' }),
    context_window: integer('Context window in tokens (input, plus output when max_output_tokens is null).'),
    max_output_tokens: z.int().nullable().meta({
      description:
        'Most output tokens per request; null when unknown (input + output must then fit the context window).',
    }),
    capabilities: z.array(z.enum(['vision', 'tools', 'reasoning', 'structured_output', 'caching'])).meta({
      description: 'Capabilities, in this order.',
    }),
    long_context: z
      .object({
        threshold_tokens: integer('Input tokens above which the whole request is billed at these prices.'),
        input_per_mtok: perMtok('Long-context input price'),
        output_per_mtok: perMtok('Long-context output price'),
      })
      .nullable()
      .meta({ description: 'Long-context price tier; null when the model has one price tier.' }),
    fit,
    source: z.string().meta({ description: 'Where the prices come from (URL or document name).' }),
    verified: z
      .boolean()
      .meta({ description: 'false when a value is not confirmed by a second public source.' }),
    as_of: z.string().meta({ description: 'Date of the prices, YYYY-MM-DD.' }),
  })
  .meta({ description: 'One catalog entry.' });

export const catalogOutput = z.object({
  models: z.array(catalogModel).meta({ description: 'The 19 models, in catalog order.' }),
  count: integer('Number of models (19).'),
  as_of: z.string().meta({ description: 'Date of the catalog, YYYY-MM-DD.' }),
  fit_source: z
    .string()
    .meta({ description: 'Where the fit scores come from, and what each use case measures.' }),
});

export const budgetOutput = z.object({
  budget: usd('The budget'),
  models: z
    .array(
      z.object({
        id: modelId,
        input_tokens: integer('⌊budget / input price⌋ at the base tier'),
        output_tokens: integer('⌊budget / output price⌋ at the base tier'),
        blended_tokens: integer('⌊budget / (r·in + (1−r)·out)⌋, r = inputRatio'),
        requests: integer('⌊budget / cost_per_request⌋; 0 when infeasible'),
        cost_per_request: usd('One request of the profile, long-context rules applied'),
        feasible: z
          .boolean()
          .meta({ description: 'Whether the profile fits the context window and max output.' }),
      }),
    )
    .meta({ description: 'What the budget buys on each model, by requests descending (ties: id).' }),
  allocation: z
    .array(
      z.object({
        id: modelId,
        weight: integer("max(0, default fit − the cheapest model's default fit)"),
        budget: usd(
          'Share of the budget: budget × weight / Σweight, rounded down; the remainder to the top weight',
        ),
        blended_tokens: integer('Blended tokens the share buys, floored'),
      }),
    )
    .meta({
      description: 'The budget split by weight (all weights 0: equal shares), in the order of models.',
    }),
});

const choice = z
  .object({
    id: modelId,
    fit: fitScore("The use case's fit"),
    cost: usd('Total for the requests'),
  })
  .meta({ id: 'ModelChoice', description: 'A model, its fit for the use case and its total cost.' });

export const selectorOutput = z.object({
  recommended: choice.nullable().meta({
    description: 'Cheapest affordable model within 15 fit points of the best affordable one; null if none.',
  }),
  cheapest: choice
    .nullable()
    .meta({ description: 'Cheapest feasible model regardless of budget; null if none is feasible.' }),
  alternatives: z
    .array(choice)
    .meta({ description: 'Up to 5 other affordable models, by fit descending (ties: id).' }),
  excluded: z
    .array(
      choice
        .extend({ reason: reason('The limit the request exceeds, or the cost over the budget.') })
        .meta({ id: 'ExcludedChoice', description: 'A model left out, with why.' }),
    )
    .meta({ description: 'Over-budget or infeasible models, by cost ascending (ties: id).' }),
});

const idTotal = z
  .object({ id: modelId, total_cost: usd('Total for the requests') })
  .meta({ id: 'ModelTotal', description: 'A model and its total cost for the requests.' });

export const optimizerOutput = z.object({
  costs: z
    .array(
      z.object({
        id: modelId,
        cost_per_request: usd('One request, long-context rules applied'),
        total_cost: usd('All requests'),
        feasible: z
          .boolean()
          .meta({ description: 'Whether the request fits the context window and max output.' }),
        reason: reason('The limit the request exceeds; absent when feasible.').optional(),
      }),
    )
    .meta({
      description: 'Each model kept: feasible first, then infeasible, each by total cost (ties: id).',
    }),
  cheapest: idTotal.nullable().meta({ description: 'First feasible entry of costs; null if none.' }),
  most_expensive: idTotal.nullable().meta({ description: 'Last feasible entry of costs; null if none.' }),
  savings: z
    .object({
      absolute: usd('most expensive − cheapest'),
      percent: z.number().meta({
        description: 'absolute / most expensive × 100, half-up to 2 decimals (0 when it costs 0)',
      }),
    })
    .nullable()
    .meta({ description: 'What the cheapest saves over the most expensive; null if no entry is feasible.' }),
  excluded_by_fit: z
    .array(
      z.object({
        id: modelId,
        fit: fitScore('Fit for useCase (else default)'),
      }),
    )
    .meta({ description: 'Models below minFit, by fit descending; [] without minFit.' }),
});
