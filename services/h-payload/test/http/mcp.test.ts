import { listen } from '@dus/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp } from './helpers.js';

let server: Awaited<ReturnType<typeof listen>>;
let client: Client;

beforeAll(async () => {
  server = await listen(makeApp());
  client = new Client({ name: 'h-payload-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.origin}/mcp`)));
  await client.listTools();
});
afterAll(async () => {
  await client.close();
  await server.close();
});

const CALLS: Array<[tool: string, path: string, args: Record<string, unknown>]> = [
  ['payload_analyze', '/api/v1/payload-analyze', { payload: { a: 1, b: null, c: { d: [1, 2, { e: '' }] } } }],
  [
    'field_prune_suggest',
    '/api/v1/field-prune-suggest',
    { payload: { id: 1, debug: { q: 'x' }, _tmp: 1, name: null } },
  ],
  [
    'bandwidth_cost_calc',
    '/api/v1/bandwidth-cost-calc',
    { payload_bytes: 200000, requests_per_month: 10000000, region: 'us-east-1' },
  ],
  ['compare_payloads', '/api/v1/compare-payloads', { original: { a: 1 }, optimized: { a: 2 } }],
];

describe('MCP with the official SDK client', () => {
  it('lists the 4 tools, sorted, read-only and idempotent, with object schemas', async () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'h-payload', version: '1.1.0' });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'bandwidth_cost_calc',
      'compare_payloads',
      'field_prune_suggest',
      'payload_analyze',
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

  it('a tool error for bad arguments', async () => {
    const bad = await client.callTool({
      name: 'bandwidth_cost_calc',
      arguments: { payload_bytes: 1, requests_per_month: 1, region: 'mars' },
    });
    expect(bad.isError).toBe(true);
    expect((bad.content as Array<{ text: string }>)[0]!.text).toMatch(/\/region/);
  });
});
