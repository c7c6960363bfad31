// Heavy calls run in the service's worker-thread pool (docs/conventions.md §11), REST and MCP alike,
// with the same answers and problems as inline; the event loop stays free; the pool's bound is a 503.
import { describe, expect, it } from 'vitest';
import { createRuntime, createService, listen, MCP_MAX_BATCH, testConfig } from '../../dist/index.js';
import { operations } from '../fixtures/heavy-ops.mjs';

const definition = {
  name: 'kit-heavy',
  title: 'Heavy',
  description: 'worker pool tests',
  version: '1.0.0',
  openapi: '3.1' as const,
  operations,
  workerModule: new URL('../fixtures/heavy-ops.mjs', import.meta.url),
};

async function serve<T>(overrides: Parameters<typeof testConfig>[0], run: (origin: string) => Promise<T>) {
  const server = await listen(createService(definition, testConfig(overrides)));
  try {
    return await run(server.origin);
  } finally {
    await server.close();
  }
}
const big = (ms: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ ms, pad: 'x'.repeat(5000), ...extra });
// biome-ignore lint/suspicious/noExplicitAny: answers inspected member by member
type Json = any;
const post = (origin: string, path: string, body: string) =>
  fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body,
  });
const tool = (id: number, args: unknown) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'spin', arguments: args },
});

describe('the heavy-call pool', () => {
  it('holds readiness until every thread has loaded the service when warmed at start-up, not otherwise', async () => {
    const slow = { ...definition, workerModule: new URL('../fixtures/slow-ops.mjs', import.meta.url) };
    const config = testConfig({ workerThreads: 2 });
    const warmed = createRuntime(config, 'kit-heavy', '1.0.0');
    warmed.warmPools = true;
    const started = performance.now();
    createService(slow, config, { runtime: warmed });
    await warmed.warmedUp();
    // Each thread loads the 300 ms module; the two load side by side.
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    await warmed.close();

    const lazy = createRuntime(config, 'kit-heavy', '1.0.0');
    createService(slow, config, { runtime: lazy });
    const asked = performance.now();
    await lazy.warmedUp();
    expect(performance.now() - asked).toBeLessThan(100);
    await lazy.close();
  });

  it('runs a call of heavy size in a worker thread and a small one inline, REST and MCP alike', async () => {
    await serve({}, async (origin) => {
      const small: Json = await (await post(origin, '/spin', '{"ms":0}')).json();
      expect(small).toEqual({ thread: 0, padded: 0 });
      const heavy: Json = await (await post(origin, '/spin', big(0))).json();
      expect(heavy.thread).toBeGreaterThan(0);
      expect(heavy.padded).toBe(5000);
      const reply: Json = await (
        await post(origin, '/mcp', JSON.stringify(tool(1, { ms: 0, pad: 'x'.repeat(5000) })))
      ).json();
      expect(reply.result.structuredContent.thread).toBeGreaterThan(0);
      expect(reply.result.structuredContent.padded).toBe(5000);
    });
  });

  it('runs a call its operation calls heavy by content in a worker, however small: GET, POST and MCP', async () => {
    await serve({}, async (origin) => {
      const thread = async (res: Response) => ((await res.json()) as Json).thread as number;
      expect(await thread(await fetch(`${origin}/where?pool=0`))).toBe(0);
      expect(await thread(await fetch(`${origin}/where?pool=1`))).toBeGreaterThan(0);
      // twice: each GET sends the worker a buffer of its own (a transferred one is gone)
      expect(await thread(await fetch(`${origin}/where?pool=1`))).toBeGreaterThan(0);
      expect(await thread(await post(origin, '/where', '{}'))).toBe(0);
      expect(await thread(await post(origin, '/where', '{"pool":true}'))).toBeGreaterThan(0);
      const call = (args: unknown) => ({ ...tool(1, args), params: { name: 'where', arguments: args } });
      const inline: Json = await (await post(origin, '/mcp', JSON.stringify(call({})))).json();
      expect(inline.result.structuredContent.thread).toBe(0);
      const pooled: Json = await (await post(origin, '/mcp', JSON.stringify(call({ pool: true })))).json();
      expect(pooled.result.structuredContent.thread).toBeGreaterThan(0);
    });
    // and meets the pool's bound like any heavy call
    await serve({ maxHeavyInflight: 0 }, async (origin) => {
      expect((await fetch(`${origin}/where?pool=0`)).status).toBe(200);
      const refused = await fetch(`${origin}/where?pool=1`);
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as Json).code).toBe('overloaded');
    });
  });

  it('answers the problems a worker meets exactly as inline ones', async () => {
    await serve({}, async (origin) => {
      for (const [body, status, code, path] of [
        [big(-1), 400, 'validation_failed', '/ms'],
        [big(0, { zz: 1 }), 400, 'validation_failed', '/zz'],
        [big(13), 422, 'unlucky', undefined],
        [`{"ms":0,"pad":"${'x'.repeat(5000)}`, 400, 'invalid_json', undefined],
      ] as const) {
        const res = await post(origin, '/spin', body);
        expect(res.status).toBe(status);
        const problem: Json = await res.json();
        expect(problem).toMatchObject({ status, code, request_id: res.headers.get('x-request-id') });
        if (path !== undefined)
          expect(problem.errors.map((error: { path: string }) => error.path)).toContain(path);
      }
      const refused: Json = await (
        await post(origin, '/mcp', JSON.stringify(tool(1, { ms: 13, pad: 'x'.repeat(5000) })))
      ).json();
      expect(refused.result.isError).toBe(true);
      expect(JSON.parse(refused.result.content[1].text)).toMatchObject({ status: 422, code: 'unlucky' });
    });
  });

  it('keeps the event loop free: /livez stays fast while heavy calls run', async () => {
    await serve({ workerThreads: 2 }, async (origin) => {
      const heavy = Array.from({ length: 4 }, () => post(origin, '/spin', big(400)));
      const probes: number[] = [];
      for (let i = 0; i < 20; i++) {
        const started = performance.now();
        await fetch(`${origin}/livez`);
        probes.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect((await Promise.all(heavy)).map((res) => res.status)).toEqual([200, 200, 200, 200]);
      expect(Math.max(...probes)).toBeLessThan(100);
    });
  });

  it('refuses a heavy call beyond MAX_HEAVY_INFLIGHT with 503 overloaded and Retry-After, before reading its body', async () => {
    await serve({ workerThreads: 1, maxHeavyInflight: 2 }, async (origin) => {
      const answers = await Promise.all(Array.from({ length: 5 }, () => post(origin, '/spin', big(300))));
      const statuses = answers.map((res) => res.status).sort();
      expect(statuses).toEqual([200, 200, 503, 503, 503]);
      const refused = answers.find((res) => res.status === 503)!;
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await refused.json()).toMatchObject({ status: 503, code: 'overloaded', title: 'Overloaded' });
      // Small calls never wait for the pool.
      expect((await post(origin, '/spin', '{"ms":0}')).status).toBe(200);
    });
  });

  it('runs a batch of heavy size in the worker, each further call still taking its rate-limit token', async () => {
    await serve({ rateLimitPerMinute: 2 }, async (origin) => {
      const batch = Array.from({ length: 4 }, (_, id) => tool(id, { ms: 0, pad: 'x'.repeat(2000) }));
      expect(batch.length).toBeLessThan(MCP_MAX_BATCH);
      const res = await post(origin, '/mcp', JSON.stringify(batch));
      expect(res.status).toBe(200);
      const replies: Json = await res.json();
      expect(replies.filter((reply: { result?: unknown }) => reply.result).length).toBe(2);
      expect(replies[0].result.structuredContent.thread).toBeGreaterThan(0);
      expect(replies[3].error).toMatchObject({ code: -32000, data: { status: 429, code: 'rate_limited' } });
    });
  });

  it('answers 422 too_expensive naming the budget when a call outgrows its worker (MAX_HEAP_MB), and runs on', async () => {
    await serve({ workerThreads: 1, maxHeapMb: 64 }, async (origin) => {
      const pad = 'x'.repeat(5000);
      const res = await post(origin, '/hog', JSON.stringify({ mb: 400, pad }));
      expect(res.status).toBe(422);
      expect(res.headers.get('retry-after')).toBeNull();
      expect(await res.json()).toMatchObject({ code: 'too_expensive', title: 'Too expensive', limit_mb: 64 });
      const after: Json = await (await post(origin, '/hog', JSON.stringify({ mb: 1, pad }))).json();
      expect(after).toEqual({ objects: 20_000 });
    });
  });

  it('stops a call past its deadline by replacing its worker (503 deadline_exceeded), and the calls waiting behind it run', async () => {
    await serve({ workerThreads: 1, callTimeoutMs: 3000 }, async (origin) => {
      const started = performance.now();
      // `brief` has a deadline of its own (800 ms), below CALL_TIMEOUT_MS; a call waits behind it on the one thread.
      const [stuck, behind] = await Promise.all([
        post(origin, '/brief', big(5000)),
        (async () => {
          await new Promise((resolve) => setTimeout(resolve, 100));
          return post(origin, '/spin', big(10));
        })(),
      ]);
      expect(stuck.status).toBe(503);
      const problem: Json = await stuck.json();
      expect(problem).toMatchObject({ code: 'deadline_exceeded', title: 'Deadline exceeded', limit_ms: 800 });
      expect(problem.detail).toContain('800 ms');
      // The waiting call found a new thread (the pool starts threads on demand here), within its own deadline.
      expect(behind.status).toBe(200);
      expect(((await behind.json()) as Json).thread).toBeGreaterThan(0);
      // (not after the 5 s spin the stuck one would have taken)
      expect(performance.now() - started).toBeLessThan(2900);
      // CALL_TIMEOUT_MS caps every call.
      const capped = await post(origin, '/spin', big(5000));
      expect(capped.status).toBe(503);
      expect(await capped.json()).toMatchObject({ code: 'deadline_exceeded', limit_ms: 3000 });
    });
  });

  it('cancels a pool call whose client goes away: its slot is free at once', async () => {
    await serve({ workerThreads: 1, maxHeavyInflight: 1 }, async (origin) => {
      const gone = new AbortController();
      const abandoned = fetch(`${origin}/spin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: big(5000),
        signal: gone.signal,
      }).catch((error: Error) => error);
      await new Promise((resolve) => setTimeout(resolve, 300));
      gone.abort();
      expect(await abandoned).toBeInstanceOf(Error);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const asked = performance.now();
      // Within a second of the client leaving, another heavy call is admitted (not 503) and runs.
      const next = await post(origin, '/spin', big(10));
      expect(next.status).toBe(200);
      // and runs on a new thread at once, not after the abandoned spin's 5 s
      expect(performance.now() - asked).toBeLessThan(3000);
    });
  });
});
