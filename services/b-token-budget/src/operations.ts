import { defineOperation } from '@dus/core';
import { APPROXIMATE_ERROR, APPROXIMATE_RULE, MAX_RUN } from './domain/estimate.js';
import {
  BUILT_IN_ACTIVE,
  budgetCalculator,
  catalog,
  costOptimizer,
  estimateTokens,
  modelSelector,
  utcDay,
} from './domain/index.js';
import {
  budgetOutput,
  catalogOutput,
  estimateOutput,
  optimizerOutput,
  selectorOutput,
} from './output-schemas.js';
import {
  budgetInput,
  budgetQuery,
  estimateInput,
  modelsInput,
  modelsQuery,
  optimizerInput,
  optimizerQuery,
  selectorInput,
  selectorQuery,
} from './schemas.js';

const TWINS =
  'GET takes the fields as query parameters, POST as a JSON body with the same names (numbers as JSON numbers); the same inputs give byte-identical bodies. customModels is POST (and MCP) only.';
const USAGE =
  'cachedInputTokens and cacheWriteTokens are parts of the input; cacheTtl picks the write price; batch the batch prices; a missing price falls back as `notes` say.';
/** The dating parameter of the cost operations and the catalog. */
export const AT =
  '`at` (a date YYYY-MM-DD or an RFC 3339 date-time, default now) prices each model with its price set in force on that UTC day (`priced_on`; `price_from` names the set).';
const AT_BEFORE_FIRST_PRICE = {
  status: 422,
  code: 'at_before_first_price',
  description:
    'A catalog model asked for (or every one, by default) has no price yet on `priced_on`; `unpriced` lists each with its first `from`.',
};
// Documentation examples are computed with the built-in catalog on its own date, so that /openapi.json,
// /docs and tools/list never depend on the catalog in use (CATALOG_FILE may lack the models they name).
const EXAMPLE_AT = BUILT_IN_ACTIVE.asOf;
const builtIn = { catalog: BUILT_IN_ACTIVE };

const UNKNOWN_MODEL = {
  status: 422,
  code: 'unknown_model',
  description:
    'A model id is neither in the catalog nor in customModels; `unknown` lists them, `valid` all ids.',
};

export const modelsOperation = defineOperation({
  name: 'models',
  mcpName: 'list_models',
  summary: 'The model catalog',
  description: `The models priced on a day, each with its prices in force then and its whole price history (\`prices\`). ${AT}`,
  toolDescription:
    'The catalog on a day (`at`, default now): USD per 1M tokens in force (in, out, cached, cache writes, batch, long-context tier) and the dated price history, token limits, capabilities, fit per use case (null: unrated).',
  tags: ['catalog'],
  method: 'GET',
  path: '/models',
  input: modelsInput,
  query: modelsQuery,
  output: catalogOutput,
  // A GET example has no query: the built-in catalog today.
  example: { input: {}, output: () => catalog(utcDay(new Date()), BUILT_IN_ACTIVE) },
  handler: (input) => catalog(input.pricedOn ?? utcDay(new Date())),
});

const budgetExample = {
  budget: 10,
  models: 'llama-4-scout,mistral-large-3,gemini-3.1-pro-preview',
  at: EXAMPLE_AT,
};
export const budgetOperation = defineOperation({
  name: 'budget_calculator',
  summary: 'What a budget buys',
  description: `Tokens at the base (or batch) prices, requests of the usage (inputTokens/outputTokens, default 1000/500) with every price rule, and an allocation weighted by each model's overall fit above the cheapest rated one. ${USAGE} ${AT} ${TWINS}`,
  toolDescription:
    'Tokens and requests a USD budget buys on each model at the prices in force on `at` (default now), and a split of it weighted by overall fit.',
  tags: ['budget'],
  method: ['GET', 'POST'],
  path: '/api/v1/budget_calculator',
  input: budgetInput,
  query: budgetQuery,
  output: budgetOutput,
  errors: [UNKNOWN_MODEL, AT_BEFORE_FIRST_PRICE],
  example: {
    input: budgetExample,
    output: () => budgetCalculator({ ...budgetInput.parse(budgetExample), ...builtIn }),
  },
  handler: (input) => budgetCalculator(input),
});

const selectorExample = { useCase: 'code' as const, at: EXAMPLE_AT };
export const selectorOperation = defineOperation({
  name: 'model_selector',
  summary: 'The model for a use case',
  description: `Among the affordable rated models within 15 fit points of the best one, the cheapest wins (then the fitter, then the id); unrated models are excluded unless includeUnrated. ${USAGE} ${AT} ${TWINS}`,
  toolDescription:
    'The cheapest affordable model within 15 fit points of the best for a use case (profiles: code 2000/1000 in/out tokens, reasoning 1000/4000, content 500/1500, default 1000/500), at the prices in force on `at` (default now).',
  tags: ['budget'],
  method: ['GET', 'POST'],
  path: '/api/v1/model_selector',
  input: selectorInput,
  query: selectorQuery,
  output: selectorOutput,
  errors: [AT_BEFORE_FIRST_PRICE],
  example: {
    input: selectorExample,
    output: () => modelSelector({ ...selectorInput.parse(selectorExample), ...builtIn }),
  },
  handler: (input) => modelSelector(input),
});

const optimizerExample = {
  inputTokens: 10_000,
  outputTokens: 1000,
  cachedInputTokens: 4000,
  requests: 1000,
  at: EXAMPLE_AT,
};
export const optimizerOperation = defineOperation({
  name: 'cost_optimizer',
  summary: 'Cost of a workload on each model',
  description: `Feasible models first, each group by total cost; minFit leaves out models whose fit is below it (unrated ones too). ${USAGE} ${AT} ${TWINS}`,
  toolDescription:
    'Cost per request and total of a workload on each model at the prices in force on `at` (default now), feasible first by total; cheapest, dearest, savings.',
  tags: ['budget'],
  method: ['GET', 'POST'],
  path: '/api/v1/cost_optimizer',
  input: optimizerInput,
  query: optimizerQuery,
  output: optimizerOutput,
  errors: [UNKNOWN_MODEL, AT_BEFORE_FIRST_PRICE],
  example: {
    input: optimizerExample,
    output: () => costOptimizer({ ...optimizerInput.parse(optimizerExample), ...builtIn }),
  },
  handler: (input) => costOptimizer(input),
});

const estimateExample = { text: 'How many tokens is this?', models: 'gpt-5.6,claude-opus-5' };
export const estimateOperation = defineOperation({
  name: 'estimate_tokens',
  summary: 'Tokens of a text on each model',
  description:
    'OpenAI models are counted exactly with o200k_base (special-token strings count as plain text); the others approximately, with the rule and its stated error. models defaults to the catalog.',
  toolDescription: 'Tokens of a text per model: exact (o200k_base) for OpenAI, else approximate.',
  tags: ['budget'],
  method: 'POST',
  path: '/api/v1/estimate_tokens',
  input: estimateInput,
  output: estimateOutput,
  errors: [
    UNKNOWN_MODEL,
    {
      status: 422,
      code: 'text_run_too_long',
      description: `An OpenAI model is asked for and the text has a run of more than ${MAX_RUN} letters, whitespace characters or symbols (exact counting is quadratic in a run).`,
    },
  ],
  example: {
    input: estimateExample,
    // 6 words, 24 characters: 6 o200k_base tokens (checked in test/domain/estimate.test.ts).
    output: {
      models: [
        { id: 'gpt-5.6', tokens: 6, method: 'exact' as const },
        {
          id: 'claude-opus-5',
          tokens: 6,
          method: 'approximate' as const,
          rule: APPROXIMATE_RULE,
          error: APPROXIMATE_ERROR,
        },
      ],
    },
  },
  handler: (input) => estimateTokens(input),
});

export const operations = [
  modelsOperation,
  budgetOperation,
  selectorOperation,
  optimizerOperation,
  estimateOperation,
];
