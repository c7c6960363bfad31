// fingerprint.include / exclude over a real socket: REST and the MCP SDK client answer alike; bad
// pointers are 400 validation_failed naming /fingerprint/include/<i> or /fingerprint/exclude/<i>.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socketSession } from './helpers.js';

let s: Awaited<ReturnType<typeof socketSession>>;
beforeAll(async () => {
  s = await socketSession();
});
afterAll(() => s.close());

const requests = [0, 1, 2].map((i) => ({
  method: 'POST',
  url: 'https://x.io/pay',
  body: { amount: 500, currency: 'USD', nonce: `n${i}`, ts: 1700000000 + i },
  timestamp: i * 100,
}));
const fingerprint = { exclude: ['/nonce', '/ts'] };

describe('fingerprint pointers', () => {
  it('request_deduplicator: excluding /nonce and /ts makes the 2nd and 3rd likely retries', async () => {
    const body = await s.both('request_deduplicator', { requests, fingerprint });
    expect(body.duplicates.map((d: { index: number; reason: string }) => [d.index, d.reason])).toEqual([
      [1, 'likely_retry'],
      [2, 'likely_retry'],
    ]);
    const bare = await s.both('request_deduplicator', { requests });
    expect(bare.duplicates).toEqual([]);
  });

  it('cost_analyzer and usage_analytics take it too; include keeps only the named members', async () => {
    const cost = await s.both('cost_analyzer', {
      requests,
      fingerprint: { include: ['/amount', '/currency'] },
      include_unsafe: true,
      price_per_call: 1,
    });
    expect(cost.after_dedup).toEqual({ calls: 1, cost: 1 });
    const usage = await s.both('usage_analytics', { requests, fingerprint, include_unsafe: true });
    expect(usage.by_endpoint[0].duplicate_rate).toBe(0.666667);
  });

  it.each([
    [{ include: ['/amount', 'amount'] }, '/fingerprint/include/1'],
    [{ exclude: ['/a~2'] }, '/fingerprint/exclude/0'],
    [{ exclude: ['/ok', '/~'] }, '/fingerprint/exclude/1'],
    [{ exclude: [`/${'x'.repeat(512)}`] }, '/fingerprint/exclude/0'],
    [{ include: Array.from({ length: 65 }, (_, i) => `/${i}`) }, '/fingerprint/include'],
    [{ exclude: [1] }, '/fingerprint/exclude/0'],
    [{ other: [] }, '/fingerprint/other'],
  ])('%j → 400 at %s, and a tool error', async (bad, path) => {
    const answer = await s.refused('request_deduplicator', { requests, fingerprint: bad });
    expect(answer.status).toBe(400);
    expect(answer.problem.code).toBe('validation_failed');
    expect(answer.problem.errors.map((e: { path: string }) => e.path)).toEqual([path]);
    expect(answer.isError).toBe(true);
  });

  it('names what is wrong with a pointer; 64 pointers of 512 characters are accepted', async () => {
    const answer = await s.refused('request_deduplicator', { requests, fingerprint: { include: ['a'] } });
    expect(answer.problem.errors[0]).toMatchObject({
      path: '/fingerprint/include/0',
      code: 'invalid_pointer',
      message: 'must be empty or start with "/" (RFC 6901)',
    });
    const long = Array.from({ length: 64 }, (_, i) => `/${String(i).padEnd(511, 'x')}`);
    const body = await s.both('request_deduplicator', {
      requests,
      fingerprint: { include: long, exclude: long },
    });
    expect(body.duplicates).toHaveLength(2);
  });

  it('batch_optimizer takes no fingerprint (it has no window_ms)', async () => {
    const answer = await s.refused('batch_optimizer', { requests, fingerprint });
    expect(answer.status).toBe(400);
    expect(answer.problem.errors[0].path).toBe('/fingerprint');
  });
});
