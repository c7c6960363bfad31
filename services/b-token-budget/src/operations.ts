import { defineOperation, z } from '@dus/core';
import { budgetCalculator, catalog, costOptimizer, modelSelector } from './domain/index.js';
import { budgetOutput, catalogOutput, optimizerOutput, selectorOutput } from './output-schemas.js';
import {
  budgetInput,
  budgetQuery,
  optimizerInput,
  optimizerQuery,
  selectorInput,
  selectorQuery,
} from './schemas.js';

const TWINS =
  'GET takes the fields as query parameters, POST as a JSON body with the same names (numbers as JSON numbers); the same inputs give byte-identical bodies.';
const UNKNOWN_MODEL = {
  status: 422,
  code: 'unknown_model',
  description: 'A model id is not in the catalog; `unknown` lists them, `valid` all 19.',
};

export const modelsOperation = defineOperation({
  name: 'models',
  mcpName: 'list_models',
  summary: 'The 19-model catalog: prices, limits, long-context tiers, capabilities, fit scores, sources',
  toolDescription:
    'Lists the fixed catalog of 19 LLMs: USD prices per 1M tokens (input, output, cached input, long-context tier), context window, max output tokens, capabilities, fit scores per use case (LMArena ratings) and the source of each price. Takes no arguments. Use the ids with the other tools.',
  tags: ['catalog'],
  method: 'GET',
  path: '/models',
  input: z.strictObject({}),
  output: catalogOutput,
  example: { input: {}, output: () => catalog() },
  handler: () => catalog(),
});

const budgetExample = { budget: 10, models: 'gpt-5-nano,gpt-5-mini,gpt-5.1' };
export const budgetOperation = defineOperation({
  name: 'budget_calculator',
  summary: 'What a budget buys on each model, and a fit-weighted split of it',
  description: `Tokens at the base tier, requests of the profile (inputTokens/outputTokens, default 1000/500) with the long-context rules, and an allocation weighted by each model's overall fit above the cheapest one. ${TWINS}`,
  toolDescription:
    "Computes what a USD budget buys on each model: input, output and blended tokens at the base price, and how many requests of inputTokens/outputTokens (default 1000/500) it pays for, long-context prices applied. Also splits the budget across the models, weighted by each one's overall fit above the cheapest model's. Pass budget (required) and optionally models (default all 19), inputRatio, inputTokens, outputTokens. Unknown model ids are an error listing the valid ones.",
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
  summary: 'The model to use for a use case within a budget',
  description: `Among the affordable models within 15 fit points of the best one, the cheapest wins (then the fitter, then the id). ${TWINS}`,
  toolDescription:
    'Recommends a model for a use case (code, reasoning, content or default) within an optional USD budget for a number of requests: among affordable models within 15 fit points of the best affordable one, the cheapest wins. Requests are priced with the use case profile (code 2000/1000 input/output tokens, reasoning 1000/4000, content 500/1500, default 1000/500) unless inputTokens/outputTokens are given. Returns recommended, the cheapest feasible model, up to 5 alternatives and the excluded models with reasons.',
  tags: ['budget'],
  method: ['GET', 'POST'],
  path: '/api/v1/model_selector',
  input: selectorInput,
  query: selectorQuery,
  output: selectorOutput,
  example: { input: selectorExample, output: () => modelSelector(selectorInput.parse(selectorExample)) },
  handler: (input) => modelSelector(input),
});

const optimizerExample = { inputTokens: 1000, outputTokens: 500, requests: 1000 };
export const optimizerOperation = defineOperation({
  name: 'cost_optimizer',
  summary: "Every model's cost for a workload, the cheapest feasible one, and the savings",
  description: `Feasible models first, each group by total cost; minFit leaves out models whose fit is below it. ${TWINS}`,
  toolDescription:
    "Prices a workload (inputTokens and outputTokens per request, required; requests, default 1) on each model, long-context prices applied: cost per request and total, feasible models first by total cost, the cheapest and most expensive feasible ones and the savings between them. Optional models (default all 19); minFit leaves out models whose fit (useCase's, else default) is below it. Unknown model ids are an error listing the valid ones.",
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

export const operations = [modelsOperation, budgetOperation, selectorOperation, optimizerOperation];
