import { describe, expect, it } from 'vitest';
import { app, bothOk, type Json, postJson } from './helpers.js';

const get = (url: string, timestamp?: string | number) => ({
  method: 'GET',
  url,
  ...(timestamp === undefined ? {} : { timestamp }),
});

describe('the worked examples over REST and MCP', () => {
  it('request_deduplicator', async () => {
    const body = await bothOk('/api/v1/request_deduplicator', 'request_deduplicator', {
      requests: [
        get('https://API.example.com:443/a/./b/?utm_source=x&b=2&a=1#top'),
        get('https://api.example.com/a/b/?a=1&b=2'),
        get('https://api.example.com/a/b'),
      ],
    });
    expect(body.stats).toEqual({ total: 3, unique: 2, removed: 1, duplicate_rate: 0.333333 });
  });

  it('batch_optimizer', async () => {
    const body = await bothOk('/api/v1/batch_optimizer', 'batch_optimizer', {
      requests: Array.from({ length: 25 }, (_, i) =>
        get(`https://api.example.com/users/${i + 1}`, `2024-03-10T12:00:00.00${Math.floor(i / 3)}Z`),
      ),
      max_batch_size: 10,
    });
    expect(body.batches.map((b: Json) => b.size)).toEqual([10, 10, 5]);
    expect(body.reduction_percent).toBe(88);
    expect(body.batches[0].start).toBe('2024-03-10T12:00:00.000Z');
  });

  it('cost_analyzer', async () => {
    const requests = Array.from({ length: 100 }, (_, i) => ({ method: 'POST', url: `https://a.io/e/${i}` }));
    const rest = await bothOk('/api/v1/cost_analyzer', 'cost_analyzer', {
      requests,
      preset: 'aws-apigw-rest',
      period_days: 0.003,
    });
    expect(rest.monthly_projection.baseline).toEqual({ calls: 1000000, cost: 3.5 });
    const http = await bothOk('/api/v1/cost_analyzer', 'cost_analyzer', {
      requests,
      preset: 'aws-apigw-http',
      period_days: 0.0000075,
    });
    expect(http.monthly_projection.baseline.cost).toBe(390);
  });

  it('usage_analytics', async () => {
    const body = await bothOk('/api/v1/usage_analytics', 'usage_analytics', {
      requests: [get('https://a.io/u/1', 0), get('https://a.io/u/1', 1000)],
    });
    expect(body.by_endpoint[0]).toMatchObject({ endpoint: 'GET /u/:id', count: 2, duplicate_rate: 0.5 });
  });
});

describe('standard endpoints under /api-request-deduplicator, operations under /api/v1', () => {
  it('health, version with the plan, OpenAPI with info x-plan', async () => {
    expect((await app.request('/api-request-deduplicator/health')).status).toBe(200);
    const version: Json = await (await app.request('/api-request-deduplicator/version')).json();
    expect(version.plan).toEqual({ tier: 'A', price: 9.99, currency: 'USD', period: 'month' });
    const doc: Json = await (await app.request('/api-request-deduplicator/openapi.json')).json();
    expect(doc.info['x-plan']).toEqual(version.plan);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/request_deduplicator',
        '/api-request-deduplicator/health',
        '/api-request-deduplicator/mcp',
      ]),
    );
    expect((await app.request('/health')).status).toBe(404);
  });
});

describe('bad input → 400 naming the item', () => {
  it.each([
    [{ requests: [] }, '/requests'],
    [{ requests: [{ method: 'GET', url: '/relative' }] }, '/requests/0/url'],
    [{ requests: [get('https://a.io/'), { method: 'GE T', url: 'https://a.io/' }] }, '/requests/1/method'],
    [{ requests: [get('https://a.io/', '2024-03-10T12:00:00')] }, '/requests/0/timestamp'],
    [{ requests: [get('https://a.io/', '2024-02-30T12:00:00Z')] }, '/requests/0/timestamp'],
    [{ requests: [get('https://a.io/', 1.5)] }, '/requests/0/timestamp'],
    [{ requests: [get('https://a.io/', 8_640_000_000_000_000)] }, '/requests/0/timestamp'],
    [{ requests: [get('https://a.io/', '0050-01-01T00:00:00Z')] }, '/requests/0/timestamp'],
    [{ requests: [get('https://a.io/', '2024-03-10')] }, '/requests/0/timestamp'],
    [{ requests: [{ ...get('https://a.io/'), status: 99 }] }, '/requests/0/status'],
    [{ requests: [{ ...get('https://a.io/'), extra: 1 }] }, '/requests/0/extra'],
    [{ requests: [get('https://a.io/')], window_ms: -1 }, '/window_ms'],
    [{ requests: [get('https://a.io/')], max_batch_size: 5 }, '/max_batch_size'],
  ])('request_deduplicator %j → %s', async (body, path) => {
    const res = await postJson('/api/v1/request_deduplicator', body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).errors.map((e: Json) => e.path)).toContain(path);
  });

  it('usage_analytics: a timestamp Date cannot hold is a 400, the first and last accepted ones a 200', async () => {
    const refused = await postJson('/api/v1/usage_analytics', {
      requests: [get('https://a.io/', 8_640_000_000_000_000)],
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Json).errors[0]).toMatchObject({
      path: '/requests/0/timestamp',
      code: 'invalid_timestamp',
    });
    const edges = ['1000-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z', Date.UTC(9999, 11, 31, 23, 59, 59)];
    const res = await postJson('/api/v1/usage_analytics', {
      requests: edges.map((time) => get('https://a.io/', time)),
    });
    expect(res.status).toBe(200);
  });

  it('more than 1,000 headers on a call → 400 too_many_headers at its headers', async () => {
    const headers = Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`h${i}`, '']));
    const res = await postJson('/api/v1/request_deduplicator', {
      requests: [{ ...get('https://a.io/'), headers }],
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).errors[0]).toMatchObject({
      path: '/requests/0/headers',
      code: 'too_many_headers',
    });
  });

  it('more than 100,000 requests → 400 at /requests', async () => {
    const res = await postJson('/api/v1/usage_analytics', {
      requests: Array.from({ length: 100_001 }, () => ({ method: 'GET', url: 'https://a.io/' })),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).errors[0].path).toBe('/requests');
  });

  it.each([
    [{}, '/price_per_call'],
    [{ price_per_call: 1, price_per_million: 1 }, '/price_per_million'],
    [{ preset: 'aws-apigw-http', price_per_call: 1 }, '/price_per_call'],
    [{ price_per_call: 1, period_days: 0 }, '/period_days'],
    [{ price_per_call: 1, period_days: 5e-324 }, '/period_days'],
    [{ price_per_call: 1e300 }, '/price_per_call'],
    [{ price_per_million: 1e-300 }, '/price_per_million'],
  ])('cost_analyzer pricing %j → 400 %s', async (pricing, path) => {
    const res = await postJson('/api/v1/cost_analyzer', { requests: [get('https://a.io/')], ...pricing });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).errors.map((e: Json) => e.path)).toContain(path);
  });

  it('llm-batch without a price → 422 missing_price', async () => {
    const res = await postJson('/api/v1/cost_analyzer', {
      requests: [get('https://a.io/')],
      preset: 'llm-batch',
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as Json).code).toBe('missing_price');
  });
});
