import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { suggestPrunes } from '../../src/domain/index.js';
import { memberVerdict } from '../../src/domain/prune-rules.js';

const bytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v));

describe('the worked example', () => {
  const payload = { id: 1, debug: { q: 'x' }, _tmp: 1, name: null };
  it('threshold 60: /debug (debug 95, 18 bytes with its comma), /_tmp (temp 90), /name (null 70)', () => {
    const result = suggestPrunes(payload, 60);
    expect(result.suggestions.map((s) => [s.path, s.category, s.confidence, s.bytes_saved])).toEqual([
      ['/debug', 'debug', 95, 18],
      ['/name', 'null', 70, 12],
      ['/_tmp', 'temp', 90, 9],
    ]);
    expect(result.pruned_payload).toEqual({ id: 1 });
    expect(result.total_bytes_saved).toBe(bytes(payload) - bytes({ id: 1 }));
  });

  it('threshold 20 (confidence ≥ 80): /name is not flagged', () => {
    expect(suggestPrunes(payload, 20).suggestions.map((s) => s.path)).toEqual(['/debug', '/_tmp']);
  });
});

describe('rules', () => {
  const verdict = (name: string, value: unknown = 1, siblings: string[] = []) => {
    const v = memberVerdict(name, value, new Set([name, ...siblings]));
    return v && [v.category, v.confidence];
  };
  it.each([
    ['_id', 1, [], ['internal', 40]],
    ['_debug', 1, [], ['debug', 95]],
    ['_tmp', 1, [], ['temp', 90]],
    ['cache', null, [], ['null', 70]],
    ['cache', 1, [], ['temp', 55]],
    ['cached_user', 1, [], ['temp', 55]],
    ['price_v1', 1, ['price_v2'], ['deprecated', 85]],
    ['price_v1', 1, [], undefined],
    ['x_deprecated', 1, [], ['deprecated', 85]],
    ['mydebugflag', 1, [], ['debug', 80]],
    ['_private', 1, [], ['internal', 75]],
    ['Debug', 1, [], undefined],
    ['tags', [], [], ['null', 50]],
    ['meta', {}, [], ['null', 50]],
    ['name', '', [], ['null', 50]],
  ] as const)('%s = %j → %j', (name, value, siblings, expected) => {
    expect(verdict(name, value, [...siblings])).toEqual(expected);
  });

  it('a * path only when every occurrence qualifies, at the lowest confidence; nothing inside a suggested member', () => {
    const all = suggestPrunes({
      items: [
        { debug: 1, v: null },
        { debug: 2, v: 3 },
      ],
      trace: { _id: 1, tmp: 2 },
    });
    expect(all.suggestions.map((s) => [s.path, s.confidence, s.occurrences])).toEqual([
      ['/trace', 95, 1],
      ['/items/*/debug', 95, 2],
    ]);
    const mixed = suggestPrunes({
      items: [{ _id: 1 }, { _id: 2, cache: 1 }],
      x: [{ cache: null }, { cache: 1 }],
    });
    expect(mixed.suggestions.map((s) => [s.path, s.category, s.confidence])).toEqual([
      ['/x/*/cache', 'temp', 55],
      ['/items/*/_id', 'internal', 40],
      ['/items/*/cache', 'temp', 55],
    ]);
  });
});

/** A copy without every member at a `*` path (test oracle, written independently of the service). */
function removePath(payload: unknown, path: string): unknown {
  const copy = structuredClone(payload);
  const tokens = path
    .split('/')
    .slice(1)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  const visit = (node: unknown, rest: string[]): void => {
    if (typeof node !== 'object' || node === null) return;
    const [head, ...tail] = rest;
    if (head === '*') {
      if (Array.isArray(node)) for (const item of node) visit(item, tail);
      return;
    }
    if (Array.isArray(node) || !Object.hasOwn(node, head!)) return;
    if (tail.length === 0) delete (node as Record<string, unknown>)[head!];
    else visit((node as Record<string, unknown>)[head!], tail);
  };
  visit(copy, tokens);
  return copy;
}

it('property: removing one suggested field lowers the size by exactly its bytes_saved', () => {
  const names = fc.constantFrom(
    'id',
    'name',
    'debug',
    'tmp',
    '_id',
    'cache',
    'legacy_x',
    'trace',
    'value',
    '_meta',
    'stack',
  );
  const leaf = fc.oneof(
    fc.integer(),
    fc.constant(null),
    fc.constant(''),
    fc.string({ maxLength: 5 }),
    fc.constant([]),
    fc.constant({}),
  );
  const doc = fc.letrec((tie) => ({
    node: fc.oneof(
      { depthSize: 'small' },
      leaf,
      fc.dictionary(names, tie('node'), { maxKeys: 5 }),
      fc.array(tie('node'), { maxLength: 3 }),
    ),
  })).node;
  fc.assert(
    fc.property(doc, fc.integer({ min: 0, max: 100 }), (payload, threshold) => {
      const result = suggestPrunes(payload, threshold);
      for (const s of result.suggestions) {
        expect(bytes(payload) - bytes(removePath(payload, s.path))).toBe(s.bytes_saved);
      }
      expect(bytes(payload) - bytes(result.pruned_payload)).toBe(result.total_bytes_saved);
      if (result.suggestions.length === 1)
        expect(result.total_bytes_saved).toBe(result.suggestions[0]!.bytes_saved);
    }),
    { numRuns: 300 },
  );
});

it('the pruned payload rebuilds only the containers on the way to a removed member', () => {
  const payload = {
    user: { id: 1, profile: { name: 'a' }, debug: { q: 1 } },
    items: [{ id: 1 }, { id: 2 }],
    meta: { v: 1 },
  };
  const before = JSON.stringify(payload);
  const { pruned_payload: pruned } = suggestPrunes(payload, 60) as {
    pruned_payload: { user: Record<string, unknown>; items: unknown; meta: unknown };
  };
  expect(pruned).toEqual({
    user: { id: 1, profile: { name: 'a' } },
    items: [{ id: 1 }, { id: 2 }],
    meta: { v: 1 },
  });
  // Rebuilt: the root and `user`; shared: everything that lost nothing.
  expect(pruned).not.toBe(payload);
  expect(pruned.user).not.toBe(payload.user);
  expect(pruned.user.profile).toBe(payload.user.profile);
  expect(pruned.items).toBe(payload.items);
  expect(pruned.meta).toBe(payload.meta);
  // The request's document is left as it was.
  expect(JSON.stringify(payload)).toBe(before);
});

it('a document with nothing to remove is answered as it is, not copied', () => {
  const payload = [{}, { a: [1, 2] }, []];
  const result = suggestPrunes(payload, 60);
  expect(result.suggestions).toEqual([]);
  expect(result.pruned_payload).toBe(payload);
  expect(result.total_bytes_saved).toBe(0);
});

it('an array item is rebuilt when a member inside it is removed, its siblings are shared', () => {
  const payload = { rows: [{ id: 1, _tmp: 'x' }, { id: 2 }] };
  const { pruned_payload: pruned } = suggestPrunes(payload, 60) as { pruned_payload: { rows: object[] } };
  expect(pruned).toEqual({ rows: [{ id: 1 }, { id: 2 }] });
  expect(pruned.rows).not.toBe(payload.rows);
  expect(pruned.rows[0]).not.toBe(payload.rows[0]);
  expect(pruned.rows[1]).toBe(payload.rows[1]);
});
