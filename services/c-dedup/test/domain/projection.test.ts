// fingerprint.include / fingerprint.exclude: RFC 6901 pointers shaping JSON bodies before hashing
// (draft-ietf-httpapi-idempotency-key-header-06 §2.4), and what they decide in dedup, cost and usage.
import type { ProblemError } from '@dus/core';
import { describe, expect, it } from 'vitest';
import { costAnalyzer, deduplicate, fingerprinter, usageAnalytics } from '../../src/domain/index.js';
import { MAX_PROJECTED_NAME_CHARS, type Projection, projector } from '../../src/domain/projection.js';
import { read } from './helpers.js';

const project = (body: unknown, projection: Projection | undefined) => projector(projection)(body);
const payment = { amount: 500, currency: 'USD', nonce: 'n1', ts: 1700000000 };

describe('projector', () => {
  it('without a projection, or with empty lists, the body is the body', () => {
    expect(project(payment, undefined)).toBe(payment);
    expect(project(payment, {})).toBe(payment);
    expect(project(payment, { include: [], exclude: [] })).toBe(payment);
  });

  it('include maps each resolving pointer to its value; unresolved ones are left out', () => {
    expect(project(payment, { include: ['/amount', '/currency', '/missing'] })).toEqual({
      '/amount': 500,
      '/currency': 'USD',
    });
    expect(project(payment, { include: ['/missing'] })).toEqual({});
    expect(project(payment, { include: [''] })).toEqual({ '': payment });
  });

  it('array steps: decimal indices below the length; "-", leading zeros and signs never resolve', () => {
    const body = { items: [10, 20, { id: 7 }] };
    const steps = [
      '/items/0',
      '/items/2/id',
      '/items/-',
      '/items/01',
      '/items/3',
      '/items/+1',
      '/items/length',
    ];
    expect(project(body, { include: steps })).toStrictEqual({ '/items/0': 10, '/items/2/id': 7 });
    expect(
      project(body, { include: ['/items/4', '/missing/deeper'], exclude: ['/missing/deeper/x'] }),
    ).toStrictEqual({});
    expect(project([1, 2], { include: ['/1', '/1x', '/0/0'] })).toEqual({ '/1': 2 });
  });

  it('~1 is "/" and ~0 is "~" in tokens; the answer keys are the pointers as given', () => {
    const body = { 'a/b': 1, 'm~n': 2, '~1': 3 };
    expect(project(body, { include: ['/a~1b', '/m~0n', '/~01'] })).toEqual({
      '/a~1b': 1,
      '/m~0n': 2,
      '/~01': 3,
    });
    expect(project(body, { exclude: ['/a~1b', '/~01'] })).toEqual({ 'm~n': 2 });
  });

  it('exclude removes what resolves in the body as given: several members of one container at once', () => {
    expect(project(payment, { exclude: ['/nonce', '/ts'] })).toEqual({ amount: 500, currency: 'USD' });
    expect(project({ a: [0, 1, 2, 3] }, { exclude: ['/a/0', '/a/2'] })).toEqual({ a: [1, 3] });
    expect(project({ a: [0, 1] }, { exclude: ['/a/0', '/a/0'] })).toEqual({ a: [1] });
    expect(project([{ x: 1, y: 2 }, 5], { exclude: ['/0/y', '/1'] })).toEqual([{ x: 1 }]);
  });

  it('unresolved excludes are ignored', () => {
    const body = { a: { b: 1 }, n: 3, s: 'text', list: [1] };
    const copy = project(body, {
      exclude: ['/zz', '/a/zz', '/n/0', '/s/0', '/list/1', '/list/-', '/a/b/c', '/zz/y', '/list/length'],
    });
    expect(copy).toEqual(body);
    expect(project(7, { exclude: ['/a'] })).toBe(7);
    expect(project(null, { exclude: ['/a'] })).toBe(null);
  });

  it('exclude wins, also inside included values; "" removes the body', () => {
    const body = { a: { b: 1, c: 2 }, d: [1, 2] };
    expect(project(body, { include: ['/a', '/d'], exclude: ['/a/b', '/d/0'] })).toEqual({
      '/a': { c: 2 },
      '/d': [2],
    });
    expect(project(body, { include: ['/a/b', '/d'], exclude: ['/a'] })).toEqual({ '/d': [1, 2] });
    expect(project(body, { include: ['/a/b'], exclude: ['/a/b'] })).toEqual({});
    expect(project(body, { include: [''], exclude: ['/d'] })).toEqual({ '': { a: { b: 1, c: 2 } } });
    expect(project(body, { exclude: [''] })).toBeUndefined();
    expect(project(payment, { include: ['/amount', '/nonce'], exclude: ['/ts'] })).toEqual({
      '/amount': 500,
      '/nonce': 'n1',
    });
    expect(project(body, { include: ['/a'], exclude: ['/zz', ''] })).toBeUndefined();
  });

  it('include pointers inside one another are refused before any body is read: 422 nested_include', () => {
    const refusal = (include: string[]) => {
      try {
        projector({ include });
      } catch (error) {
        return (error as ProblemError).toProblem();
      }
      return undefined;
    };
    expect(refusal(['/a', '/b', '/a/b/c'])).toMatchObject({
      status: 422,
      code: 'nested_include',
      detail:
        'fingerprint.include/2 "/a/b/c" lies inside "/a" (include/0): its value is already part of that one; leave out one of the two.',
      errors: [
        {
          path: '/fingerprint/include/2',
          code: 'nested_include',
          message:
            'lies inside "/a" (include/0): its value is already part of that one; leave out one of the two',
        },
      ],
    });
    expect(refusal(['/a/b', '/a'])).toMatchObject({ errors: [{ path: '/fingerprint/include/0' }] });
    expect(refusal(['', '/x'])).toMatchObject({ errors: [{ path: '/fingerprint/include/1' }] });
    const chain = Array.from({ length: 64 }, (_, i) => '/a'.repeat(i + 1));
    expect(refusal(chain)).toMatchObject({ code: 'nested_include' });
    // Siblings, prefixes of a name (not of a path) and the same pointer twice are not nested.
    expect(refusal(['/a/b', '/a/c', '/ab', '/a/b'])).toBeUndefined();
    expect(refusal([])).toBeUndefined();
    expect(project({ a: { b: 1, c: 2 }, ab: 3 }, { include: ['/a/b', '/ab', '/a/b'] })).toStrictEqual({
      '/a/b': 1,
      '/ab': 3,
    });
    // The same pointer twice with an exclude that copies: one member, one copy (no redefinition).
    expect(project({ a: { b: 1, c: 2 } }, { include: ['/a', '/a'], exclude: ['/a/c'] })).toStrictEqual({
      '/a': { b: 1 },
    });
  });

  it('keys come in the order of the include list, whatever the body order', () => {
    const picked = project({ z: 1, a: { y: 2, b: 3 } }, { include: ['/a/y', '/z', '/a/b'] }) as object;
    expect(Object.keys(picked)).toEqual(['/a/y', '/z', '/a/b']);
  });

  it('the member names include pointers add over one analysis are bounded: 422 projection_too_large', () => {
    const pointer = `/${'p'.repeat(500)}`;
    const body = { ['p'.repeat(500)]: 1 };
    const each = pointer.length + 4;
    const fits = Math.floor(MAX_PROJECTED_NAME_CHARS / each);
    const project1 = projector({ include: [pointer] });
    for (let i = 0; i < fits; i++) project1(body);
    let problem: ProblemError | undefined;
    try {
      project1(body);
    } catch (error) {
      problem = error as ProblemError;
    }
    expect(problem?.toProblem()).toMatchObject({
      status: 422,
      code: 'projection_too_large',
      detail:
        'The include pointers would add more than 33,554,432 characters of member names to the projected bodies of this analysis; use fewer or shorter pointers, or fewer requests.',
      errors: [
        {
          path: '/fingerprint/include',
          code: 'projection_too_large',
          message: 'its pointers, once per body they resolve in, may add up to 33554432 characters',
        },
      ],
      max_chars: 33_554_432,
    });
    // Bodies where the pointer does not resolve add nothing; a new analysis (projector) counts from 0.
    const project2 = projector({ include: [pointer] });
    for (let i = 0; i < fits + 10; i++) project2({});
    expect(project2(body)).toEqual({ [pointer]: 1 });
  });

  it('never changes the body it was given', () => {
    const body = { a: { b: 1, c: [1, 2] }, d: 4 };
    const before = structuredClone(body);
    project(body, { include: ['/a'], exclude: ['/a/c/0', '/d'] });
    expect(body).toEqual(before);
  });

  it('own members only: __proto__ is a member like any other, inherited names never resolve', () => {
    const body = JSON.parse('{"__proto__":{"x":1},"y":2}');
    const kept = project(body, { exclude: ['/y'] }) as object;
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
    expect(Object.keys(kept)).toEqual(['__proto__']);
    expect(Object.getOwnPropertyDescriptor(kept, '__proto__')?.value).toEqual({ x: 1 });
    const picked = project(body, { include: ['/__proto__', '/toString', '/constructor'] }) as object;
    expect(Object.keys(picked)).toEqual(['/__proto__']);
    expect(project({ a: 1 }, { exclude: ['/toString', '/__proto__'] })).toEqual({ a: 1 });
  });

  it('copies a body nested 100,000 deep without recursion', () => {
    let deep: unknown = 0;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const copy = project({ deep, drop: 1 }, { exclude: ['/drop'] }) as { deep: unknown };
    let depth = 0;
    for (let node = copy.deep; Array.isArray(node); node = node[0]) depth++;
    expect(depth).toBe(100_000);
    expect(copy.deep === deep).toBe(false);
  });
});

describe('projected fingerprints', () => {
  const post = (body: unknown, extra: Record<string, unknown> = {}) => ({
    method: 'POST',
    url: 'https://x.io/pay',
    body,
    ...extra,
  });
  const prints = (requests: Record<string, unknown>[], options: Record<string, unknown> = {}) => {
    const input = read.dedup({ requests, ...options });
    return input.calls.map(fingerprinter(input.options));
  };
  const json = { headers: { 'content-type': 'application/json' } };

  it('the hash of a projected body is the hash of that body as given; no projection changes nothing', () => {
    const [projected] = prints([post(payment)], { fingerprint: { exclude: ['/nonce', '/ts'] } });
    const [plain] = prints([post({ currency: 'USD', amount: 500 })]);
    expect(projected).toBe(plain);
    expect(prints([post(payment)], { fingerprint: {} })).toEqual(prints([post(payment)]));
    const [picked] = prints([post(payment)], { fingerprint: { include: ['/amount'] } });
    expect(picked).toBe(prints([post({ '/amount': 500 })])[0]);
  });

  it('a JSON string under a JSON media type is projected; other strings are hashed unchanged', () => {
    const text = '{"a":1,"n":2}';
    const fingerprint = { exclude: ['/n'] };
    expect(prints([post(text, json)], { fingerprint })).toEqual(prints([post({ a: 1 }, json)]));
    const plain = { headers: { 'content-type': 'text/plain' } };
    expect(prints([post(text, plain)], { fingerprint })).toEqual(prints([post(text, plain)]));
    expect(prints([post('{"a":', json)], { fingerprint })).toEqual(prints([post('{"a":', json)]));
  });

  it('media type parameters are ignored: a JSON string under application/json; charset=utf-8 is JSON', () => {
    const typed = { headers: { 'content-type': 'application/json; charset=utf-8' } };
    expect(prints([post('{"b":2, "a":1}', typed)])).toEqual(prints([post({ a: 1, b: 2 }, typed)]));
  });

  it('excluding "" hashes as no body', () => {
    expect(prints([post(payment)], { fingerprint: { exclude: [''] } })).toEqual(prints([post(undefined)]));
  });

  it('worked example: with exclude ["/nonce","/ts"] the 2nd and 3rd POSTs are likely retries', () => {
    const requests = [0, 1, 2].map((i) =>
      post({ ...payment, nonce: `n${i}`, ts: 1700000000 + i }, { timestamp: i * 100 }),
    );
    const { calls, options } = read.dedup({ requests, fingerprint: { exclude: ['/nonce', '/ts'] } });
    const result = deduplicate(calls, options);
    expect(result.duplicates.map((d) => [d.index, d.duplicate_of, d.delta_ms, d.reason])).toEqual([
      [1, 0, 100, 'likely_retry'],
      [2, 0, 200, 'likely_retry'],
    ]);
    const { calls: bare, options: none } = read.dedup({ requests });
    expect(deduplicate(bare, none).duplicates).toEqual([]);
  });

  it('the projection decides retry vs conflict for a reused key', () => {
    const keyed = [0, 1].map((i) => post({ amount: 5, nonce: i }, { headers: { 'Idempotency-Key': 'k' } }));
    const classes = (options: Record<string, unknown>) => {
      const { calls, options: o } = read.dedup({ requests: keyed, ...options });
      return deduplicate(calls, o).idempotency.requests.map((r) => r.class);
    };
    expect(classes({})).toEqual(['first', 'conflict']);
    expect(classes({ fingerprint: { include: ['/amount'] } })).toEqual(['first', 'retry']);
    expect(classes({ fingerprint: { exclude: ['/nonce'] } })).toEqual(['first', 'retry']);
  });

  it('cost_analyzer and usage_analytics take the projection too', () => {
    const requests = [0, 1].map((i) => post({ amount: 5, nonce: i }, { timestamp: i }));
    const fingerprint = { exclude: ['/nonce'] };
    const usage = (extra: Record<string, unknown>) => {
      const { calls, options } = read.usage({ requests, include_unsafe: true, ...extra });
      return usageAnalytics(calls, options).by_endpoint[0]!.duplicate_rate;
    };
    expect([usage({}), usage({ fingerprint })]).toEqual([0, 0.5]);
    const cost = (extra: Record<string, unknown>) => {
      const { calls, options, pricing } = read.cost({
        requests,
        include_unsafe: true,
        price_per_call: 1,
        ...extra,
      });
      return costAnalyzer(calls, options, pricing).after_dedup.calls;
    };
    expect([cost({}), cost({ fingerprint })]).toEqual([2, 1]);
  });
});
