import { exampleOutput, listen } from '@dus/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../src/operations.js';
import { app, type Json, makeApp, postJson } from './helpers.js';

let server: Awaited<ReturnType<typeof listen>>;
let client: Client;

beforeAll(async () => {
  server = await listen(makeApp());
  client = new Client({ name: 'c-dedup-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.origin}/api-request-deduplicator/mcp`)),
  );
  await client.listTools();
});
afterAll(async () => {
  await client.close();
  await server.close();
});

describe('MCP with the official SDK client', () => {
  it('lists the 4 tools with object schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'batch_optimizer',
      'cost_analyzer',
      'request_deduplicator',
      'usage_analytics',
    ]);
    for (const tool of tools) expect(tool.outputSchema?.type).toBe('object');
  });

  it.each(operations.map((op) => [op.name, op] as const))(
    '%s: the documented example through the SDK equals REST',
    async (name, op) => {
      const result = await client.callTool({ name, arguments: op.example!.input as Record<string, unknown> });
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      expect(result.structuredContent).toEqual(await (await postJson(op.path, op.example!.input)).json());
    },
  );
});

describe('OpenAPI', () => {
  it('validates as 3.1, version 1.1.0, and every example is what the service answers', async () => {
    const doc: Json = await (await app.request('/api-request-deduplicator/openapi.json')).json();
    expect(doc.info.version).toBe('1.1.0');
    expect((await new Validator().validate(doc)).errors ?? []).toEqual([]);
    for (const op of operations)
      expect(await (await postJson(op.path, op.example!.input)).json()).toEqual(exampleOutput(op));
  });
});
