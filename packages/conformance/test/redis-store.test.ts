// Core's shared rate-limit store against a real redis-server (Debian's package), started on a free port
// per file. It lives here, not in packages/core/test, because the server helper is in @dus/testing,
// which depends on @dus/core (a dev dependency back would be a cycle).
import { createRedisStore } from '@dus/core';
import { hasRedisServer, type RedisServer, startRedisServer } from '@dus/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const available = hasRedisServer() || process.env.REQUIRE_REDIS === '1';
if (!available)
  console.log('redis-server not found: the Redis store tests are skipped (apt-get install redis-server)');

describe.skipIf(!available)('the Redis store', () => {
  let redis: RedisServer;
  const warnings: string[] = [];
  const infos: string[] = [];
  const logger = {
    warn: (_: object, message: string) => warnings.push(message),
    info: (_: object, message: string) => infos.push(message),
  };
  const policy = { plan: 'free', quota: 5, windowSeconds: 60 };

  beforeAll(async () => {
    redis = (await startRedisServer())!;
  });
  afterAll(() => redis?.stop());

  it('gives two replicas (two connections) one budget, exactly', async () => {
    const a = createRedisStore({ url: redis.url, prefix: 'test:shared:', logger });
    const b = createRedisStore({ url: redis.url, prefix: 'test:shared:', logger });
    const decisions = [];
    for (let i = 0; i < 6; i++) decisions.push(await (i % 2 === 0 ? a : b).consume('203.0.113.9', policy, 0));
    expect(decisions.map((d) => [d.allowed, d.remaining])).toEqual([
      [true, 4],
      [true, 3],
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect(decisions[0]!.resetSeconds).toBe(12);
    expect(decisions[5]!.retryAfterSeconds).toBe(12);
    await Promise.all([a.close(), b.close()]);
  });

  it('fails open while Redis is down (logging once), and applies limits again when it is back', async () => {
    const store = createRedisStore({ url: redis.url, prefix: 'test:outage:', logger, commandTimeoutMs: 200 });
    for (let i = 0; i < 5; i++) await store.consume('198.51.100.7', policy, 0);
    expect((await store.consume('198.51.100.7', policy, 0)).allowed).toBe(false);
    expect(store.state).toBe('ok');

    await redis.stop();
    for (let i = 0; i < 20; i++) expect((await store.consume('198.51.100.7', policy, 0)).allowed).toBe(true);
    expect(store.state).toBe('degraded');
    expect(warnings).toEqual(['rate-limit store unreachable: limits fail open until it answers again']);

    await redis.restart();
    await expect
      .poll(
        async () => (await store.consume('198.51.100.7', policy, 0)).allowed === true && store.state === 'ok',
        {
          timeout: 5_000,
          interval: 50,
        },
      )
      .toBe(true);
    expect(infos).toContain('rate-limit store reachable again: limits apply');
    // The restarted Redis is empty: a fresh budget of five, then refusals again.
    let allowed = 1;
    while ((await store.consume('198.51.100.7', policy, 0)).allowed) allowed++;
    expect(allowed).toBe(5);
    await store.close();
  });
});
