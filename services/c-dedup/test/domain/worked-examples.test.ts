import { describe, expect, it } from 'vitest';
import { batchOptimizer, costAnalyzer, deduplicate, usageAnalytics } from '../../src/domain/index.js';
import { get, read } from './helpers.js';

const dedup = (body: Record<string, unknown>) => {
  const { calls, options } = read.dedup(body);
  return deduplicate(calls, options);
};

describe('request_deduplicator', () => {
  it('the two spellings of one URL are one request; /a/b (no slash) is another', () => {
    const result = dedup({
      requests: [
        get('https://API.example.com:443/a/./b/?utm_source=x&b=2&a=1#top'),
        get('https://api.example.com/a/b/?a=1&b=2'),
        get('https://api.example.com/a/b?a=1&b=2'),
      ],
    });
    expect(result.duplicates.map((d) => [d.index, d.duplicate_of, d.reason])).toEqual([[1, 0, 'identical']]);
    expect(result.stats).toEqual({ total: 3, unique: 2, removed: 1, duplicate_rate: 0.333333 });
  });

  it('two POSTs with reordered JSON members 200 ms apart: a likely_retry, kept unless include_unsafe', () => {
    const requests = [
      {
        method: 'POST',
        url: 'https://x.io/o',
        body: { x: 1, y: [1, 2] },
        timestamp: '2024-03-10T12:00:00.000Z',
      },
      {
        method: 'POST',
        url: 'https://x.io/o',
        body: { y: [1, 2], x: 1 },
        timestamp: '2024-03-10T12:00:00.200Z',
      },
    ];
    const kept = dedup({ requests });
    expect(kept.duplicates).toEqual([
      {
        index: 1,
        id: null,
        duplicate_of: 0,
        fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/),
        delta_ms: 200,
        reason: 'likely_retry',
      },
    ]);
    expect(kept.stats.removed).toBe(0);
    expect(dedup({ requests, include_unsafe: true }).stats.removed).toBe(1);
  });

  it('GETs at 0, 3, 6, 9 s: 3 and 9 removed, 6 the new kept occurrence', () => {
    const result = dedup({ requests: [0, 3, 6, 9].map((s) => get('https://x.io/p', s * 1000)) });
    expect(result.duplicates.map((d) => [d.index, d.duplicate_of, d.delta_ms])).toEqual([
      [1, 0, 3000],
      [3, 2, 3000],
    ]);
  });

  it('Idempotency-Key: same fingerprint removed (any method, no window), different → conflict; keys never match unkeyed', () => {
    const post = (key: string | undefined, body: unknown, t: number) => ({
      method: 'POST',
      url: 'https://x.io/pay',
      body,
      timestamp: t,
      ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
    });
    const result = dedup({
      requests: [
        post('k1', { a: 1 }, 0),
        post('k1', { a: 1 }, 10 ** 9),
        post('k1', { a: 2 }, 1),
        post(undefined, { a: 1 }, 2),
        post('k2', { a: 1 }, 3),
      ],
    });
    expect(result.duplicates.map((d) => [d.index, d.duplicate_of, d.reason])).toEqual([
      [1, 0, 'idempotency_key'],
    ]);
    expect(result.conflicts).toEqual([{ index: 2, id: null, idempotency_key: 'k1', conflicts_with: 0 }]);
  });

  it('credential headers enter the fingerprint but are redacted in unique', () => {
    const result = dedup({
      requests: [
        get('https://x.io/a', 0, { headers: { Authorization: 'Bearer one', Accept: 'application/json' } }),
        get('https://x.io/a', 1, { headers: { authorization: 'Bearer two', accept: 'application/json' } }),
      ],
    });
    expect(result.duplicates).toEqual([]);
    expect(result.unique[0]).toMatchObject({
      headers: { Authorization: '[redacted]', Accept: 'application/json' },
    });
    expect(JSON.stringify(result)).not.toContain('Bearer');
  });
});

describe('batch_optimizer', () => {
  it('25 GETs to /users/1 … /users/25 within 10 ms, max 10: batches of 10, 10, 5; 25 → 3 calls, 88 %', () => {
    const { calls, options } = read.batch({
      requests: Array.from({ length: 25 }, (_, i) =>
        get(`https://api.example.com/users/${i + 1}`, 1000 + Math.floor(i / 3)),
      ),
      max_batch_size: 10,
    });
    const result = batchOptimizer(calls, options);
    expect(result.batches.map((b) => [b.key, b.size])).toEqual([
      ['GET https://api.example.com:443/users/:id', 10],
      ['GET https://api.example.com:443/users/:id', 10],
      ['GET https://api.example.com:443/users/:id', 5],
    ]);
    expect(result).toMatchObject({ calls_before: 25, calls_after: 3, reduction_percent: 88, unbatched: [] });
    expect(result.batches[0]!.request_ids).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('unsafe methods are not batched; a lone request is unbatched; a wait over max_wait_ms splits', () => {
    const { calls, options } = read.batch({
      requests: [
        get('https://a.io/x/1', 0, { id: 'a' }),
        get('https://a.io/x/2', 50, { id: 'b' }),
        { method: 'POST', url: 'https://a.io/x/3' },
        get('https://a.io/x/4', 55),
      ],
    });
    const result = batchOptimizer(calls, options);
    expect(result.batches.map((b) => b.request_ids)).toEqual([['b', 3]]);
    expect(result.unbatched).toEqual(['a', 2]);
  });
});

describe('cost_analyzer', () => {
  const posts = Array.from({ length: 100 }, (_, i) => ({ method: 'POST', url: `https://a.io/e/${i}` }));
  const cost = (body: Record<string, unknown>) => {
    const { calls, options, pricing } = read.cost(body);
    return costAnalyzer(calls, options, pricing);
  };

  it('100 POSTs over 0.003 days → 1,000,000 calls a month → 3.50 on aws-apigw-rest', () => {
    expect(
      cost({ requests: posts, preset: 'aws-apigw-rest', period_days: 0.003 }).monthly_projection.baseline,
    ).toEqual({ calls: 1_000_000, cost: 3.5 });
  });

  it('over 0.0000075 days → 400,000,000 on aws-apigw-http → 300 × 1.00 + 100 × 0.90 = 390.00', () => {
    expect(
      cost({ requests: posts, preset: 'aws-apigw-http', period_days: 0.0000075 }).monthly_projection.baseline,
    ).toEqual({ calls: 400_000_000, cost: 390 });
  });

  it('dedup then batching, per call and llm-batch (batched calls pay half)', () => {
    const requests = [
      ...Array.from({ length: 10 }, (_, i) => get(`https://a.io/u/${i}`, i)),
      get('https://a.io/u/0', 20),
    ];
    const flat = cost({ requests, price_per_call: 0.01 });
    expect(flat.baseline).toEqual({ calls: 11, cost: 0.11 });
    expect(flat.after_dedup).toEqual({ calls: 10, cost: 0.1 });
    expect(flat.after_batching).toEqual({ calls: 1, cost: 0.01 });
    expect(flat.savings).toEqual({ absolute: 0.1, percent: 90.91 });
    const llm = cost({ requests, preset: 'llm-batch', price_per_million: 10000 });
    expect(llm.after_batching).toEqual({ calls: 1, cost: 0.05 });
  });
});

describe('usage_analytics', () => {
  it('percentiles by nearest rank, error rate over requests with a status, status mix', () => {
    const { calls, options } = read.usage({
      requests: Array.from({ length: 10 }, (_, i) =>
        get(`https://a.io/items/${i}`, `2024-03-10T12:00:0${i}Z`, {
          status: i < 2 ? 500 : 200,
          latency_ms: (i + 1) * 10,
          client: `c${i % 3}`,
        }),
      ),
    });
    const result = usageAnalytics(calls, options);
    expect(result.by_endpoint).toEqual([
      {
        endpoint: 'GET /items/:id',
        count: 10,
        share_percent: 100,
        unique_clients: 3,
        duplicate_rate: 0,
        error_rate: 0.2,
        latency_ms: { p50: 50, p90: 90, p95: 100, p99: 100 },
      },
    ]);
    expect(result.status_mix).toEqual({ '1xx': 0, '2xx': 8, '3xx': 0, '4xx': 0, '5xx': 2 });
    expect(result.rates).toMatchObject({
      mean_rps: 1.111111,
      peak_rps: 1,
      peak_second: '2024-03-10T12:00:00.000Z',
    });
    expect(result.hourly![12]).toBe(10);
  });

  it('a burst: seconds above μ + 3σ, consecutive ones merged, end exclusive', () => {
    const requests = [
      ...Array.from({ length: 60 }, (_, s) => get('https://a.io/p', Date.UTC(2024, 0, 1, 0, 0, s))),
      ...Array.from({ length: 40 }, (_, i) =>
        get('https://a.io/q', Date.UTC(2024, 0, 1, 0, 0, 30 + (i % 2))),
      ),
    ];
    const { calls, options } = read.usage({ requests });
    const result = usageAnalytics(calls, options);
    expect(result.bursts).toEqual([
      {
        start: '2024-01-01T00:00:30.000Z',
        end: '2024-01-01T00:00:32.000Z',
        count: 42,
        factor: round(42 / ((100 / 60) * 2)),
      },
    ]);
  });

  it('no timestamps: the time-based members are null', () => {
    const { calls, options } = read.usage({ requests: [get('https://a.io/p')] });
    expect(usageAnalytics(calls, options)).toMatchObject({
      rates: null,
      inter_arrival_ms: null,
      bursts: null,
      hourly: null,
    });
  });
});

const round = (x: number) => Math.round(x * 1e6) / 1e6;
