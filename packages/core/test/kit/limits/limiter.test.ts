import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type Admission,
  type ClientIdentity,
  createMemoryStore,
  createRateLimiter,
  isProblemError,
  parseTrustedProxies,
  type RateLimiter,
} from '../../../src/index.js';

const sha = (key: string) => createHash('sha256').update(key).digest('hex');
const apiKeys = new Map([
  [sha('pro-key-1'), 'pro'],
  [sha('team-key'), 'team'],
]);
let clock = 1_700_000_000_000;

function makeLimiter(plans = { free: 3, pro: 'unlimited' as const }) {
  return createRateLimiter({
    plans,
    store: createMemoryStore(),
    apiKeys,
    trustedProxies: parseTrustedProxies([]),
    now: () => clock,
  });
}

/** What a check comes to, its refusal included (a decision may come at once or as a promise). */
const settled = (decision: unknown) => Promise.resolve(decision).catch((error: unknown) => error);

const request = (headers: Record<string, string | undefined> = {}, remoteAddress = '203.0.113.9') => ({
  remoteAddress,
  header: (name: string) => headers[name],
});

type Decision = Admission & { plan: string };

/**
 * One request's first call as the kit's call stage decides it: who the client is, then one token —
 * at once when both come at once (an in-process store and no unknown key), else a promise.
 */
function check(limiter: RateLimiter, of: ReturnType<typeof request>): Decision | Promise<Decision> {
  const decide = (client: ClientIdentity): Decision | Promise<Decision> => {
    const admission = limiter.take(client);
    return admission instanceof Promise
      ? admission.then((taken) => ({ plan: client.plan, ...taken }))
      : { plan: client.plan, ...admission };
  };
  const client = limiter.identify(of);
  return client instanceof Promise ? client.then(decide) : decide(client);
}

describe('the rate limiter', () => {
  it('states the budget on every limited response and refuses the request over it with 429', async () => {
    const limiter = makeLimiter();
    const outcomes = [];
    for (let i = 0; i < 4; i++) outcomes.push(await check(limiter, request()));
    expect(outcomes.map((o) => o.headers.RateLimit)).toEqual([
      '"free";r=2;t=20',
      '"free";r=1;t=40',
      '"free";r=0;t=60',
      '"free";r=0;t=60',
    ]);
    expect(outcomes[0]!.headers['RateLimit-Policy']).toBe('"free";q=3;w=60');
    expect(outcomes.slice(0, 3).every((o) => o.refused === undefined)).toBe(true);
    const refused = outcomes[3]!.refused!;
    expect(refused.status).toBe(429);
    expect(refused.code).toBe('rate_limited');
    expect(refused.headers).toEqual({ 'Retry-After': '20' });
    expect(refused.detail).toBe('The free plan allows 3 requests per 60 s; retry in 20 s.');
  });

  it('counts per client address', async () => {
    const limiter = makeLimiter();
    for (let i = 0; i < 3; i++) await check(limiter, request({}, '198.51.100.1'));
    expect((await check(limiter, request({}, '198.51.100.1'))).refused).toBeDefined();
    expect((await check(limiter, request({}, '198.51.100.2'))).refused).toBeUndefined();
  });

  it('lets a pro key through without RateLimit headers while its IP is limited', async () => {
    const limiter = makeLimiter();
    for (let i = 0; i < 4; i++) await check(limiter, request());
    for (const headers of [
      { authorization: 'Bearer pro-key-1' },
      { 'x-api-key': 'pro-key-1' },
      { authorization: 'bearer   pro-key-1' },
    ]) {
      expect(await check(limiter, request(headers))).toEqual({
        plan: 'pro',
        headers: {},
        refused: undefined,
      });
    }
  });

  it('limits a plan it does not list like free, counted per key', async () => {
    const limiter = makeLimiter();
    for (let i = 0; i < 3; i++)
      expect((await check(limiter, request({ 'x-api-key': 'team-key' }))).refused).toBeUndefined();
    const fourth = await check(limiter, request({ 'x-api-key': 'team-key' }));
    expect(fourth.plan).toBe('team');
    expect(fourth.refused?.status).toBe(429);
    expect((await check(limiter, request())).refused).toBeUndefined(); // the IP's own budget is untouched
  });

  it.each([
    ['an unknown bearer key', { authorization: 'Bearer sk_live_unknown' }],
    ['an unknown X-API-Key', { 'x-api-key': 'sk_live_unknown' }],
    ['an empty bearer key', { authorization: 'Bearer ' }],
    ['two different keys', { authorization: 'Bearer pro-key-1', 'x-api-key': 'team-key' }],
  ])('answers 401 for %s, before counting and even when the IP is limited', async (_name, headers) => {
    const limiter = makeLimiter();
    for (let i = 0; i < 4; i++) await check(limiter, request());
    const error = await settled(check(limiter, request(headers)));
    expect(isProblemError(error) && error.status === 401 && error.code === 'invalid_api_key').toBe(true);
    expect(JSON.stringify(error)).not.toContain('sk_live_unknown');
    expect((error as Error).message).not.toContain('sk_live_unknown');
  });

  it('counts unknown keys per client: after 10 a minute, 429 instead of 401, the key never repeated', async () => {
    const limiter = makeLimiter();
    const outcomes: Array<number | undefined> = [];
    for (let i = 0; i < 12; i++) {
      const error = await settled(check(limiter, request({ 'x-api-key': `sk_guess_${i}` }, '198.51.100.7')));
      outcomes.push(isProblemError(error) ? error.status : undefined);
    }
    expect(outcomes).toEqual([...Array(10).fill(401), 429, 429]);
    const refused = await settled(check(limiter, request({ 'x-api-key': 'sk_guess_x' }, '198.51.100.7')));
    expect(isProblemError(refused) && refused.toProblem()).toMatchObject({
      status: 429,
      code: 'rate_limited',
      plan: 'failed_keys',
      limit: 10,
      window_s: 60,
    });
    expect(JSON.stringify((refused as { toProblem(): unknown }).toProblem())).not.toContain('sk_guess');
    // Another client, and this client's own requests without a key, are not affected.
    expect(
      (
        (await settled(check(limiter, request({ 'x-api-key': 'sk_guess_y' }, '198.51.100.8')))) as {
          status: number;
        }
      ).status,
    ).toBe(401);
    expect((await check(limiter, request({}, '198.51.100.7'))).refused).toBeUndefined();
    clock += 60_000;
    expect(
      (
        (await settled(check(limiter, request({ 'x-api-key': 'sk_guess_z' }, '198.51.100.7')))) as {
          status: number;
        }
      ).status,
    ).toBe(401);
  });

  it('ignores another Authorization scheme', async () => {
    const limiter = makeLimiter();
    expect((await check(limiter, request({ authorization: 'Basic dXNlcjpwYXNz' }))).plan).toBe('free');
  });

  it('refills with time', async () => {
    const limiter = makeLimiter();
    for (let i = 0; i < 4; i++) await check(limiter, request({}, '192.0.2.50'));
    clock += 20_000;
    expect((await check(limiter, request({}, '192.0.2.50'))).refused).toBeUndefined();
  });

  it('decides at once with the in-memory store, and the same as a store that answers later', async () => {
    const inMemory = makeLimiter();
    const memory = createMemoryStore();
    const later = createRateLimiter({
      plans: { free: 3, pro: 'unlimited' },
      // Only the asynchronous consume, as the Redis store has.
      store: { state: 'ok', consume: (...args) => memory.consume(...args), close: () => memory.close() },
      apiKeys,
      trustedProxies: parseTrustedProxies([]),
      now: () => clock,
    });
    for (let i = 0; i < 4; i++) {
      const now = check(inMemory, request({}, '192.0.2.77'));
      const promised = check(later, request({}, '192.0.2.77'));
      expect(now).not.toBeInstanceOf(Promise);
      expect(promised).toBeInstanceOf(Promise);
      expect(now).toEqual(await promised);
    }
    // The clients of the peer addresses it remembers stay apart.
    expect((check(inMemory, request({}, '192.0.2.78')) as Decision).refused).toBeUndefined();
  });
});
