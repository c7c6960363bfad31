// Bounded work, held by the kit for every call (docs/conventions.md §12), proven on the production
// server: the fixture service of @dus/testing (a slow `spin`, a memory-hungry `hog`, both always in the
// worker pool, and an inline `echo`) runs under runService as a child process, and is called over a
// real socket, REST and MCP: a deadline per call, a memory budget per worker, cancellation when the
// client goes away, and a Retry-After that estimates the real wait.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { type Json, repoRoot } from '../helpers/services.js';

const SERVER = join(repoRoot, 'packages', 'testing', 'dist', 'fixture-service', 'server.js');

interface Fixture {
  origin: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** The built fixture server with `env`, once it says it listens (and its threads have loaded). */
async function startFixture(env: Record<string, string>): Promise<Fixture> {
  const child = spawn(process.execPath, [SERVER], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => stderr.push(line));
  const origin = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`fixture exited with ${code}: ${stderr.join('\n')}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const url = /"url":"(http:[^"]+)"/.exec(line)?.[1];
      if (url !== undefined) resolve(url);
    });
  });
  // Ready once every pool thread has loaded the operations.
  for (let i = 0; i < 100 && (await fetch(`${origin}/readyz`)).status !== 200; i++) await sleep(50);
  return {
    origin,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const post = (origin: string, path: string, body: unknown, signal?: AbortSignal) =>
  fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(body),
    ...(signal === undefined ? {} : { signal }),
  });

const toolCall = (origin: string, name: string, args: unknown) =>
  post(origin, '/mcp', { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: args } });

/** The problem an MCP reply carries: a JSON-RPC error's data, or a tool result's error content. */
function mcpProblem(reply: Json): Json {
  if (reply.error !== undefined) return reply.error.data;
  expect(reply.result.isError).toBe(true);
  const texts = (reply.result.content as { text: string }[]).map((item) => item.text);
  return JSON.parse(texts.find((text) => text.startsWith('{'))!);
}

/** `/livez` probe times (ms) taken every 25 ms until `done` settles. */
async function probeWhile(origin: string, done: Promise<unknown>): Promise<number[]> {
  let over = false;
  const end = () => {
    over = true;
  };
  done.then(end, end);
  const probes: number[] = [];
  while (!over) {
    const started = performance.now();
    expect((await fetch(`${origin}/livez`)).status).toBe(200);
    probes.push(performance.now() - started);
    await sleep(25);
  }
  return probes;
}

const LIMITS = { MAX_HEAP_MB: '64', WORKER_THREADS: '1', MAX_HEAVY_INFLIGHT: '2' };

describe('bounded work on the production server', () => {
  it('REST: a call past CALL_TIMEOUT_MS is stopped (503 deadline_exceeded naming the limit), /livez stays fast, the next call runs', async () => {
    const fixture = await startFixture({ ...LIMITS, CALL_TIMEOUT_MS: '3000' });
    try {
      const first: Json = (await (await post(fixture.origin, '/v1/spin', { ms: 10 })).json()) as Json;
      const started = performance.now();
      const stuck = post(fixture.origin, '/v1/spin', { ms: 60_000 });
      const probes = await probeWhile(fixture.origin, stuck);
      const res = await stuck;
      const elapsed = performance.now() - started;
      expect(res.status).toBe(503);
      const problem: Json = (await res.json()) as Json;
      expect(problem).toMatchObject({ status: 503, code: 'deadline_exceeded', limit_ms: 3000 });
      expect(problem.detail).toContain('3000 ms');
      // Answered at the deadline, not when the spin would have ended.
      expect(elapsed).toBeGreaterThanOrEqual(2950);
      expect(elapsed).toBeLessThan(5000);
      probes.sort((a, b) => a - b);
      console.log(`/livez during a stuck spin: ${probes.length} probes, max ${probes.at(-1)!.toFixed(1)} ms`);
      expect(probes.length).toBeGreaterThanOrEqual(10);
      expect(probes[Math.floor(probes.length * 0.9)]!).toBeLessThan(100);
      // The worker was replaced: the next call runs, on another thread.
      const next = await post(fixture.origin, '/v1/spin', { ms: 10 });
      expect(next.status).toBe(200);
      expect(((await next.json()) as Json).thread).not.toBe(first.thread);
      expect((await post(fixture.origin, '/v1/echo', { text: 'still here' })).status).toBe(200);
    } finally {
      await fixture.stop();
    }
  }, 30_000);

  it('REST: a call over the memory budget is 422 too_expensive naming it, and the process answers on', async () => {
    const fixture = await startFixture({ ...LIMITS, CALL_TIMEOUT_MS: '10000' });
    try {
      const res = await post(fixture.origin, '/v1/hog', { mb: 1024 });
      expect(res.status).toBe(422);
      expect(res.headers.get('retry-after')).toBeNull();
      const problem: Json = (await res.json()) as Json;
      expect(problem).toMatchObject({ status: 422, code: 'too_expensive', limit_mb: 64 });
      expect(problem.detail).toContain('64 MB');
      expect(fixture.child.exitCode).toBeNull();
      expect((await fetch(`${fixture.origin}/livez`)).status).toBe(200);
      expect(await (await post(fixture.origin, '/v1/hog', { mb: 8 })).json()).toMatchObject({ arrays: 8 });
      expect((await post(fixture.origin, '/v1/echo', { text: 'x' })).status).toBe(200);
    } finally {
      await fixture.stop();
    }
  }, 30_000);

  it('MCP: the same deadline and memory budget outcomes through tools/call, and the next call runs', async () => {
    const fixture = await startFixture({ ...LIMITS, CALL_TIMEOUT_MS: '3000' });
    try {
      const late = (await (await toolCall(fixture.origin, 'spin', { ms: 60_000 })).json()) as Json;
      expect(mcpProblem(late)).toMatchObject({ code: 'deadline_exceeded', limit_ms: 3000 });
      const fine = (await (await toolCall(fixture.origin, 'spin', { ms: 10 })).json()) as Json;
      expect(fine.result.structuredContent).toMatchObject({ ms: 10 });
      const hungry = (await (await toolCall(fixture.origin, 'hog', { mb: 1024 })).json()) as Json;
      expect(mcpProblem(hungry)).toMatchObject({ code: 'too_expensive', limit_mb: 64 });
      expect(fixture.child.exitCode).toBeNull();
      const after = (await (await toolCall(fixture.origin, 'hog', { mb: 8 })).json()) as Json;
      expect(after.result.structuredContent).toMatchObject({ arrays: 8 });
    } finally {
      await fixture.stop();
    }
  }, 30_000);

  it('a client that goes away mid-call frees its slot within a second (REST and MCP)', async () => {
    const fixture = await startFixture({ ...LIMITS, CALL_TIMEOUT_MS: '60000', MAX_HEAVY_INFLIGHT: '1' });
    try {
      for (const leave of [
        (signal: AbortSignal) => post(fixture.origin, '/v1/spin', { ms: 30_000 }, signal),
        (signal: AbortSignal) =>
          post(
            fixture.origin,
            '/mcp',
            {
              jsonrpc: '2.0',
              id: 1,
              method: 'tools/call',
              params: { name: 'spin', arguments: { ms: 30_000 } },
            },
            signal,
          ),
      ]) {
        const gone = new AbortController();
        const abandoned = leave(gone.signal).catch((error: Error) => error);
        await sleep(500);
        // The one slot is taken: another heavy call is refused.
        expect((await post(fixture.origin, '/v1/spin', { ms: 1 })).status).toBe(503);
        gone.abort();
        expect(await abandoned).toBeInstanceOf(Error);
        await sleep(200);
        // Within a second another heavy call is admitted, and runs at once on a new thread.
        const asked = performance.now();
        const next = await post(fixture.origin, '/v1/spin', { ms: 10 });
        expect(next.status).toBe(200);
        expect(performance.now() - asked).toBeLessThan(5000);
      }
    } finally {
      await fixture.stop();
    }
  }, 60_000);

  it('Retry-After on overloaded is within a factor of 2 of the real wait', async () => {
    const fixture = await startFixture({ ...LIMITS, CALL_TIMEOUT_MS: '10000', MAX_HEAVY_INFLIGHT: '3' });
    const SPIN = 1000;
    try {
      // A few calls teach the pool how long a call takes.
      for (let i = 0; i < 3; i++) {
        expect((await post(fixture.origin, '/v1/spin', { ms: SPIN })).status).toBe(200);
      }
      const ahead = Array.from({ length: 3 }, () => post(fixture.origin, '/v1/spin', { ms: SPIN }));
      await sleep(100);
      const refused = await post(fixture.origin, '/v1/spin', { ms: SPIN });
      const refusedAt = performance.now();
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({ code: 'overloaded' });
      const retryAfter = Number(refused.headers.get('retry-after'));
      // The real wait: until the calls ahead are done and the pool is free again.
      expect((await Promise.all(ahead)).map((res) => res.status)).toEqual([200, 200, 200]);
      const waitS = (performance.now() - refusedAt) / 1000;
      console.log(`Retry-After ${retryAfter} s for a real wait of ${waitS.toFixed(2)} s`);
      expect(retryAfter).toBeGreaterThanOrEqual(waitS / 2);
      expect(retryAfter).toBeLessThanOrEqual(waitS * 2);
    } finally {
      await fixture.stop();
    }
  }, 60_000);
});
