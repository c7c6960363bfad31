// The Streamable HTTP endpoint the service kit mounts (`createMcpEndpoint`), independent of the HTTP
// framework: what it answers to each request, as the `McpReply` the host renders. The kit's rendering
// of these replies (JSON-RPC errors carrying the problem, problem titles, request ids) is proved on a
// real kit service in packages/core/test/kit/mcp-transport.test.ts.
import { describe, expect, it } from 'vitest';
import {
  createMcpEndpoint,
  type McpBody,
  type McpExchange,
  type McpReply,
  type McpServerOptions,
  type McpToolContext,
  parseJsonRpc,
} from '../src/index.js';
import { tools } from './fixtures.js';

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

const endpointOf = (extra: Partial<McpServerOptions> = {}) =>
  createMcpEndpoint({ name: 'demo', version: '1.0.0', tools, onError: () => {}, ...extra });

/** One request: its headers (any case) and its body, read at most once and only when asked. */
function exchange(headers: Record<string, string>, body: McpBody = { ok: true, message: ping }) {
  const lower = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  let reads = 0;
  const request: McpExchange = {
    header: (name) => lower.get(name),
    readBody: async () => {
      reads++;
      return body;
    },
  };
  return { request, reads: () => reads };
}

/** A body read as a host reads it: the text parsed, a parser's error as the -32700 message. */
function bodyOf(text: string, parseJson?: (text: string) => unknown): McpBody {
  const parsed = parseJsonRpc(text, parseJson);
  return parsed.ok ? parsed : { ok: false, error: parsed.response.error.message };
}

const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };

async function post(
  message: unknown,
  headers: Record<string, string> = {},
  endpoint = endpointOf(),
  context?: McpToolContext,
): Promise<McpReply> {
  return endpoint.post(exchange({ ...JSON_HEADERS, ...headers }, { ok: true, message }).request, context);
}

/** The JSON a reply carries, with its status. */
function answered(reply: McpReply): { status: number; json: unknown } {
  if (!('body' in reply)) throw new Error(`expected a JSON answer, got ${JSON.stringify(reply)}`);
  return { status: reply.status, json: JSON.parse(reply.body) };
}

/** A refusal of the request as a whole, before any message runs: the same to a POST and to a GET. */
function expectRefusal(
  reply: McpReply,
  status: number,
  code: string,
  rpcCode: number,
  detail?: string,
  headers?: Record<string, string>,
) {
  expect(reply).toEqual({
    status,
    refusal: {
      status,
      code,
      rpcCode,
      detail: detail ?? expect.any(String),
      ...(headers === undefined ? {} : { headers }),
    },
  });
}

describe('POST: the transport checks, before the body is read', () => {
  it('answers a request with 200 and its JSON-RPC reply', async () => {
    expect(answered(await post(ping))).toEqual({ status: 200, json: { jsonrpc: '2.0', id: 1, result: {} } });
  });

  it.each(['text/html', 'text/plain, image/png', 'application/json;q=0, text/event-stream;q=0', ''])(
    '406 for Accept %j, without reading the body',
    async (accept) => {
      const { request, reads } = exchange({ ...JSON_HEADERS, accept });
      expectRefusal(
        await endpointOf().post(request),
        406,
        'not_acceptable',
        -32000,
        'Accept must include application/json or text/event-stream.',
      );
      expect(reads()).toBe(0);
    },
  );

  it.each([
    'application/json',
    'text/event-stream',
    '*/*',
    'application/*;q=0.5',
    'text/*',
    'TEXT/HTML, Application/JSON; q=0.9',
  ])('accepts Accept %j', async (accept) => {
    expect((await post(ping, { accept })).status).toBe(200);
  });

  it('accepts a request without Accept (RFC 9110: anything goes)', async () => {
    const { request } = exchange({ 'content-type': 'application/json' });
    expect((await endpointOf().post(request)).status).toBe(200);
  });

  it.each([
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/json; charset=latin1',
    'application/jsonx',
  ])('415 for Content-Type %j', async (type) => {
    expectRefusal(
      await post(ping, { 'content-type': type }),
      415,
      'unsupported_media_type',
      -32000,
      'Content-Type must be application/json.',
    );
  });

  it('415 without a Content-Type, without reading the body', async () => {
    const { request, reads } = exchange({ accept: '*/*' });
    expectRefusal(await endpointOf().post(request), 415, 'unsupported_media_type', -32000);
    expect(reads()).toBe(0);
  });

  it('accepts Content-Type with charset=UTF-8', async () => {
    expect((await post(ping, { 'content-type': 'Application/JSON; charset="UTF-8"' })).status).toBe(200);
  });

  it('403 for a foreign Origin; localhost origins pass by default', async () => {
    expectRefusal(
      await post(ping, { origin: 'https://evil.example' }),
      403,
      'origin_not_allowed',
      -32000,
      'Origin "https://evil.example" is not allowed to call this MCP endpoint.',
    );
    expectRefusal(await post(ping, { origin: 'null' }), 403, 'origin_not_allowed', -32000);
    expectRefusal(
      await post(ping, { origin: 'http://localhost.evil.example' }),
      403,
      'origin_not_allowed',
      -32000,
    );
    for (const origin of [
      'http://localhost',
      'http://localhost:5173',
      'https://127.0.0.1:8443',
      'http://[::1]:3000',
    ]) {
      expect((await post(ping, { origin })).status).toBe(200);
    }
  });

  it('a foreign Origin is refused before a bad Accept is', async () => {
    const reply = await post(ping, { origin: 'https://evil.example', accept: 'text/html' });
    expect(reply.status).toBe(403);
  });

  it('allowedOrigins list replaces the default; "*" allows all; a predicate works', async () => {
    const listed = endpointOf({ allowedOrigins: ['https://app.example.com/'] });
    expect((await post(ping, { origin: 'https://APP.example.com' }, listed)).status).toBe(200);
    expect((await post(ping, { origin: 'http://localhost' }, listed)).status).toBe(403);
    expect(
      (await post(ping, { origin: 'https://x.example' }, endpointOf({ allowedOrigins: ['*'] }))).status,
    ).toBe(200);
    const fn = endpointOf({ allowedOrigins: (origin) => origin.endsWith('.trusted.example') });
    expect((await post(ping, { origin: 'https://a.trusted.example' }, fn)).status).toBe(200);
    expect((await post(ping, { origin: 'https://a.other.example' }, fn)).status).toBe(403);
  });

  it('400 -32600 for an unsupported or malformed MCP-Protocol-Version', async () => {
    for (const version of ['2024-11-05', '2099-01-01', 'banana', '']) {
      expectRefusal(
        await post(ping, { 'mcp-protocol-version': version }),
        400,
        'unsupported_protocol_version',
        -32600,
        `Unsupported MCP-Protocol-Version ${JSON.stringify(version)}; supported: 2026-07-28, 2025-11-25, 2025-06-18, 2025-03-26.`,
      );
    }
    for (const version of ['2025-11-25', '2025-06-18', '2025-03-26', ' 2025-06-18 ']) {
      expect((await post(ping, { 'mcp-protocol-version': version })).status).toBe(200);
    }
  });

  it('refusal() makes the same checks without a body, for a host that reads the body itself', () => {
    const endpoint = endpointOf();
    expect(endpoint.refusal(exchange(JSON_HEADERS).request)).toBe(undefined);
    expectRefusal(
      endpoint.refusal(exchange({ ...JSON_HEADERS, accept: 'text/html' }).request)!,
      406,
      'not_acceptable',
      -32000,
    );
  });
});

describe('POST: the messages', () => {
  const batch = [ping, { jsonrpc: '2.0', id: 2, method: 'tools/list' }];

  it('rejects a batch with a 2025-06-18 or later header', async () => {
    for (const version of ['2025-06-18', '2025-11-25']) {
      expectRefusal(
        await post(batch, { 'mcp-protocol-version': version }),
        400,
        'batch_not_supported',
        -32600,
        `JSON-RPC batches are not supported in protocol version ${version}; send one message per request.`,
      );
    }
  });

  it('answers a batch without the header or with 2025-03-26', async () => {
    for (const headers of [{}, { 'mcp-protocol-version': '2025-03-26' }] as Record<string, string>[]) {
      const { status, json } = answered(await post(batch, headers));
      expect(status).toBe(200);
      const body = json as [unknown, { result: { tools: { name: string }[] } }];
      expect(body).toHaveLength(2);
      expect(body[0]).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
      expect(body[1].result.tools.map((t) => t.name)).toEqual(['boom', 'sum', 'upper']);
    }
  });

  it('an empty batch is 400 -32600', async () => {
    expect(answered(await post([]))).toEqual({
      status: 400,
      json: { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: empty batch' } },
    });
  });

  it('202 with nothing to send for notifications, client responses and batches of them', async () => {
    for (const body of [
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 5, result: {} },
      [
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 'x', error: { code: -1, message: 'no' } },
      ],
    ]) {
      expect(await post(body)).toEqual({ status: 202 });
    }
  });

  it('200 -32601 for an unknown method', async () => {
    expect(answered(await post({ jsonrpc: '2.0', id: 3, method: 'prompts/list' }))).toEqual({
      status: 200,
      json: { jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'Method not found: "prompts/list"' } },
    });
  });

  it('200 -32602 for an unknown tool', async () => {
    const reply = answered(
      await post({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'nope', arguments: {} } }),
    );
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({
      id: 4,
      error: { code: -32602, message: 'Unknown tool "nope"; available tools: boom, sum, upper' },
    });
  });

  it('200 -32603 for a throwing tool, without internals', async () => {
    const reply = await post({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'boom' } });
    expect(answered(reply)).toEqual({
      status: 200,
      json: { jsonrpc: '2.0', id: 5, error: { code: -32603, message: 'Internal error' } },
    });
    expect((reply as { body: string }).body).not.toContain('secret');
  });

  it('400 -32700 for a body that is not JSON, with the parser message (and its data)', async () => {
    const endpoint = endpointOf();
    for (const text of ['{"jsonrpc":"2.0",', '']) {
      const body = bodyOf(text);
      expect(body.ok).toBe(false);
      const { status, json } = answered(await endpoint.post(exchange(JSON_HEADERS, body).request));
      expect(status).toBe(400);
      expect(json).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: (body as { error: string }).error },
      });
      expect((body as { error: string }).error.length).toBeGreaterThan(0);
    }
    const custom = bodyOf('{}', () => {
      throw new Error('nesting deeper than 256 at byte 300');
    });
    const withData: McpBody = { ...(custom as { ok: false; error: string }), data: { byte: 300 } };
    expect(answered(await endpoint.post(exchange(JSON_HEADERS, withData).request))).toEqual({
      status: 400,
      json: {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: 'nesting deeper than 256 at byte 300', data: { byte: 300 } },
      },
    });
  });

  it('400 -32600 for a single invalid request, 200 for a batch containing one', async () => {
    expect(answered(await post({ jsonrpc: '2.0', id: 1.5, method: 'ping' }))).toEqual({
      status: 400,
      json: {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid Request: id must be a string or an integer' },
      },
    });
    expect(answered(await post([{ jsonrpc: '2.0', id: 1.5, method: 'ping' }, ping]))).toEqual({
      status: 200,
      json: [
        {
          jsonrpc: '2.0',
          id: null,
          error: { code: -32600, message: 'Invalid Request: id must be a string or an integer' },
        },
        { jsonrpc: '2.0', id: 1, result: {} },
      ],
    });
  });

  it('tools/call result and tool error, with the request id from the context', async () => {
    const call = (id: number, args: unknown) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'upper', arguments: args },
    });
    expect(answered(await post(call(1, { text: 'a' }), {}, endpointOf(), { requestId: 'rid-1' }))).toEqual({
      status: 200,
      json: {
        jsonrpc: '2.0',
        id: 1,
        result: {
          content: [{ type: 'text', text: '{"text":"A","requestId":"rid-1"}' }],
          structuredContent: { text: 'A', requestId: 'rid-1' },
        },
      },
    });
    expect(answered(await post(call(2, {}), {}, endpointOf(), { requestId: 'rid-1' }))).toEqual({
      status: 200,
      json: {
        jsonrpc: '2.0',
        id: 2,
        result: { content: [{ type: 'text', text: 'text must be a string' }], isError: true },
      },
    });
  });

  it('answer() runs a body the host read, under the protocol version it names', async () => {
    const endpoint = endpointOf();
    expect(answered(await endpoint.answer({ ok: true, message: ping }, undefined))).toEqual({
      status: 200,
      json: { jsonrpc: '2.0', id: 1, result: {} },
    });
    expect((await endpoint.answer({ ok: true, message: batch }, '2025-11-25')).status).toBe(400);
    expect((await endpoint.answer({ ok: true, message: batch }, '2025-03-26')).status).toBe(200);
  });
});

describe('GET', () => {
  it('405 with Allow: POST when an event stream is asked for', () => {
    for (const accept of ['text/event-stream', 'application/json, text/event-stream']) {
      expectRefusal(
        endpointOf().get({ header: (name) => (name === 'accept' ? accept : undefined) }),
        405,
        'method_not_allowed',
        -32000,
        'This MCP server is stateless and offers no SSE stream; send JSON-RPC messages with POST.',
        { Allow: 'POST' },
      );
    }
  });

  it('200 server info otherwise', () => {
    for (const accept of [undefined, 'application/json', 'text/html,*/*;q=0.8', 'text/event-stream;q=0']) {
      const reply = endpointOf().get({ header: (name) => (name === 'accept' ? accept : undefined) });
      expect(answered(reply)).toEqual({
        status: 200,
        json: {
          name: 'demo',
          version: '1.0.0',
          protocolVersion: '2025-11-25',
          transport: 'streamable-http',
          tools: ['boom', 'sum', 'upper'],
        },
      });
    }
  });

  it('403 for a foreign Origin, 400 for a bad protocol header', () => {
    const get = (headers: Record<string, string>) => endpointOf().get(exchange(headers).request);
    expectRefusal(
      get({ origin: 'https://evil.example' }),
      403,
      'origin_not_allowed',
      -32000,
      'Origin "https://evil.example" is not allowed to call this MCP endpoint.',
    );
    expectRefusal(get({ 'mcp-protocol-version': '1999-01-01' }), 400, 'unsupported_protocol_version', -32600);
  });
});
