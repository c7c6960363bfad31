// The official MCP SDK client against a kit service listening on a real socket (docs/conventions.md §5):
// the handshake, the tool list, calls (structuredContent validated against the output schemas), tool
// errors, JSON-RPC errors and ping, and what the exchange looked like on the wire.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../../src/index.js';
import { MCP_TOOLS, mcpService } from './mcp-fixture.js';

describe('the official MCP SDK client over a real socket', () => {
  const seen: { method: string; accept: string | null; version: string | null; status: number }[] = [];
  let server: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    const app = mcpService({}, [
      async (c, next) => {
        await next();
        if (c.req.path !== '/mcp') return;
        seen.push({
          method: c.req.method,
          accept: c.req.header('accept') ?? null,
          version: c.req.header('mcp-protocol-version') ?? null,
          status: c.res.status,
        });
      },
    ]);
    server = await listen(app);
  });

  afterAll(() => server?.close());

  it('connects, lists tools, calls them, gets tool errors, and closes', async () => {
    const client = new Client({ name: 't', version: '1' });
    const transport = new StreamableHTTPClientTransport(new URL(`${server.origin}/mcp`));
    await client.connect(transport);
    try {
      expect(client.getServerVersion()).toEqual({ name: 'kit-mcp', version: '9.9.9' });
      expect(client.getInstructions()).toBe('Be nice.');
      expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: false } });
      expect(transport.sessionId).toBeUndefined();

      const listed = await client.listTools();
      expect(listed.tools.map((tool) => tool.name)).toEqual(MCP_TOOLS);
      const sum = listed.tools.find((tool) => tool.name === 'sum')!;
      expect(sum.outputSchema).toMatchObject({
        type: 'object',
        properties: { sum: { type: 'number' } },
        required: ['sum'],
      });
      expect(sum.title).toBe('Adds two numbers');
      expect(sum.annotations).toEqual({
        readOnlyHint: true,
        idempotentHint: true,
        destructiveHint: false,
        openWorldHint: false,
      });

      // Every tool lists an outputSchema here, so the SDK validates each structuredContent against it.
      expect(await client.callTool({ name: 'sum', arguments: { a: 1.5, b: 2 } })).toEqual({
        content: [{ type: 'text', text: '{"sum":3.5}' }],
        structuredContent: { sum: 3.5 },
      });
      const upper = await client.callTool({ name: 'upper', arguments: { text: 'mcp' } });
      expect(upper.structuredContent).toEqual({ text: 'MCP', request_id: expect.any(String) });

      const bad = await client.callTool({ name: 'sum', arguments: { a: 'one', b: 2 } });
      expect(bad.isError).toBe(true);
      const [detail, problem] = bad.content as Array<{ type: string; text: string }>;
      expect(detail!.type).toBe('text');
      expect(JSON.parse(problem!.text)).toMatchObject({
        status: 400,
        code: 'validation_failed',
        errors: [expect.objectContaining({ path: '/a' })],
      });

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
