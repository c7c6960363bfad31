import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpHandlers } from '../src/index.js';
import { tools } from './fixtures.js';

/** Minimal node:http → fetch bridge (@hono/node-server is not a dependency of this package). */
function listen(fetchHandler: (request: Request) => Response | Promise<Response>): Promise<Server> {
  const toRequest = async (req: IncomingMessage): Promise<Request> => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      else if (value !== undefined) headers.set(name, value);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    return new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers,
      body: hasBody ? Buffer.concat(chunks) : undefined,
    });
  };
  const send = async (response: Response, res: ServerResponse) => {
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  };
  const server = createServer((req, res) => {
    toRequest(req)
      .then(fetchHandler)
      .then((response) => send(response, res))
      .catch(() => {
        res.statusCode = 500;
        res.end();
      });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('official MCP SDK client over a real socket', () => {
  const seen: { method: string; accept: string | null; version: string | null; status: number }[] = [];
  let server: Server;
  let url: URL;

  beforeAll(async () => {
    const h = createMcpHandlers({
      name: 'e2e',
      version: '9.9.9',
      instructions: 'Be nice.',
      tools,
      onError: () => {},
    });
    const app = new Hono();
    app.use(async (c, next) => {
      await next();
      seen.push({
        method: c.req.method,
        accept: c.req.header('accept') ?? null,
        version: c.req.header('mcp-protocol-version') ?? null,
        status: c.res.status,
      });
    });
    app.post('/mcp', h.post);
    app.get('/mcp', h.get);
    server = await listen(app.fetch);
    url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('connects, lists tools, calls them, gets tool errors, and closes', async () => {
    const client = new Client({ name: 't', version: '1' });
    const transport = new StreamableHTTPClientTransport(url);
    await client.connect(transport);
    try {
      expect(client.getServerVersion()).toEqual({ name: 'e2e', version: '9.9.9' });
      expect(client.getInstructions()).toBe('Be nice.');
      expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: false } });
      expect(transport.sessionId).toBeUndefined();

      const listed = await client.listTools();
      expect(listed.tools.map((t) => t.name)).toEqual(['boom', 'sum', 'upper']);
      expect(listed.tools[1]?.outputSchema).toEqual(tools[1]?.outputSchema);
      expect(listed.tools[2]?.annotations).toEqual({
        title: 'Shout',
        readOnlyHint: true,
        idempotentHint: true,
        destructiveHint: false,
        openWorldHint: true,
      });

      // `sum` has an outputSchema, so the SDK validates structuredContent against it.
      expect(await client.callTool({ name: 'sum', arguments: { a: 1.5, b: 2 } })).toEqual({
        content: [{ type: 'text', text: '{"sum":3.5}' }],
        structuredContent: { sum: 3.5 },
      });
      expect(await client.callTool({ name: 'upper', arguments: { text: 'mcp' } })).toEqual({
        content: [{ type: 'text', text: '{"text":"MCP","requestId":null}' }],
        structuredContent: { text: 'MCP', requestId: null },
      });

      const bad = await client.callTool({ name: 'sum', arguments: { a: 'one', b: 2 } });
      expect(bad.isError).toBe(true);
      expect(bad.content).toEqual([
        { type: 'text', text: 'a and b must be numbers' },
        { type: 'text', text: '{"errors":[{"path":"/a","code":"type"}]}' },
      ]);

      await expect(client.callTool({ name: 'missing', arguments: {} })).rejects.toMatchObject({
        code: -32602,
      });
      await expect(client.callTool({ name: 'boom', arguments: {} })).rejects.toMatchObject({ code: -32603 });
      await client.ping();
    } finally {
      await client.close();
    }

    // The handshake as seen on the wire: initialize, initialized (202), SSE probe (405), then requests.
    expect(seen[0]).toEqual({
      method: 'POST',
      accept: 'application/json, text/event-stream',
      version: null,
      status: 200,
    });
    expect(seen[1]).toMatchObject({ method: 'POST', version: '2025-11-25', status: 202 });
    const probe = seen.find((s) => s.method === 'GET');
    expect(probe).toEqual({ method: 'GET', accept: 'text/event-stream', version: '2025-11-25', status: 405 });
    expect(seen.filter((s) => s.method === 'POST').every((s) => s.status === 200 || s.status === 202)).toBe(
      true,
    );
  });
});
