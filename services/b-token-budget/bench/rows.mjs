// Benchmark rows of service B, run by bench/run.mjs against the built server.
import { healthRow } from '../../../bench/health-row.mjs';
import { budgetCalculator, costOptimizer } from '../dist/domain/index.js';
import { budgetInput, optimizerInput } from '../dist/schemas.js';

const ALL = { inputTokens: 3000, outputTokens: 800, requests: 250000, useCase: 'code' };

export const http = [
  healthRow('B', 'b-token-budget', '1.1.0'),
  {
    name: 'B POST /api/v1/cost_optimizer (the whole catalog)',
    method: 'POST',
    path: '/api/v1/cost_optimizer',
    body: () => JSON.stringify(ALL),
    sameWork: (body) => JSON.stringify(costOptimizer(optimizerInput.parse(JSON.parse(body)))),
    // Within 0.1 of its 2026-11 ratio to bare Hono doing the same work (1.10, taken as 1).
    target: { bareHono: 0.9 },
  },
  {
    name: 'B GET /api/v1/budget_calculator (3 models)',
    method: 'GET',
    path: '/api/v1/budget_calculator?budget=10&models=gpt-5.4-nano,gpt-5.4-mini,gpt-5.6',
    sameWork: (_body, url) => {
      const query = Object.fromEntries(new URL(url, 'http://x').searchParams);
      return JSON.stringify(budgetCalculator(budgetInput.parse({ ...query, budget: Number(query.budget) })));
    },
    // Within 0.1 of its 2026-11 ratio to bare Hono doing the same work (1.03, taken as 1).
    target: { bareHono: 0.9 },
  },
];
