import { refinement, z } from '@dus/core';
import { Dec, type Decimal, MODEL_IDS, USE_CASES } from './domain/index.js';

// Inputs (spec table): a GET query is parsed strictly from text here, then checked by the same body
// schema as a POST body and the MCP arguments, so GET, POST and MCP give byte-identical answers.

const DECIMALS_6 = /^\d+(\.\d{1,6})?$/;
const decimalOf = (value: number) => new Dec(String(value));

const budget = z
  .number({ error: 'must be a JSON number of USD, e.g. 10 (in a query: digits, at most 6 decimals)' })
  .gt(0, 'must be greater than 0')
  .lte(1_000_000, 'must be at most 1,000,000')
  .refine((value) => DECIMALS_6.test(String(value)), 'must have at most 6 decimals (micro-dollars)')
  // Meta before the transform: the input JSON Schema is the pipe's input side.
  .meta({ description: 'Budget in USD, 0 < budget ≤ 1,000,000, at most 6 decimals.', examples: [10] })
  .transform(decimalOf);

const tokens = (name: 'input' | 'output', rest: string) =>
  z
    .int({ error: `must be a whole number of ${name} tokens from 0 to 10,000,000` })
    .min(0, 'must be at least 0')
    .max(10_000_000, 'must be at most 10,000,000')
    .meta({
      description: `${name[0]!.toUpperCase()}${name.slice(1)} tokens per request, an integer 0–10,000,000${rest}.`,
      examples: [name === 'input' ? 1000 : 500],
    });

const requests = z
  .int({ error: 'must be a whole number of requests from 1 to 1,000,000' })
  .min(1, 'must be at least 1')
  .max(1_000_000, 'must be at most 1,000,000')
  .meta({ description: 'Number of requests of the profile, 1–1,000,000 (default 1).', examples: [1000] });

const inputRatio = z
  .number({ error: 'must be a number from 0 to 1' })
  .min(0, 'must be at least 0')
  .max(1, 'must be at most 1')
  .meta({
    description: 'Share of input tokens in blended_tokens, 0–1 (default 0.75).',
    examples: [0.75],
  })
  .transform(decimalOf);

const useCase = z.enum(USE_CASES).meta({
  description: 'Use case whose fit score counts: code, reasoning, content or default (overall).',
  examples: ['code'],
});

const minFit = z
  .number({ error: 'must be a number ≥ 0' })
  .min(0, 'must be at least 0')
  .meta({
    description: "Leave out models whose fit (useCase's, else default) is below this number ≥ 0.",
    examples: [1400],
  })
  .transform(decimalOf);

/** Model ids: a comma list or (in a body) an array; trimmed, duplicates collapsed; none empty. */
const models = z
  .union([z.string(), z.array(z.string())], {
    error: 'must be a comma-separated list of model ids or an array of them',
  })
  .meta({
    description: `Model ids from list_models, comma-separated or an array; trimmed, duplicates collapsed (default: all ${MODEL_IDS.length}).`,
    examples: ['gpt-5-nano,gpt-5-mini'],
  })
  .transform((value, ctx) => {
    const ids = (typeof value === 'string' ? value.split(',') : value).map((id) => id.trim());
    if (ids.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: 'is empty: give at least one model id',
        params: { code: 'empty_model_list' },
      });
      return z.NEVER;
    }
    if (ids.some((id) => id === '')) {
      ctx.addIssue({
        code: 'custom',
        message: 'holds an empty model id',
        params: { code: 'empty_model_id' },
      });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });

export const budgetInput = z
  .strictObject({
    budget,
    models: models.optional(),
    inputRatio: inputRatio.optional(),
    inputTokens: tokens('input', ' (default 1000; not both 0)').optional(),
    outputTokens: tokens('output', ' (default 500; not both 0)').optional(),
  })
  .check(
    refinement<{ inputTokens?: number; outputTokens?: number }>((input, ctx) => {
      if (input.inputTokens === 0 && input.outputTokens === 0) {
        ctx.addIssue({
          path: ['outputTokens'],
          message: 'inputTokens and outputTokens cannot both be 0',
          params: { code: 'empty_request' },
        });
      }
    }),
  )
  .transform(({ budget: b, models: ids, inputRatio: r, inputTokens, outputTokens }) => ({
    budget: b,
    models: ids,
    inputRatio: r ?? new Dec('0.75'),
    profile: { input: inputTokens ?? 1000, output: outputTokens ?? 500 },
  }));

export const selectorInput = z
  .strictObject({
    useCase,
    budget: budget.optional(),
    requests: requests.optional(),
    inputTokens: tokens('input', "; default: the use case's profile").optional(),
    outputTokens: tokens('output', "; default: the use case's profile").optional(),
  })
  .transform((input) => ({ ...input, requests: input.requests ?? 1 }));

export const optimizerInput = z
  .strictObject({
    models: models.optional(),
    inputTokens: tokens('input', ''),
    outputTokens: tokens('output', ''),
    requests: requests.optional(),
    useCase: useCase.optional(),
    minFit: minFit.optional(),
  })
  .transform(({ models: ids, inputTokens, outputTokens, requests: n, useCase: u, minFit: f }) => ({
    models: ids,
    profile: { input: inputTokens, output: outputTokens },
    requests: n ?? 1,
    useCase: u,
    minFit: f as Decimal | undefined,
  }));

// ---------------------------------------------------------------------------------------------------------
// GET queries: each parameter once, numbers as plain digits (no sign, exponent, hex or spaces).
// ---------------------------------------------------------------------------------------------------------

const once = () =>
  z.string({
    error: (issue) => (Array.isArray(issue.input) ? 'is repeated; give each parameter once' : 'must be text'),
  });
const number = (pattern: RegExp, message: string) =>
  once().regex(pattern, message).transform(Number).optional();
const DECIMAL = /^\d+(\.\d+)?$/;
const INTEGER = /^\d+$/;
const queryNumbers = {
  budget: number(DECIMALS_6, 'must be digits with at most 6 decimals, e.g. 10 or 12.5'),
  inputRatio: number(DECIMAL, 'must be a plain decimal such as 0.75'),
  inputTokens: number(INTEGER, 'must be a whole number of tokens'),
  outputTokens: number(INTEGER, 'must be a whole number of tokens'),
  requests: number(INTEGER, 'must be a whole number of requests'),
  minFit: number(DECIMAL, 'must be a plain decimal such as 1400'),
};
const queryText = { models: once().optional(), useCase: once().optional() };

type QueryShape = Record<string, z.ZodType>;
interface PropertyDoc {
  description?: string;
  examples?: unknown[];
}

/**
 * A GET query whose parameters carry the description and example of the body member of the same name
 * (the OpenAPI parameters are documented from it), "Required." where the body requires it: the query
 * itself leaves every parameter optional so that the body schema reports a missing one, as for POST.
 */
function queryOf(body: z.ZodType, shape: QueryShape) {
  const json = z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) as {
    properties: Record<string, PropertyDoc>;
    required?: string[];
  };
  const documented = Object.entries(shape).map(([name, schema]) => {
    const doc = json.properties[name]!;
    const required = json.required?.includes(name) ? ' Required.' : '';
    return [
      name,
      schema.meta({
        description: `${doc.description}${required}`,
        ...(doc.examples ? { examples: doc.examples.map(String) } : {}),
      }),
    ];
  });
  return z.strictObject(Object.fromEntries(documented) as QueryShape);
}

export const budgetQuery = queryOf(budgetInput, {
  budget: queryNumbers.budget,
  models: queryText.models,
  inputRatio: queryNumbers.inputRatio,
  inputTokens: queryNumbers.inputTokens,
  outputTokens: queryNumbers.outputTokens,
});
export const selectorQuery = queryOf(selectorInput, {
  useCase: queryText.useCase,
  budget: queryNumbers.budget,
  requests: queryNumbers.requests,
  inputTokens: queryNumbers.inputTokens,
  outputTokens: queryNumbers.outputTokens,
});
export const optimizerQuery = queryOf(optimizerInput, {
  models: queryText.models,
  inputTokens: queryNumbers.inputTokens,
  outputTokens: queryNumbers.outputTokens,
  requests: queryNumbers.requests,
  useCase: queryText.useCase,
  minFit: queryNumbers.minFit,
});
