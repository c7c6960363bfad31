// What one POSTed message may cost: batches bounded and run one call after another, every request
// admitted (or refused) on its own, notifications running nothing, and answers within a byte cap.
import { describe, expect, it } from 'vitest';
import { createMcpServer, JsonRpcError, type McpTool } from '../src/index.js';
import { sumTool } from './fixtures.js';

/** The tool, and how many times it ran. */
function counted(tool: McpTool): { tool: McpTool; calls: () => number } {
  let calls = 0;
  return {
    tool: {
      ...tool,
      call: (args, ctx) => {
        calls++;
        return tool.call(args, ctx);
      },
    },
    calls: () => calls,
  };
}

const call = (id: number, a = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'sum', arguments: { a, b: 1 } },
});

async function answer(
  server: ReturnType<typeof createMcpServer>,
  message: unknown,
  admit?: () => JsonRpcError | undefined,
) {
  const reply = await server.handleMessage(message, admit ? { admit } : {});
  return reply === undefined ? undefined : { ...reply, json: JSON.parse(reply.text) };
}

describe('batches', () => {
  it('refuses a batch over maxBatch whole, before running any of it', async () => {
    const { tool: counting, calls } = counted(sumTool);
    const server = createMcpServer({ name: 's', version: '1', tools: [counting], limits: { maxBatch: 3 } });
    const refused = await answer(server, [call(1), call(2), call(3), call(4)]);
    expect(refused).toMatchObject({ invalid: true });
    expect(refused!.json).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32600,
        message: 'Invalid Request: a batch may hold at most 3 messages; this one holds 4',
      },
    });
    expect(calls()).toBe(0);
    const ok = await answer(server, [call(1), call(2), call(3)]);
    expect(ok!.json.map((reply: { id: number }) => reply.id)).toEqual([1, 2, 3]);
    expect(calls()).toBe(3);
  });

  it('runs the calls of a batch one after another, in order', async () => {
    const events: string[] = [];
    const slow: McpTool = {
      ...sumTool,
      async call(args) {
        events.push(`start ${String(args.a)}`);
        await new Promise((resolve) => setImmediate(resolve));
        events.push(`end ${String(args.a)}`);
        return { ok: true, value: { sum: 0 } };
      },
    };
    const server = createMcpServer({ name: 's', version: '1', tools: [slow] });
    await answer(server, [call(1, 1), call(2, 2), call(3, 3)]);
    expect(events).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
  });

  it('asks admit before each request; a refused element gets its error, the others run', async () => {
    const server = createMcpServer({ name: 's', version: '1', tools: [sumTool] });
    let budget = 2;
    const admit = () =>
      budget-- > 0
        ? undefined
        : new JsonRpcError(-32000, 'Rate limited', { code: 'rate_limited', status: 429 });
    const reply = await answer(
      server,
      [call(1), { jsonrpc: '2.0', id: 2, method: 'ping' }, call(3), call(4)],
      admit,
    );
    expect(reply!.json).toEqual([
      { jsonrpc: '2.0', id: 1, result: expect.objectContaining({ structuredContent: { sum: 2 } }) },
      { jsonrpc: '2.0', id: 2, result: {} },
      {
        jsonrpc: '2.0',
        id: 3,
        error: { code: -32000, message: 'Rate limited', data: { code: 'rate_limited', status: 429 } },
      },
      {
        jsonrpc: '2.0',
        id: 4,
        error: { code: -32000, message: 'Rate limited', data: { code: 'rate_limited', status: 429 } },
      },
    ]);
  });

  it('notifications run nothing, not even a tools/call sent without an id', async () => {
    const { tool: counting, calls } = counted(sumTool);
    const server = createMcpServer({ name: 's', version: '1', tools: [counting] });
    const asNotification = {
      jsonrpc: '2.0',
      method: 'tools/call',
      params: { name: 'sum', arguments: { a: 1, b: 2 } },
    };
    expect(await answer(server, asNotification)).toBeUndefined();
    expect(await answer(server, [asNotification, asNotification])).toBeUndefined();
    expect(calls()).toBe(0);
  });
});

describe('the answer cap', () => {
  const echo: McpTool = {
    name: 'echo',
    description: 'Echoes text.',
    inputSchema: { type: 'object' },
    call: (args) => ({ ok: true, value: { text: args.text } }),
  };
  const echoCall = (id: number, text: string) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'echo', arguments: { text } },
  });

  it('replaces the reply that would pass it and refuses the rest of the batch without running it', async () => {
    const { tool: counting, calls } = counted(echo);
    const server = createMcpServer({
      name: 's',
      version: '1',
      tools: [counting],
      limits: { maxResponseBytes: 1000 },
    });
    const reply = await answer(server, [
      echoCall(1, 'a'.repeat(100)),
      echoCall(2, 'b'.repeat(600)),
      echoCall(3, 'c'),
    ]);
    const refusal = {
      code: -32000,
      message: 'The answer would exceed 1000 bytes; this message was not run. Send fewer or smaller calls.',
    };
    expect(reply!.json[0].result.structuredContent.text).toBe('a'.repeat(100));
    expect(reply!.json[1]).toEqual({ jsonrpc: '2.0', id: 2, error: refusal });
    expect(reply!.json[2]).toEqual({ jsonrpc: '2.0', id: 3, error: refusal });
    expect(calls()).toBe(2);
    expect(Buffer.byteLength(reply!.text)).toBeLessThanOrEqual(1000);
  });

  it('applies to a single message too, and the host words the refusal', async () => {
    const server = createMcpServer({
      name: 's',
      version: '1',
      tools: [echo],
      limits: { maxResponseBytes: 200 },
      refuse: (refusal) => new JsonRpcError(-32000, `too big (${refusal.kind})`, { code: refusal.kind }),
    });
    const reply = await answer(server, echoCall(7, 'x'.repeat(300)));
    expect(reply!.json).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32000, message: 'too big (response_too_large)', data: { code: 'response_too_large' } },
    });
  });
});
