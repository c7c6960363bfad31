// The built-in catalog, derived from the raw price data in data/b-prices/ (see its SOURCES.md) and nothing
// else: every price, tier and date from pydantic/genai-prices, each first date from release-dates.json,
// limits and capability flags from LiteLLM 2026-07-24 (grok-4.6, which LiteLLM lacks, from models.dev).
//
//   node scripts/derive-catalog.mjs          rewrites src/domain/catalog-data.json
//
// test/domain/catalog-source.test.ts runs deriveCatalog() again and fails if the committed file differs,
// so the catalog is always what this derivation gives.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Big from 'big.js';

const service = join(import.meta.dirname, '..');
const dataDir = join(service, 'data', 'b-prices');

/**
 * The 24 models in table order: catalog id, genai-prices provider and model id, provider, and whether
 * the prices are Groq's (`hosted_by: "groq"`), and the LiteLLM key of the limits and flags.
 */
export const MODELS = [
  ['gpt-5.6', 'openai', 'gpt-5.6-sol', 'openai', 'gpt-5.6'],
  ['gpt-5.6-terra', 'openai', 'gpt-5.6-terra', 'openai', 'gpt-5.6-terra'],
  ['gpt-5.6-luna', 'openai', 'gpt-5.6-luna', 'openai', 'gpt-5.6-luna'],
  ['gpt-5.5', 'openai', 'gpt-5.5', 'openai', 'gpt-5.5'],
  ['gpt-5.4-mini', 'openai', 'gpt-5.4-mini', 'openai', 'gpt-5.4-mini'],
  ['gpt-5.4-nano', 'openai', 'gpt-5.4-nano', 'openai', 'gpt-5.4-nano'],
  ['claude-fable-5', 'anthropic', 'claude-fable-5', 'anthropic', 'claude-fable-5'],
  ['claude-opus-5', 'anthropic', 'claude-opus-5', 'anthropic', 'claude-opus-5'],
  ['claude-sonnet-5', 'anthropic', 'claude-sonnet-5', 'anthropic', 'claude-sonnet-5'],
  ['claude-haiku-4-5', 'anthropic', 'claude-haiku-4-5', 'anthropic', 'claude-haiku-4-5'],
  ['claude-opus-4-6', 'anthropic', 'claude-opus-4-6', 'anthropic', 'claude-opus-4-6'],
  ['claude-sonnet-4-6', 'anthropic', 'claude-sonnet-4-6', 'anthropic', 'claude-sonnet-4-6'],
  ['gemini-3.1-pro-preview', 'google', 'gemini-3.1-pro-preview', 'google', 'gemini/gemini-3.1-pro-preview'],
  ['gemini-3.6-flash', 'google', 'gemini-3.6-flash', 'google', 'gemini/gemini-3.6-flash'],
  ['gemini-3.1-flash-lite', 'google', 'gemini-3.1-flash-lite', 'google', 'gemini/gemini-3.1-flash-lite'],
  ['grok-4.6', 'x-ai', 'grok-4.6', 'xai', null],
  ['grok-4.5', 'x-ai', 'grok-4.5', 'xai', 'xai/grok-4.5'],
  ['grok-4.3', 'x-ai', 'grok-4.3', 'xai', 'xai/grok-4.3'],
  ['deepseek-v4-pro', 'deepseek', 'deepseek-v4-pro', 'deepseek', 'deepseek/deepseek-v4-pro'],
  ['deepseek-v4-flash', 'deepseek', 'deepseek-v4-flash', 'deepseek', 'deepseek/deepseek-v4-flash'],
  ['mistral-medium-3.5', 'mistral', 'mistral-medium-3-5', 'mistral', 'mistral/mistral-medium-3-5'],
  ['mistral-large-3', 'mistral', 'mistral-large-2512', 'mistral', 'mistral/mistral-large-3'],
  [
    'llama-4-maverick',
    'groq',
    'meta-llama/llama-4-maverick-17b-128e-instruct',
    'meta',
    'groq/meta-llama/llama-4-maverick-17b-128e-instruct',
  ],
  [
    'llama-4-scout',
    'groq',
    'meta-llama/llama-4-scout-17b-16e-instruct',
    'meta',
    'groq/meta-llama/llama-4-scout-17b-16e-instruct',
  ],
];

/** grok-4.6 is not in LiteLLM 2026-07-24: models.dev models/xai/grok-4.6.toml @ 83dc195a (SOURCES.md). */
const GROK_4_6 = {
  max_input_tokens: 500_000,
  max_output_tokens: 500_000,
  flags: ['vision', 'tools', 'reasoning', 'structured_output'],
};

/** LiteLLM flags → capability names, in the catalog's order (`caching` follows the set in force). */
const FLAGS = [
  ['supports_vision', 'vision'],
  ['supports_function_calling', 'tools'],
  ['supports_reasoning', 'reasoning'],
  ['supports_response_schema', 'structured_output'],
];

/** Both batch APIs are 50% off. */
const HALF_PRICE_BATCH = new Set(['openai', 'google']);

const FIELDS = {
  input_per_mtok: 'input_mtok',
  output_per_mtok: 'output_mtok',
  cached_input_per_mtok: 'cache_read_mtok',
  cache_write_per_mtok: 'cache_write_mtok',
  cache_write_1h_per_mtok: 'cache_write_1h_mtok',
};

const half = (price) => Number(new Big(String(price)).div(2).toString());

/** A genai-prices price object → one price set (without dates). */
function priceSet(prices, provider) {
  const base = (name) => {
    const value = prices[FIELDS[name]];
    return value === undefined ? null : typeof value === 'number' ? value : value.base;
  };
  const tiers = Object.entries(FIELDS).flatMap(([name, key]) => {
    const value = prices[key];
    if (typeof value !== 'object' || value === null) return [];
    if (value.tiers.length !== 1) throw new Error(`${key}: expected one tier`);
    return [[name, value.tiers[0]]];
  });
  const starts = new Set(tiers.map(([, tier]) => tier.start));
  if (starts.size > 1) throw new Error('tiers with different starts');
  const tier = Object.fromEntries(tiers.map(([name, t]) => [name, t.price]));
  const set = Object.fromEntries(Object.keys(FIELDS).map((name) => [name, base(name)]));
  return {
    ...set,
    batch: HALF_PRICE_BATCH.has(provider)
      ? { input_per_mtok: half(set.input_per_mtok), output_per_mtok: half(set.output_per_mtok) }
      : null,
    long_context:
      tiers.length === 0
        ? null
        : {
            threshold_tokens: [...starts][0],
            input_per_mtok: tier.input_per_mtok ?? null,
            output_per_mtok: tier.output_per_mtok ?? null,
            cached_input_per_mtok: tier.cached_input_per_mtok ?? null,
            cache_write_per_mtok: tier.cache_write_per_mtok ?? null,
            cache_write_1h_per_mtok: tier.cache_write_1h_per_mtok ?? null,
          },
  };
}

/**
 * The dated price sets of one genai-prices entry. `prices` is one object, or a list whose first element
 * has no constraint and whose later ones start at `constraint.start_date`; an element with a time-of-day
 * window (DeepSeek V4's peak hours) gives the prices of the dated set before it — B has no time-of-day
 * prices, so that set carries the peak rate (an upper bound).
 */
function priceSets(entry, firstFrom, provider) {
  const elements = Array.isArray(entry.prices) ? entry.prices : [{ prices: entry.prices }];
  const sets = [];
  let peak;
  for (const element of elements) {
    const constraint = element.constraint ?? {};
    if (constraint.start_time !== undefined) {
      const set = priceSet(element.prices, provider);
      if (peak !== undefined && JSON.stringify(peak) !== JSON.stringify(set))
        throw new Error(`${entry.id}: time windows with different prices`);
      peak = set;
      continue;
    }
    if (Object.keys(constraint).some((key) => key !== 'start_date'))
      throw new Error(`${entry.id}: unknown constraint ${JSON.stringify(constraint)}`);
    const from = sets.length === 0 ? firstFrom : constraint.start_date;
    if (from === undefined) throw new Error(`${entry.id}: a later set without start_date`);
    sets.push({ from, ...priceSet(element.prices, provider) });
  }
  if (peak !== undefined) Object.assign(sets[sets.length - 1], peak);
  return sets.map((set, i) => ({ from: set.from, until: sets[i + 1]?.from ?? null, ...withoutFrom(set) }));
}

const withoutFrom = ({ from: _from, ...rest }) => rest;

/** Reads the three data files. */
export function readData(dir = dataDir) {
  const read = (name) => JSON.parse(readFileSync(join(dir, name), 'utf8'));
  return {
    genai: read('genai-prices-v3-02cf364.json'),
    releases: read('release-dates.json'),
    litellm: read('litellm-2026-07-24.json'),
  };
}

/** The catalog rows (GET /models entries without `fit`, `as_of`, `verified` and `caching`). */
export function deriveCatalog({ genai, releases, litellm } = readData()) {
  return MODELS.map(([id, providerKey, modelKey, provider, litellmKey]) => {
    const genaiProvider = genai.providers[providerKey];
    const entry = genaiProvider.models.find((model) => model.id === modelKey);
    if (entry === undefined) throw new Error(`${providerKey}/${modelKey}: not in genai-prices`);
    const release = releases.models[id]?.from;
    if (release === undefined) throw new Error(`${id}: no release date`);
    const limits = litellmKey === null ? undefined : litellm[litellmKey];
    if (litellmKey !== null && limits === undefined) throw new Error(`${litellmKey}: not in LiteLLM`);
    return {
      id,
      provider,
      hosted_by: providerKey === 'groq' ? 'groq' : null,
      name: entry.name,
      source_key: `${providerKey}/${modelKey}`,
      max_input_tokens: limits?.max_input_tokens ?? GROK_4_6.max_input_tokens,
      max_output_tokens: limits?.max_output_tokens ?? GROK_4_6.max_output_tokens,
      capabilities: limits
        ? FLAGS.filter(([flag]) => limits[flag] === true).map(([, name]) => name)
        : GROK_4_6.flags,
      source: genaiProvider.pricing_url,
      prices: priceSets(entry, release, providerKey),
    };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const target = join(service, 'src', 'domain', 'catalog-data.json');
  // One model a line: the file stays reviewable and diffs show which model changed.
  const lines = deriveCatalog().map((row) => `  ${JSON.stringify(row)}`);
  writeFileSync(target, `[\n${lines.join(',\n')}\n]\n`);
  console.log(`wrote ${target}`);
}
