// docs/conventions.md §7 for D: free 200 requests a minute per client IP (burst 200), pro unlimited with a key,
// an unknown key 401 even on a limited IP; two replicas on one real Redis share the 200 exactly.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { listen } from '@dus/core';
import { hasRedisServer, type RedisServer, startRedisServer, startServerProcess } from '@dus/testing';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type Json, makeApp } from './helpers.js';

// Hundreds of requests, a Redis and two server processes started inside the tests: seconds on busy cores.
vi.setConfig({ testTimeout: 60_000 });

const PRO_KEY = 'd-pro-key-for-tests';
const apiKeys = new Map([[createHash('sha256').update(PRO_KEY).digest('hex'), 'pro']]);
const EAN = '/generate?type=ean13&data=400638133393';

describe('free and pro plans', () => {
  it('lets a new client spend 200 at once, refuses the 201st with the headers, lets a pro key through', async () => {
    // A frozen clock: GCRA refills one request every 300 ms, so a real clock would let a 201st through.
    const server = await listen(makeApp({ apiKeys }, { limits: { now: () => 1_700_000_000_000 } }));
    try {
      const first = await fetch(`${server.origin}${EAN}`);
      expect(first.headers.get('ratelimit-policy')).toBe('"free";q=200;w=60');
      expect(first.headers.get('ratelimit')).toBe('"free";r=199;t=1');
      const etag = first.headers.get('etag')!;
      // Operation calls count, 304s among them; /version, 404s, /openapi.json and /health never do.
      for (let i = 1; i < 200; i++) {
        const res = await fetch(`${server.origin}${EAN}`, { headers: { 'if-none-match': etag } });
        expect(res.status).toBe(304);
        const other = ['/version', '/nope', '/openapi.json', '/health'][i % 4]!;
        expect((await fetch(`${server.origin}${other}`)).status).not.toBe(429);
      }
      const refused = await fetch(`${server.origin}${EAN}`);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('ratelimit')).toBe('"free";r=0;t=60');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(((await refused.json()) as Json).code).toBe('rate_limited');

      const pro = await fetch(`${server.origin}${EAN}`, { headers: { authorization: `Bearer ${PRO_KEY}` } });
      expect(pro.status).toBe(200);
      expect(pro.headers.get('ratelimit')).toBeNull();
      const wrong = await fetch(`${server.origin}${EAN}`, { headers: { 'x-api-key': 'not-a-key' } });
      expect(wrong.status).toBe(401);
      expect(((await wrong.json()) as Json).code).toBe('invalid_api_key');
    } finally {
      await server.close();
    }
  });

  it('lists both plans in /version', async () => {
    const version: Json = await (await makeApp().request('/version')).json();
    expect(version.plans).toEqual([
      { name: 'free', requests_per_minute: 200, price_per_month: 0 },
      { name: 'pro', requests_per_minute: null, price_per_month: 9, currency: 'USD' },
    ]);
  });
});

const redisAvailable = hasRedisServer() || process.env.REQUIRE_REDIS === '1';
if (!redisAvailable)
  console.log('redis-server not found: the shared-limit test of D is skipped (apt-get install redis-server)');

describe.skipIf(!redisAvailable)('two D processes on one Redis', () => {
  let redis: RedisServer | undefined;
  const stops: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    await Promise.all(stops.map((stop) => stop()));
    await redis?.stop();
  });

  it('share the 200: one budget for both (GCRA refills one request per 300 ms meanwhile)', async () => {
    redis = (await startRedisServer())!;
    const env = { REDIS_URL: redis.url, LOG_LEVEL: 'warn' };
    const file = join(import.meta.dirname, '..', '..', 'dist', 'server.js');
    const replicas = await Promise.all([startServerProcess(file, env), startServerProcess(file, env)]);
    for (const replica of replicas) stops.push(() => replica.stop());
    const started = Date.now();
    const statuses = await Promise.all(
      Array.from({ length: 260 }, (_, i) =>
        fetch(`${replicas[i % 2]!.origin}${EAN}`).then((res) => res.status),
      ),
    );
    const refilled = Math.ceil((Date.now() - started) / 300);
    const allowed = statuses.filter((status) => status === 200).length;
    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect(allowed).toBeGreaterThanOrEqual(200);
    expect(allowed).toBeLessThanOrEqual(200 + refilled);
  });
});
