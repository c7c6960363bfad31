import { describeMcpMatchesRest, errorText, type ToolCall } from '@dus/testing';
import { describe, expect, it } from 'vitest';
import { makeApp } from './helpers.js';

const CALLS: ToolCall[] = [
  [
    'budget_calculator',
    '/api/v1/budget_calculator',
    { budget: 10, models: ['gpt-5-nano', 'gpt-5-mini', 'gpt-5.1'] },
  ],
  ['model_selector', '/api/v1/model_selector', { useCase: 'code' }],
  ['cost_optimizer', '/api/v1/cost_optimizer', { inputTokens: 250000, outputTokens: 1000 }],
];

const session = describeMcpMatchesRest(makeApp(), {
  server: { name: 'b-token-budget', version: '1.1.0' },
  tools: ['budget_calculator', 'cost_optimizer', 'list_models', 'model_selector'],
  calls: CALLS,
});

describe('B over MCP', () => {
  it('list_models, and a tool error for bad arguments', async () => {
    const { client } = session();
    const models = await client.callTool({ name: 'list_models', arguments: {} });
    expect((models.structuredContent as { count: number }).count).toBe(19);
    const bad = await client.callTool({ name: 'budget_calculator', arguments: { budget: '10' } });
    expect(bad.isError).toBe(true);
    expect(errorText(bad)).toMatch(/\/budget/);
  });
});
