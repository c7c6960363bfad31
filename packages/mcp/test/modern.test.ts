// The 2026-07-28 era of the endpoint (docs/conventions.md §13), served by the official server SDK v2 from
// our tools: chosen per request by the envelope claim, with server/discover, resultType and the list
// results' cache fields; each tools/call admitted by the host and measured on the arguments it parsed.
import { describe, expect, it } from 'vitest';
import {
  createMcpEndpoint,
  JsonRpcError,
  type McpReply,
  type McpTool,
  type McpToolContext,
  stdioHeaders,
} from '../src/index.js';
import { tools } from './fixtures.js';

const MODERN = '2026-07-28';
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'test', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

const imageTool: McpTool = {
  name: 'pixel',
  description: 'One pixel.',
  inputSchema: { type: 'object' },
  call: () => ({
    ok: true,
    value: { png: 'iVBORw0K' },
    content: [{ type: 'image', data: 'iVBORw0K', mimeType: 'image/png' }],
  }),
};

const endpoint = createMcpEndpoint({
  name: 'demo',
  version: '1.0.0',
  instructions: 'Adds and shouts.',
  tools: [...tools, imageTool],
  onError: () => {},
});

/** A 2026-07-28 request: the envelope in `_meta` and the standard headers, as the v2 client sends it. */
function modern(method: string, params: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const message = {
    jsonrpc: '2.0',
    id: 1,
    method,
    params: { ...params, _meta: ENVELOPE } as Record<string, unknown>,
  };
  const all: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    ...stdioHeaders(message),
    ...headers,
  };
  return { message, header: (name: string) => all[name] };
}

async function answer(request: ReturnType<typeof modern>, context: McpToolContext = {}) {
  const reply: McpReply = await endpoint.answer(
    { ok: true, message: request.message },
    request.header,
    context,
  );
  if (!('body' in reply)) throw new Error(`no body: ${JSON.stringify(reply)}`);
  return { status: reply.status, json: JSON.parse(reply.body) };
}

describe('the 2026-07-28 era', () => {
  it('answers server/discover with the revision, the tools capability, the instructions and cache fields', async () => {
    const { status, json } = await answer(modern('server/discover'));
    expect(status).toBe(200);
    expect(json.result).toMatchObject({
      supportedVersions: [MODERN],
      capabilities: { tools: { listChanged: false } },
      instructions: 'Adds and shouts.',
      resultType: 'complete',
      ttlMs: 0,
      cacheScope: 'private',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'demo', version: '1.0.0' } },
    });
  });

  it('lists the same tools as the 2025 era, with resultType and the cache fields', async () => {
    const { json } = await answer(modern('tools/list'));
    expect(json.result.tools).toEqual(endpoint.server.tools);
    expect(json.result).toMatchObject({ resultType: 'complete', ttlMs: 0, cacheScope: 'private' });
  });

  it('asks the host to admit each tools/call (only those) and carries its refusal as the JSON-RPC error', async () => {
    const asked: string[] = [];
    const refusal = new JsonRpcError(-32000, 'Too many calls', { status: 429, code: 'rate_limited' });
    const admit = (method: string) => {
      asked.push(method);
      return refusal;
    };
    await answer(modern('tools/list'), { admit });
    await answer(modern('server/discover'), { admit });
    const { status, json } = await answer(modern('tools/call', { name: 'sum', arguments: { a: 1, b: 2 } }), {
      admit,
    });
    expect(asked).toEqual(['tools/call']);
    expect(status).toBe(200);
    expect(json).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32000, message: 'Too many calls', data: { status: 429, code: 'rate_limited' } },
    });
  });

  it('runs the tool through the same call as in 2025, with its extra content blocks after the JSON text', async () => {
    const { json } = await answer(modern('tools/call', { name: 'sum', arguments: { a: 1, b: 2 } }));
    expect(json.result).toMatchObject({
      content: [{ type: 'text', text: '{"sum":3}' }],
      structuredContent: { sum: 3 },
      resultType: 'complete',
    });
    const image = await answer(modern('tools/call', { name: 'pixel', arguments: {} }));
    expect(image.json.result.content).toEqual([
      { type: 'text', text: '{"png":"iVBORw0K"}' },
      { type: 'image', data: 'iVBORw0K', mimeType: 'image/png' },
    ]);
  });

  it('gives the measure the very object the host parsed, though the SDK hands the tool a copy', async () => {
    const request = modern('tools/call', { name: 'sum', arguments: { a: 1, b: 2 } });
    const sent = (request.message.params as { arguments: object }).arguments;
    let seen: object | undefined;
    const measuring: McpTool = {
      ...tools[0]!,
      name: 'measure',
      call: (_args, context) => {
        context.argumentBytes?.(_args);
        return { ok: true, value: { sum: 0 } };
      },
    };
    const own = createMcpEndpoint({ name: 'm', version: '1', tools: [measuring], onError: () => {} });
    const named = modern('tools/call', { name: 'measure', arguments: sent });
    await own.answer({ ok: true, message: named.message }, named.header, {
      argumentBytes: (args) => {
        seen = args;
        return 1;
      },
    });
    expect(seen).toBe((named.message.params as { arguments: object }).arguments);
  });

  it('answers an unknown tool with -32602 naming the tools, as in 2025', async () => {
    const { json } = await answer(modern('tools/call', { name: 'nope', arguments: {} }));
    expect(json.error.code).toBe(-32602);
    expect(json.error.data).toEqual({ availableTools: ['boom', 'pixel', 'sum', 'upper'] });
  });

  it('leaves header checks to the SDK: an Mcp-Method that contradicts the body is refused before any tool runs', async () => {
    const ran: string[] = [];
    const request = modern(
      'tools/call',
      { name: 'sum', arguments: { a: 1, b: 2 } },
      { 'mcp-method': 'tools/list' },
    );
    const { json } = await answer(request, { onToolCall: (name) => ran.push(name) });
    expect(json.error).toBeDefined();
    expect(ran).toEqual([]);
  });

  it('serves the 2025 era as before for a message without the envelope', async () => {
    const reply = await endpoint.answer(
      {
        ok: true,
        message: {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-06-18',
            capabilities: {},
            clientInfo: { name: 'c', version: '1' },
          },
        },
      },
      () => undefined,
    );
    expect('body' in reply && JSON.parse(reply.body).result.protocolVersion).toBe('2025-06-18');
  });
});

describe('stdio headers', () => {
  it('gives a 2026-07-28 message the headers the HTTP binding requires, and a 2025 one none', () => {
    expect(stdioHeaders(modern('tools/call', { name: 'sum' }).message)).toEqual({
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': MODERN,
      'mcp-method': 'tools/call',
      'mcp-name': 'sum',
    });
    expect(stdioHeaders({ jsonrpc: '2.0', id: 1, method: 'tools/list' })).toEqual({
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    });
  });
});
