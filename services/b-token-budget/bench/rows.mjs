// Benchmark rows of service B, run by bench/run.mjs against the built server.
import { budgetCalculator, costOptimizer } from '../dist/domain/index.js';
import { budgetInput, optimizerInput } from '../dist/schemas.js';

const ALL_19 = { inputTokens: 3000, outputTokens: 800, requests: 250000, useCase: 'code' };

export const http = [
  {
    name: 'B GET /health',
    method: 'GET',
    path: '/health',
    sameWork: () =>
      JSON.stringify({
        status: 'ok',
        service: 'b-token-budget',
        version: '1.1.0',
        uptime_s: Math.floor(process.uptime()),
      }),
    volatile: ['uptime_s'],
    target: { atLeast: 0.9 },
  },
  {
    name: 'B POST /api/v1/cost_optimizer (all 19 models)',
    method: 'POST',
    path: '/api/v1/cost_optimizer',
    body: () => JSON.stringify(ALL_19),
    sameWork: (body) => JSON.stringify(costOptimizer(optimizerInput.parse(JSON.parse(body)))),
    target: { atLeast: 0.75 },
  },
  {
    name: 'B GET /api/v1/budget_calculator (3 models)',
    method: 'GET',
    path: '/api/v1/budget_calculator?budget=10&models=gpt-5-nano,gpt-5-mini,gpt-5.1',
    sameWork: (_body, url) => {
      const query = Object.fromEntries(new URL(url, 'http://x').searchParams);
      return JSON.stringify(budgetCalculator(budgetInput.parse({ ...query, budget: Number(query.budget) })));
    },
    target: { atLeast: 0.75 },
  },
];
