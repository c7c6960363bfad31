// Idempotency-Key semantics (draft-ietf-httpapi-idempotency-key-header-06 §2.1, §2.6, §2.7): keys as
// sf-strings, the classes first / retry / conflict / concurrent / missing_key and their replay statuses.
import { describe, expect, it } from 'vitest';
import { deduplicate, idempotencyKey } from '../../src/domain/index.js';
import { read } from './helpers.js';

const dedup = (body: Record<string, unknown>) => {
  const { calls, options } = read.dedup(body);
  return deduplicate(calls, options);
};
const post = (
  key: string | undefined,
  body: unknown,
  timestamp?: number,
  extra: Record<string, unknown> = {},
) => ({
  method: 'POST',
  url: 'https://x.io/pay',
  body,
  ...(timestamp === undefined ? {} : { timestamp }),
  ...(key === undefined ? {} : { headers: { 'Idempotency-Key': key } }),
  ...extra,
});
const keyOf = (value: string) => idempotencyKey(read.dedup({ requests: [post(value, 1)] }).calls[0]!);
const none = { first: 0, retry: 0, conflict: 0, concurrent: 0, missing_key: 0 };

describe('keys are sf-strings (§2.1)', () => {
  it.each([
    ['abc', 'abc'],
    ['"abc"', 'abc'],
    ['  "abc"\t', 'abc'],
    ['  abc ', 'abc'],
    ['"a\\"b"', 'a"b'],
    ['"a\\\\b"', 'a\\b'],
    ['"\\\\\\""', '\\"'],
    ['""', ''],
    ['" !#[]~"', ' !#[]~'],
    ['"8e4f-0b2c"', '8e4f-0b2c'],
  ])('%j is the key %j', (value, key) => {
    expect(keyOf(value)).toBe(key);
  });

  it.each(['"abc', 'abc"', '"a"b"', '"a\\b"', '"a\\"', '"a\tb"', '"a\u007fb"', '"é"', '"\\x"', '"a\\\\\\"'])(
    '%j is not an sf-string: taken as written',
    (value) => {
      expect(keyOf(value)).toBe(value);
    },
  );

  it('a call without the header has no key', () => {
    expect(idempotencyKey(read.dedup({ requests: [post(undefined, 1)] }).calls[0]!)).toBeUndefined();
  });

  it('"abc" and abc are one key: the same body is a retry, another a conflict naming the unquoted key', () => {
    const result = dedup({ requests: [post('"abc"', 1), post('abc', 1), post(' "abc" ', 2)] });
    expect(result.duplicates.map((d) => [d.index, d.duplicate_of, d.reason])).toEqual([
      [1, 0, 'idempotency_key'],
    ]);
    expect(result.conflicts).toEqual([{ index: 2, id: null, idempotency_key: 'abc', conflicts_with: 0 }]);
    expect(result.idempotency.requests.map((r) => [r.key, r.class])).toEqual([
      ['abc', 'first'],
      ['abc', 'retry'],
      ['abc', 'conflict'],
    ]);
  });
});

describe('classes and replay statuses (§2.6, §2.7)', () => {
  // Key k at t = 0 (status 201), 50, 200, then another body.
  const example = [
    post('k', { amount: 5 }, 0, { status: 201 }),
    post('k', { amount: 5 }, 50),
    post('k', { amount: 5 }, 200),
    post('k', { amount: 6 }, 300),
  ];

  it('worked example, in_flight_ms 200: first (201), concurrent (409), retry (201), conflict (422)', () => {
    const result = dedup({ requests: example, in_flight_ms: 200 });
    expect(result.idempotency).toEqual({
      requests: [
        {
          index: 0,
          id: null,
          key: 'k',
          class: 'first',
          first_index: 0,
          delta_ms: 0,
          http_status_if_replayed: 201,
        },
        {
          index: 1,
          id: null,
          key: 'k',
          class: 'concurrent',
          first_index: 0,
          delta_ms: 50,
          http_status_if_replayed: 409,
        },
        {
          index: 2,
          id: null,
          key: 'k',
          class: 'retry',
          first_index: 0,
          delta_ms: 200,
          http_status_if_replayed: 201,
        },
        {
          index: 3,
          id: null,
          key: 'k',
          class: 'conflict',
          first_index: 0,
          delta_ms: 300,
          http_status_if_replayed: 422,
        },
      ],
      counts: { first: 1, retry: 1, conflict: 1, concurrent: 1, missing_key: 0 },
    });
    // retry and concurrent are removed as duplicates; the conflict stays, in conflicts.
    expect(result.duplicates.map((d) => [d.index, d.duplicate_of, d.delta_ms, d.reason])).toEqual([
      [1, 0, 50, 'idempotency_key'],
      [2, 0, 200, 'idempotency_key'],
    ]);
    expect(result.conflicts).toEqual([{ index: 3, id: null, idempotency_key: 'k', conflicts_with: 0 }]);
    expect(result.stats).toEqual({ total: 4, unique: 2, removed: 2, duplicate_rate: 0.5 });
  });

  it('worked example by default (in_flight_ms 0): the second is a retry', () => {
    const result = dedup({ requests: example });
    expect(result.idempotency.requests.map((r) => [r.class, r.http_status_if_replayed])).toEqual([
      ['first', 201],
      ['retry', 201],
      ['retry', 201],
      ['conflict', 422],
    ]);
    expect(result.idempotency.counts).toEqual({ ...none, first: 1, retry: 2, conflict: 1 });
  });

  it('in_flight_ms is exclusive: Δ = in_flight_ms − 1 is concurrent, Δ = in_flight_ms a retry; Δ 0 with 1 is concurrent', () => {
    const at = (t: number) => post('k', 1, t);
    const classes = (times: number[], inFlight: number) =>
      dedup({ requests: times.map(at), in_flight_ms: inFlight }).idempotency.requests.map((r) => r.class);
    expect(classes([1000, 1099, 1100], 100)).toEqual(['first', 'concurrent', 'retry']);
    expect(classes([5, 5], 1)).toEqual(['first', 'concurrent']);
    expect(classes([5, 5], 0)).toEqual(['first', 'retry']);
  });

  it('a repeat timestamped before the first (Δ < 0) is a retry, not concurrent', () => {
    const result = dedup({ requests: [post('k', 1, 1000), post('k', 1, 990)], in_flight_ms: 500 });
    expect(result.idempotency.requests[1]).toEqual({
      index: 1,
      id: null,
      key: 'k',
      class: 'retry',
      first_index: 0,
      delta_ms: -10,
      http_status_if_replayed: null,
    });
  });

  it('without both timestamps: never concurrent, delta_ms null', () => {
    const result = dedup({
      requests: [post('k', 1), post('k', 1, 10), post('j', 1, 0), post('j', 1)],
      in_flight_ms: 86_400_000,
    });
    expect(result.idempotency.requests.map((r) => [r.class, r.delta_ms])).toEqual([
      ['first', null],
      ['retry', null],
      ['first', 0],
      ['retry', null],
    ]);
  });

  it('conflict wins over concurrent', () => {
    const result = dedup({ requests: [post('k', 1, 0), post('k', 2, 10)], in_flight_ms: 1000 });
    expect(result.idempotency.requests[1]).toMatchObject({ class: 'conflict', http_status_if_replayed: 422 });
    expect(result.conflicts).toHaveLength(1);
    expect(result.duplicates).toEqual([]);
  });

  it("a retry replays the first's status, never its own; a first without status replays null", () => {
    const result = dedup({
      requests: [
        post('k', 1, 0, { status: 500 }),
        post('k', 1, 1, { status: 200 }),
        post('j', 1, 2),
        post('j', 1, 3, { status: 201 }),
      ],
    });
    expect(result.idempotency.requests.map((r) => r.http_status_if_replayed)).toEqual([500, 500, null, null]);
  });

  it('ids are reported; a later key is compared only with the first of its own key', () => {
    const result = dedup({
      requests: [
        post('a', 1, 0, { id: 'r0' }),
        post('b', 1, 1, { id: 'r1' }),
        post('a', 2, 2, { id: 'r2' }),
        post('a', 1, 3, { id: 'r3' }),
      ],
    });
    expect(result.idempotency.requests.map((r) => [r.id, r.key, r.class, r.first_index])).toEqual([
      ['r0', 'a', 'first', 0],
      ['r1', 'b', 'first', 1],
      ['r2', 'a', 'conflict', 0],
      ['r3', 'a', 'retry', 0],
    ]);
    expect(result.idempotency.counts).toEqual({ ...none, first: 2, retry: 1, conflict: 1 });
  });
});

describe('missing_key (require_idempotency_key)', () => {
  const methods = ['POST', 'PATCH', 'GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'LINK'];
  const requests = methods.map((method, i) => ({ method, url: `https://x.io/${i}`, id: method }));

  it('only unkeyed calls of methods that are not idempotent, with status 400 and no first', () => {
    const result = dedup({ requests: [...requests, post('k', 1)], require_idempotency_key: true });
    expect(result.idempotency.requests).toEqual([
      ...['POST', 'PATCH', 'LINK'].map((id) => ({
        index: methods.indexOf(id),
        id,
        key: null,
        class: 'missing_key',
        first_index: null,
        delta_ms: null,
        http_status_if_replayed: 400,
      })),
      {
        index: 8,
        id: null,
        key: 'k',
        class: 'first',
        first_index: 8,
        delta_ms: null,
        http_status_if_replayed: null,
      },
    ]);
    expect(result.idempotency.counts).toEqual({ ...none, first: 1, missing_key: 3 });
  });

  it('off by default: no request is listed, every count is 0', () => {
    expect(dedup({ requests }).idempotency).toEqual({ requests: [], counts: none });
  });

  it('a missing_key request is still deduplicated by fingerprint and window', () => {
    const result = dedup({
      requests: [post(undefined, 1, 0), post(undefined, 1, 10)],
      require_idempotency_key: true,
    });
    expect(result.idempotency.counts).toEqual({ ...none, missing_key: 2 });
    expect(result.duplicates.map((d) => [d.index, d.reason])).toEqual([[1, 'likely_retry']]);
  });
});
