import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { ProblemError, parseStrictJson, z } from '@dus/core';
import { USE_CASES } from './catalog.js';
import { isDay } from './dates.js';
import type { Catalog, StoredEntry } from './models.js';
import { checkHistory } from './price-history.js';

// CATALOG_FILE: `{as_of, fit_source?, models}`, each model a GET /models entry, ids unique. An entry carries
// either the flat price fields (one set in force from any date) or `prices`, its dated price sets (then the
// top-level price fields and `price_from` are optional and not read). Read once at start-up; the first
// problem is reported as one line naming its place, e.g. `CATALOG_FILE: models[1].input_per_mtok: must be a
// number ≥ 0` or `CATALOG_FILE: models[0].prices[1].from: …`.

export const MAX_CATALOG_MODELS = 1000;
export const MAX_PRICE_SETS = 100;
/** A larger file is refused before it is read. */
export const MAX_CATALOG_BYTES = 16 * 1024 * 1024;

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
const date = text.refine(isDay, 'must be a real date YYYY-MM-DD');

const longContext = z
  .strictObject({
    threshold_tokens: tokens,
    input_per_mtok: price,
    output_per_mtok: price,
    cached_input_per_mtok: priceOrNull,
    cache_write_per_mtok: priceOrNull,
    cache_write_1h_per_mtok: priceOrNull.optional(),
  })
  .nullable();

const priceFields = {
  input_per_mtok: price,
  output_per_mtok: price,
  cached_input_per_mtok: priceOrNull,
  cache_write_per_mtok: priceOrNull,
  cache_write_1h_per_mtok: priceOrNull,
  batch: z.strictObject({ input_per_mtok: price, output_per_mtok: price }).nullable(),
  long_context: longContext,
};
type PriceFields = { [K in keyof typeof priceFields]: z.output<(typeof priceFields)[K]> };

const priceSet = z.strictObject({ from: date.nullable(), until: date.nullable().optional(), ...priceFields });

const optionalPrices = Object.fromEntries(
  Object.entries(priceFields).map(([name, schema]) => [name, schema.optional()]),
) as { [K in keyof typeof priceFields]: z.ZodOptional<(typeof priceFields)[K]> };

const id = text
  .min(1, 'must not be empty')
  .max(64, 'must be at most 64 characters')
  .refine((value) => value.trim() === value, 'must not begin or end with whitespace')
  .refine((value) => !value.includes(','), 'must not contain a comma (models lists are comma-separated)');

const entry = z.strictObject({
  id,
  provider: text,
  hosted_by: text.nullable(),
  name: text,
  source_key: text,
  ...optionalPrices,
  context_window: tokens,
  max_input_tokens: tokens,
  max_output_tokens: tokens,
  capabilities: z.array(z.enum(['vision', 'tools', 'reasoning', 'structured_output', 'caching'])),
  price_from: date.nullable().optional(),
  prices: z
    .array(priceSet)
    .min(1, 'must hold at least one price set')
    .max(MAX_PRICE_SETS, `must hold at most ${MAX_PRICE_SETS} price sets`)
    .optional(),
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
type FileEntry = z.output<typeof entry>;

const file = z.strictObject({
  as_of: date,
  fit_source: text.nullable().optional(),
  models: z
    .array(entry)
    .min(1, 'must hold at least one model')
    .max(MAX_CATALOG_MODELS, `must hold at most ${MAX_CATALOG_MODELS} models`),
});

/** `models[1].input_per_mtok` from a path. */
const place = (path: readonly PropertyKey[]) =>
  path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`))
    .join('');

/** A JSON Pointer's tokens (`/models/0/id` → models, 0, id). */
const tokensOf = (pointer: string): PropertyKey[] =>
  pointer
    .split('/')
    .slice(1)
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((token) => (/^(0|[1-9]\d*)$/.test(token) ? Number(token) : token));

export class CatalogFileError extends Error {
  constructor(message: string) {
    super(`CATALOG_FILE: ${message}`);
    this.name = 'CatalogFileError';
  }
}

/** The text as strict JSON (I-JSON: no duplicate member names), or the problem as a CatalogFileError. */
function jsonOf(source: string | Uint8Array): unknown {
  try {
    return parseStrictJson(source);
  } catch (error) {
    if (!(error instanceof ProblemError)) throw error;
    const problem = error.toProblem() as { code: string; detail: string; pointer?: string };
    if (problem.code === 'duplicate_key')
      throw new CatalogFileError(
        `${place(tokensOf(problem.pointer!))}: is a duplicate member name (${problem.detail})`,
      );
    throw new CatalogFileError(`not valid JSON (${problem.detail})`);
  }
}

const FLAT = Object.keys(priceFields) as Array<keyof typeof priceFields>;

/** The price sets of an entry: its `prices` (history checked) or its flat fields as one undated set. */
function setsOf(model: FileEntry, i: number) {
  if (model.prices !== undefined) {
    const problem = checkHistory(model.prices);
    if (problem) throw new CatalogFileError(`models[${i}].prices${problem.place}: ${problem.message}`);
    return model.prices.map((set, j, all) => ({
      ...set,
      until: all[j + 1]?.from ?? null,
      long_context: set.long_context && { cache_write_1h_per_mtok: null, ...set.long_context },
    }));
  }
  const missing = FLAT.find((name) => model[name] === undefined);
  if (missing !== undefined)
    throw new CatalogFileError(`models[${i}].${missing}: is required (or give the model's \`prices\`)`);
  const flat = model as FileEntry & PriceFields;
  return [
    {
      from: null,
      until: null,
      ...Object.fromEntries(FLAT.map((name) => [name, flat[name]])),
      long_context: flat.long_context && { cache_write_1h_per_mtok: null, ...flat.long_context },
    } as StoredEntry['prices'][number],
  ];
}

/** The catalog a CATALOG_FILE's text holds, or a CatalogFileError naming the first problem. */
export function parseCatalogFile(source: string | Uint8Array): Catalog {
  const result = file.safeParse(jsonOf(source));
  if (!result.success) {
    const [issue] = result.error.issues;
    throw new CatalogFileError(`${place(issue!.path) || '(root)'}: ${issue!.message}`);
  }
  const seen = new Map<string, number>();
  const entries = result.data.models.map((model, i): StoredEntry => {
    const first = seen.get(model.id);
    if (first !== undefined)
      throw new CatalogFileError(`models[${i}].id: repeats models[${first}].id (${model.id})`);
    seen.set(model.id, i);
    return {
      id: model.id,
      provider: model.provider,
      hosted_by: model.hosted_by,
      name: model.name,
      source_key: model.source_key,
      max_input_tokens: model.max_input_tokens,
      max_output_tokens: model.max_output_tokens,
      // `caching` follows the set in force (a cached-input price).
      capabilities: model.capabilities.filter((name) => name !== 'caching'),
      fit: model.fit,
      source: model.source,
      verified: model.verified,
      as_of: model.as_of,
      prices: setsOf(model, i),
    };
  });
  return { asOf: result.data.as_of, fitSource: result.data.fit_source ?? null, entries };
}

/**
 * The text of a CATALOG_FILE path: a regular file of at most MAX_CATALOG_BYTES. Opened without blocking
 * and checked before reading, so that a FIFO or a device cannot hang start-up.
 */
export function readCatalogFile(path: string): Uint8Array {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw new CatalogFileError(`cannot read ${path} (${(error as NodeJS.ErrnoException).code})`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new CatalogFileError(`${path} is not a regular file`);
    if (stat.size > MAX_CATALOG_BYTES)
      throw new CatalogFileError(`${path} is larger than ${MAX_CATALOG_BYTES} bytes`);
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}
