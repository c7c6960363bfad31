import { describeMcpMatchesRest, errorText, type ToolCall } from '@dus/testing';
import { describe, expect, it } from 'vitest';
import { makeApp } from './helpers.js';

const CALLS: ToolCall[] = [
  [
    'budget_calculator',
    '/api/v1/budget_calculator',
    { budget: 10, models: ['llama-4-scout', 'mistral-large-3', 'gemini-3.1-pro-preview'], batch: true },
  ],
  ['model_selector', '/api/v1/model_selector', { useCase: 'code', includeUnrated: true }],
  ['estimate_tokens', '/api/v1/estimate_tokens', { text: 'Hello, world!', models: 'gpt-5.6,grok-4.5' }],
  [
    'cost_optimizer',
    '/api/v1/cost_optimizer',
    {
      inputTokens: 10000,
      outputTokens: 1000,
      cachedInputTokens: 4000,
      cacheWriteTokens: 1000,
      cacheTtl: '1h',
      at: '2026-07-29T23:30:00-01:00',
    },
  ],
];

const session = describeMcpMatchesRest(makeApp(), {
  server: { name: 'b-token-budget', version: '1.1.0' },
  tools: ['budget_calculator', 'cost_optimizer', 'estimate_tokens', 'list_models', 'model_selector'],
  calls: CALLS,
});

describe('B over MCP', () => {
  it('list_models, and a tool error for bad arguments', async () => {
    const { client } = session();
    const models = await client.callTool({ name: 'list_models', arguments: {} });
    expect((models.structuredContent as { count: number }).count).toBe(24);
    const early = await client.callTool({ name: 'list_models', arguments: { at: '2025-04-05' } });
    expect((early.structuredContent as { count: number; priced_on: string }).count).toBe(2);
    const unpriced = await client.callTool({
      name: 'cost_optimizer',
      arguments: { inputTokens: 1, outputTokens: 1, models: 'gpt-5.6', at: '2026-07-08' },
    });
    expect(unpriced.isError).toBe(true);
    expect(JSON.parse((unpriced.content as Array<{ text: string }>)[1]!.text)).toMatchObject({
      code: 'at_before_first_price',
      unpriced: [{ id: 'gpt-5.6', from: '2026-07-09' }],
    });
    const bad = await client.callTool({ name: 'budget_calculator', arguments: { budget: '10' } });
    expect(bad.isError).toBe(true);
    expect(errorText(bad)).toMatch(/\/budget/);
  });
});
