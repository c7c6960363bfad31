import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createMcpHandlers, type McpServerOptions } from '../src/index.js';
import { tools } from './fixtures.js';

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

function makeApp(extra: Partial<McpServerOptions> = {}) {
  const h = createMcpHandlers({ name: 'demo', version: '1.0.0', tools, onError: () => {}, ...extra });
  const app = new Hono();
  app.post('/mcp', h.post);
  app.get('/mcp', h.get);
  return app;
}

function post(body: unknown, headers: Record<string, string> = {}, app = makeApp()) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return app.request('/mcp', { method: 'POST', headers: { ...JSON_HEADERS, ...headers }, body: text });
}

const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };

/** A refusal of the transport: a JSON-RPC error whose data is the problem (the same as over GET). */
async function expectRefusal(res: Response, status: number, code: number, message?: string) {
  const body = (await res.clone().json()) as { error: { data: Record<string, unknown> } };
  expect(body.error.data).toMatchObject({ status, type: expect.stringMatching(/^urn:problem:/) });
  await expectRpcError(res, status, code, message);
}

async function expectRpcError(res: Response, status: number, code: number, message?: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const body = (await res.json()) as { error: { message: string } };
  expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code } });
  if (message !== undefined) expect(body.error.message).toBe(message);
}

describe('POST /mcp transport checks', () => {
  it('answers a request with 200 JSON and no session header', async () => {
    const res = await post(ping);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('mcp-session-id')).toBeNull();
    expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it.each(['text/html', 'text/plain, image/png', 'application/json;q=0, text/event-stream;q=0', ''])(
    '406 for Accept %j',
    async (accept) => {
      await expectRefusal(
        await post(ping, { accept }),
        406,
        -32000,
        'Accept must include application/json or text/event-stream.',
      );
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
    const res = await makeApp().request('/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ping),
    });
    expect(res.status).toBe(200);
  });

  it.each([
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/json; charset=latin1',
    'application/jsonx',
  ])('415 for Content-Type %j', async (type) => {
    await expectRefusal(
      await post(ping, { 'content-type': type }),
      415,
      -32000,
      'Content-Type must be application/json.',
    );
  });

  it('415 without a Content-Type', async () => {
    const res = await makeApp().request('/mcp', {
      method: 'POST',
      headers: { accept: '*/*' },
      body: new Uint8Array([123, 125]),
    });
    await expectRefusal(res, 415, -32000);
  });

  it('accepts Content-Type with charset=UTF-8', async () => {
    expect((await post(ping, { 'content-type': 'Application/JSON; charset="UTF-8"' })).status).toBe(200);
  });

  it('403 for a foreign Origin; localhost origins pass by default', async () => {
    await expectRefusal(
      await post(ping, { origin: 'https://evil.example' }),
      403,
      -32000,
      'Origin "https://evil.example" is not allowed to call this MCP endpoint.',
    );
    await expectRefusal(await post(ping, { origin: 'null' }), 403, -32000);
    await expectRefusal(await post(ping, { origin: 'http://localhost.evil.example' }), 403, -32000);
    for (const origin of [
      'http://localhost',
      'http://localhost:5173',
      'https://127.0.0.1:8443',
      'http://[::1]:3000',
    ]) {
      expect((await post(ping, { origin })).status).toBe(200);
    }
  });

  it('allowedOrigins list replaces the default; "*" allows all; a predicate works', async () => {
    const listed = makeApp({ allowedOrigins: ['https://app.example.com/'] });
    expect((await post(ping, { origin: 'https://APP.example.com' }, listed)).status).toBe(200);
    expect((await post(ping, { origin: 'http://localhost' }, listed)).status).toBe(403);
    expect(
      (await post(ping, { origin: 'https://x.example' }, makeApp({ allowedOrigins: ['*'] }))).status,
    ).toBe(200);
    const fn = makeApp({ allowedOrigins: (origin) => origin.endsWith('.trusted.example') });
    expect((await post(ping, { origin: 'https://a.trusted.example' }, fn)).status).toBe(200);
    expect((await post(ping, { origin: 'https://a.other.example' }, fn)).status).toBe(403);
  });

  it('400 -32600 for an unsupported or malformed MCP-Protocol-Version', async () => {
    for (const version of ['2024-11-05', '2099-01-01', 'banana', '']) {
      await expectRefusal(
        await post(ping, { 'mcp-protocol-version': version }),
        400,
        -32600,
        `Unsupported MCP-Protocol-Version ${JSON.stringify(version)}; supported: 2025-11-25, 2025-06-18, 2025-03-26.`,
      );
    }
    for (const version of ['2025-11-25', '2025-06-18', '2025-03-26']) {
      expect((await post(ping, { 'mcp-protocol-version': version })).status).toBe(200);
    }
  });
});

describe('POST /mcp messages', () => {
  const batch = [ping, { jsonrpc: '2.0', id: 2, method: 'tools/list' }];

  it('rejects a batch with a 2025-06-18 or later header', async () => {
    for (const version of ['2025-06-18', '2025-11-25']) {
      await expectRefusal(
        await post(batch, { 'mcp-protocol-version': version }),
        400,
        -32600,
        `JSON-RPC batches are not supported in protocol version ${version}; send one message per request.`,
      );
    }
  });

  it('answers a batch without the header or with 2025-03-26', async () => {
    for (const headers of [{}, { 'mcp-protocol-version': '2025-03-26' }] as Record<string, string>[]) {
      const res = await post(batch, headers);
      expect(res.status).toBe(200);
      const body = (await res.json()) as [unknown, { result: { tools: { name: string }[] } }];
      expect(body).toHaveLength(2);
      expect(body[0]).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
      expect(body[1].result.tools.map((t: { name: string }) => t.name)).toEqual(['boom', 'sum', 'upper']);
    }
  });

  it('an empty batch is 400 -32600', async () => {
    await expectRpcError(await post([]), 400, -32600, 'Invalid Request: empty batch');
  });

  it('202 with an empty body for notifications, client responses and batches of them', async () => {
    for (const body of [
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 5, result: {} },
      [
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 'x', error: { code: -1, message: 'no' } },
      ],
    ]) {
      const res = await post(body);
      expect(res.status).toBe(202);
      expect(await res.text()).toBe('');
    }
  });

  it('200 -32601 for an unknown method', async () => {
    const res = await post({ jsonrpc: '2.0', id: 3, method: 'prompts/list' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: { code: -32601, message: 'Method not found: "prompts/list"' },
    });
  });

  it('200 -32602 for an unknown tool', async () => {
    const res = await post({
      jsonrpc: '2.0',
      id: 4,
      method: 'tools/call',
      params: { name: 'nope', arguments: {} },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: 4,
      error: { code: -32602, message: 'Unknown tool "nope"; available tools: boom, sum, upper' },
    });
  });

  it('200 -32603 for a throwing tool, without internals', async () => {
    const res = await post({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'boom' } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      jsonrpc: '2.0',
      id: 5,
      error: { code: -32603, message: 'Internal error' },
    });
    expect(text).not.toContain('secret');
  });

  it('400 -32700 for malformed JSON, with the parser message', async () => {
    const res = await post('{"jsonrpc":"2.0",');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string } };
    expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    expect(body.error.message.length).toBeGreaterThan(0);
    await expectRpcError(await post(''), 400, -32700);
  });

  it('uses the custom parser and its message', async () => {
    const app = makeApp({
      parseJson: () => {
        throw new Error('nesting deeper than 256 at byte 300');
      },
    });
    await expectRpcError(await post(ping, {}, app), 400, -32700, 'nesting deeper than 256 at byte 300');
  });

  it('400 -32600 for a single invalid request, 200 for a batch containing one', async () => {
    const res = await post({ jsonrpc: '2.0', id: 1.5, method: 'ping' });
    await expectRpcError(res, 400, -32600, 'Invalid Request: id must be a string or an integer');
    const batchRes = await post([{ jsonrpc: '2.0', id: 1.5, method: 'ping' }, ping]);
    expect(batchRes.status).toBe(200);
    expect(await batchRes.json()).toEqual([
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid Request: id must be a string or an integer' },
      },
      { jsonrpc: '2.0', id: 1, result: {} },
    ]);
  });

  it('tools/call result and tool error over HTTP, with the request id from the context', async () => {
    const h = createMcpHandlers({ name: 'demo', version: '1.0.0', tools });
    const app = new Hono<{ Variables: { requestId: string } }>();
    app.use(async (c, next) => {
      c.set('requestId', 'rid-1');
      await next();
    });
    app.post('/mcp', h.post);
    const ok = await post(
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'upper', arguments: { text: 'a' } } },
      {},
      app as unknown as Hono,
    );
    expect(await ok.json()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        content: [{ type: 'text', text: '{"text":"A","requestId":"rid-1"}' }],
        structuredContent: { text: 'A', requestId: 'rid-1' },
      },
    });
    const bad = await post(
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'upper', arguments: {} } },
      {},
      app as unknown as Hono,
    );
    expect(bad.status).toBe(200);
    expect(await bad.json()).toEqual({
      jsonrpc: '2.0',
      id: 2,
      result: { content: [{ type: 'text', text: 'text must be a string' }], isError: true },
    });
  });
});

describe('GET /mcp', () => {
  it('405 with Allow: POST when an event stream is asked for', async () => {
    for (const accept of ['text/event-stream', 'application/json, text/event-stream']) {
      const res = await makeApp().request('/mcp', { headers: { accept } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(res.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
      expect(await res.json()).toEqual({
        type: 'urn:problem:method_not_allowed',
        title: 'Method not allowed',
        status: 405,
        detail: 'This MCP server is stateless and offers no SSE stream; send JSON-RPC messages with POST.',
        code: 'method_not_allowed',
      });
    }
  });

  it('200 server info otherwise', async () => {
    for (const headers of [
      {},
      { accept: 'application/json' },
      { accept: 'text/html,*/*;q=0.8' },
      { accept: 'text/event-stream;q=0' },
    ] as Record<string, string>[]) {
      const res = await makeApp().request('/mcp', { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await res.json()).toEqual({
        name: 'demo',
        version: '1.0.0',
        protocolVersion: '2025-11-25',
        transport: 'streamable-http',
        tools: ['boom', 'sum', 'upper'],
      });
    }
  });

  it('403 problem for a foreign Origin, 400 for a bad protocol header, with request_id when known', async () => {
    const h = createMcpHandlers({ name: 'demo', version: '1.0.0', tools, getRequestId: () => 'rid-9' });
    const app = new Hono();
    app.get('/mcp', h.get);
    const forbidden = await app.request('/mcp', { headers: { origin: 'https://evil.example' } });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({
      type: 'urn:problem:origin_not_allowed',
      title: 'Forbidden',
      status: 403,
      detail: 'Origin "https://evil.example" is not allowed to call this MCP endpoint.',
      code: 'origin_not_allowed',
      request_id: 'rid-9',
    });
    const badVersion = await app.request('/mcp', { headers: { 'mcp-protocol-version': '1999-01-01' } });
    expect(badVersion.status).toBe(400);
    expect(await badVersion.json()).toMatchObject({ code: 'unsupported_protocol_version', status: 400 });
  });
});
