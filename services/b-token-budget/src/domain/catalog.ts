// The catalog: 24 models, their dated price sets and fit scores. The rows are derived from the raw price
// data in data/b-prices/ by scripts/derive-catalog.mjs into catalog-data.json (pydantic/genai-prices
// prices/new_data/v3/data.json @ 02cf3641, state of about 2026-08-27: prices and start dates; models.dev
// release dates: each first `from`; LiteLLM 2026-07-24, RoCry/llm-api-price @ 8442b939: limits and
// capability flags). test/domain/catalog-source.test.ts re-derives them. `caching` ⇔ the set in force has a
// cached-input price. Fit: data/lmarena-2026-04-22.json (see FIT_SOURCE).

export const USE_CASES = ['code', 'reasoning', 'content', 'default'] as const;
export type UseCase = (typeof USE_CASES)[number];

/** Capability names in the order the catalog lists them; `caching` follows the price set in force. */
export const CAPABILITIES = ['vision', 'tools', 'reasoning', 'structured_output', 'caching'] as const;
export type Capability = (typeof CAPABILITIES)[number];

export const AS_OF = '2026-08-27';
export const FIT_SOURCE =
  'LMArena text leaderboard category ratings as recorded in verseles/showdown data/showdown.json @ aba476b8 (last_update 2026-04-22): code = coding, reasoning = mean of math and hard prompts (half-up), content = creative writing, default = English; models it does not rate have fit null';

/** A price set's long-context tier: above `threshold_tokens` input tokens, for the whole request. */
export interface LongContext {
  threshold_tokens: number;
  input_per_mtok: number;
  output_per_mtok: number;
  cached_input_per_mtok: number | null;
  cache_write_per_mtok: number | null;
  cache_write_1h_per_mtok: number | null;
}

/** Prices in force from `from` (00:00Z, null: before any date) to `until` (exclusive; null: still). */
export interface PriceSet {
  from: string | null;
  until: string | null;
  input_per_mtok: number;
  output_per_mtok: number;
  cached_input_per_mtok: number | null;
  cache_write_per_mtok: number | null;
  cache_write_1h_per_mtok: number | null;
  batch: { input_per_mtok: number; output_per_mtok: number } | null;
  long_context: LongContext | null;
}

/** One derived row (catalog-data.json): a GET /models entry without fit, dates of the catalog or caching. */
export interface CatalogRow {
  id: string;
  provider: string;
  hosted_by: string | null;
  name: string;
  source_key: string;
  max_input_tokens: number;
  max_output_tokens: number;
  capabilities: readonly string[];
  source: string;
  prices: readonly PriceSet[];
}

/**
 * Fit per use case [code, reasoning, content, default] for the models the snapshot rates (the others:
 * null). Derived from data/lmarena-2026-04-22.json (test/domain/catalog-source.test.ts re-derives them).
 */
export const FIT: Readonly<
  Record<string, [code: number, reasoning: number, content: number, overall: number]>
> = {
  'claude-opus-4-6': [1544, 1515, 1468, 1496],
  'claude-sonnet-4-6': [1525, 1484, 1443, 1477],
  'gemini-3.1-pro-preview': [1531, 1513, 1487, 1495],
  'mistral-large-3': [1468, 1416, 1366, 1428],
  'llama-4-maverick': [1372, 1329, 1307, 1327],
  'llama-4-scout': [1362, 1319, 1290, 1322],
};
