// Edge cases of the domain: sort orders and their tie-breaks, requests without timestamps, boundaries
// (max_wait_ms, window_ms, μ + 3σ), body fingerprinting by media type, and whole outputs asserted exactly.
import { ProblemError } from '@dus/core';
import { describe, expect, it } from 'vitest';
import {
  batchOptimizer,
  costAnalyzer,
  deduplicate,
  fingerprinter,
  usageAnalytics,
} from '../../src/domain/index.js';
import { percent, percentiles, ratio } from '../../src/domain/numbers.js';
import { get, read } from './helpers.js';

/** 2024-03-10T12:00:00.000Z */
const T = Date.UTC(2024, 2, 10, 12, 0, 0);
const at = (ms: number) => new Date(T + ms).toISOString();
const DAY = 86_400_000;

const batch = (body: Record<string, unknown>) => {
  const { calls, options } = read.batch(body);
  return batchOptimizer(calls, options);
};
/**
 * The answer for the calls as listed, reversed and rotated: ties are broken by position (`index`), so
 * the order in which the calls are handed to the domain does not matter.
 */
const batchInAnyOrder = (body: Record<string, unknown>) => {
  const { calls, options } = read.batch(body);
  const orders = [calls, [...calls].reverse(), [...calls.slice(3), ...calls.slice(0, 3)]];
  return orders.map((list) => batchOptimizer(list, options));
};
const cost = (body: Record<string, unknown>) => {
  const { calls, options, pricing } = read.cost(body);
  return costAnalyzer(calls, options, pricing);
};
const usage = (body: Record<string, unknown>) => {
  const { calls, options } = read.usage(body);
  return usageAnalytics(calls, options);
};
const dedup = (body: Record<string, unknown>) => {
  const { calls, options } = read.dedup(body);
  return deduplicate(calls, options);
};
/** The fingerprint of each request under the options of a request_deduplicator input. */
const prints = (requests: Record<string, unknown>[], options: Record<string, unknown> = {}) => {
  const input = read.dedup({ requests, ...options });
  return input.calls.map(fingerprinter(input.options));
};
/** The ProblemError a function throws (fails the test when it throws nothing or something else). */
const problemOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ProblemError);
    const { status, code, detail, extensions } = error as ProblemError;
    return { status, code, detail, extensions };
  }
  throw new Error('expected a ProblemError, nothing was thrown');
};

describe('batch_optimizer: order, times and boundaries', () => {
  it('within a group: time order, ties by input position, then max_batch_size; start/end are the min/max times', () => {
    const results = batchInAnyOrder({
      requests: [
        get('https://a.io/u/1', T + 30),
        get('https://a.io/u/2', T + 10),
        get('https://a.io/u/3', T + 10),
        get('https://a.io/u/4', T + 20),
      ],
      max_batch_size: 2,
      max_wait_ms: 1000,
    });
    for (const result of results)
      expect(result).toEqual({
        batches: [
          { key: 'GET https://a.io:443/u/:id', request_ids: [1, 2], size: 2, start: at(10), end: at(10) },
          { key: 'GET https://a.io:443/u/:id', request_ids: [3, 0], size: 2, start: at(20), end: at(30) },
        ],
        unbatched: [],
        calls_before: 4,
        calls_after: 2,
        reduction_percent: 50,
      });
  });

  it('batches across groups are listed by their first request: time, then input position', () => {
    const results = batchInAnyOrder({
      requests: [
        get('https://x.io/a/1', T + 900),
        get('https://y.io/b/1', T + 100),
        get('https://y.io/b/2', T + 101),
        get('https://x.io/a/2', T + 100),
        get('https://x.io/a/3', T + 101),
        get('https://z.io/c/1', T + 50),
        get('https://z.io/c/2', T + 55),
      ],
    });
    for (const result of results)
      expect(result).toEqual({
        batches: [
          { key: 'GET https://z.io:443/c/:id', request_ids: [5, 6], size: 2, start: at(50), end: at(55) },
          { key: 'GET https://y.io:443/b/:id', request_ids: [1, 2], size: 2, start: at(100), end: at(101) },
          { key: 'GET https://x.io:443/a/:id', request_ids: [3, 4], size: 2, start: at(100), end: at(101) },
        ],
        unbatched: [0],
        calls_before: 7,
        calls_after: 4,
        reduction_percent: 42.86,
      });
  });

  it('a request without a timestamp counts as at the earliest time of the list (not 0, not the last)', () => {
    const result = batch({
      requests: [
        get('https://a.io/u/1'),
        get('https://a.io/u/2', T + 100),
        get('https://a.io/u/3', T + 50),
        get('https://a.io/u/4', T + 200),
      ],
    });
    expect(result).toEqual({
      batches: [
        // start and end come from the members that have a timestamp
        { key: 'GET https://a.io:443/u/:id', request_ids: [0, 2], size: 2, start: at(50), end: at(50) },
      ],
      unbatched: [1, 3],
      calls_before: 4,
      calls_after: 3,
      reduction_percent: 25,
    });
  });

  it('no timestamps at all: one batch in input order, start and end null', () => {
    const result = batch({
      requests: [
        get('https://a.io/u/1', undefined, { id: 'p' }),
        get('https://a.io/u/2'),
        get('https://a.io/u/3'),
      ],
    });
    expect(result).toEqual({
      batches: [
        { key: 'GET https://a.io:443/u/:id', request_ids: ['p', 1, 2], size: 3, start: null, end: null },
      ],
      unbatched: [],
      calls_before: 3,
      calls_after: 1,
      reduction_percent: 66.67,
    });
  });

  it('max_wait_ms is measured from the batch’s first request, and exactly max_wait_ms still joins', () => {
    const result = batch({
      requests: [0, 6, 10, 11].map((ms) => get('https://a.io/u/1', T + ms)),
      max_wait_ms: 10,
    });
    expect(result).toEqual({
      batches: [
        { key: 'GET https://a.io:443/u/:id', request_ids: [0, 1, 2], size: 3, start: at(0), end: at(10) },
      ],
      unbatched: [3],
      calls_before: 4,
      calls_after: 2,
      reduction_percent: 50,
    });
  });

  it('POST is only batched with include_unsafe; GET either way', () => {
    const requests = [
      { method: 'POST', url: 'https://a.io/o/1', timestamp: T },
      { method: 'POST', url: 'https://a.io/o/2', timestamp: T + 1 },
      get('https://a.io/o/3', T + 2),
      get('https://a.io/o/4', T + 3),
    ];
    const gets = {
      key: 'GET https://a.io:443/o/:id',
      request_ids: [2, 3],
      size: 2,
      start: at(2),
      end: at(3),
    };
    expect(batch({ requests })).toEqual({
      batches: [gets],
      unbatched: [0, 1],
      calls_before: 4,
      calls_after: 3,
      reduction_percent: 25,
    });
    expect(batch({ requests, include_unsafe: true })).toEqual({
      batches: [
        { key: 'POST https://a.io:443/o/:id', request_ids: [0, 1], size: 2, start: at(0), end: at(1) },
        gets,
      ],
      unbatched: [],
      calls_before: 4,
      calls_after: 2,
      reduction_percent: 50,
    });
  });
});

describe('fingerprints of bodies', () => {
  const post = (body: unknown, contentType?: string) => ({
    method: 'POST',
    url: 'https://a.io/o',
    ...(body === undefined ? {} : { body }),
    ...(contentType === undefined ? {} : { headers: { 'Content-Type': contentType } }),
  });

  it('"" is no body, whatever the content type', () => {
    for (const type of [undefined, 'text/plain', 'application/json']) {
      const [absent, empty, space] = prints([post(undefined, type), post('', type), post(' ', type)]);
      expect(empty).toBe(absent);
      expect(space).not.toBe(absent);
    }
  });

  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'application/json ;charset=utf-8',
    'Application/JSON',
    'application/vnd.api+json',
    'application/problem+json; charset=utf-8',
  ])('a string body under %s is parsed: it hashes as the canonical JSON value', (type) => {
    const [text, value, reordered] = prints([
      post('{"b": [1, 2], "a": 1}', type),
      post({ a: 1, b: [1, 2] }, type),
      post('{"a":1,"b":[1,2]}', type),
    ]);
    expect(value).toBe(text);
    expect(reordered).toBe(text);
  });

  it.each([undefined, 'text/plain', 'application/jsonp', 'application/json-seq', 'text/json'])(
    'a string body under %s is hashed as it is (not parsed)',
    (type) => {
      const [a, b, number, text] = prints([
        post('{"b":1,"a":2}', type),
        post('{"a":2,"b":1}', type),
        post(1, type),
        post('1', type),
      ]);
      expect(b).not.toBe(a);
      // the string and the JSON value with the same text are the same wire bytes
      expect(text).toBe(number);
    },
  );

  it('a JSON-typed body that does not parse is hashed as text', () => {
    const options = { header_allowlist: ['accept'] }; // content-type left out of the hash
    const [json, plain, untyped, quoted] = prints(
      [
        post('{not json', 'application/json'),
        post('{not json', 'text/plain'),
        post('{not json'),
        post('"{not json"', 'text/plain'),
      ],
      options,
    );
    expect(plain).toBe(json);
    expect(untyped).toBe(json);
    expect(quoted).not.toBe(json);
  });

  it('a fingerprint is stable: SHA-256 over [method, url, headers, body], shown as 16 hex digits', () => {
    const result = dedup({
      requests: [post('hello', 'text/plain'), post('hello', 'text/plain')],
    });
    expect(result.duplicates).toEqual([
      {
        index: 1,
        id: null,
        duplicate_of: 0,
        fingerprint: '6030760649a6c0ce',
        delta_ms: null,
        reason: 'likely_retry',
      },
    ]);
  });

  it('a body with a lone surrogate: 422 invalid_unicode naming the request', () => {
    const requests = [post({ a: 'fine' }), post({ a: 'fine' }), post({ a: '\ud800' })];
    expect(problemOf(() => dedup({ requests }))).toEqual({
      status: 422,
      code: 'invalid_unicode',
      detail:
        'request 2: the body cannot be canonicalised: A string at "/a" contains a lone surrogate; RFC 8785 §3.2.2.2 requires well-formed Unicode',
      extensions: { index: 2 },
    });
  });

  it('a JSON string body with a number beyond the double range is no I-JSON text: hashed as the string, this request alone', () => {
    const typed = [post('{"n": 1e400}', 'application/json; charset=utf-8')];
    const plain = [post('{"n": 1e400}', 'text/plain')];
    // One such body among others no longer refuses the analysis; it hashes as the same text would.
    const result = dedup({ requests: [...typed, post({ n: 1 }, 'application/json'), ...typed] });
    expect(result.stats).toEqual({ total: 3, unique: 3, removed: 0, duplicate_rate: 0 });
    expect(result.duplicates.map((d) => [d.index, d.duplicate_of, d.reason])).toEqual([
      [2, 0, 'likely_retry'],
    ]);
    // Content types left out of the hash: the bodies alone are compared.
    const print = (requests: Record<string, unknown>[]) => {
      const { calls, options } = read.dedup({ requests, header_allowlist: [] });
      return fingerprinter(options)(calls[0]!);
    };
    expect(print(typed)).toBe(print([post('{"n": 1e400}', 'text/plain; charset=utf-8')]));
    expect(print(typed)).not.toBe(print([post('{"n": 1e300}', 'application/json')]));
    expect(dedup({ requests: plain }).stats.total).toBe(1);
    // A JSON-typed string with a lone surrogate escape is no I-JSON either.
    const lone = post('{"a":"\\ud800"}', 'application/json');
    expect(print([lone])).toBe(print([post('{"a":"\\ud800"}', 'text/plain')]));
  });

  it('an error that is not a problem (a value JSON cannot hold) is not dressed up as a 422', () => {
    const { calls, options } = read.dedup({ requests: [post(1n)] });
    expect(() => deduplicate(calls, options)).toThrow(TypeError);
  });
});

describe('fingerprints of headers', () => {
  it('the allow-list is read from the smaller side, with the same result either way', () => {
    const headers = { Accept: ' text/csv ', 'X-B': 'b', 'X-A': 'a', Authorization: 'k' };
    const only = (names: string[]) => ({
      method: 'GET',
      url: 'https://a.io/',
      headers: Object.fromEntries(Object.entries(headers).filter(([name]) => names.includes(name))),
    });
    const full = { method: 'GET', url: 'https://a.io/', headers };
    for (const allow of [
      ['x-a'],
      ['X-A', 'accept'],
      ['x-a', 'x-b', 'accept', 'authorization'],
      ['x-a', 'x-b', 'x-c', 'x-d', 'x-e', 'x-f'],
    ]) {
      const lower = allow.map((name) => name.toLowerCase());
      const present = Object.keys(headers).filter((name) => lower.includes(name.toLowerCase()));
      const [fromFull, fromOnly] = prints([full, only(present)], { header_allowlist: allow });
      expect(fromFull).toBe(fromOnly);
    }
    const [trimmed, untrimmed, other] = prints(
      [
        { method: 'GET', url: 'https://a.io/', headers: { accept: 'text/csv' } },
        full,
        { method: 'GET', url: 'https://a.io/', headers: { accept: 'text/html' } },
      ],
      { header_allowlist: ['accept'] },
    );
    expect(untrimmed).toBe(trimmed);
    expect(other).not.toBe(trimmed);
  });
});

describe('request_deduplicator boundaries', () => {
  it('|Δt| = window_ms is still a duplicate; Δt is null when either side lacks a timestamp', () => {
    const result = dedup({
      requests: [
        get('https://a.io/p', T),
        get('https://a.io/p', T + 1000),
        get('https://a.io/p'),
        get('https://a.io/q'),
        get('https://a.io/q', T),
      ],
      window_ms: 1000,
    });
    expect(result.duplicates.map((d) => [d.index, d.duplicate_of, d.delta_ms])).toEqual([
      [1, 0, 1000],
      [2, 0, null],
      [4, 3, null],
    ]);
    expect(result.stats).toEqual({ total: 5, unique: 2, removed: 3, duplicate_rate: 0.6 });
  });
});

describe('usage_analytics', () => {
  it('by_endpoint in usage order (count, then name), rates over requests that have them; whole answer', () => {
    const result = usage({
      requests: [
        get('https://a.io/zeta', T + 5000, { status: 101, latency_ms: 30, client: 'c1' }),
        get('https://a.io/alpha', T + 1000),
        { method: 'POST', url: 'https://a.io/mid', timestamp: T, status: 503, latency_ms: 5, client: 'c1' },
        get('https://a.io/gamma', T + 7000, { status: 301 }),
        { method: 'POST', url: 'https://a.io/mid', timestamp: T + 2500, latency_ms: 50 },
        get('https://a.io/beta', T + 1500, { status: 404, latency_ms: 9, client: 'c2' }),
        get('https://a.io/beta', T + 1500, { status: 200, latency_ms: 7, client: 'c2' }),
        {
          method: 'POST',
          url: 'https://a.io/mid',
          timestamp: T + 9000,
          status: 500,
          latency_ms: 20,
          client: 'c3',
        },
      ],
    });
    const none = { unique_clients: 0, duplicate_rate: 0, latency_ms: null };
    expect(result).toEqual({
      by_endpoint: [
        {
          endpoint: 'POST /mid',
          count: 3,
          share_percent: 37.5,
          unique_clients: 2,
          duplicate_rate: 0,
          error_rate: 1,
          latency_ms: { p50: 20, p90: 50, p95: 50, p99: 50 },
        },
        {
          endpoint: 'GET /beta',
          count: 2,
          share_percent: 25,
          unique_clients: 1,
          duplicate_rate: 0.5,
          error_rate: 0,
          latency_ms: { p50: 7, p90: 9, p95: 9, p99: 9 },
        },
        { endpoint: 'GET /alpha', count: 1, share_percent: 12.5, ...none, error_rate: null },
        { endpoint: 'GET /gamma', count: 1, share_percent: 12.5, ...none, error_rate: 0 },
        {
          endpoint: 'GET /zeta',
          count: 1,
          share_percent: 12.5,
          unique_clients: 1,
          duplicate_rate: 0,
          error_rate: 0,
          latency_ms: { p50: 30, p90: 30, p95: 30, p99: 30 },
        },
      ],
      rates: {
        mean_rps: 0.888889,
        peak_rps: 3,
        peak_second: at(1000),
        peak_minute: at(0),
        peak_rpm: 8,
      },
      // gaps 1000, 500, 0, 1000, 2500, 2000, 2000
      inter_arrival_ms: { p50: 1000, p90: 2500, p95: 2500, p99: 2500 },
      bursts: [],
      hourly: Array.from({ length: 24 }, (_, h) => (h === 12 ? 8 : 0)),
      status_mix: { '1xx': 1, '2xx': 1, '3xx': 1, '4xx': 1, '5xx': 2 },
    });
  });

  it('one timestamped request: no inter-arrival times, a rate of 1, no burst', () => {
    expect(usage({ requests: [get('https://a.io/p', T + 250), get('https://a.io/q')] })).toMatchObject({
      rates: { mean_rps: 1, peak_rps: 1, peak_second: at(0), peak_rpm: 1, peak_minute: at(0) },
      inter_arrival_ms: null,
      bursts: [],
    });
  });

  // 34 seconds of 1 request each, except second 5 (11), second 10 (3), seconds 26 and 27 (11 each):
  // μ = 66/34, σ² = 402/34 − μ², μ + 3σ ≈ 10.46 — 11 is above it, 3 (above μ) is not.
  const counts = Array.from({ length: 34 }, (_, s) =>
    s === 5 || s === 26 || s === 27 ? 11 : s === 10 ? 3 : 1,
  );
  const spread = (base: number) =>
    counts.flatMap((n, s) =>
      Array.from({ length: n }, (_, k) => get(`https://a.io/p/${k}`, base + s * 1000 + k)),
    );

  it.each([
    ['2024', Date.UTC(2024, 0, 1)],
    ['1969 (before the epoch)', Date.UTC(1969, 11, 31, 23, 59, 0)],
  ])('bursts: above μ + 3σ over the whole span, separate runs apart, factor per run (%s)', (_, base) => {
    const iso = (s: number) => new Date(base + s * 1000).toISOString();
    const result = usage({ requests: spread(base) });
    expect(result.bursts).toEqual([
      { start: iso(5), end: iso(6), count: 11, factor: 5.666667 },
      { start: iso(26), end: iso(28), count: 22, factor: 5.666667 },
    ]);
    expect(result.rates).toEqual({
      mean_rps: 2, // 66 requests over 33 s
      peak_rps: 11,
      peak_second: iso(5),
      peak_rpm: 66,
      peak_minute: iso(0),
    });
  });

  it('a second exactly at μ + 3σ is not a burst', () => {
    // nine seconds of 1 and one of 3: μ = 1.2, σ = 0.6, μ + 3σ = 3
    const result = usage({
      requests: [1, 1, 1, 1, 1, 1, 1, 1, 3, 1].flatMap((n, s) =>
        Array.from({ length: n }, (_, k) => get(`https://a.io/p/${k}`, T + s * 1000)),
      ),
    });
    expect(result.bursts).toEqual([]);
  });
});

describe('cost_analyzer', () => {
  it('llm-batch without a price: 422 missing_price', () => {
    expect(problemOf(() => cost({ requests: [get('https://a.io/p')], preset: 'llm-batch' }))).toEqual({
      status: 422,
      code: 'missing_price',
      detail: 'the llm-batch preset needs a price: give price_per_call or price_per_million',
      extensions: undefined,
    });
  });

  it('llm-batch: batched requests pay half, the monthly projection scales each stage’s cost', () => {
    const result = cost({
      requests: [
        ...[0, 1, 2, 3].map((ms) => get(`https://a.io/u/${ms + 1}`, T + ms)),
        { method: 'POST', url: 'https://a.io/x', timestamp: T + 2 * DAY },
      ],
      preset: 'llm-batch',
      price_per_call: 0.01,
    });
    expect(result).toEqual({
      baseline: { calls: 5, cost: 0.05 },
      after_dedup: { calls: 5, cost: 0.05 },
      after_batching: { calls: 2, cost: 0.03 },
      savings: { absolute: 0.02, percent: 40 },
      period_days: 2,
      monthly_projection: {
        days: 30,
        baseline: { calls: 75, cost: 0.75 },
        after_dedup: { calls: 75, cost: 0.75 },
        after_batching: { calls: 30, cost: 0.45 },
      },
      by_endpoint: [
        { endpoint: 'GET /u/:id', calls: 4, cost: 0.04 },
        { endpoint: 'POST /x', calls: 1, cost: 0.01 },
      ],
    });
  });

  it('period_days is the span of the timestamps (two of them suffice; requests without one are left out)', () => {
    const result = cost({
      requests: [
        get('https://a.io/a/1', T + 2 * DAY),
        { method: 'POST', url: 'https://a.io/b' },
        get('https://a.io/a/2', T + DAY / 2),
      ],
      price_per_call: 0.5,
    });
    expect(result).toEqual({
      baseline: { calls: 3, cost: 1.5 },
      after_dedup: { calls: 3, cost: 1.5 },
      after_batching: { calls: 3, cost: 1.5 },
      savings: { absolute: 0, percent: 0 },
      period_days: 1.5,
      monthly_projection: {
        days: 30,
        baseline: { calls: 60, cost: 30 },
        after_dedup: { calls: 60, cost: 30 },
        after_batching: { calls: 60, cost: 30 },
      },
      by_endpoint: [
        { endpoint: 'GET /a/:id', calls: 2, cost: 1 },
        { endpoint: 'POST /b', calls: 1, cost: 0.5 },
      ],
    });
  });

  it('by_endpoint in usage order: count, then name', () => {
    const result = cost({
      requests: [
        get('https://a.io/zeta'),
        get('https://a.io/alpha'),
        get('https://a.io/many/1'),
        get('https://a.io/many/2'),
        get('https://a.io/beta'),
      ],
      price_per_call: 1,
    });
    expect(result.by_endpoint).toEqual([
      { endpoint: 'GET /many/:id', calls: 2, cost: 2 },
      { endpoint: 'GET /alpha', calls: 1, cost: 1 },
      { endpoint: 'GET /beta', calls: 1, cost: 1 },
      { endpoint: 'GET /zeta', calls: 1, cost: 1 },
    ]);
  });
});

describe('numbers', () => {
  it('ratio and percent of an empty whole are 0', () => {
    expect(ratio(0, 0)).toBe(0);
    expect(ratio(1, 3)).toBe(0.333333);
    expect(percent(0, 0)).toBe(0);
    expect(percent(2, 3)).toBe(66.67);
  });

  it('percentiles sort their input (nearest rank)', () => {
    expect(percentiles([50, 10, 40, 20, 30])).toEqual({ p50: 30, p90: 50, p95: 50, p99: 50 });
    expect(percentiles([3, 1, 2, 10, 9, 8, 7, 6, 5, 4])).toEqual({ p50: 5, p90: 9, p95: 10, p99: 10 });
    expect(percentiles([])).toBeNull();
  });
});
