import { listen } from '@dus/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, json, makeApp } from './helpers.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';

let server: Awaited<ReturnType<typeof listen>>;
let url: string;

beforeAll(async () => {
  server = await listen(makeApp());
  url = `${server.origin}${BASE}/mcp`;
});
afterAll(() => server.close());

const rpc = (body: string, headers: Record<string, string> = {}, method = 'POST') =>
  fetch(url, {
    method,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    ...(method === 'POST' ? { body } : {}),
  });

describe('MCP with the official SDK client', () => {
  it('connects, lists the 9 tools and calls each with good and bad arguments', async () => {
    const client = new Client({ name: 'g-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    expect(client.getServerVersion()).toMatchObject({ name: 'g-canonical', version: '1.1.0' });

    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'canonicalize',
      'compare_documents',
      'digest',
      'idempotency_key',
      'json_patch',
      'keyed_digest',
      'sign_json',
      'verify_digest',
      'verify_json_signature',
    ]);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.inputSchema).not.toHaveProperty('$schema');
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
    }

    const canonical = await client.callTool({ name: 'canonicalize', arguments: { value: { b: 2, a: 1 } } });
    expect(canonical.isError).toBeFalsy();
    expect(canonical.structuredContent).toEqual({ canonical: '{"a":1,"b":2}', bytes: 13 });
    expect(JSON.parse((canonical.content as Array<{ text: string }>)[0]!.text)).toEqual(
      canonical.structuredContent,
    );

    const digest = await client.callTool({ name: 'digest', arguments: { text: '{"hello": "world"}' } });
    expect((digest.structuredContent as { base64: string }).base64).toBe(
      'X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=',
    );

    const key = await client.callTool({
      name: 'idempotency_key',
      arguments: { value: { amount: 500, currency: 'USD' }, prefix: 'pay_' },
    });
    expect((key.structuredContent as { key: string }).key).toBe('pay_z84h9CNeqHOIgMT3f30FxGbaLpkmPm1m');

    const missing = await client.callTool({ name: 'canonicalize', arguments: {} });
    expect(missing.isError).toBe(true);
    expect((missing.content as Array<{ text: string }>)[0]!.text).toMatch(/\/value/);

    const both = await client.callTool({ name: 'digest', arguments: { value: 1, text: '1' } });
    expect(both.isError).toBe(true);

    const notObject = await client.callTool({
      name: 'idempotency_key',
      arguments: { value: [1], fields: ['a'] },
    });
    expect(notObject.isError).toBe(true);
    expect((notObject.content as Array<{ text: string }>)[0]!.text).toMatch(/object/);

    await client.close();
  });

  it('raw JSON-RPC: unknown method -32601, unknown tool -32602, parse error -32700', async () => {
    const unknownMethod = await rpc('{"jsonrpc":"2.0","id":1,"method":"nope"}');
    expect(unknownMethod.status).toBe(200);
    expect((await json(unknownMethod)).error.code).toBe(-32601);

    const unknownTool = await rpc(
      '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"nope","arguments":{}}}',
    );
    expect((await json(unknownTool)).error.code).toBe(-32602);

    const parseError = await rpc('{"jsonrpc":');
    expect(parseError.status).toBe(400);
    expect((await json(parseError)).error.code).toBe(-32700);
  });

  it('strict parsing applies to tool arguments too: duplicate names are refused', async () => {
    const res = await rpc(
      '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"canonicalize","arguments":{"value":{"a":1,"a":2}}}}',
    );
    const body = await json(res);
    expect(body.error.code).toBe(-32700);
    expect(body.error.message).toMatch(/duplicate/i);
  });

  it('notification → 202 with an empty body', async () => {
    const res = await rpc('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('');
  });

  it('GET with Accept: text/event-stream → 405 Allow: POST; other GET → server info', async () => {
    const sse = await fetch(url, { headers: { accept: 'text/event-stream' } });
    expect(sse.status).toBe(405);
    expect(sse.headers.get('allow')).toBe('POST');
    const info = await fetch(url, { headers: { accept: 'application/json' } });
    expect(info.status).toBe(200);
    expect(await json(info)).toEqual({
      name: 'g-canonical',
      version: '1.1.0',
      protocolVersion: '2025-11-25',
      transport: 'streamable-http',
      tools: [
        'canonicalize',
        'compare_documents',
        'digest',
        'idempotency_key',
        'json_patch',
        'keyed_digest',
        'sign_json',
        'verify_digest',
        'verify_json_signature',
      ],
    });
  });
});

describe('the operation call is the unit of the quota (docs/conventions.md §7)', () => {
  it('lets the official SDK client on a quota of 2 connect, list the tools and make 2 calls; the 3rd is refused', async () => {
    const limited = await listen(makeApp({ rateLimitPerMinute: 2 }));
    const client = new Client({ name: 'g-quota', version: '1.0.0' });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(`${limited.origin}${BASE}/mcp`)));
      await client.ping();
      expect((await client.listTools()).tools.length).toBe(9);
      for (const text of ['a', 'b']) {
        const done = await client.callTool({ name: 'digest', arguments: { text } });
        expect(done.isError).toBeFalsy();
      }
      const refused = await client
        .callTool({ name: 'digest', arguments: { text: 'c' } })
        .catch((error) => error);
      expect(refused).toBeInstanceOf(McpError);
      expect((refused as McpError).data).toMatchObject({ status: 429, code: 'rate_limited', limit: 2 });
      // Protocol messages still answer, and REST shares the same budget.
      expect((await client.listTools()).tools.length).toBe(9);
      const rest = await fetch(`${limited.origin}${BASE}/v1/digest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"text":"d"}',
      });
      expect(rest.status).toBe(429);
      // Probes, documents and unknown paths are never counted (they would be 429 otherwise).
      for (const path of ['/health', '/openapi.json', '/version', '/nope'])
        expect((await fetch(`${limited.origin}${BASE}${path}`)).status).not.toBe(429);
    } finally {
      await client.close();
      await limited.close();
    }
  });
});
