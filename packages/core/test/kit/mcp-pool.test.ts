// MCP messages in the heavy-call pool (docs/conventions.md §12): a tool's own lower deadline holds there
// as over REST, and a message the pool refuses as a whole (deadline, stopping) is answered request by
// request, each with its own id and the problem as the error's data.
import { describe, expect, it } from 'vitest';
import { createRuntime, createService, listen, testConfig } from '../../dist/index.js';
import { operations } from '../fixtures/heavy-ops.mjs';

const definition = {
  name: 'kit-heavy',
  title: 'Heavy',
  description: 'MCP in the worker pool',
  version: '1.0.0',
  openapi: '3.1' as const,
  operations,
  workerModule: new URL('../fixtures/heavy-ops.mjs', import.meta.url),
};
// biome-ignore lint/suspicious/noExplicitAny: answers inspected member by member
type Json = any;
const call = (id: number | string, name: string, ms: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: { ms, pad: 'x'.repeat(5000) } },
});
const post = (origin: string, body: unknown) =>
  fetch(`${origin}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });

describe('MCP messages in the pool', () => {
  it("stops a tool's call at the tool's own deadline (timeoutMs), answered with the call's id", async () => {
    const server = await listen(createService(definition, testConfig({ callTimeoutMs: 10_000 })));
    try {
      // `brief` has a deadline of its own, 800 ms; the call would spin for 5 s.
      const stuck = await post(server.origin, call(7, 'brief', 5000));
      expect(stuck.status).toBe(503);
      expect(await stuck.json()).toMatchObject({
        jsonrpc: '2.0',
        id: 7,
        error: { code: -32000, data: { code: 'deadline_exceeded', limit_ms: 800 } },
      });
    } finally {
      await server.close();
    }
  });

  it('answers each request of a message that arrives while the service stops with its own id', async () => {
    const config = testConfig();
    const runtime = createRuntime(config, 'kit-heavy', '1.0.0');
    const server = await listen(createService(definition, config, { runtime }));
    try {
      await runtime.close();
      const alone = await post(server.origin, call(3, 'spin', 0));
      expect(alone.status).toBe(503);
      expect(alone.headers.get('retry-after')).toBe('1');
      expect(await alone.json()).toMatchObject({
        jsonrpc: '2.0',
        id: 3,
        error: { code: -32000, data: { status: 503, code: 'shutting_down' } },
      });
      // A 2025-03-26 batch (no version header): one error per request, in order, each with its id.
      const batch: Json = await (
        await post(server.origin, [call(1, 'spin', 0), call('b', 'spin', 0)])
      ).json();
      expect(batch.map((reply: Json) => [reply.id, reply.error.data.code])).toEqual([
        [1, 'shutting_down'],
        ['b', 'shutting_down'],
      ]);
    } finally {
      await server.close();
    }
  });
});
