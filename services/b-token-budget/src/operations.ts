import { defineOperation, z } from '@dus/core';
import { APPROXIMATE_ERROR, APPROXIMATE_RULE, MAX_RUN } from './domain/estimate.js';
import { budgetCalculator, catalog, costOptimizer, estimateTokens, modelSelector } from './domain/index.js';
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
  optimizerInput,
  optimizerQuery,
  selectorInput,
  selectorQuery,
} from './schemas.js';

const TWINS =
  'GET takes the fields as query parameters, POST as a JSON body with the same names (numbers as JSON numbers); the same inputs give byte-identical bodies. customModels is POST (and MCP) only.';
const USAGE =
  'cachedInputTokens and cacheWriteTokens are parts of the input; cacheTtl picks the write price; batch the batch prices; a missing price falls back as `notes` say.';
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
  toolDescription:
    'The catalog: USD per 1M tokens (in, out, cached, cache writes, batch, long-context tier), token limits, capabilities, fit per use case (null: unrated).',
  tags: ['catalog'],
  method: 'GET',
  path: '/models',
  input: z.strictObject({}),
  output: catalogOutput,
  example: { input: {}, output: () => catalog() },
  handler: () => catalog(),
});

const budgetExample = { budget: 10, models: 'llama-4-scout,mistral-large-3,gemini-3.1-pro-preview' };
export const budgetOperation = defineOperation({
  name: 'budget_calculator',
  summary: 'What a budget buys',
  description: `Tokens at the base (or batch) prices, requests of the usage (inputTokens/outputTokens, default 1000/500) with every price rule, and an allocation weighted by each model's overall fit above the cheapest rated one. ${USAGE} ${TWINS}`,
  toolDescription:
    'Tokens and requests a USD budget buys on each model, and a split of it weighted by overall fit.',
  tags: ['budget'],
  method: ['GET', 'POST'],
  path: '/api/v1/budget_calculator',
  input: budgetInput,
  query: budgetQuery,
  output: budgetOutput,
  errors: [UNKNOWN_MODEL],
  example: { input: budgetExample, output: () => budgetCalculator(budgetInput.parse(budgetExample)) },
  handler: (input) => budgetCalculator(input),
});

const selectorExample = { useCase: 'code' as const };
export const selectorOperation = defineOperation({
  name: 'model_selector',
  summary: 'The model for a use case',
  description: `Among the affordable rated models within 15 fit points of the best one, the cheapest wins (then the fitter, then the id); unrated models are excluded unless includeUnrated. ${USAGE} ${TWINS}`,
  toolDescription:
    'The cheapest affordable model within 15 fit points of the best for a use case (profiles: code 2000/1000 in/out tokens, reasoning 1000/4000, content 500/1500, default 1000/500).',
  tags: ['budget'],
  method: ['GET', 'POST'],
  path: '/api/v1/model_selector',
  input: selectorInput,
  query: selectorQuery,
  output: selectorOutput,
  example: { input: selectorExample, output: () => modelSelector(selectorInput.parse(selectorExample)) },
  handler: (input) => modelSelector(input),
});

const optimizerExample = { inputTokens: 10_000, outputTokens: 1000, cachedInputTokens: 4000, requests: 1000 };
export const optimizerOperation = defineOperation({
  name: 'cost_optimizer',
  summary: 'Cost of a workload on each model',
  description: `Feasible models first, each group by total cost; minFit leaves out models whose fit is below it (unrated ones too). ${USAGE} ${TWINS}`,
  toolDescription:
    'Cost per request and total of a workload on each model, feasible first by total; cheapest, dearest, savings.',
  tags: ['budget'],
  method: ['GET', 'POST'],
  path: '/api/v1/cost_optimizer',
  input: optimizerInput,
  query: optimizerQuery,
  output: optimizerOutput,
  errors: [UNKNOWN_MODEL],
  example: { input: optimizerExample, output: () => costOptimizer(optimizerInput.parse(optimizerExample)) },
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
