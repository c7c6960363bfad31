import { type CreateServiceOptions, createService, type ServiceConfig } from '@dus/core';
import { operations } from './operations.js';

export const SERVICE = { name: 'b-token-budget', version: '1.1.0', defaultPort: 8082 } as const;

/** The service's Hono app (no listening): serve it alone, or mount it in an app of yours (README). */
export function createApp(config: ServiceConfig, options: CreateServiceOptions = {}) {
  return createService(
    {
      ...SERVICE,
      title: 'LLM token budgets',
      description:
        'A dated 19-model catalog with exact cost arithmetic: what a budget buys on each model, which model fits a use case within a budget, and the cheapest model for a workload.',
      openapi: '3.1',
      operations,
      mcpInstructions:
        'list_models returns the catalog (prices per 1M tokens, limits, fit scores); budget_calculator tells what a USD budget buys; model_selector picks a model for a use case (code, reasoning, content, default) within a budget; cost_optimizer prices a workload on every model. Numbers are JSON numbers; money is USD rounded to 6 decimals.',
    },
    config,
    options,
  );
}
