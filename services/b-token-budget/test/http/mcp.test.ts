import { listen } from '@dus/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp } from './helpers.js';

let server: Awaited<ReturnType<typeof listen>>;
let client: Client;

beforeAll(async () => {
  server = await listen(makeApp());
  client = new Client({ name: 'b-token-budget-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.origin}/mcp`)));
  await client.listTools();
});
afterAll(async () => {
  await client.close();
  await server.close();
});

const CALLS: Array<[tool: string, path: string, args: Record<string, unknown>]> = [
  [
    'budget_calculator',
    '/api/v1/budget_calculator',
    { budget: 10, models: ['gpt-5-nano', 'gpt-5-mini', 'gpt-5.1'] },
  ],
  ['model_selector', '/api/v1/model_selector', { useCase: 'code' }],
  ['cost_optimizer', '/api/v1/cost_optimizer', { inputTokens: 250000, outputTokens: 1000 }],
];

describe('MCP with the official SDK client', () => {
  it('lists the 4 tools, sorted, read-only and idempotent, with object schemas', async () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'b-token-budget', version: '1.1.0' });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'budget_calculator',
      'cost_optimizer',
      'list_models',
      'model_selector',
    ]);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
    }
  });

  it.each(CALLS)('%s: structuredContent equals the REST response', async (name, path, args) => {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    const rest = await fetch(`${server.origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    expect(result.structuredContent).toEqual(await rest.json());
  });

  it('list_models, and a tool error for bad arguments', async () => {
    const models = await client.callTool({ name: 'list_models', arguments: {} });
    expect((models.structuredContent as { count: number }).count).toBe(19);
    const bad = await client.callTool({ name: 'budget_calculator', arguments: { budget: '10' } });
    expect(bad.isError).toBe(true);
    expect((bad.content as Array<{ text: string }>)[0]!.text).toMatch(/\/budget/);
  });
});
