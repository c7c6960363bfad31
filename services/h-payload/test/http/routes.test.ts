import { describe, expect, it } from 'vitest';
import { app, bothOk, type Json, postJson } from './helpers.js';

describe('every worked example over REST and MCP', () => {
  it('payload-analyze', async () => {
    const body = await bothOk('/api/v1/payload-analyze', 'payload_analyze', {
      payload: { a: 1, b: null, c: { d: [1, 2, { e: '' }] } },
    });
    expect(body).toMatchObject({
      bytes: 41,
      field_count: 5,
      max_depth: 4,
      nulls: 1,
      empty_strings: 1,
      key_bytes: 15,
      bloat_score: 24,
      compression: { gzip_level: 6, brotli_quality: 5 },
    });
  });

  it('field-prune-suggest at 60 and at 20', async () => {
    const payload = { id: 1, debug: { q: 'x' }, _tmp: 1, name: null };
    const at60 = await bothOk('/api/v1/field-prune-suggest', 'field_prune_suggest', { payload });
    expect(at60.suggestions.map((s: Json) => s.path)).toEqual(['/debug', '/name', '/_tmp']);
    expect(at60.suggestions[0]).toMatchObject({ category: 'debug', confidence: 95, bytes_saved: 18 });
    const at20 = await bothOk('/api/v1/field-prune-suggest', 'field_prune_suggest', {
      payload,
      threshold: 20,
    });
    expect(at20.suggestions.map((s: Json) => s.path)).toEqual(['/debug', '/_tmp']);
  });

  it('bandwidth-cost-calc', async () => {
    const body = await bothOk('/api/v1/bandwidth-cost-calc', 'bandwidth_cost_calc', {
      payload_bytes: 200000,
      requests_per_month: 10000000,
      region: 'us-east-1',
    });
    expect(body).toMatchObject({
      monthly_gb: 2000,
      monthly_cost: 171,
      price_per_gb: 0.0855,
      region_group: 'us',
      gb_definition: '1 GB = 10^9 bytes',
    });
  });

  it('bandwidth-cost-calc with a payload: the chosen compression, and gzip and brotli beside it', async () => {
    const payload = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })) };
    const text = JSON.stringify(payload);
    const body = await bothOk('/api/v1/bandwidth-cost-calc', 'bandwidth_cost_calc', {
      payload,
      requests_per_day: 1000,
      region: 'eu',
      provider: 'gcp',
      compression: 'gzip',
    });
    expect(body.bytes_per_request).toBe(body.compressed.gzip.bytes_per_request);
    expect(body.compressed.brotli.bytes_per_request).toBeLessThan(Buffer.byteLength(text));
    expect(body.monthly_gb).toBe((body.bytes_per_request * 30_000) / 1e9);
    expect(body.compression).toEqual({ gzip_level: 6, brotli_quality: 5 });
  });

  it('compare-payloads', async () => {
    const body = await bothOk('/api/v1/compare-payloads', 'compare_payloads', {
      original: { id: 1, debug: { q: 'x' } },
      optimized: { id: 1 },
    });
    expect(body).toMatchObject({ delta_bytes: 18, removed_fields: [{ path: '/debug' }], equivalent: false });
  });
});

describe('bad input → 400 naming the field', () => {
  it.each([
    ['/api/v1/payload-analyze', {}, '/payload'],
    ['/api/v1/payload-analyze', { payload: 1, extra: 2 }, '/extra'],
    ['/api/v1/field-prune-suggest', { payload: {}, threshold: 101 }, '/threshold'],
    ['/api/v1/field-prune-suggest', { payload: {}, threshold: 1.5 }, '/threshold'],
    [
      '/api/v1/bandwidth-cost-calc',
      { payload_bytes: 1, payload: {}, requests_per_month: 1, region: 'us' },
      '/payload',
    ],
    ['/api/v1/bandwidth-cost-calc', { requests_per_month: 1, region: 'us' }, '/payload_bytes'],
    [
      '/api/v1/bandwidth-cost-calc',
      { payload_bytes: 1, requests_per_month: 1, requests_per_day: 1, region: 'us' },
      '/requests_per_day',
    ],
    [
      '/api/v1/bandwidth-cost-calc',
      { payload_bytes: -1, requests_per_month: 1, region: 'us' },
      '/payload_bytes',
    ],
    [
      '/api/v1/bandwidth-cost-calc',
      { payload_bytes: 1, requests_per_month: 1, region: 'us', compression: 'gzip' },
      '/compression',
    ],
    [
      '/api/v1/bandwidth-cost-calc',
      { payload_bytes: 1, requests_per_month: 1, region: 'us', provider: 'oracle' },
      '/provider',
    ],
    ['/api/v1/compare-payloads', { original: 1 }, '/optimized'],
  ])('%s %j → %s', async (path, body, pointer) => {
    const res = await postJson(path, body);
    const json: Json = await res.json();
    expect(res.status).toBe(400);
    expect(json.errors.map((e: Json) => e.path)).toContain(pointer);
  });

  it.each(['xx-east-1', 'europe-west1'])(
    'region %s → 400, errors[0] /region, groups and areas in detail',
    async (region) => {
      const res = await postJson('/api/v1/bandwidth-cost-calc', {
        payload_bytes: 1,
        requests_per_month: 1,
        region,
      });
      const json: Json = await res.json();
      expect(res.status).toBe(400);
      expect(json.errors[0].path).toBe('/region');
      expect(json.detail).toMatch(/us, eu, ap, sa, af, me.*ca, mx, il/);
    },
  );

  it('null is a payload like any other', async () => {
    const res = await postJson('/api/v1/payload-analyze', { payload: null });
    expect(res.status).toBe(200);
  });
});

describe('large and deep documents', () => {
  // Correctness at the limit, not speed: on a loaded two-core machine 10 MiB takes seconds.
  it('a 10 MiB body is analysed; one byte more is 413', { timeout: 30_000 }, async () => {
    const items = [];
    let size = 20;
    for (let i = 0; size < 10 * 1024 * 1024 - 200; i++) {
      const item = { id: i, name: `customer ${i}`, debug: i % 7 === 0 ? { t: i } : null, tags: ['a', 'b'] };
      size += JSON.stringify(item).length + 1;
      items.push(item);
    }
    const body = JSON.stringify({ payload: { items } });
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(10 * 1024 * 1024);
    const res = await app.request('/api/v1/payload-analyze', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(200);
    const json: Json = await res.json();
    expect(json.bytes).toBe(Buffer.byteLength(JSON.stringify({ items })));
    const over = await app.request('/api/v1/payload-analyze', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `${body}${' '.repeat(10 * 1024 * 1024 - Buffer.byteLength(body) + 1)}`,
    });
    expect(over.status).toBe(413);
  });

  it('a payload nested to the depth limit is analysed; one level deeper is 400', async () => {
    const nest = (levels: number) => `{"payload":${'['.repeat(levels)}1${']'.repeat(levels)}}`;
    const ok = await app.request('/api/v1/payload-analyze', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: nest(255),
    });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as Json).max_depth).toBe(255);
    const deep = await app.request('/api/v1/payload-analyze', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: nest(256),
    });
    expect(deep.status).toBe(400);
  });

  it('100,000 distinct paths are audited; one more is 422 too_many_paths on every tool that walks them', {
    timeout: 30_000,
  }, async () => {
    const keyed = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i]));
    const ok = await postJson('/api/v1/payload-analyze', { payload: keyed(100_000) });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as Json).unique_keys).toBe(100_000);
    const payload = keyed(100_001);
    for (const [path, body] of [
      ['/api/v1/payload-analyze', { payload }],
      ['/api/v1/field-prune-suggest', { payload }],
      ['/api/v1/compare-payloads', { original: payload, optimized: {} }],
    ] as const) {
      const res = await postJson(path, body);
      expect(res.status, path).toBe(422);
      expect(await res.json()).toMatchObject({ code: 'too_many_paths', max_paths: 100_000 });
    }
  });
});
