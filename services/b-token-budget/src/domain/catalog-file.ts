import { z } from '@dus/core';
import { USE_CASES } from './catalog.js';
import type { Catalog, CatalogEntry } from './models.js';

// CATALOG_FILE: `{as_of, fit_source?, models}`, each model a GET /models entry, ids unique. Read once at
// start-up; the first problem is reported as one line naming its place, e.g.
// `CATALOG_FILE: models[1].input_per_mtok: must be a number ≥ 0`.

export const MAX_CATALOG_MODELS = 1000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

// Prices are 0 or at least 0.001 USD per 1M tokens, so that every token and request count stays a safe
// integer (at most 10^6 USD × 10^6 / 0.001 = 10^15).
const price = z
  .number({ error: 'must be a number ≥ 0' })
  .min(0, 'must be a number ≥ 0')
  .max(1_000_000, 'must be at most 1,000,000')
  .refine((value) => value === 0 || value >= 0.001, 'must be 0 or at least 0.001');
const priceOrNull = price.nullable();
const tokens = z
  .int({ error: 'must be a whole number ≥ 1' })
  .min(1, 'must be a whole number ≥ 1')
  .max(100_000_000, 'must be at most 100,000,000');
const text = z.string({ error: 'must be a string' });
const date = text.regex(DATE, 'must be a date YYYY-MM-DD');

const entry = z.strictObject({
  id: text.min(1, 'must not be empty').max(64, 'must be at most 64 characters'),
  provider: text,
  hosted_by: text.nullable(),
  name: text,
  source_key: text,
  input_per_mtok: price,
  output_per_mtok: price,
  cached_input_per_mtok: priceOrNull,
  cache_write_per_mtok: priceOrNull,
  cache_write_1h_per_mtok: priceOrNull,
  batch: z.strictObject({ input_per_mtok: price, output_per_mtok: price }).nullable(),
  context_window: tokens,
  max_input_tokens: tokens,
  max_output_tokens: tokens,
  capabilities: z.array(z.enum(['vision', 'tools', 'reasoning', 'structured_output', 'caching'])),
  long_context: z
    .strictObject({
      threshold_tokens: tokens,
      input_per_mtok: price,
      output_per_mtok: price,
      cached_input_per_mtok: priceOrNull,
      cache_write_per_mtok: priceOrNull,
    })
    .nullable(),
  fit: z
    .strictObject(
      Object.fromEntries(
        USE_CASES.map((useCase) => [useCase, z.number({ error: 'must be a number' })]),
      ) as Record<(typeof USE_CASES)[number], z.ZodNumber>,
    )
    .nullable(),
  source: text,
  verified: z.boolean({ error: 'must be true or false' }),
  as_of: date,
});

const file = z.strictObject({
  as_of: date,
  fit_source: text.nullable().optional(),
  models: z
    .array(entry)
    .min(1, 'must hold at least one model')
    .max(MAX_CATALOG_MODELS, `must hold at most ${MAX_CATALOG_MODELS} models`),
});

/** `models[1].input_per_mtok` from a zod path. */
const place = (path: readonly PropertyKey[]) =>
  path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`))
    .join('');

export class CatalogFileError extends Error {
  constructor(message: string) {
    super(`CATALOG_FILE: ${message}`);
    this.name = 'CatalogFileError';
  }
}

/** The catalog a CATALOG_FILE's text holds, or a CatalogFileError naming the first problem. */
export function parseCatalogFile(source: string): Catalog {
  let json: unknown;
  try {
    json = JSON.parse(source);
  } catch (error) {
    throw new CatalogFileError(`not valid JSON (${(error as Error).message})`);
  }
  const result = file.safeParse(json);
  if (!result.success) {
    const [issue] = result.error.issues;
    throw new CatalogFileError(`${place(issue!.path) || '(root)'}: ${issue!.message}`);
  }
  const seen = new Map<string, number>();
  result.data.models.forEach((model, i) => {
    const first = seen.get(model.id);
    if (first !== undefined)
      throw new CatalogFileError(`models[${i}].id: repeats models[${first}].id (${model.id})`);
    seen.set(model.id, i);
  });
  return {
    asOf: result.data.as_of,
    fitSource: result.data.fit_source ?? null,
    entries: result.data.models as CatalogEntry[],
  };
}
