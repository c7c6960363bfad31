// volatile_fields: body pointers whose values differ among otherwise identical requests.
import { describe, expect, it } from 'vitest';
import { deduplicate } from '../../src/domain/index.js';
import { leavesOf, volatileFields } from '../../src/domain/volatile.js';
import { read } from './helpers.js';

const volatile = (requests: Record<string, unknown>[], options: Record<string, unknown> = {}) => {
  const { calls, options: o } = read.dedup({ requests, ...options });
  return deduplicate(calls, o).volatile_fields;
};
const post = (body: unknown, extra: Record<string, unknown> = {}) => ({
  method: 'POST',
  url: 'https://x.io/pay',
  body,
  ...extra,
});
const payments = [0, 1, 2].map((i) =>
  post({ amount: 500, currency: 'USD', nonce: `n${i}`, ts: 1700000000 + i }, { timestamp: i * 100 }),
);

describe('volatile_fields: the worked examples', () => {
  it('three POSTs, nonces and ts all different → /nonce 3, /ts 3', () => {
    expect(volatile(payments)).toEqual([
      { pointer: '/nonce', count: 3 },
      { pointer: '/ts', count: 3 },
    ]);
  });

  it('with fingerprint.exclude ["/nonce","/ts"] → [] and the 2nd and 3rd are likely retries', () => {
    const { calls, options } = read.dedup({
      requests: payments,
      fingerprint: { exclude: ['/nonce', '/ts'] },
    });
    const result = deduplicate(calls, options);
    expect(result.volatile_fields).toEqual([]);
    expect(result.duplicates.map((d) => [d.index, d.reason])).toEqual([
      [1, 'likely_retry'],
      [2, 'likely_retry'],
    ]);
  });
});

describe('volatile_fields: the grouping rule', () => {
  it('identical bodies, one request, scalar, text and absent bodies: none', () => {
    expect(volatile([post({ a: 1 }), post({ a: 1 })])).toEqual([]);
    expect(volatile([post({ a: 1 })])).toEqual([]);
    expect(volatile([post(1), post(2), post(3)])).toEqual([]);
    const text = { headers: { 'content-type': 'text/plain' } };
    expect(volatile([post('{"a":1}', text), post('{"a":2}', text)])).toEqual([]);
    expect(volatile([post(undefined), post(undefined)])).toEqual([]);
  });

  it('a leaf with a repeated value is not unique; only requests otherwise identical to another count', () => {
    const bodies = [
      { amount: 1, nonce: 'a' },
      { amount: 1, nonce: 'b' },
      { amount: 2, nonce: 'c' },
    ];
    expect(volatile(bodies.map((b) => post(b)))).toEqual([{ pointer: '/nonce', count: 2 }]);
    const apart = [
      { amount: 1, nonce: 'a' },
      { amount: 2, nonce: 'b' },
      { amount: 1, nonce: 'a' },
    ];
    expect(volatile(apart.map((b) => post(b)))).toEqual([]);
    // /id is unique, but no two requests agree at both /x and /y: no request counts.
    const spread = [
      { id: 1, x: 1, y: 1 },
      { id: 2, x: 1, y: 2 },
      { id: 3, x: 2, y: 2 },
    ];
    expect(volatile(spread.map((b) => post(b)))).toEqual([]);
  });

  it('two requests differing at two leaves: both leaves unique, both requests counted', () => {
    expect(volatile([post({ a: 1, b: 1, c: 0 }), post({ a: 2, b: 2, c: 0 })])).toEqual([
      { pointer: '/a', count: 2 },
      { pointer: '/b', count: 2 },
    ]);
  });

  it('groups by method, normalised URL, allow-listed headers and leaf set; counts add up across groups', () => {
    const at = (url: string, nonce: number, extra: Record<string, unknown> = {}) =>
      post({ nonce, v: 1 }, { url, ...extra });
    const requests = [
      at('https://x.io/a', 1),
      at('https://X.IO/a?utm_source=z', 2),
      at('https://x.io/a', 3, { method: 'PUT' }),
      at('https://x.io/b', 4),
      at('https://x.io/b', 5),
      at('https://x.io/b', 6, { headers: { accept: 'text/csv' } }),
      at('https://x.io/b', 7, { headers: { 'x-trace': 'ignored' } }),
      post({ nonce: 8 }, { url: 'https://x.io/b' }),
    ];
    expect(volatile(requests)).toEqual([{ pointer: '/nonce', count: 5 }]);
  });

  it('member order does not matter; values compare as canonical JSON', () => {
    const json = { headers: { 'content-type': 'application/json' } };
    expect(volatile([post('{"n":1.0,"k":"x"}', json), post('{"k":"y","n":1}', json)])).toEqual([
      { pointer: '/k', count: 2 },
    ]);
    expect(volatile([post({ n: '1', k: 1 }), post({ n: 1, k: 1 })])).toEqual([{ pointer: '/n', count: 2 }]);
  });

  it('empty containers are leaves; pointers are escaped and go through arrays', () => {
    expect(volatile([post({ a: {}, n: 0 }), post({ a: [], n: 0 })])).toEqual([{ pointer: '/a', count: 2 }]);
    expect(volatile([post([1, { 'a/b': 1, 'm~n': 'x' }]), post([1, { 'a/b': 2, 'm~n': 'y' }])])).toEqual([
      { pointer: '/1/a~1b', count: 2 },
      { pointer: '/1/m~0n', count: 2 },
    ]);
    expect(volatile([post({}), post([])])).toEqual([{ pointer: '', count: 2 }]);
  });

  it('by count descending, then pointer in code units', () => {
    const requests = [
      post({ B: 1, a: 1, c: 1, z: 0 }),
      post({ B: 2, a: 2, c: 2, z: 0 }),
      post({ B: 3, a: 3, c: 3, z: 0 }, { url: 'https://x.io/other' }),
      post({ B: 4, a: 4, c: 4, z: 0 }, { url: 'https://x.io/other' }),
      post({ B: 5, a: 5, c: 5, z: 0 }, { url: 'https://x.io/other' }),
      post({ c: 1, z: 0 }, { url: 'https://x.io/third' }),
      post({ c: 2, z: 0 }, { url: 'https://x.io/third' }),
    ];
    expect(volatile(requests)).toEqual([
      { pointer: '/c', count: 7 },
      { pointer: '/B', count: 5 },
      { pointer: '/a', count: 5 },
    ]);
  });

  it('equal counts in pointer order whatever order the groups come in', () => {
    const requests = [
      post({ z: 1 }, { url: 'https://x.io/1' }),
      post({ z: 2 }, { url: 'https://x.io/1' }),
      post({ m: 1 }, { url: 'https://x.io/2' }),
      post({ m: 2 }, { url: 'https://x.io/2' }),
      post({ a: 1 }, { url: 'https://x.io/3' }),
      post({ a: 2 }, { url: 'https://x.io/3' }),
    ];
    const expected = [
      { pointer: '/a', count: 2 },
      { pointer: '/m', count: 2 },
      { pointer: '/z', count: 2 },
    ];
    expect(volatile(requests)).toEqual(expected);
    expect(volatile([...requests].reverse())).toEqual(expected);
  });

  it('the projection decides the bodies: include keys are pointers, excluded members are gone', () => {
    expect(volatile(payments, { fingerprint: { include: ['/nonce', '/amount'] } })).toEqual([
      { pointer: '/~1nonce', count: 3 },
    ]);
    expect(volatile(payments, { fingerprint: { exclude: [''] } })).toEqual([]);
  });

  it('bodies over 1,000 leaves are left out; 1,000 leaves are in', () => {
    const body = (leaves: number, nonce: number) => ({
      list: Array.from({ length: leaves - 1 }, () => 0),
      nonce,
    });
    expect(volatile([post(body(1000, 1)), post(body(1000, 2))])).toEqual([{ pointer: '/nonce', count: 2 }]);
    expect(volatile([post(body(1001, 1)), post(body(1001, 2))])).toEqual([]);
  });
});

describe('leavesOf and volatileFields directly', () => {
  it('leaves in pointer order with canonical values; undefined past 1,000', () => {
    expect(leavesOf({ b: [true, null], a: { x: 'é' }, e: {}, f: [], 'g/~': 1.5 })).toEqual({
      pointers: ['/a/x', '/b/0', '/b/1', '/e', '/f', '/g~1~0'],
      values: ['"é"', 'true', 'null', '{}', '[]', '1.5'],
    });
    expect(leavesOf(Array.from({ length: 1000 }, () => 1))?.values).toHaveLength(1000);
    expect(leavesOf(Array.from({ length: 1001 }, () => 1))).toBeUndefined();
    expect(leavesOf({})).toEqual({ pointers: [''], values: ['{}'] });
    expect(leavesOf([])).toEqual({ pointers: [''], values: ['[]'] });
  });

  it('20,000 requests in one group: linear, every request counted once per unique leaf', () => {
    const shapes = Array.from({ length: 20_000 }, (_, i) => ({ head: 'h', json: { id: i, v: 1 } }));
    expect(volatileFields(shapes)).toEqual([{ pointer: '/id', count: 20_000 }]);
  });
});
