import { echoedList, unprocessable } from '@dus/core';
import { AS_OF, CAPABILITIES, FIT, FIT_SOURCE, ROWS, type Row, type UseCase } from './catalog.js';
import { Dec, type Decimal } from './money.js';

/** Prices in force at one tier, USD per 1M tokens; null where the model has none. */
export interface Tier {
  input: Decimal;
  output: Decimal;
  cached: Decimal | null;
  /** 5-minute cache write. */
  write: Decimal | null;
}

export type Fit = Record<UseCase, number>;

export interface Model {
  id: string;
  base: Tier;
  /** 1-hour cache write (no long-context tier). */
  write1h: Decimal | null;
  batch: { input: Decimal; output: Decimal } | null;
  longContext: { threshold: number; tier: Tier } | undefined;
  maxInput: number;
  maxOutput: number;
  fit: Fit | null;
  custom: boolean;
}

/** A model someone prices per request (body and MCP `customModels`). */
export interface CustomModel {
  id: string;
  input_per_mtok: number;
  output_per_mtok: number;
  cached_input_per_mtok?: number | undefined;
  max_input_tokens: number;
  max_output_tokens: number;
  fit?: Fit | undefined;
}

const num = (price: string | null) => (price === null ? null : Number(price));

function entryOf(row: Row) {
  const [input, output, cached, write, write1h] = row.prices;
  const fit = FIT[row.id];
  return {
    id: row.id,
    provider: row.provider,
    hosted_by: row.groq ? 'groq' : null,
    name: row.name,
    source_key: row.key,
    input_per_mtok: Number(input),
    output_per_mtok: Number(output),
    cached_input_per_mtok: num(cached),
    cache_write_per_mtok: num(write),
    cache_write_1h_per_mtok: num(write1h),
    batch: row.batch ? { input_per_mtok: Number(row.batch[0]), output_per_mtok: Number(row.batch[1]) } : null,
    context_window: row.limits[0],
    max_input_tokens: row.limits[0],
    max_output_tokens: row.limits[1],
    capabilities: (Object.keys(CAPABILITIES) as Array<keyof typeof CAPABILITIES>)
      .filter((letter) => row.caps.includes(letter))
      .map((letter) => CAPABILITIES[letter]),
    long_context: row.tier
      ? {
          threshold_tokens: row.tier[0],
          input_per_mtok: Number(row.tier[1]),
          output_per_mtok: Number(row.tier[2]),
          cached_input_per_mtok: num(row.tier[3]),
          cache_write_per_mtok: num(row.tier[4]),
        }
      : null,
    fit: fit ? { code: fit[0], reasoning: fit[1], content: fit[2], default: fit[3] } : null,
    source: row.source,
    verified: true,
    as_of: AS_OF,
  };
}

/** A catalog entry as GET /models lists it (built in, or from CATALOG_FILE). */
export type CatalogEntry = ReturnType<typeof entryOf>;

const priceOf = (value: number) => new Dec(String(value));
const priceOrNull = (value: number | null) => (value === null ? null : priceOf(value));

/** The model behind an entry: its prices as exact decimals. */
export function modelOf(entry: CatalogEntry): Model {
  const tier = entry.long_context;
  return {
    id: entry.id,
    base: {
      input: priceOf(entry.input_per_mtok),
      output: priceOf(entry.output_per_mtok),
      cached: priceOrNull(entry.cached_input_per_mtok),
      write: priceOrNull(entry.cache_write_per_mtok),
    },
    write1h: priceOrNull(entry.cache_write_1h_per_mtok),
    batch: entry.batch
      ? { input: priceOf(entry.batch.input_per_mtok), output: priceOf(entry.batch.output_per_mtok) }
      : null,
    longContext: tier
      ? {
          threshold: tier.threshold_tokens,
          tier: {
            input: priceOf(tier.input_per_mtok),
            output: priceOf(tier.output_per_mtok),
            cached: priceOrNull(tier.cached_input_per_mtok),
            write: priceOrNull(tier.cache_write_per_mtok),
          },
        }
      : undefined,
    maxInput: entry.max_input_tokens,
    maxOutput: entry.max_output_tokens,
    fit: entry.fit,
    custom: false,
  };
}

/** A custom model: base prices only (no tier, write or batch prices). */
export function customModel(spec: CustomModel): Model {
  return {
    id: spec.id,
    base: {
      input: priceOf(spec.input_per_mtok),
      output: priceOf(spec.output_per_mtok),
      cached: priceOrNull(spec.cached_input_per_mtok ?? null),
      write: null,
    },
    write1h: null,
    batch: null,
    longContext: undefined,
    maxInput: spec.max_input_tokens,
    maxOutput: spec.max_output_tokens,
    fit: spec.fit ?? null,
    custom: true,
  };
}

/** A catalog: its date, where its fit comes from, and its entries in order. */
export interface Catalog {
  asOf: string;
  fitSource: string | null;
  entries: readonly CatalogEntry[];
}

/** The built-in catalog (src/domain/catalog.ts). */
export const BUILT_IN: Catalog = { asOf: AS_OF, fitSource: FIT_SOURCE, entries: ROWS.map(entryOf) };

interface Active extends Catalog {
  models: readonly Model[];
  byId: ReadonlyMap<string, Model>;
}

let active: Active;

/** Makes `next` the catalog every operation uses (start-up, with CATALOG_FILE). */
export function useCatalog(next: Catalog): void {
  const models = next.entries.map(modelOf);
  active = { ...next, models, byId: new Map(models.map((model) => [model.id, model])) };
}
useCatalog(BUILT_IN);

/** The catalog's models, in order. */
export const activeModels = () => active.models;
/** The catalog's ids, in order. */
export const catalogIds = () => active.models.map((model) => model.id);
/** The catalog's date. */
export const catalogAsOf = () => active.asOf;

/** The built-in models (what the tests price). */
export const MODELS: readonly Model[] = BUILT_IN.entries.map(modelOf);
export const MODEL_IDS = MODELS.map((model) => model.id);

export function catalog() {
  return {
    models: [...active.entries],
    count: active.entries.length,
    as_of: active.asOf,
    fit_source: active.fitSource,
  };
}

/**
 * The models named (already trimmed and de-duplicated), or the catalog then the custom models; an id
 * neither knows → 422 `unknown_model`.
 */
export function resolveModels(
  ids: readonly string[] | undefined,
  custom: readonly CustomModel[] = [],
): Model[] {
  const customs = custom.map(customModel);
  const known = new Map([...active.byId, ...customs.map((model) => [model.id, model] as const)]);
  if (ids === undefined) return [...known.values()];
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    const echoed = echoedList(unknown);
    const valid = [...known.keys()];
    throw unprocessable(
      'unknown_model',
      `unknown model id${unknown.length > 1 ? 's' : ''}: ${echoed.text}; GET /models lists the ${active.models.length} valid ids`,
      {
        unknown: echoed.items,
        ...(echoed.total > echoed.items.length ? { unknown_total: echoed.total } : {}),
        valid,
      },
    );
  }
  return ids.map((id) => known.get(id)!);
}

/** Code-point order of ids: the tie-break of every sort. */
export function byId(a: { id: string }, b: { id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Fit for a use case; null when the model is unrated. */
export const fitFor = (model: Model, useCase: UseCase) => (model.fit === null ? null : model.fit[useCase]);

/** `custom: true` on entries of custom models; nothing on catalog ones. */
export const customFlag = (model: Model) => (model.custom ? { custom: true as const } : {});
