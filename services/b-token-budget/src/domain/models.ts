import { echoedList, type ProblemError, unprocessable } from '@dus/core';
import {
  AS_OF,
  CAPABILITIES,
  type CatalogRow,
  FIT,
  FIT_SOURCE,
  type LongContext,
  type PriceSet,
  type UseCase,
} from './catalog.js';
import CATALOG_DATA from './catalog-data.json' with { type: 'json' };
import { Dec, type Decimal } from './money.js';

/** Prices in force at one tier, USD per 1M tokens; null where the model has none. */
export interface Tier {
  input: Decimal;
  output: Decimal;
  cached: Decimal | null;
  /** 5-minute cache write. */
  write: Decimal | null;
  /** 1-hour cache write (on a long-context tier: null falls back to the set's own 1-hour price). */
  write1h: Decimal | null;
}

export type Fit = Record<UseCase, number>;

/** A model priced with one price set (the one in force on the day asked, or a custom model's). */
export interface Model {
  id: string;
  base: Tier;
  batch: { input: Decimal; output: Decimal } | null;
  longContext: { threshold: number; tier: Tier } | undefined;
  maxInput: number;
  maxOutput: number;
  fit: Fit | null;
  custom: boolean;
  /** The `from` of the set used: null for a custom model or a set in force before any date. */
  priceFrom: string | null;
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

/** A catalog model as stored: its description and whole price history (sets oldest first). */
export interface StoredEntry {
  id: string;
  provider: string;
  hosted_by: string | null;
  name: string;
  source_key: string;
  max_input_tokens: number;
  max_output_tokens: number;
  /** Without `caching`, which follows the set in force. */
  capabilities: readonly string[];
  fit: Fit | null;
  source: string;
  verified: boolean;
  as_of: string;
  prices: readonly PriceSet[];
}

function storedOf(row: CatalogRow): StoredEntry {
  const fit = FIT[row.id];
  return {
    id: row.id,
    provider: row.provider,
    hosted_by: row.hosted_by,
    name: row.name,
    source_key: row.source_key,
    max_input_tokens: row.max_input_tokens,
    max_output_tokens: row.max_output_tokens,
    capabilities: row.capabilities,
    fit: fit ? { code: fit[0], reasoning: fit[1], content: fit[2], default: fit[3] } : null,
    source: row.source,
    verified: true,
    as_of: AS_OF,
    prices: row.prices,
  };
}

/** The set in force on a UTC day: from ≤ day < until (null ends are open). */
export function setOn(sets: readonly PriceSet[], day: string): PriceSet | undefined {
  return sets.find(
    (set) => (set.from === null || set.from <= day) && (set.until === null || day < set.until),
  );
}

/** A GET /models entry on a day: the top-level prices are the set in force; undefined if none is. */
export function entryOn(stored: StoredEntry, day: string) {
  const set = setOn(stored.prices, day);
  if (set === undefined) return undefined;
  const caps = new Set([...stored.capabilities, ...(set.cached_input_per_mtok === null ? [] : ['caching'])]);
  return {
    id: stored.id,
    provider: stored.provider,
    hosted_by: stored.hosted_by,
    name: stored.name,
    source_key: stored.source_key,
    input_per_mtok: set.input_per_mtok,
    output_per_mtok: set.output_per_mtok,
    cached_input_per_mtok: set.cached_input_per_mtok,
    cache_write_per_mtok: set.cache_write_per_mtok,
    cache_write_1h_per_mtok: set.cache_write_1h_per_mtok,
    batch: set.batch,
    context_window: stored.max_input_tokens,
    max_input_tokens: stored.max_input_tokens,
    max_output_tokens: stored.max_output_tokens,
    capabilities: CAPABILITIES.filter((name) => caps.has(name)),
    long_context: set.long_context,
    price_from: set.from,
    prices: [...stored.prices],
    fit: stored.fit,
    source: stored.source,
    verified: stored.verified,
    as_of: stored.as_of,
  };
}

/** A catalog entry as GET /models lists it on a day. */
export type CatalogEntry = NonNullable<ReturnType<typeof entryOn>>;

const priceOf = (value: number) => new Dec(String(value));
const priceOrNull = (value: number | null) => (value === null ? null : priceOf(value));

function tierOf(tier: LongContext): Tier {
  return {
    input: priceOf(tier.input_per_mtok),
    output: priceOf(tier.output_per_mtok),
    cached: priceOrNull(tier.cached_input_per_mtok),
    write: priceOrNull(tier.cache_write_per_mtok),
    write1h: priceOrNull(tier.cache_write_1h_per_mtok),
  };
}

/** A catalog model priced with one of its sets: its prices as exact decimals. */
export function modelOf(stored: StoredEntry, set: PriceSet): Model {
  const tier = set.long_context;
  return {
    id: stored.id,
    base: {
      input: priceOf(set.input_per_mtok),
      output: priceOf(set.output_per_mtok),
      cached: priceOrNull(set.cached_input_per_mtok),
      write: priceOrNull(set.cache_write_per_mtok),
      write1h: priceOrNull(set.cache_write_1h_per_mtok),
    },
    batch: set.batch
      ? { input: priceOf(set.batch.input_per_mtok), output: priceOf(set.batch.output_per_mtok) }
      : null,
    longContext: tier ? { threshold: tier.threshold_tokens, tier: tierOf(tier) } : undefined,
    maxInput: stored.max_input_tokens,
    maxOutput: stored.max_output_tokens,
    fit: stored.fit,
    custom: false,
    priceFrom: set.from,
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
      write1h: null,
    },
    batch: null,
    longContext: undefined,
    maxInput: spec.max_input_tokens,
    maxOutput: spec.max_output_tokens,
    fit: spec.fit ?? null,
    custom: true,
    priceFrom: null,
  };
}

/** A catalog: its date, where its fit comes from, and its entries (with their price history) in order. */
export interface Catalog {
  asOf: string;
  fitSource: string | null;
  entries: readonly StoredEntry[];
}

/** The derived rows (catalog-data.json, written by scripts/derive-catalog.mjs from data/b-prices/). */
export const CATALOG_ROWS = CATALOG_DATA as readonly CatalogRow[];

/** The built-in catalog. */
export const BUILT_IN: Catalog = {
  asOf: AS_OF,
  fitSource: FIT_SOURCE,
  entries: CATALOG_ROWS.map(storedOf),
};

/** A catalog ready to price: each model's sets as exact decimals. */
export interface Active extends Catalog {
  byId: ReadonlyMap<string, StoredEntry>;
  models: ReadonlyMap<string, ReadonlyArray<{ set: PriceSet; model: Model }>>;
}

/** Prepares a catalog for pricing. */
export function activate(next: Catalog): Active {
  return {
    ...next,
    byId: new Map(next.entries.map((entry) => [entry.id, entry])),
    models: new Map(
      next.entries.map((entry) => [
        entry.id,
        entry.prices.map((set) => ({ set, model: modelOf(entry, set) })),
      ]),
    ),
  };
}

/** The built-in catalog, prepared (what documentation examples are computed with). */
export const BUILT_IN_ACTIVE = activate(BUILT_IN);

let active: Active = BUILT_IN_ACTIVE;

/** Makes `next` the catalog every operation uses (start-up, with CATALOG_FILE). */
export function useCatalog(next: Catalog): void {
  active = activate(next);
}

/** The catalog in use. */
export const activeCatalog = () => active;
/** The catalog's ids, in order. */
export const catalogIds = (catalog: Active = active) => catalog.entries.map((entry) => entry.id);
/** The catalog's date. */
export const catalogAsOf = () => active.asOf;

/** The built-in models and their ids (the data's counts). */
export const MODELS: readonly StoredEntry[] = BUILT_IN.entries;
export const MODEL_IDS = MODELS.map((model) => model.id);

/** GET /models on a day: the models priced on it, each with its set in force and its history. */
export function catalog(day: string, catalog: Active = active) {
  const models = catalog.entries.flatMap((entry) => entryOn(entry, day) ?? []);
  return {
    models,
    count: models.length,
    as_of: catalog.asOf,
    fit_source: catalog.fitSource,
    priced_on: day,
  };
}

/** A catalog model priced on a day, or undefined before its first set. */
export function pricedModel(id: string, day: string, catalog: Active = active): Model | undefined {
  const sets = catalog.models.get(id)!;
  return sets.find(({ set }) => setOn([set], day) !== undefined)?.model;
}

/** 422 `at_before_first_price`: catalog models with no price set in force on the day. */
function beforeFirstPrice(day: string, ids: readonly string[], catalog: Active): ProblemError {
  const unpriced = ids.map((id) => ({ id, from: catalog.byId.get(id)!.prices[0]!.from }));
  const named = echoedList(ids);
  return unprocessable(
    'at_before_first_price',
    `no price on ${day} for ${named.text}: ${ids.length === 1 ? 'its' : 'their'} first price set starts later (GET /models?at=… lists the models priced on a day)`,
    { priced_on: day, unpriced },
  );
}

/** 422 `unknown_model` when an id is neither a catalog id nor one of `custom`. */
export function checkKnown(
  ids: readonly string[],
  custom: readonly string[],
  catalog: Active = active,
): void {
  const unknown = ids.filter((id) => !catalog.byId.has(id) && !custom.includes(id));
  if (unknown.length > 0) {
    const echoed = echoedList(unknown);
    throw unprocessable(
      'unknown_model',
      `unknown model id${unknown.length > 1 ? 's' : ''}: ${echoed.text}; GET /models lists the ${catalog.entries.length} valid ids`,
      {
        unknown: echoed.items,
        ...(echoed.total > echoed.items.length ? { unknown_total: echoed.total } : {}),
        valid: [...catalogIds(catalog), ...custom],
      },
    );
  }
}

/**
 * The models named (already trimmed and de-duplicated), or the catalog models priced on `day` then the
 * custom models; each catalog model priced with its set in force on `day`. An id neither knows → 422
 * `unknown_model` (decided first); a catalog model not yet priced on `day` → 422 `at_before_first_price`.
 */
export function resolveModels(
  ids: readonly string[] | undefined,
  custom: readonly CustomModel[],
  day: string,
  catalog: Active = active,
): Model[] {
  const customs = new Map(custom.map((spec) => [spec.id, customModel(spec)]));
  if (ids === undefined) {
    const priced = catalog.entries.flatMap((entry) => pricedModel(entry.id, day, catalog) ?? []);
    if (priced.length === 0 && customs.size === 0) throw beforeFirstPrice(day, catalogIds(catalog), catalog);
    return [...priced, ...customs.values()];
  }
  checkKnown(ids, [...customs.keys()], catalog);
  const unpriced = ids.filter((id) => !customs.has(id) && pricedModel(id, day, catalog) === undefined);
  if (unpriced.length > 0) throw beforeFirstPrice(day, unpriced, catalog);
  return ids.map((id) => customs.get(id) ?? pricedModel(id, day, catalog)!);
}

/** Code-point order of ids: the tie-break of every sort. */
export function byId(a: { id: string }, b: { id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Fit for a use case; null when the model is unrated. */
export const fitFor = (model: Model, useCase: UseCase) => (model.fit === null ? null : model.fit[useCase]);

/** `custom: true` on entries of custom models; nothing on catalog ones. */
export const customFlag = (model: Model) => (model.custom ? { custom: true as const } : {});

/** `price_from` of an entry. */
export const priceFrom = (model: Model) => ({ price_from: model.priceFrom });
