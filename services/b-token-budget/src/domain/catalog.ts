// The catalog: 19 models, one entry each, the only place their prices, limits and fit scores live.
// Prices: USD per 1M tokens, base tier, late-2025 list prices from each provider's public price page
// (Groq's for the Llama rows). Capabilities: LiteLLM's model_prices_and_context_window.json
// (mirror RoCry/llm-api-price @ c155f46, 2025-12-12), with Grok 4 vision/reasoning/structured output and
// deepseek-reasoner tools from models.dev and OpenRouter; `caching` ⇔ a cached-input price.
// Fit: LMArena text leaderboard with style control, 2025-12-11 (code = coding, reasoning = mean of math
// and expert, content = creative writing, default = overall).

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

export const AS_OF = '2025-12-12';
export const FIT_SOURCE =
  'LMArena text leaderboard, style control, 2025-12-11 (code = coding, reasoning = mean of math and expert, content = creative writing, default = overall)';

interface Row {
  id: string;
  provider: string;
  groq?: true;
  name: string;
  /** USD per 1M tokens as decimal strings: input, output, cached input (or null). */
  prices: [string, string, string | null];
  context: number;
  maxOutput: number | null;
  /** Input tokens above which the whole request is billed at the long-context prices [in, out]. */
  longContext?: [number, string, string];
  caps: string;
  fit: [code: number, reasoning: number, content: number, overall: number];
  source: string;
  /** Not confirmed by a second public source. */
  unverified?: true;
}

const OPENAI = 'https://openai.com/api/pricing/';
const ANTHROPIC = 'https://www.anthropic.com/pricing#api';
const GOOGLE = 'https://ai.google.dev/gemini-api/docs/pricing';
const GROQ = 'https://groq.com/pricing';
const MISTRAL = 'https://mistral.ai/pricing#api-pricing';
const DEEPSEEK = 'https://api-docs.deepseek.com/quick_start/pricing';
const XAI = 'https://docs.x.ai/docs/models';

export const ROWS: readonly Row[] = [
  {
    id: 'gpt-5.1',
    provider: 'openai',
    name: 'GPT-5.1',
    prices: ['1.25', '10.00', '0.125'],
    context: 400_000,
    maxOutput: 128_000,
    caps: 'VTRSC',
    fit: [1489, 1478, 1437, 1458],
    source: OPENAI,
  },
  {
    id: 'gpt-5-mini',
    provider: 'openai',
    name: 'GPT-5 mini',
    prices: ['0.25', '2.00', '0.025'],
    context: 400_000,
    maxOutput: 128_000,
    caps: 'VTRSC',
    fit: [1430, 1410, 1329, 1393],
    source: OPENAI,
  },
  {
    id: 'gpt-5-nano',
    provider: 'openai',
    name: 'GPT-5 nano',
    prices: ['0.05', '0.40', '0.005'],
    context: 400_000,
    maxOutput: 128_000,
    caps: 'VTRSC',
    fit: [1381, 1356, 1254, 1339],
    source: OPENAI,
  },
  {
    id: 'gpt-4.1',
    provider: 'openai',
    name: 'GPT-4.1',
    prices: ['2.00', '8.00', '0.50'],
    context: 1_047_576,
    maxOutput: 32_768,
    caps: 'VTSC',
    fit: [1454, 1387, 1399, 1412],
    source: OPENAI,
  },
  {
    id: 'claude-opus-4-5',
    provider: 'anthropic',
    name: 'Claude Opus 4.5',
    prices: ['5.00', '25.00', '0.50'],
    context: 200_000,
    maxOutput: 64_000,
    caps: 'VTRSC',
    fit: [1516, 1515, 1457, 1468],
    source: ANTHROPIC,
  },
  {
    id: 'claude-sonnet-4-5',
    provider: 'anthropic',
    name: 'Claude Sonnet 4.5',
    prices: ['3.00', '15.00', '0.30'],
    context: 200_000,
    maxOutput: 64_000,
    longContext: [200_000, '6.00', '22.50'],
    caps: 'VTRSC',
    fit: [1504, 1459, 1437, 1445],
    source: ANTHROPIC,
  },
  {
    id: 'claude-haiku-4-5',
    provider: 'anthropic',
    name: 'Claude Haiku 4.5',
    prices: ['1.00', '5.00', '0.10'],
    context: 200_000,
    maxOutput: 64_000,
    caps: 'VTRSC',
    fit: [1476, 1416, 1376, 1402],
    source: ANTHROPIC,
  },
  {
    id: 'gemini-3-pro-preview',
    provider: 'google',
    name: 'Gemini 3 Pro (preview)',
    prices: ['2.00', '12.00', '0.20'],
    context: 1_048_576,
    maxOutput: 65_535,
    longContext: [200_000, '4.00', '18.00'],
    caps: 'VTRSC',
    fit: [1520, 1487, 1492, 1492],
    source: GOOGLE,
  },
  {
    id: 'gemini-2.5-pro',
    provider: 'google',
    name: 'Gemini 2.5 Pro',
    prices: ['1.25', '10.00', '0.125'],
    context: 1_048_576,
    maxOutput: 65_535,
    longContext: [200_000, '2.50', '15.00'],
    caps: 'VTRSC',
    fit: [1470, 1459, 1452, 1451],
    source: GOOGLE,
  },
  {
    id: 'gemini-2.5-flash',
    provider: 'google',
    name: 'Gemini 2.5 Flash',
    prices: ['0.30', '2.50', '0.03'],
    context: 1_048_576,
    maxOutput: 65_535,
    caps: 'VTRSC',
    fit: [1422, 1422, 1397, 1408],
    source: GOOGLE,
  },
  {
    id: 'gemini-2.5-flash-lite',
    provider: 'google',
    name: 'Gemini 2.5 Flash-Lite',
    prices: ['0.10', '0.40', '0.01'],
    context: 1_048_576,
    maxOutput: 65_535,
    caps: 'VTRSC',
    fit: [1393, 1379, 1360, 1379],
    source: GOOGLE,
  },
  {
    id: 'llama-4-maverick',
    provider: 'meta',
    groq: true,
    name: 'Llama 4 Maverick (Groq)',
    prices: ['0.20', '0.60', null],
    context: 131_072,
    maxOutput: 8_192,
    caps: 'VTS',
    fit: [1371, 1324, 1306, 1328],
    source: GROQ,
  },
  {
    id: 'llama-4-scout',
    provider: 'meta',
    groq: true,
    name: 'Llama 4 Scout (Groq)',
    prices: ['0.11', '0.34', null],
    context: 131_072,
    maxOutput: 8_192,
    caps: 'VTS',
    fit: [1361, 1310, 1290, 1322],
    source: GROQ,
  },
  {
    id: 'mistral-medium-3.1',
    provider: 'mistral',
    name: 'Mistral Medium 3.1',
    prices: ['0.40', '2.00', null],
    context: 131_072,
    maxOutput: 8_191,
    caps: 'VTS',
    fit: [1452, 1404, 1378, 1411],
    source: MISTRAL,
  },
  {
    id: 'mistral-large-3',
    provider: 'mistral',
    name: 'Mistral Large 3',
    prices: ['0.50', '1.50', null],
    context: 256_000,
    maxOutput: null,
    caps: 'VTS',
    fit: [1469, 1401, 1374, 1414],
    source: MISTRAL,
    unverified: true,
  },
  {
    id: 'deepseek-chat',
    provider: 'deepseek',
    name: 'DeepSeek-V3.2 (chat)',
    prices: ['0.28', '0.42', '0.028'],
    context: 131_072,
    maxOutput: 8_192,
    caps: 'TSC',
    fit: [1454, 1423, 1390, 1416],
    source: DEEPSEEK,
  },
  {
    id: 'deepseek-reasoner',
    provider: 'deepseek',
    name: 'DeepSeek-V3.2 (reasoner)',
    prices: ['0.28', '0.42', '0.028'],
    context: 131_072,
    maxOutput: 65_536,
    caps: 'TRSC',
    fit: [1463, 1419, 1406, 1419],
    source: DEEPSEEK,
  },
  {
    id: 'grok-4',
    provider: 'xai',
    name: 'Grok 4',
    prices: ['3.00', '15.00', '0.75'],
    context: 256_000,
    maxOutput: 256_000,
    longContext: [128_000, '6.00', '30.00'],
    caps: 'VTRSC',
    fit: [1433, 1434, 1394, 1409],
    source: XAI,
  },
  {
    id: 'grok-4-fast',
    provider: 'xai',
    name: 'Grok 4 Fast',
    prices: ['0.20', '0.50', '0.05'],
    context: 2_000_000,
    maxOutput: null,
    caps: 'VTRSC',
    longContext: [128_000, '0.40', '1.00'],
    fit: [1438, 1414, 1377, 1402],
    source: XAI,
    unverified: true,
  },
];
