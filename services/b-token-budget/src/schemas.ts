import { type RefineContext, refinement, z } from '@dus/core';
import {
  catalogIds,
  Dec,
  type Decimal,
  pricedOn,
  USE_CASE_PROFILES,
  USE_CASES,
  type Usage,
  type UseCase,
} from './domain/index.js';

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
  .meta({ description: 'USD, ≤ 6 decimals.' })
  .transform(decimalOf);

const tokens = (name: 'input' | 'output', rest: string) =>
  z
    .int({ error: `must be a whole number of ${name} tokens from 0 to 10,000,000` })
    .min(0, 'must be at least 0')
    .max(10_000_000, 'must be at most 10,000,000')
    .meta({ description: `${name[0]!.toUpperCase()}${name.slice(1)} tokens per request${rest}.` });

const requests = z
  .int({ error: 'must be a whole number of requests from 1 to 1,000,000' })
  .min(1, 'must be at least 1')
  .max(1_000_000, 'must be at most 1,000,000')
  .meta({ description: 'Default 1.' });

const inputRatio = z
  .number({ error: 'must be a number from 0 to 1' })
  .min(0, 'must be at least 0')
  .max(1, 'must be at most 1')
  .meta({ description: 'Input share of blended_tokens (default 0.75).' })
  .transform(decimalOf);

const useCase = z.enum(USE_CASES).meta({
  description: 'Whose fit counts.',
});

const minFit = z
  .number({ error: 'must be a number ≥ 0' })
  .min(0, 'must be at least 0')
  .meta({
    description: 'Drop models whose fit is below.',
  })
  .transform(decimalOf);

/** Model ids: a comma list or (in a body) an array; trimmed, duplicates collapsed; none empty. */
const models = z
  .union([z.string(), z.array(z.string())], {
    error: 'must be a comma-separated list of model ids or an array of them',
  })
  .meta({
    description: 'Ids: comma list or array.',
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

/** When the usage happened: a date or an RFC 3339 date-time; `priced_on` is its UTC day. */
const at = z
  .string({ error: 'must be a date YYYY-MM-DD or an RFC 3339 date-time such as 2026-07-30T01:30:00+02:00' })
  .refine(
    (value) => pricedOn(value) !== undefined,
    'must be a real date YYYY-MM-DD or date-time YYYY-MM-DDTHH:MM:SS[.fraction] with Z or ±HH:MM, years 2000–2999',
  )
  .meta({
    description:
      'When the usage happened (default now): each model is priced with its set in force that UTC day.',
  });

/** `priced_on` of a valid `at`, if given. */
const dayOf = (value: string | undefined) => (value === undefined ? undefined : pricedOn(value));

const partOfInput = (what: string) =>
  z
    .int({ error: `must be a whole number of ${what} tokens from 0 to 10,000,000` })
    .min(0, 'must be at least 0')
    .max(10_000_000, 'must be at most 10,000,000')
    .meta({ description: `Input tokens ${what}.` });

/** The usage shape of every cost operation (query, body and MCP alike). */
const usageShape = {
  cachedInputTokens: partOfInput('read from the cache').optional(),
  cacheWriteTokens: partOfInput('written to the cache').optional(),
  cacheTtl: z.enum(['5m', '1h']).meta({ description: 'Write TTL (default 5m).' }).optional(),
  batch: z.boolean({ error: 'must be true or false' }).meta({ description: 'Batch prices.' }).optional(),
};

const fitShape = z
  .strictObject({
    code: z.number().meta({ description: 'Code.' }),
    reasoning: z.number().meta({ description: 'Reasoning.' }),
    content: z.number().meta({ description: 'Content.' }),
    default: z.number().meta({ description: 'Overall.' }),
  })
  .meta({ description: 'Absent: unrated.' });

/** 0 (free, e.g. self-hosted) or 0.001 … 1,000,000 USD per 1M tokens. */
const perMtok = (description: string) =>
  z
    .number({ error: 'must be a JSON number of USD per 1M tokens' })
    .min(0, 'must be 0 or at least 0.001')
    .max(1_000_000, 'must be at most 1,000,000')
    .refine((v) => v === 0 || v >= 0.001, 'must be 0 or at least 0.001')
    .meta({ description });
const limit = (description: string) =>
  z.int({ error: 'must be a whole number of tokens' }).min(1).meta({ description });

/** Models priced on the fly (body and MCP only): base prices and limits, no tier, write or batch prices. */
const customModels = z
  .array(
    z.strictObject({
      id: z
        .string()
        .trim()
        .min(1, 'must not be empty')
        .max(64, 'must be at most 64 characters')
        .meta({ description: 'Not a catalog id.' }),
      input_per_mtok: perMtok('USD/1M in: 0 or ≥ 0.001.'),
      output_per_mtok: perMtok('USD/1M out: 0 or ≥ 0.001.'),
      cached_input_per_mtok: perMtok('0 or ≥ 0.001.').optional(),
      max_input_tokens: limit('Max input.'),
      max_output_tokens: limit('Max output.'),
      fit: fitShape.optional(),
    }),
  )
  .max(20, 'must hold at most 20 models')
  .meta({ description: 'Your models (POST only).' })
  .check(
    refinement<Array<{ id: string }>>((list, ctx) => {
      const seen = new Set<string>();
      list.forEach(({ id }, i) => {
        const inCatalog = catalogIds().includes(id);
        if (inCatalog || seen.has(id))
          ctx.addIssue({
            path: [i, 'id'],
            message: inCatalog ? `${id} is a catalog id` : `${id} is repeated`,
            params: { code: 'duplicate_model' },
          });
        seen.add(id);
      });
    }),
  );

interface UsageFields {
  cachedInputTokens?: number | undefined;
  cacheWriteTokens?: number | undefined;
  cacheTtl?: '5m' | '1h' | undefined;
  batch?: boolean | undefined;
}

/** cached + written must fit in the input: the path names cached alone if it does not, else the writes. */
function checkParts(input: number, fields: UsageFields, ctx: RefineContext) {
  const cached = fields.cachedInputTokens ?? 0;
  const written = fields.cacheWriteTokens ?? 0;
  if (cached > input)
    ctx.addIssue({
      path: ['cachedInputTokens'],
      message: `must be at most the ${input} input tokens`,
      params: { code: 'parts_exceed_input' },
    });
  else if (cached + written > input)
    ctx.addIssue({
      path: ['cacheWriteTokens'],
      message: `with cachedInputTokens, must be at most the ${input} input tokens`,
      params: { code: 'parts_exceed_input' },
    });
}

const usageOf = (input: number, output: number, fields: UsageFields): Usage => ({
  input,
  output,
  cached: fields.cachedInputTokens ?? 0,
  written: fields.cacheWriteTokens ?? 0,
  ttl: fields.cacheTtl ?? '5m',
  batch: fields.batch ?? false,
});

const budgetFields = {
  budget,
  models: models.optional(),
  inputRatio: inputRatio.optional(),
  inputTokens: tokens('input', ' (default 1000)').optional(),
  outputTokens: tokens('output', ' (default 500)').optional(),
  ...usageShape,
  at: at.optional(),
};
type BudgetFields = UsageFields & { inputTokens?: number; outputTokens?: number };
const budgetCheck = refinement<BudgetFields>((input, ctx) => {
  if (input.inputTokens === 0 && input.outputTokens === 0) {
    ctx.addIssue({
      path: ['outputTokens'],
      message: 'inputTokens and outputTokens cannot both be 0',
      params: { code: 'empty_request' },
    });
  }
  checkParts(input.inputTokens ?? 1000, input, ctx);
});

export const budgetInput = z
  .strictObject({ ...budgetFields, customModels: customModels.optional() })
  .check(budgetCheck)
  .transform((input) => ({
    budget: input.budget,
    models: input.models,
    customModels: input.customModels,
    inputRatio: input.inputRatio ?? new Dec('0.75'),
    usage: usageOf(input.inputTokens ?? 1000, input.outputTokens ?? 500, input),
    pricedOn: dayOf(input.at),
  }));

const selectorFields = {
  useCase,
  budget: budget.optional(),
  requests: requests.optional(),
  inputTokens: tokens('input', ' (default: the profile)').optional(),
  outputTokens: tokens('output', ' (default: the profile)').optional(),
  ...usageShape,
  at: at.optional(),
  includeUnrated: z
    .boolean({ error: 'must be true or false' })
    .meta({ description: 'Allow fit-null models.' })
    .optional(),
};
type SelectorFields = UsageFields & { useCase: UseCase; inputTokens?: number };
const selectorCheck = refinement<SelectorFields>((input, ctx) =>
  checkParts(input.inputTokens ?? USE_CASE_PROFILES[input.useCase]?.input ?? 0, input, ctx),
);

export const selectorInput = z
  .strictObject({ ...selectorFields, customModels: customModels.optional() })
  .check(selectorCheck)
  .transform((input) => {
    const profile = USE_CASE_PROFILES[input.useCase];
    return {
      useCase: input.useCase,
      budget: input.budget,
      requests: input.requests ?? 1,
      usage: usageOf(input.inputTokens ?? profile.input, input.outputTokens ?? profile.output, input),
      includeUnrated: input.includeUnrated ?? false,
      customModels: input.customModels,
      pricedOn: dayOf(input.at),
    };
  });

const optimizerFields = {
  models: models.optional(),
  inputTokens: tokens('input', ''),
  outputTokens: tokens('output', ''),
  requests: requests.optional(),
  useCase: useCase.optional(),
  minFit: minFit.optional(),
  ...usageShape,
  at: at.optional(),
};
type OptimizerFields = UsageFields & { inputTokens: number };
const optimizerCheck = refinement<OptimizerFields>((input, ctx) => checkParts(input.inputTokens, input, ctx));

export const estimateInput = z.strictObject({
  text: z.string({ error: 'must be a string' }).meta({ description: 'Text to count.' }),
  models: models.optional(),
});

export const optimizerInput = z
  .strictObject({ ...optimizerFields, customModels: customModels.optional() })
  .check(optimizerCheck)
  .transform((input) => ({
    models: input.models,
    customModels: input.customModels,
    usage: usageOf(input.inputTokens, input.outputTokens, input),
    requests: input.requests ?? 1,
    useCase: input.useCase,
    minFit: input.minFit as Decimal | undefined,
    pricedOn: dayOf(input.at),
  }));

/** GET /models and list_models: the catalog on a day. */
export const modelsInput = z
  .strictObject({ at: at.optional() })
  .transform((input) => ({ pricedOn: dayOf(input.at) }));

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
  cachedInputTokens: number(INTEGER, 'must be a whole number of tokens'),
  cacheWriteTokens: number(INTEGER, 'must be a whole number of tokens'),
};
const flag = () =>
  once()
    .regex(/^(true|false)$/, 'must be true or false')
    .transform((value) => value === 'true')
    .optional();
const queryText = {
  models: once().optional(),
  useCase: once().optional(),
  cacheTtl: once().optional(),
  at: once().optional(),
};
const queryUsage = {
  cachedInputTokens: queryNumbers.cachedInputTokens,
  cacheWriteTokens: queryNumbers.cacheWriteTokens,
  cacheTtl: queryText.cacheTtl,
  batch: flag(),
  at: queryText.at,
};

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
  ...queryUsage,
});
export const selectorQuery = queryOf(selectorInput, {
  useCase: queryText.useCase,
  budget: queryNumbers.budget,
  requests: queryNumbers.requests,
  inputTokens: queryNumbers.inputTokens,
  outputTokens: queryNumbers.outputTokens,
  ...queryUsage,
  includeUnrated: flag(),
});
export const optimizerQuery = queryOf(optimizerInput, {
  models: queryText.models,
  inputTokens: queryNumbers.inputTokens,
  outputTokens: queryNumbers.outputTokens,
  requests: queryNumbers.requests,
  useCase: queryText.useCase,
  minFit: queryNumbers.minFit,
  ...queryUsage,
});
export const modelsQuery = queryOf(modelsInput, { at: queryText.at });
