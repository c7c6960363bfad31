// Issue #28 over REST and MCP (bothOk asserts the tool's structured output equals the REST body).
import { describe, expect, it } from 'vitest';
import { app, bothOk, callTool, type Json, postJson } from './helpers.js';

describe('a member named * is ~2 in every path', () => {
  it('field-prune-suggest keeps both suggestions of the reproducer', async () => {
    const body = await bothOk('/api/v1/field-prune-suggest', 'field_prune_suggest', {
      payload: { x: [{ a: { '*': null } }, { a: [{ debug: 1 }] }] },
    });
    expect(body.suggestions.map((s: { path: string }) => s.path)).toEqual(['/x/*/a/*/debug', '/x/*/a/~2']);
    expect(body.pruned_payload).toEqual({ x: [{ a: {} }, { a: [{}] }] });
  });

  it('payload-analyze and compare-payloads keep the paths apart', async () => {
    const analysis = await bothOk('/api/v1/payload-analyze', 'payload_analyze', {
      payload: { a: ['12'], b: { '*': '7' } },
    });
    expect(analysis.numbers_as_strings).toEqual([{ path: '/a/*' }, { path: '/b/~2' }]);
    const comparison = await bothOk('/api/v1/compare-payloads', 'compare_payloads', {
      original: { x: [{ a: { '*': 1 } }, { a: [1] }] },
      optimized: { x: [{ a: { '*': 's' } }, { a: ['s'] }] },
    });
    expect(comparison.changed_types).toEqual([
      { path: '/x/*/a/~2', from: 'number', to: 'string' },
      { path: '/x/*/a/*', from: 'number', to: 'string' },
    ]);
  });
});

describe('compare-payloads lists the members under a type change', () => {
  it('null → {"a":1} adds /a; /flag: null → {"on":true} adds /flag/on', async () => {
    const root = await bothOk('/api/v1/compare-payloads', 'compare_payloads', {
      original: null,
      optimized: { a: 1 },
    });
    expect(root).toMatchObject({
      added_fields: [{ path: '/a' }],
      removed_fields: [],
      changed_types: [{ path: '', from: 'null', to: 'object' }],
    });
    const flag = await bothOk('/api/v1/compare-payloads', 'compare_payloads', {
      original: { flag: null },
      optimized: { flag: { on: true } },
    });
    expect(flag).toMatchObject({
      added_fields: [{ path: '/flag/on' }],
      changed_types: [{ path: '/flag', from: 'null', to: 'object' }],
    });
  });
});

describe('payload-analyze formats and short_keys', () => {
  it('the two worked examples', async () => {
    const first = await bothOk('/api/v1/payload-analyze', 'payload_analyze', {
      payload: { a: 1, b: null, c: { d: [1, 2, { e: '' }] } },
    });
    expect(first.formats).toEqual({ json: 41, cbor: 19, msgpack: 19 });
    expect(first.short_keys).toEqual({ distinct_keys: 5, bytes: 41, saving_bytes: 0, saving_percent: 0 });
    const second = await bothOk('/api/v1/payload-analyze', 'payload_analyze', {
      payload: {
        items: [
          { identifier: 1, description: 'x', debug: true },
          { identifier: 2, description: 'y', debug: false },
        ],
      },
    });
    expect(second.formats).toEqual({ json: 108, cbor: 76, msgpack: 76 });
    expect(second.short_keys).toEqual({
      distinct_keys: 4,
      bytes: 58,
      saving_bytes: 50,
      saving_percent: 46.3,
    });
  });
});

const EXAMPLE = {
  id: 7,
  name: 'Ada',
  debug: { q: 'x' },
  items: [
    { sku: 'A1', price: 9.5, _tmp: 1 },
    { sku: 'B2', price: 12, _tmp: 2 },
  ],
};

describe('apply-mask', () => {
  it('id,items(sku,price) → 67 bytes of 116; !debug,!items/_tmp → 80', async () => {
    const kept = await bothOk('/api/v1/apply-mask', 'apply_mask', {
      payload: EXAMPLE,
      fields: 'id,items(sku,price)',
    });
    expect(kept).toMatchObject({
      masked: {
        id: 7,
        items: [
          { sku: 'A1', price: 9.5 },
          { sku: 'B2', price: 12 },
        ],
      },
      original_bytes: 116,
      masked_bytes: 67,
      delta_bytes: 49,
      delta_percent: 42.24,
      compression: { gzip_level: 6, brotli_quality: 5 },
    });
    expect(kept).not.toHaveProperty('egress');
    expect(kept.gzip.delta_bytes).toBe(kept.gzip.original_bytes - kept.gzip.masked_bytes);
    const dropped = await bothOk('/api/v1/apply-mask', 'apply_mask', {
      payload: EXAMPLE,
      fields: '!debug,!items/_tmp',
    });
    expect(dropped.masked_bytes).toBe(80);
  });

  it('10,000 → 4,000 bytes at 50,000,000 requests a month in us-east-1 on AWS: 36.00 → 9.00, saving 27.00 and 324.00', async () => {
    const payload = { keep: 'k'.repeat(3989), drop: 'd'.repeat(5990) };
    const body = await bothOk('/api/v1/apply-mask', 'apply_mask', {
      payload,
      fields: 'keep',
      traffic: { requests_per_month: 50_000_000, region: 'us-east-1' },
    });
    expect([body.original_bytes, body.masked_bytes]).toEqual([10_000, 4_000]);
    expect(body.egress).toEqual({
      original: {
        bytes_per_request: 10_000,
        monthly_gb: 500,
        price_per_gb: 0.072,
        monthly_cost: 36,
        yearly_cost: 432,
        tiers: [
          { from_gb: 0, to_gb: 100, price_per_gb: 0, gb: 100, cost: 0 },
          { from_gb: 100, to_gb: 10000, price_per_gb: 0.09, gb: 400, cost: 36 },
        ],
      },
      masked: {
        bytes_per_request: 4_000,
        monthly_gb: 200,
        price_per_gb: 0.045,
        monthly_cost: 9,
        yearly_cost: 108,
        tiers: [
          { from_gb: 0, to_gb: 100, price_per_gb: 0, gb: 100, cost: 0 },
          { from_gb: 100, to_gb: 10000, price_per_gb: 0.09, gb: 100, cost: 9 },
        ],
      },
      monthly_savings: 27,
      yearly_savings: 324,
      provider: 'aws',
      region: 'us-east-1',
      region_group: 'us',
      prices_as_of: '2025-12-01',
    });
  });

  it('traffic compression prices the gzip or brotli sizes; requests_per_day is × 30', async () => {
    for (const compression of ['gzip', 'brotli'] as const) {
      const body = await bothOk('/api/v1/apply-mask', 'apply_mask', {
        payload: EXAMPLE,
        fields: 'id',
        traffic: { requests_per_day: 1_000_000, region: 'eu', provider: 'gcp', compression },
      });
      expect(body.egress.original.bytes_per_request).toBe(body[compression].original_bytes);
      expect(body.egress.masked.bytes_per_request).toBe(body[compression].masked_bytes);
      expect(body.egress.original.monthly_gb).toBe((body[compression].original_bytes * 30_000_000) / 1e9);
      expect(body.egress).toMatchObject({ provider: 'gcp', region: 'eu', region_group: 'eu' });
    }
  });
});

describe('apply-mask: bad input → 400 naming the field', () => {
  it.each([
    [{ payload: {}, fields: 'a,,b' }, '/fields', /an empty term/],
    [{ payload: {}, fields: 'a(b' }, '/fields', /without its "\)"/],
    [{ payload: {}, fields: '!a(b)' }, '/fields', /parentheses in the exclusion/],
    [{ payload: {}, fields: '' }, '/fields', /1 to 4096/],
    [{ payload: {}, fields: 'a'.repeat(4097) }, '/fields', /1 to 4096/],
    [{ fields: 'a' }, '/payload', /required/],
    [{ payload: {}, fields: 'a', traffic: { region: 'us' } }, '/traffic/requests_per_month', /exactly one/],
    [
      { payload: {}, fields: 'a', traffic: { requests_per_month: 1, requests_per_day: 1, region: 'us' } },
      '/traffic/requests_per_day',
      /exactly one/,
    ],
    [
      { payload: {}, fields: 'a', traffic: { requests_per_month: 1, region: 'mars' } },
      '/traffic/region',
      /region/,
    ],
    [
      { payload: {}, fields: 'a', traffic: { requests_per_month: -1, region: 'us' } },
      '/traffic/requests_per_month',
      /≥ 0/,
    ],
    [{ payload: {}, fields: 'a', traffic: { requests_per_month: 1, region: 'us', x: 1 } }, '/traffic/x', /./],
  ])('%# → %s', async (body, pointer, message) => {
    const res = await postJson('/api/v1/apply-mask', body);
    const json: Json = await res.json();
    expect(res.status).toBe(400);
    expect(json.code).toBe('validation_failed');
    expect(json.errors[0].path).toBe(pointer);
    expect(json.errors[0].message).toMatch(message);
    const tool = await callTool('apply_mask', body);
    expect(tool.result.isError).toBe(true);
    expect(tool.result.content[0].text).toContain(pointer);
  });
});

describe('budget-check', () => {
  const payload = {
    meta: { v: 1 },
    items: [
      { id: 1, blob: 'x'.repeat(100) },
      { id: 2, blob: 'y'.repeat(10) },
    ],
  };

  it('the worked example over REST and MCP; a failing check is still 200', async () => {
    const body = await bothOk('/api/v1/budget-check', 'budget_check', {
      payload,
      budgets: [
        { path: '/items/*/blob', max_bytes: 50 },
        { path: '/meta', max_bytes: 10 },
      ],
      total_max_bytes: 1000,
    });
    expect(body).toEqual({
      budgets: [
        {
          path: '/items/*/blob',
          max_bytes: 50,
          matches: 2,
          bytes: 102,
          total_bytes: 114,
          worst_path: '/items/0/blob',
          pass: false,
        },
        {
          path: '/meta',
          max_bytes: 10,
          matches: 1,
          bytes: 7,
          total_bytes: 7,
          worst_path: '/meta',
          pass: true,
        },
      ],
      bytes: 174,
      total: { max_bytes: 1000, bytes: 174, pass: true },
      failed: 1,
      pass: false,
    });
  });

  it.each([
    [{ payload, budgets: [{ path: 'items', max_bytes: 1 }] }, '/budgets/0/path', /not a JSON Pointer/],
    [
      {
        payload,
        budgets: [
          { path: '', max_bytes: 1 },
          { path: '/a~2', max_bytes: 1 },
        ],
      },
      '/budgets/1/path',
      /~0 is ~/,
    ],
    [{ payload, budgets: [] }, '/budgets', /1 to 100/],
    [
      { payload, budgets: Array.from({ length: 101 }, () => ({ path: '', max_bytes: 1 })) },
      '/budgets',
      /1 to 100/,
    ],
    [{ payload, budgets: [{ path: '', max_bytes: -1 }] }, '/budgets/0/max_bytes', /≥ 0/],
    [{ payload, budgets: [{ path: '', max_bytes: 1.5 }] }, '/budgets/0/max_bytes', /whole number/],
    [{ payload, budgets: [{ path: '' }] }, '/budgets/0/max_bytes', /./],
    [{ payload, budgets: [{ path: '', max_bytes: 1 }], total_max_bytes: -1 }, '/total_max_bytes', /≥ 0/],
    [{ budgets: [{ path: '', max_bytes: 1 }] }, '/payload', /required/],
  ])('%# → 400 at %s', async (body, pointer, message) => {
    const res = await postJson('/api/v1/budget-check', body);
    const json: Json = await res.json();
    expect(res.status).toBe(400);
    expect(json.code).toBe('validation_failed');
    expect(json.errors[0].path).toBe(pointer);
    expect(json.errors[0].message).toMatch(message);
    const tool = await callTool('budget_check', body);
    expect(tool.result.isError).toBe(true);
    expect(tool.result.content[0].text).toContain(pointer);
  });
});

describe('the new routes take 10 MiB, large bodies in the worker pool', () => {
  const items = Array.from({ length: 6000 }, (_, i) => ({ id: i, name: `customer ${i}`, debug: { i } }));
  const payload = { items };

  it('apply-mask and budget-check on a 400 KiB payload (run in a worker thread) over REST and MCP', {
    timeout: 30_000,
  }, async () => {
    expect(Buffer.byteLength(JSON.stringify(payload))).toBeGreaterThan(256 * 1024);
    const masked = await bothOk('/api/v1/apply-mask', 'apply_mask', {
      payload,
      fields: 'items(id),!items/id',
    });
    expect(masked.masked).toEqual({ items: Array.from({ length: 6000 }, () => ({})) });
    expect(masked.masked_bytes).toBe(Buffer.byteLength(JSON.stringify({ items: items.map(() => ({})) })));
    const budget = await bothOk('/api/v1/budget-check', 'budget_check', {
      payload,
      budgets: [{ path: '/items/*/name', max_bytes: 15 }],
    });
    expect(budget.budgets[0]).toEqual({
      path: '/items/*/name',
      max_bytes: 15,
      matches: 6000,
      bytes: 15,
      total_bytes: 10 * 12 + 90 * 13 + 900 * 14 + 5000 * 15,
      worst_path: '/items/1000/name',
      pass: true,
    });
  });

  it.each(['/api/v1/apply-mask', '/api/v1/budget-check'])(
    '%s: one byte over 10 MiB → 413',
    { timeout: 30_000 },
    async (path) => {
      const body = '{"payload":"","fields":"a","budgets":[]}';
      const res = await app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `${body}${' '.repeat(10 * 1024 * 1024 - body.length + 1)}`,
      });
      expect(res.status).toBe(413);
      const ok = await app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `${body}${' '.repeat(10 * 1024 * 1024 - body.length)}`,
      });
      expect(ok.status).toBe(400);
    },
  );
});
