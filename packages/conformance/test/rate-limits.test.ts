// docs/conventions.md §7 end to end on a real service (G): the budget is one per client whatever the surface,
// and replicas on one Redis share it — also across a Redis outage (fail open) and its return.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { listen, MCP_MAX_BATCH, testConfig } from '@dus/core';
import { hasRedisServer, type RedisServer, startRedisServer, startServerProcess } from '@dus/testing';
import { afterAll, describe, expect, it } from 'vitest';
import type { Json } from './helpers/services.js';

const G = join(import.meta.dirname, '..', '..', '..', 'services', 'g-canonical');
const BASE = '/canonical-digest-api';
const { createApp } = await import(pathToFileURL(join(G, 'dist', 'app.js')).href);

const digest = (origin: string, headers: Record<string, string> = {}) =>
  fetch(`${origin}${BASE}/v1/digest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: '{"text":"a"}',
  });
const toolCall = (origin: string) =>
  fetch(`${origin}${BASE}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'digest', arguments: { text: 'a' } },
    }),
  });

describe('RATE_LIMIT_PER_MINUTE=5 on G', () => {
  it('gives the 6th request a 429 with the headers, over REST and MCP alike; /health is never limited', async () => {
    for (const sixth of [digest, toolCall]) {
      const server = await listen(createApp(testConfig({ rateLimitPerMinute: 5 })));
      try {
        const first = await digest(server.origin);
        expect(first.status).toBe(200);
        expect(first.headers.get('ratelimit-policy')).toBe('"free";q=5;w=60');
        expect(first.headers.get('ratelimit')).toBe('"free";r=4;t=12');
        for (const call of [toolCall, digest, toolCall, digest])
          expect((await call(server.origin)).status).toBe(200);
        const refused = await sixth(server.origin);
        expect(refused.status).toBe(sixth === digest ? 429 : 200);
        expect(refused.headers.get('retry-after')).toBe('12');
        expect(refused.headers.get('ratelimit')).toBe('"free";r=0;t=60');
        const problem = { status: 429, code: 'rate_limited', plan: 'free', limit: 5, retry_after_s: 12 };
        if (sixth === digest) {
          expect(refused.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
          expect(await refused.json()).toMatchObject(problem);
        } else {
          // A refused tool call is the JSON-RPC error of that call, carrying the same problem, as every
          // call of a batch is: the message itself was taken.
          expect(refused.headers.get('content-type')).toBe('application/json; charset=utf-8');
          expect(await refused.json()).toMatchObject({
            jsonrpc: '2.0',
            id: 1,
            error: { code: -32000, data: problem },
          });
        }
        const health = await fetch(`${server.origin}${BASE}/health`);
        expect(health.status).toBe(200);
        expect(health.headers.get('ratelimit')).toBeNull();
      } finally {
        await server.close();
      }
    }
  });
});

const batch = (size: number) =>
  Array.from({ length: size }, (_, id) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'digest', arguments: { text: `a${id}` } },
  }));
const postMcp = (origin: string, body: unknown) =>
  fetch(`${origin}${BASE}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });

describe('the operation call is the unit (RATE_LIMIT_PER_MINUTE=2 on G, the production server)', () => {
  it('a batch of 50 tool calls runs 2; the other 48 are JSON-RPC errors carrying the 429 problem', async () => {
    const server = await listen(createApp(testConfig({ rateLimitPerMinute: 2 })));
    try {
      const reply = await postMcp(server.origin, batch(50));
      expect(reply.status).toBe(200);
      expect(reply.headers.get('ratelimit')).toBe('"free";r=0;t=60');
      const answers = (await reply.json()) as Array<{ id: number; result?: unknown; error?: Json }>;
      expect(answers.map((answer) => answer.id)).toEqual([...Array(50).keys()]);
      expect(answers.filter((answer) => answer.result !== undefined).map((answer) => answer.id)).toEqual([
        0, 1,
      ]);
      for (const answer of answers.slice(2)) {
        expect(answer.error).toMatchObject({
          code: -32000,
          data: { status: 429, code: 'rate_limited', plan: 'free', limit: 2, request_id: expect.any(String) },
        });
      }
      // The next request of the minute: every call refused alike, protocol messages still answered.
      const again = await postMcp(server.origin, [...batch(3), { jsonrpc: '2.0', id: 'p', method: 'ping' }]);
      expect(again.status).toBe(200);
      const later = (await again.json()) as Array<{ id: number | string; result?: unknown; error?: Json }>;
      expect(later.map((answer) => answer.error?.data?.code ?? 'ok')).toEqual([
        'rate_limited',
        'rate_limited',
        'rate_limited',
        'ok',
      ]);
    } finally {
      await server.close();
    }
  });

  it(`a batch of 5,000 is refused whole (at most ${MCP_MAX_BATCH} messages), running nothing`, async () => {
    const server = await listen(createApp(testConfig({ rateLimitPerMinute: 2 })));
    try {
      const reply = await postMcp(server.origin, batch(5000));
      expect(reply.status).toBe(400);
      expect(await reply.json()).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32600,
          message: `A JSON-RPC batch may hold at most ${MCP_MAX_BATCH} messages; this one holds 5000. Send them in several requests.`,
          data: { status: 400, code: 'batch_too_large', limit: MCP_MAX_BATCH },
        },
      });
      // Nothing ran, so nothing was spent: the whole budget is still there.
      expect((await digest(server.origin)).headers.get('ratelimit')).toBe('"free";r=1;t=30');
    } finally {
      await server.close();
    }
  });
});

const redisAvailable = hasRedisServer() || process.env.REQUIRE_REDIS === '1';
if (!redisAvailable)
  console.log(
    'redis-server not found: the shared rate-limit tests are skipped (apt-get install redis-server)',
  );

describe.skipIf(!redisAvailable)('two G processes on one Redis', () => {
  let redis: RedisServer | undefined;
  const stops: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    await Promise.all(stops.map((stop) => stop()));
    await redis?.stop();
  });

  it('share one budget exactly, stay up while Redis is down (health degraded), and limit again when it returns', async () => {
    redis = (await startRedisServer())!;
    const env = { REDIS_URL: redis.url, RATE_LIMIT_PER_MINUTE: '5', LOG_LEVEL: 'warn' };
    const replicas = await Promise.all(
      [0, 1].map(() => startServerProcess(join(G, 'dist', 'server.js'), env)),
    );
    for (const replica of replicas) stops.push(() => replica.stop());
    const [a, b] = replicas.map((replica) => replica.origin) as [string, string];

    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await digest(i % 2 === 0 ? a : b)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);

    await redis.stop();
    for (const origin of [a, b, a, b]) expect((await digest(origin)).status).toBe(200);
    for (const origin of [a, b]) {
      expect(await (await fetch(`${origin}${BASE}/health`)).json()).toMatchObject({
        status: 'ok',
        rate_limit_store: 'degraded',
      });
    }

    await redis.restart();
    // Requests that failed open carry no RateLimit field; once Redis answers, the replicas count on
    // one fresh budget again: exactly five, then 429.
    const counted: string[] = [];
    const deadline = Date.now() + 10_000;
    for (let i = 0; counted.at(-1) !== '429' && Date.now() < deadline; i++) {
      const res = await digest(i % 2 === 0 ? a : b);
      const field = res.headers.get('ratelimit');
      if (field !== null) counted.push(res.status === 429 ? '429' : field);
    }
    expect(counted).toEqual([
      '"free";r=4;t=12',
      '"free";r=3;t=24',
      '"free";r=2;t=36',
      '"free";r=1;t=48',
      '"free";r=0;t=60',
      '429',
    ]);
    // A replica whose last calls all went to the other one may notice Redis is back a moment later.
    for (const origin of [a, b]) {
      let health: unknown;
      for (const until = Date.now() + 5_000; Date.now() < until; ) {
        health = await (await fetch(`${origin}${BASE}/health`)).json();
        if ((health as { rate_limit_store?: string }).rate_limit_store === 'ok') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(health).toMatchObject({ rate_limit_store: 'ok' });
    }
  });
});
