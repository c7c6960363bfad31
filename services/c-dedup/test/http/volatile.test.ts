// volatile_fields over a real socket: REST and the MCP SDK client answer alike, inline and (from 1 MiB)
// in the worker pool, which loads the built operations from dist/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socketSession } from './helpers.js';

let s: Awaited<ReturnType<typeof socketSession>>;
beforeAll(async () => {
  s = await socketSession();
});
afterAll(() => s.close());

const payment = (i: number) => ({
  method: 'POST',
  url: 'https://x.io/pay',
  body: { amount: 500, currency: 'USD', nonce: `n${i}`, ts: 1700000000 + i },
  timestamp: i * 100,
});

describe('volatile_fields', () => {
  it('the worked example: /nonce 3, /ts 3; with exclude [] and the 2nd and 3rd are likely retries', async () => {
    const requests = [0, 1, 2].map(payment);
    const body = await s.both('request_deduplicator', { requests });
    expect(body.volatile_fields).toEqual([
      { pointer: '/nonce', count: 3 },
      { pointer: '/ts', count: 3 },
    ]);
    const excluded = await s.both('request_deduplicator', {
      requests,
      fingerprint: { exclude: ['/nonce', '/ts'] },
    });
    expect(excluded.volatile_fields).toEqual([]);
    expect(excluded.duplicates.map((d: { index: number; reason: string }) => [d.index, d.reason])).toEqual([
      [1, 'likely_retry'],
      [2, 'likely_retry'],
    ]);
  });

  it('12,000 requests (over 1 MiB, in the worker pool): the same answer on REST and MCP', async () => {
    const requests = Array.from({ length: 12_000 }, (_, i) => ({
      ...payment(i),
      body: { amount: i % 2, currency: 'USD', nonce: `n${i}`, pad: 'x'.repeat(40) },
    }));
    expect(JSON.stringify({ requests }).length).toBeGreaterThan(1024 * 1024);
    const body = await s.both('request_deduplicator', { requests, fingerprint: { exclude: ['/pad'] } });
    expect(body.volatile_fields).toEqual([{ pointer: '/nonce', count: 12_000 }]);
    expect(body.stats).toEqual({ total: 12_000, unique: 12_000, removed: 0, duplicate_rate: 0 });
  }, 30_000);
});
