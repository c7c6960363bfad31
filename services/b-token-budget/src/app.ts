import { type CreateServiceOptions, createService, type ServiceConfig } from '@dus/core';
import { activeCatalog, USE_CASES } from './domain/index.js';
import { AT, operations } from './operations.js';

export const SERVICE = { name: 'b-token-budget', version: '1.1.0', defaultPort: 8082 } as const;

/** The service's Hono app (no listening): serve it alone, or mount it in an app of yours (README). */
export function createApp(config: ServiceConfig, options: CreateServiceOptions = {}) {
  return createService(
    {
      ...SERVICE,
      title: 'LLM token budgets',
      // The catalog in use: the built-in one, or CATALOG_FILE's (read before the app is made).
      description: `A dated ${activeCatalog().entries.length}-model catalog (as of ${activeCatalog().asOf}) and exact costs at the prices in force on the usage date: each model's price history, what a budget buys on each model, which model fits a use case within a budget, the cheapest model for a workload, and how many tokens a text is on each model.`,
      openapi: '3.1',
      operations,
      mcpInstructions: `\`list_models\` returns the catalog (prices per 1M tokens, limits, fit scores); \`budget_calculator\` tells what a USD budget buys; \`model_selector\` picks a model for a use case (${USE_CASES.join(', ')}) within a budget; \`cost_optimizer\` prices a workload on every model; \`estimate_tokens\` counts the tokens of a text on each model (exact for OpenAI, else approximate). On \`list_models\` and the three cost tools, ${AT} Numbers are JSON numbers; money is USD rounded to 6 decimals.`,
    },
    config,
    options,
  );
}
