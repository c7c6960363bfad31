// The MCP endpoint of a kit service as a client sees it (docs/conventions.md §5): refusals of the whole
// request are JSON-RPC errors carrying the service's problem (to a GET: problem+json), messages are
// answered as JSON with no session, notifications are 202. The endpoint's own decisions are proved in
// packages/mcp/test/endpoint.test.ts; this proves how the kit renders them.
import { describe, expect, it } from 'vitest';
import { MCP_TOOLS, mcpService } from './mcp-fixture.js';

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies inspected field by field
type Json = any;

const JSON_TYPE = 'application/json; charset=utf-8';
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
const app = mcpService();

function post(body: unknown, headers: Record<string, string> = {}, service = app) {
  return service.request('/mcp', {
    method: 'POST',
    headers: { ...HEADERS, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A refusal of a POST: `id: null`, the JSON-RPC code, and the service's problem (with the request id) as data. */
async function expectRefusal(res: Response, status: number, rpcCode: number, code: string, title: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe(JSON_TYPE);
  const body: Json = await res.json();
  const problem = {
    type: `urn:problem:${code}`,
    title,
    status,
    detail: body.error.message,
    code,
    request_id: res.headers.get('x-request-id'),
  };
  expect(body).toEqual({
    jsonrpc: '2.0',
    id: null,
    error: { code: rpcCode, message: expect.any(String), data: problem },
  });
  return body.error.message as string;
}

describe('POST /mcp of a kit service', () => {
  it('answers a request with 200 JSON and no session header', async () => {
    const res = await post(ping);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(JSON_TYPE);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it('406 for an Accept without JSON or an event stream, as a JSON-RPC error carrying the problem', async () => {
    const detail = await expectRefusal(
      await post(ping, { accept: 'text/html' }),
      406,
      -32000,
      'not_acceptable',
      'Not acceptable',
    );
    expect(detail).toBe('Accept must include application/json or text/event-stream.');
  });

  it('415 for a Content-Type other than JSON, and without one', async () => {
    const detail = await expectRefusal(
      await post(ping, { 'content-type': 'text/plain' }),
      415,
      -32000,
      'unsupported_media_type',
      'Unsupported media type',
    );
    expect(detail).toBe('Content-Type must be application/json.');
    const none = await app.request('/mcp', {
      method: 'POST',
      headers: { accept: '*/*' },
      body: new Uint8Array([123, 125]),
    });
    await expectRefusal(none, 415, -32000, 'unsupported_media_type', 'Unsupported media type');
  });

  it('403 for a foreign Origin; localhost origins pass by default', async () => {
    const detail = await expectRefusal(
      await post(ping, { origin: 'https://evil.example' }),
      403,
      -32000,
      'origin_not_allowed',
      'Forbidden',
    );
    expect(detail).toBe('Origin "https://evil.example" is not allowed to call this MCP endpoint.');
    for (const origin of ['http://localhost:5173', 'https://127.0.0.1:8443', 'http://[::1]:3000']) {
      expect((await post(ping, { origin })).status).toBe(200);
    }
  });

  it('MCP_ALLOWED_ORIGINS replaces the default list', async () => {
    const listed = mcpService({ mcpAllowedOrigins: ['https://app.example.com'] });
    expect((await post(ping, { origin: 'https://app.example.com' }, listed)).status).toBe(200);
    expect((await post(ping, { origin: 'http://localhost' }, listed)).status).toBe(403);
  });

  it('400 -32600 for an unsupported MCP-Protocol-Version', async () => {
    const detail = await expectRefusal(
      await post(ping, { 'mcp-protocol-version': '2024-11-05' }),
      400,
      -32600,
      'unsupported_protocol_version',
      'Bad request',
    );
    expect(detail).toBe(
      'Unsupported MCP-Protocol-Version "2024-11-05"; supported: 2026-07-28, 2025-11-25, 2025-06-18, 2025-03-26.',
    );
  });

  it('400 -32600 for a batch under 2025-06-18 or later; a batch is answered under 2025-03-26', async () => {
    const batch = [ping, { jsonrpc: '2.0', id: 2, method: 'tools/list' }];
    for (const version of ['2025-06-18', '2025-11-25']) {
      const detail = await expectRefusal(
        await post(batch, { 'mcp-protocol-version': version }),
        400,
        -32600,
        'batch_not_supported',
        'Bad request',
      );
      expect(detail).toBe(
        `JSON-RPC batches are not supported in protocol version ${version}; send one message per request.`,
      );
    }
    const res = await post(batch, { 'mcp-protocol-version': '2025-03-26' });
    expect(res.status).toBe(200);
    const body: Json = await res.json();
    expect(body[0]).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    expect(body[1].result.tools.map((tool: Json) => tool.name)).toEqual(MCP_TOOLS);
  });

  it('400 -32700 for a body that is not JSON, carrying the parser problem', async () => {
    for (const text of ['{"jsonrpc":"2.0",', '']) {
      const res = await post(text);
      expect(res.status).toBe(400);
      const body: Json = await res.json();
      expect(body).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, data: { code: 'invalid_json', status: 400, title: 'Malformed JSON' } },
      });
      expect(body.error.message).toBe(body.error.data.detail);
      expect(body.error.data.request_id).toBe(res.headers.get('x-request-id'));
    }
  });

  it('202 with an empty body for a notification', async () => {
    const res = await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('');
  });

  it('200 carrying -32601 for an unknown method and -32602 for an unknown tool', async () => {
    const method = await post({ jsonrpc: '2.0', id: 3, method: 'prompts/list' });
    expect(method.status).toBe(200);
    expect(await method.json()).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: { code: -32601, message: 'Method not found: "prompts/list"' },
    });
    const tool = await post({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'nope' } });
    expect(tool.status).toBe(200);
    expect(await tool.json()).toMatchObject({
      id: 4,
      error: { code: -32602, message: 'Unknown tool "nope"; available tools: boom, sum, upper' },
    });
  });

  it('a call runs with the request id of its HTTP request', async () => {
    const res = await post(
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'upper', arguments: { text: 'a' } } },
      { 'x-request-id': 'rid-1' },
    );
    expect(res.headers.get('x-request-id')).toBe('rid-1');
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        content: [{ type: 'text', text: '{"text":"A","request_id":"rid-1"}' }],
        structuredContent: { text: 'A', request_id: 'rid-1' },
      },
    });
  });

  it('200 carrying -32603 for a throwing handler, without internals', async () => {
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
});

describe('GET /mcp of a kit service', () => {
  it('405 problem+json with Allow: POST when an event stream is asked for', async () => {
    for (const accept of ['text/event-stream', 'application/json, text/event-stream']) {
      const res = await app.request('/mcp', { headers: { accept } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(res.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
      expect(await res.json()).toEqual({
        type: 'urn:problem:method_not_allowed',
        title: 'Method not allowed',
        status: 405,
        detail: 'This MCP server is stateless and offers no SSE stream; send JSON-RPC messages with POST.',
        code: 'method_not_allowed',
        request_id: res.headers.get('x-request-id'),
      });
    }
  });

  it('200 server info otherwise', async () => {
    for (const headers of [{}, { accept: 'application/json' }, { accept: 'text/event-stream;q=0' }]) {
      const res = await app.request('/mcp', { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(JSON_TYPE);
      expect(await res.json()).toEqual({
        name: 'kit-mcp',
        version: '9.9.9',
        protocolVersion: '2025-11-25',
        transport: 'streamable-http',
        tools: MCP_TOOLS,
      });
    }
  });

  it('403 problem for a foreign Origin, 400 for a bad protocol header, with the request id', async () => {
    const forbidden = await app.request('/mcp', {
      headers: { origin: 'https://evil.example', 'x-request-id': 'rid-9' },
    });
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
