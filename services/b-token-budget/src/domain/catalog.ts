// The catalog: 19 models, one row each, the only place their prices, limits and fit scores live.
// Prices and limits: LiteLLM's model_prices_and_context_window.json, verbatim mirror RoCry/llm-api-price @
// 8442b939 (2026-07-24), per-token USD × 10^6; the 19 entries used are committed in
// data/litellm-2026-07-24.json and test/domain/catalog-source.test.ts re-derives every number below from
// them. Capabilities: LiteLLM's supports_vision/_function_calling/_reasoning/_response_schema flags;
// `caching` ⇔ a cached-input price. Fit: data/lmarena-2026-04-22.json (see FIT_SOURCE).

export const USE_CASES = ['code', 'reasoning', 'content', 'default'] as const;
export type UseCase = (typeof USE_CASES)[number];

/** Capability letters of the table, in the order the catalog lists them. */
export const CAPABILITIES = {
  V: 'vision',
  T: 'tools',
  R: 'reasoning',
  S: 'structured_output',
  C: 'caching',
} as const;

export const AS_OF = '2026-07-24';
export const FIT_SOURCE =
  'LMArena text leaderboard category ratings as recorded in verseles/showdown data/showdown.json @ aba476b8 (last_update 2026-04-22): code = coding, reasoning = mean of math and hard prompts (half-up), content = creative writing, default = English; models it does not rate have fit null';

/** A price as a decimal string (USD per 1M tokens), or null where LiteLLM has no key. */
type Price = string | null;

export interface Row {
  id: string;
  provider: string;
  name: string;
  /** LiteLLM key of the entry. */
  key: string;
  groq?: true;
  /** in, out, cached in, 5-minute cache write, 1-hour cache write. */
  prices: [input: string, output: string, cached: Price, write: Price, write1h: Price];
  /** Batch input and output, or null. */
  batch: [input: string, output: string] | null;
  /** max input tokens, max output tokens. */
  limits: [input: number, output: number];
  /** Input tokens above which the whole request is billed at [in, out, cached, write]. */
  tier?: [threshold: number, input: string, output: string, cached: Price, write: Price];
  caps: string;
  /** LiteLLM's `source`, else the provider's price page. */
  source: string;
}

const OPENAI = 'https://openai.com/api/pricing/';
const ANTHROPIC = 'https://www.anthropic.com/pricing#api';
const GROQ = 'https://groq.com/pricing';
const XAI = 'https://docs.x.ai/docs/models';
const DEEPSEEK = 'https://api-docs.deepseek.com/quick_start/pricing';

const openai = (
  id: string,
  name: string,
  p: Row['prices'],
  batch: Row['batch'],
  tier?: Row['tier'],
): Row => ({
  id,
  provider: 'openai',
  name,
  key: id,
  prices: p,
  batch,
  limits: [1_050_000, 128_000],
  ...(tier ? { tier } : {}),
  caps: 'VTRSC',
  source: OPENAI,
});
const claude = (id: string, name: string, p: Row['prices'], limits: Row['limits']): Row => ({
  id,
  provider: 'anthropic',
  name,
  key: id,
  prices: p,
  batch: null,
  limits,
  caps: 'VTRSC',
  source: ANTHROPIC,
});
const gemini = (id: string, name: string, p: Row['prices'], batch: Row['batch'], source: string): Row => ({
  id,
  provider: 'google',
  name,
  key: `gemini/${id}`,
  prices: p,
  batch,
  limits: [1_048_576, 65_536],
  caps: 'VTRSC',
  source,
});

export const ROWS: readonly Row[] = [
  openai(
    'gpt-5.6',
    'GPT-5.6',
    ['5', '30', '0.5', '6.25', null],
    ['2.5', '15'],
    [272_000, '10', '45', '1', '12.5'],
  ),
  openai(
    'gpt-5.6-terra',
    'GPT-5.6 Terra',
    ['2.5', '15', '0.25', '3.125', null],
    ['1.25', '7.5'],
    [272_000, '5', '22.5', '0.5', '6.25'],
  ),
  openai(
    'gpt-5.6-luna',
    'GPT-5.6 Luna',
    ['1', '6', '0.1', '1.25', null],
    ['0.5', '3'],
    [272_000, '2', '9', '0.2', '2.5'],
  ),
  openai('gpt-5.4-mini', 'GPT-5.4 mini', ['0.75', '4.5', '0.075', null, null], ['0.375', '2.25']),
  openai('gpt-5.4-nano', 'GPT-5.4 nano', ['0.2', '1.25', '0.02', null, null], ['0.1', '0.625']),
  claude('claude-opus-5', 'Claude Opus 5', ['5', '25', '0.5', '6.25', '10'], [1_000_000, 128_000]),
  claude('claude-sonnet-5', 'Claude Sonnet 5', ['2', '10', '0.2', '2.5', '4'], [1_000_000, 128_000]),
  claude('claude-haiku-4-5', 'Claude Haiku 4.5', ['1', '5', '0.1', '1.25', '2'], [200_000, 64_000]),
  {
    ...gemini(
      'gemini-3.1-pro-preview',
      'Gemini 3.1 Pro Preview',
      ['2', '12', '0.2', null, null],
      ['1', '6'],
      'https://ai.google.dev/gemini-api/docs/models#gemini-3.1-pro-preview',
    ),
    tier: [200_000, '4', '18', '0.4', null],
  },
  gemini(
    'gemini-3.6-flash',
    'Gemini 3.6 Flash',
    ['1.5', '7.5', '0.15', null, null],
    ['0.75', '3.75'],
    'https://ai.google.dev/pricing/gemini-3',
  ),
  gemini(
    'gemini-3.1-flash-lite',
    'Gemini 3.1 Flash-Lite',
    ['0.25', '1.5', '0.025', null, null],
    ['0.125', '0.75'],
    'https://ai.google.dev/gemini-api/docs/pricing#gemini-3.1-flash-lite',
  ),
  {
    id: 'grok-4.5',
    provider: 'xai',
    name: 'Grok 4.5',
    key: 'xai/grok-4.5',
    prices: ['2', '6', '0.5', null, null],
    batch: null,
    limits: [500_000, 500_000],
    tier: [200_000, '4', '12', '1', null],
    caps: 'VTRSC',
    source: XAI,
  },
  {
    id: 'grok-4.3',
    provider: 'xai',
    name: 'Grok 4.3',
    key: 'xai/grok-4.3',
    prices: ['1.25', '2.5', '0.2', null, null],
    batch: null,
    limits: [1_000_000, 1_000_000],
    tier: [200_000, '2.5', '5', '0.4', null],
    caps: 'VTRSC',
    source: XAI,
  },
  {
    id: 'deepseek-v4-pro',
    provider: 'deepseek',
    name: 'DeepSeek V4 Pro',
    key: 'deepseek/deepseek-v4-pro',
    prices: ['0.435', '0.87', '0.003625', '0', null],
    batch: null,
    limits: [1_000_000, 8192],
    caps: 'TSC',
    source: DEEPSEEK,
  },
  {
    id: 'deepseek-v4-flash',
    provider: 'deepseek',
    name: 'DeepSeek V4 Flash',
    key: 'deepseek/deepseek-v4-flash',
    prices: ['0.14', '0.28', '0.0028', '0', null],
    batch: null,
    limits: [1_000_000, 8192],
    caps: 'TSC',
    source: DEEPSEEK,
  },
  {
    id: 'mistral-medium-3.5',
    provider: 'mistral',
    name: 'Mistral Medium 3.5',
    key: 'mistral/mistral-medium-3-5',
    prices: ['1.5', '7.5', null, null, null],
    batch: null,
    limits: [262_144, 262_144],
    caps: 'VTRS',
    source: 'https://docs.mistral.ai/models/model-cards/mistral-medium-3-5-26-04',
  },
  {
    id: 'mistral-large-3',
    provider: 'mistral',
    name: 'Mistral Large 3',
    key: 'mistral/mistral-large-3',
    prices: ['0.5', '1.5', null, null, null],
    batch: null,
    limits: [262_144, 262_144],
    caps: 'VTS',
    source: 'https://docs.mistral.ai/models/mistral-large-3-25-12',
  },
  {
    id: 'llama-4-maverick',
    provider: 'meta',
    groq: true,
    name: 'Llama 4 Maverick',
    key: 'groq/meta-llama/llama-4-maverick-17b-128e-instruct',
    prices: ['0.2', '0.6', null, null, null],
    batch: null,
    limits: [131_072, 8192],
    caps: 'VTS',
    source: GROQ,
  },
  {
    id: 'llama-4-scout',
    provider: 'meta',
    groq: true,
    name: 'Llama 4 Scout',
    key: 'groq/meta-llama/llama-4-scout-17b-16e-instruct',
    prices: ['0.11', '0.34', null, null, null],
    batch: null,
    limits: [131_072, 8192],
    caps: 'VTS',
    source: GROQ,
  },
];

/**
 * Fit per use case [code, reasoning, content, default] for the models the snapshot rates (the others:
 * null). Derived from data/lmarena-2026-04-22.json (test/domain/catalog-source.test.ts re-derives them).
 */
export const FIT: Readonly<
  Record<string, [code: number, reasoning: number, content: number, overall: number]>
> = {
  'gemini-3.1-pro-preview': [1531, 1513, 1487, 1495],
  'mistral-large-3': [1468, 1416, 1366, 1428],
  'llama-4-maverick': [1372, 1329, 1307, 1327],
  'llama-4-scout': [1362, 1319, 1290, 1322],
};
