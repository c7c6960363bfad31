// Batching order and windows, and what a fingerprint does and does not see: exact answers on inputs
// whose input order differs from time order, and on values at each boundary.
import { ProblemError } from '@dus/core';
import { describe, expect, it } from 'vitest';
import { batchOptimizer, costAnalyzer, usageAnalytics } from '../../src/domain/index.js';
import { fingerprinter } from '../../src/domain/fingerprint.js';
import { get, read } from './helpers.js';

const batch = (requests: Record<string, unknown>[], options: Record<string, unknown> = {}) => {
  const { calls, options: resolved } = read.batch({ requests, ...options });
  return batchOptimizer(calls, resolved);
};

describe('batch_optimizer', () => {
  it('orders a group by time; a call without a timestamp counts as the list’s earliest; ties keep input order', () => {
    const result = batch(
      [
        get('https://a.io/u/1', 1005, { id: 'late' }),
        get('https://a.io/u/2', undefined, { id: 'untimed' }),
        get('https://a.io/u/3', 1000, { id: 'early' }),
        get('https://a.io/u/4', 1000, { id: 'early-too' }),
      ],
      { max_wait_ms: 100 },
    );
    expect(result.batches).toEqual([
      {
        key: 'GET https://a.io:443/u/:id',
        request_ids: ['untimed', 'early', 'early-too', 'late'],
        size: 4,
        start: '1970-01-01T00:00:01.000Z',
        end: '1970-01-01T00:00:01.005Z',
      },
    ]);
  });

  it('a batch closes when the next call is more than max_wait_ms after its first, not at exactly that', () => {
    const result = batch(
      [
        get('https://a.io/u/1', 0),
        get('https://a.io/u/2', 10),
        get('https://a.io/u/3', 11),
        get('https://a.io/u/4', 21),
      ],
      { max_wait_ms: 10 },
    );
    expect(result.batches.map((b) => b.request_ids)).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it('batches are listed by their first call’s time, then its position; singles by position', () => {
    const result = batch(
      [
        get('https://b.io/x/1', 50),
        get('https://a.io/x/1', 60),
        get('https://b.io/x/2', 55),
        get('https://a.io/x/2', 20),
        get('https://c.io/x/1', 20),
        get('https://c.io/x/2', 25),
        get('https://d.io/solo', 1),
      ],
      { max_wait_ms: 100 },
    );
    expect(result.batches.map((b) => b.request_ids)).toEqual([
      [3, 1],
      [4, 5],
      [0, 2],
    ]);
    expect(result.unbatched).toEqual([6]);
    expect([result.calls_before, result.calls_after, result.reduction_percent]).toEqual([7, 4, 42.86]);
  });

  it('unsafe methods are not batched unless include_unsafe', () => {
    const posts = [
      { method: 'POST', url: 'https://a.io/p/1', timestamp: 0 },
      { method: 'POST', url: 'https://a.io/p/2', timestamp: 1 },
    ];
    expect(batch(posts).batches).toEqual([]);
    expect(batch(posts).unbatched).toEqual([0, 1]);
    expect(batch(posts, { include_unsafe: true }).batches.map((b) => [b.key, b.request_ids])).toEqual([
      ['POST https://a.io:443/p/:id', [0, 1]],
    ]);
  });

  it('a batch without timestamps has no start or end; all calls untimed count from 0', () => {
    const result = batch([get('https://a.io/u/1'), get('https://a.io/u/2')]);
    expect(result.batches).toEqual([
      { key: 'GET https://a.io:443/u/:id', request_ids: [0, 1], size: 2, start: null, end: null },
    ]);
  });
});

describe('fingerprints', () => {
  const options = { ignoreParams: [], headerAllowlist: ['accept', 'content-type', 'x-b', 'x-a'] };
  const print = (request: Record<string, unknown>) => {
    const { calls } = read.dedup({ requests: [request] });
    return fingerprinter(options)(calls[0]!);
  };
  const post = (body: unknown, type?: string) => ({
    method: 'POST',
    url: 'https://a.io/',
    body,
    ...(type === undefined ? {} : { headers: { 'content-type': type } }),
  });

  it('a JSON body is compared canonically under any JSON media type; other bodies as text', () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/vnd.api+json',
    ]) {
      expect(print(post('{"b":1,"a":2}', type))).toBe(print(post('{ "a": 2, "b": 1 }', type)));
    }
    for (const type of ['text/plain', 'application/jsonx', 'json', undefined]) {
      expect(print(post('{"b":1,"a":2}', type))).not.toBe(print(post('{ "a": 2, "b": 1 }', type)));
    }
    // Not JSON after all: compared as text.
    expect(print(post('{"a":', 'application/json'))).not.toBe(print(post('{"a": ', 'application/json')));
    // A body sent as a JSON value is canonical whatever the content type.
    expect(print(post({ b: 1, a: 2 }))).toBe(print(post({ a: 2, b: 1 })));
    expect(print(post({ a: 1 }))).not.toBe(print(post({ a: 2 })));
  });

  it('an empty body is no body', () => {
    expect(print(post(''))).toBe(print({ method: 'POST', url: 'https://a.io/' }));
    expect(print(post(' '))).not.toBe(print({ method: 'POST', url: 'https://a.io/' }));
  });

  it('allow-listed headers count (any case, values trimmed); others do not', () => {
    const base = { method: 'GET', url: 'https://a.io/' };
    const withHeaders = (headers: Record<string, string>) => print({ ...base, headers });
    expect(withHeaders({ 'X-A': ' 1 ', 'x-b': '2' })).toBe(withHeaders({ 'x-b': '2', 'x-a': '1' }));
    expect(withHeaders({ 'x-a': '1' })).not.toBe(withHeaders({ 'x-a': '2' }));
    expect(withHeaders({ 'x-a': '1', 'x-other': 'y' })).toBe(withHeaders({ 'x-a': '1' }));
    expect(withHeaders({ 'x-a': '1', 'x-b': '2' })).not.toBe(withHeaders({ 'x-a': '2', 'x-b': '1' }));
    // More headers than the allow-list has names, and fewer: the same fingerprint either way.
    const many = { 'x-a': '1', 'x-b': '2', a: '', b: '', c: '', d: '' };
    expect(withHeaders(many)).toBe(withHeaders({ 'x-b': '2', 'x-a': '1' }));
  });

  it('a body value that cannot be canonicalised is 422 naming the request', () => {
    const { calls } = read.dedup({
      requests: [get('https://a.io/'), post({ a: '\ud800' }, 'application/json')],
    });
    let problem: ProblemError | undefined;
    try {
      fingerprinter(options)(calls[1]!);
    } catch (error) {
      problem = error as ProblemError;
    }
    expect(problem).toBeInstanceOf(ProblemError);
    expect(problem!.status).toBe(422);
    expect(problem!.detail).toMatch(/^request 1: the body cannot be canonicalised: /);
    expect(problem!.toProblem()).toMatchObject({ index: 1 });
  });
});

describe('a JSON string body nested past the depth limit', () => {
  const options = { ignoreParams: [], headerAllowlist: [] };
  const post = (body: string) => ({
    method: 'POST',
    url: 'https://a.io/',
    body,
    headers: { 'content-type': 'application/json' },
  });
  it('is 400 validation_failed at the body of its request, like a too-deep request body', () => {
    const deep = `${'['.repeat(257)}${']'.repeat(257)}`;
    const { calls } = read.dedup({ requests: [get('https://a.io/'), post(deep)] });
    let problem: ProblemError | undefined;
    try {
      fingerprinter(options)(calls[1]!);
    } catch (error) {
      problem = error as ProblemError;
    }
    expect(problem!.toProblem()).toEqual({
      type: 'urn:problem:validation_failed',
      title: 'Request validation failed',
      status: 400,
      code: 'validation_failed',
      detail: `request 1: the body cannot be canonicalised: JSON nesting exceeds the maximum depth of 256 at "${'/0'.repeat(60)}…"`,
      errors: [
        { path: '/requests/1/body', code: 'too_deep', message: 'nesting exceeds the maximum depth of 256' },
      ],
      index: 1,
    });
    // 256 levels are fine
    const fine = `${'['.repeat(256)}${']'.repeat(256)}`;
    expect(() => fingerprinter(options)(read.dedup({ requests: [post(fine)] }).calls[0]!)).not.toThrow();
  });
});

describe('usage_analytics, computed by hand', () => {
  it('endpoints by count then name, percentiles of unsorted values, peak ties to the earliest, one burst', () => {
    const requests = [
      { method: 'GET', url: 'https://x.io/b', timestamp: 500, latency_ms: 10, status: 500, client: 'y' },
      { method: 'GET', url: 'https://x.io/a/1', timestamp: 0, latency_ms: 30, status: 200, client: 'x' },
      { method: 'GET', url: 'https://x.io/a/2', timestamp: 1000, latency_ms: 9, status: 200, client: 'x' },
      { method: 'GET', url: 'https://x.io/b', timestamp: 1000, latency_ms: 100, status: 404, client: 'z' },
      { method: 'GET', url: 'https://x.io/c', timestamp: 61000 },
    ];
    const { calls, options } = read.usage({ requests });
    const hourly = new Array(24).fill(0);
    hourly[0] = 5;
    expect(usageAnalytics(calls, options)).toStrictEqual({
      by_endpoint: [
        {
          endpoint: 'GET /a/:id',
          count: 2,
          share_percent: 40,
          unique_clients: 1,
          duplicate_rate: 0,
          error_rate: 0,
          // Latencies 30 and 9: nearest rank over the sorted list.
          latency_ms: { p50: 9, p90: 30, p95: 30, p99: 30 },
        },
        {
          endpoint: 'GET /b',
          count: 2,
          share_percent: 40,
          unique_clients: 2,
          duplicate_rate: 0.5,
          error_rate: 0.5,
          latency_ms: { p50: 10, p90: 100, p95: 100, p99: 100 },
        },
        {
          endpoint: 'GET /c',
          count: 1,
          share_percent: 20,
          unique_clients: 0,
          duplicate_rate: 0,
          error_rate: null,
          latency_ms: null,
        },
      ],
      rates: {
        // 5 calls over 61 s.
        mean_rps: 0.081967,
        peak_rps: 2,
        peak_second: '1970-01-01T00:00:00.000Z',
        peak_rpm: 4,
        peak_minute: '1970-01-01T00:00:00.000Z',
      },
      // Gaps 500, 500, 0, 60000.
      inter_arrival_ms: { p50: 500, p90: 60000, p95: 60000, p99: 60000 },
      // 62 seconds: μ = 5/62, σ ≈ 0.372; seconds 0 and 1 (2 calls each) are above μ + 3σ ≈ 1.198.
      bursts: [
        { start: '1970-01-01T00:00:00.000Z', end: '1970-01-01T00:00:02.000Z', count: 4, factor: 24.8 },
      ],
      hourly,
      status_mix: { '1xx': 0, '2xx': 2, '3xx': 0, '4xx': 1, '5xx': 1 },
    });
  });
});

describe('cost_analyzer periods', () => {
  const cost = (body: Record<string, unknown>) => {
    const { calls, options, pricing } = read.cost(body);
    return costAnalyzer(calls, options, pricing);
  };
  const day = 86_400_000;

  it('the period is the span of the timestamps, in days; one day when they span nothing', () => {
    const spread = [
      get('https://a.io/1', 3 * day),
      get('https://a.io/2', day),
      get('https://a.io/3', 2 * day),
    ];
    const result = cost({ requests: spread, price_per_call: 1 });
    expect(result.period_days).toBe(2);
    expect(result.monthly_projection.baseline).toEqual({ calls: 45, cost: 45 });
    expect(cost({ requests: [get('https://a.io/1', day)], price_per_call: 1 }).period_days).toBe(1);
    expect(
      cost({ requests: [get('https://a.io/1'), get('https://a.io/2')], price_per_call: 1 }).period_days,
    ).toBe(1);
    expect(
      cost({ requests: [get('https://a.io/1', day), get('https://a.io/2', day)], price_per_call: 1 })
        .period_days,
    ).toBe(1);
  });

  it('llm-batch needs a price', () => {
    let detail: string | undefined;
    try {
      cost({ requests: [get('https://a.io/1')], preset: 'llm-batch' });
    } catch (error) {
      detail = (error as ProblemError).detail;
    }
    expect(detail).toBe('the llm-batch preset needs a price: give price_per_call or price_per_million');
  });

  it('after batching: a batch of n calls is one call', () => {
    const result = cost({
      requests: [
        get('https://a.io/u/1', 0),
        get('https://a.io/u/2', 1),
        get('https://a.io/u/3', 2),
        get('https://b.io/', 3),
      ],
      price_per_call: 1,
    });
    expect([result.baseline, result.after_dedup, result.after_batching]).toEqual([
      { calls: 4, cost: 4 },
      { calls: 4, cost: 4 },
      { calls: 2, cost: 2 },
    ]);
  });
});
