// Edge cases of the domain by exact answers: every signal at its threshold (just met, just missed),
// singular and plural texts, ties in every order (first seen among equal sizes, by name or path among
// equal counts or savings), the ten largest fields cut at a tie, empties of every kind, numbers such as
// -0 and 1e21, RFC 6901 escaping, own `__proto__` members, the 100,000-path bound of each walker, and
// the free band of each provider. Sizes were counted by hand and are checked against
// Buffer.byteLength(JSON.stringify(…)) as well.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { ProblemError } from '@dus/core';
import { encode as msgpackEncode } from '@msgpack/msgpack';
import { encode as cborEncode } from 'cbor2';
import { describe, expect, it } from 'vitest';
import { analyze, compare, egressCost, suggestPrunes } from '../../src/domain/index.js';
import { percent } from '../../src/domain/numbers.js';
import { flatten, jsonType, pathCounter } from '../../src/domain/walk.js';

const COMPRESSION = { gzip_level: 6, brotli_quality: 5 };
const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
const prettyOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value, null, 2));
const gzipOf = (value: unknown) => gzipSync(JSON.stringify(value), { level: 6 }).byteLength;
const brotliOf = (value: unknown) => {
  const text = Buffer.from(JSON.stringify(value));
  return brotliCompressSync(text, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: text.byteLength },
  }).byteLength;
};
/** The r-th short name (a…z, aa…zz, aaa…), spelled out. */
const shortName = (rank: number) => {
  let name = '';
  for (let r = rank + 1; r > 0; r = Math.floor((r - 1) / 26))
    name = String.fromCharCode(97 + ((r - 1) % 26)) + name;
  return name;
};
/** short_keys by the spec's words: names by occurrences, ties by first appearance, renamed to shortName(rank). */
const shortKeysOf = (value: unknown) => {
  // Names in the order their text appears: a member's name, then what its value holds.
  const counts = new Map<string, number>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (typeof node === 'object' && node !== null)
      for (const [name, member] of Object.entries(node)) {
        counts.set(name, (counts.get(name) ?? 0) + 1);
        visit(member);
      }
  };
  visit(value);
  let saving = 0;
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .forEach(([name, occurrences], rank) => {
      const each = bytesOf(name) - bytesOf(shortName(rank));
      if (each > 0) saving += occurrences * each;
    });
  const bytes = bytesOf(value);
  return {
    distinct_keys: counts.size,
    bytes: bytes - saving,
    saving_bytes: saving,
    saving_percent: percent(saving, bytes),
  };
};
/** The sizes analyze() reports, from node:zlib, Buffer, cbor2 and @msgpack/msgpack directly. */
const sizesOf = (value: unknown) => ({
  bytes: bytesOf(value),
  pretty_bytes: prettyOf(value),
  gzip_bytes: gzipOf(value),
  brotli_bytes: brotliOf(value),
  compression: COMPRESSION,
  formats: {
    json: bytesOf(value),
    cbor: cborEncode(JSON.parse(JSON.stringify(value))).byteLength,
    msgpack: msgpackEncode(JSON.parse(JSON.stringify(value))).byteLength,
  },
  short_keys: shortKeysOf(value),
});
const types = (counts: Partial<Record<string, number>>) => ({
  object: 0,
  array: 0,
  string: 0,
  number: 0,
  integer: 0,
  boolean: 0,
  null: 0,
  ...counts,
});
const nested = (levels: number) => {
  let value: unknown = 0;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};
const problemOf = (run: () => unknown): Record<string, unknown> | undefined => {
  try {
    run();
  } catch (error) {
    return (error as ProblemError).toProblem();
  }
  return undefined;
};
const tooManyPaths = (what: string) => ({
  type: 'urn:problem:too_many_paths',
  title: expect.any(String),
  status: 422,
  code: 'too_many_paths',
  detail: `${what} has more than 100,000 distinct member paths (array indexes count as one); audit a representative part of it`,
  max_paths: 100_000,
});
const objectOf = (names: string[]) => Object.fromEntries(names.map((name) => [name, 0]));
const names = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i}`);
let bigMemo: Record<string, number> | undefined;
/** An object of 100,001 members: one distinct path more than MAX_PATHS (built once). */
const big = () => {
  bigMemo ??= objectOf(names('k', 100_001));
  return bigMemo;
};

describe('analyze: whole answers at the edges', () => {
  it('empties of every kind, -0, 1e21 and 0.1, a nested empty array; ten fields sorted, equals first seen first', () => {
    const doc = { s: '', a: [], o: {}, n: null, z: -0, big: 1e21, f: 0.1, t: false, sp: ' ', nested: [[]] };
    // {"s":"","a":[],"o":{},"n":null,"z":0,"big":1e+21,"f":0.1,"t":false,"sp":" ","nested":[[]]}
    expect(bytesOf(doc)).toBe(90);
    const field = (path: string, bytes: number) => ({
      path,
      bytes,
      share_percent: Math.round((bytes / 90) * 10_000) / 100,
    });
    expect(analyze(doc)).toStrictEqual({
      ...sizesOf(doc),
      field_count: 10,
      unique_keys: 10,
      max_depth: 3,
      type_distribution: types({
        object: 2,
        array: 3,
        string: 2,
        number: 1,
        integer: 2,
        boolean: 1,
        null: 1,
      }),
      nulls: 1,
      empty_strings: 1,
      empty_arrays: 2,
      empty_objects: 1,
      largest_fields: [
        field('/big', 5),
        field('/t', 5),
        field('/n', 4),
        field('/nested', 4),
        field('/f', 3),
        field('/sp', 3),
        field('/s', 2),
        field('/a', 2),
        field('/o', 2),
        field('/z', 1),
      ],
      key_bytes: 38,
      value_bytes: 52,
      repeated_keys: [],
      long_strings: [],
      numbers_as_strings: [],
      // 5/12 × 40 + 38/90 × 30 + 0 + 3/10 × 10 = 16.67 + 12.67 + 3 = 32.33
      bloat_score: 32,
      signals: ['41.67% of the values are null or empty.', 'Member names are 42.22% of the bytes.'],
    });
    expect(field('/big', 5).share_percent).toBe(5.56);
  });

  it('equal sizes keep document order (not name order); a _v1 beside its _v2 is read with its siblings', () => {
    const doc = { b: 1, a: 2, price_v1: 3, price_v2: 4 };
    const one = { bytes: 1, share_percent: 2.56 };
    expect(analyze(doc)).toStrictEqual({
      ...sizesOf(doc),
      bytes: 39,
      field_count: 4,
      unique_keys: 4,
      max_depth: 1,
      type_distribution: types({ object: 1, integer: 4 }),
      nulls: 0,
      empty_strings: 0,
      empty_arrays: 0,
      empty_objects: 0,
      largest_fields: ['/b', '/a', '/price_v1', '/price_v2'].map((path) => ({ path, ...one })),
      key_bytes: 26,
      value_bytes: 13,
      repeated_keys: [],
      long_strings: [],
      numbers_as_strings: [],
      // 0 + 26/39 × 30 + 0 + 1 = 21
      bloat_score: 21,
      signals: ['Member names are 66.67% of the bytes.'],
    });
  });

  it('the ten largest fields: a field equal to the tenth is left out, a larger later one gets in', () => {
    const doc = { a: 1, b: 22, c: 1, d: 333, e: 1, f: 1, g: 22, h: 1, i: 1, j: 1, k: 1, l: 4444 };
    expect(bytesOf(doc)).toBe(80);
    const field = (path: string, bytes: number) => ({ path, bytes, share_percent: bytes * 1.25 });
    expect(analyze(doc).largest_fields).toStrictEqual([
      field('/l', 4),
      field('/d', 3),
      field('/b', 2),
      field('/g', 2),
      field('/a', 1),
      field('/c', 1),
      field('/e', 1),
      field('/f', 1),
      field('/h', 1),
      field('/i', 1),
    ]);
  });

  it('only objects that are array items count towards repeated keys, not the root or a member object', () => {
    const doc = { x: [{ x: 1 }], o: { x: 2 } };
    expect(analyze(doc)).toStrictEqual({
      ...sizesOf(doc),
      bytes: 27,
      field_count: 4,
      unique_keys: 2,
      max_depth: 3,
      type_distribution: types({ object: 3, array: 1, integer: 2 }),
      nulls: 0,
      empty_strings: 0,
      empty_arrays: 0,
      empty_objects: 0,
      largest_fields: [
        { path: '/x', bytes: 9, share_percent: 33.33 },
        { path: '/o', bytes: 7, share_percent: 25.93 },
        { path: '/x/*/x', bytes: 1, share_percent: 3.7 },
        { path: '/o/x', bytes: 1, share_percent: 3.7 },
      ],
      key_bytes: 12,
      value_bytes: 15,
      repeated_keys: [],
      long_strings: [],
      numbers_as_strings: [],
      // 0 + 12/27 × 30 + 0 + 3 = 16.33
      bloat_score: 16,
      signals: ['Member names are 44.44% of the bytes.'],
    });
  });

  it('repeated keys: most first, equal counts by name whatever the order met; 9 items are no signal', () => {
    const doc = { items: [{ z: 1 }, { z: 1, y: 1 }, { y: 1, x: 1, z: 1 }, { x: 1 }, { w: 1 }] };
    expect(analyze(doc).repeated_keys).toStrictEqual([
      { key: 'z', occurrences: 3 },
      { key: 'x', occurrences: 2 },
      { key: 'y', occurrences: 2 },
    ]);
    const nine = Array.from({ length: 9 }, (_, id) => ({ id }));
    const result = analyze(nine);
    expect(result.repeated_keys).toStrictEqual([{ key: 'id', occurrences: 9 }]);
    // 9 × {"id":n} (8 bytes) + 8 commas + 2 = 82 bytes, 36 of them member names.
    expect([result.bytes, result.key_bytes]).toEqual([82, 36]);
    expect(result.signals).toStrictEqual(['Member names are 43.9% of the bytes.']);
  });
});

describe('analyze: each signal just met and just missed', () => {
  it('null or empty: 1 of 10 values is 10 % (a signal), 1 of 11 is 9.09 % (none)', () => {
    const doc = [null, 1, 2, 3, 4, 5, 6, 7, 8];
    expect(analyze(doc)).toStrictEqual({
      ...sizesOf(doc),
      bytes: 22,
      field_count: 0,
      unique_keys: 0,
      max_depth: 1,
      type_distribution: types({ array: 1, integer: 8, null: 1 }),
      nulls: 1,
      empty_strings: 0,
      empty_arrays: 0,
      empty_objects: 0,
      largest_fields: [],
      key_bytes: 0,
      value_bytes: 22,
      repeated_keys: [],
      long_strings: [],
      numbers_as_strings: [],
      // 1/10 × 40 + 0 + 0 + 1 = 5
      bloat_score: 5,
      signals: ['10% of the values are null or empty.'],
    });
    expect(analyze([null, 1, 2, 3, 4, 5, 6, 7, 8, 9]).signals).toStrictEqual([]);
  });

  it('member names: 3 of 10 bytes is 30 % (a signal), 3 of 11 is 27.27 % (none)', () => {
    expect(analyze({ a: 1234 })).toStrictEqual({
      ...sizesOf({ a: 1234 }),
      bytes: 10,
      pretty_bytes: 15,
      field_count: 1,
      unique_keys: 1,
      max_depth: 1,
      type_distribution: types({ object: 1, integer: 1 }),
      nulls: 0,
      empty_strings: 0,
      empty_arrays: 0,
      empty_objects: 0,
      largest_fields: [{ path: '/a', bytes: 4, share_percent: 40 }],
      key_bytes: 3,
      value_bytes: 7,
      repeated_keys: [],
      long_strings: [],
      numbers_as_strings: [],
      // 0 + 3/10 × 30 + 0 + 1 = 10
      bloat_score: 10,
      signals: ['Member names are 30% of the bytes.'],
    });
    expect(analyze({ a: 12345 })).toMatchObject({ bytes: 11, key_bytes: 3, signals: [] });
  });

  it('nesting: depth 10 is no signal, depth 11 is', () => {
    expect(analyze(nested(10))).toMatchObject({ bytes: 21, max_depth: 10, bloat_score: 10, signals: [] });
    expect(analyze(nested(11))).toMatchObject({
      bytes: 23,
      max_depth: 11,
      bloat_score: 10,
      signals: ['Nesting depth 11 exceeds 10.'],
    });
  });

  it('debug or temporary members: one looks, three look; internal and deprecated names do not count', () => {
    expect(analyze({ debug: 1 })).toStrictEqual({
      ...sizesOf({ debug: 1 }),
      bytes: 11,
      field_count: 1,
      unique_keys: 1,
      max_depth: 1,
      type_distribution: types({ object: 1, integer: 1 }),
      nulls: 0,
      empty_strings: 0,
      empty_arrays: 0,
      empty_objects: 0,
      largest_fields: [{ path: '/debug', bytes: 1, share_percent: 9.09 }],
      key_bytes: 7,
      value_bytes: 4,
      repeated_keys: [],
      long_strings: [],
      numbers_as_strings: [],
      // 0 + 7/11 × 30 + 1/1 × 20 + 1 = 40.09
      bloat_score: 40,
      signals: ['Member names are 63.64% of the bytes.', '1 member looks like debug or temporary data.'],
    });
    const doc = { tmp: 1, xdebugx: 2, cache: 3, _meta: 4, legacy_x: 5, price_v1: 6, price_v2: 7 };
    const result = analyze(doc);
    expect(bytesOf(doc)).toBe(80);
    // 0 + 58/80 × 30 + 3/7 × 20 + 1 = 21.75 + 8.57 + 1 = 31.32
    expect([result.key_bytes, result.bloat_score]).toEqual([58, 31]);
    expect(result.signals).toStrictEqual([
      'Member names are 72.5% of the bytes.',
      '3 members look like debug or temporary data.',
    ]);
  });

  it('long strings: 1,024 bytes are not long, 1,025 are; one path holds, two paths hold; numbers as strings', () => {
    const one = { s: 'x'.repeat(1024), t: 'é'.repeat(513), n: '12' };
    const a = analyze(one);
    expect(a.bytes).toBe(2074);
    expect({ long: a.long_strings, numbers: a.numbers_as_strings, signals: a.signals }).toStrictEqual({
      long: [{ path: '/t', bytes: 1026 }],
      numbers: [{ path: '/n' }],
      signals: [
        '1 path holds strings over 1024 bytes.',
        '1 path holds numbers written as strings.',
        // 61 of 2,074 bytes.
        'gzip shrinks it to 2.94%: serve it compressed.',
      ],
    });
    expect(gzipOf(one)).toBe(61);
    const two = {
      a: ['y'.repeat(1025), 'y'.repeat(1030)],
      b: 'z'.repeat(2000),
      n: ['-0', '1e21', 'x'],
      m: '0.1',
    };
    const b = analyze(two);
    expect([b.bytes, gzipOf(two)]).toEqual([4107, 88]);
    expect({ long: b.long_strings, numbers: b.numbers_as_strings, signals: b.signals }).toStrictEqual({
      long: [
        { path: '/a/*', bytes: 2055 },
        { path: '/b', bytes: 2000 },
      ],
      numbers: [{ path: '/n/*' }, { path: '/m' }],
      signals: [
        '2 paths hold strings over 1024 bytes.',
        '2 paths hold numbers written as strings.',
        'gzip shrinks it to 2.14%: serve it compressed.',
      ],
    });
  });

  it('gzip: to exactly a quarter is no signal, below a quarter is', () => {
    const quarter = 'a'.repeat(98);
    // 100 bytes, 25 gzipped.
    expect([bytesOf(quarter), gzipOf(quarter)]).toEqual([100, 25]);
    expect(analyze(quarter)).toStrictEqual({
      ...sizesOf(quarter),
      field_count: 0,
      unique_keys: 0,
      max_depth: 0,
      type_distribution: types({ string: 1 }),
      nulls: 0,
      empty_strings: 0,
      empty_arrays: 0,
      empty_objects: 0,
      largest_fields: [],
      key_bytes: 0,
      value_bytes: 100,
      repeated_keys: [],
      long_strings: [],
      numbers_as_strings: [],
      bloat_score: 0,
      signals: [],
    });
    const below = 'a'.repeat(99);
    expect([bytesOf(below), gzipOf(below)]).toEqual([101, 25]);
    expect(analyze(below).signals).toStrictEqual(['gzip shrinks it to 24.75%: serve it compressed.']);
  });

  it('an own "__proto__" member is a member like any other', () => {
    const doc = JSON.parse('{"__proto__":{"debug":1}}');
    expect(analyze(doc)).toMatchObject({
      bytes: 25,
      field_count: 2,
      unique_keys: 2,
      max_depth: 2,
      largest_fields: [
        { path: '/__proto__', bytes: 11, share_percent: 44 },
        { path: '/__proto__/debug', bytes: 1, share_percent: 4 },
      ],
      key_bytes: 18,
    });
    expect(analyze(doc).signals).toContain('1 member looks like debug or temporary data.');
  });
});

describe('walk: the flattened document', () => {
  it('paths escaped by RFC 6901 (`~` → `~0`, `/` → `~1`, "" → an empty token), depths, sizes, children', () => {
    const doc = { 'a/b': { '~': [1, { '': null }] }, '': [] };
    const flat = flatten(doc);
    expect({
      values: flat.values.length,
      parent: [...flat.parent],
      key: flat.key,
      path: flat.path,
      depth: [...flat.depth],
      size: [...flat.size],
      children: [...flat.children],
    }).toStrictEqual({
      values: 7,
      parent: [-1, 0, 1, 2, 2, 4, 0],
      key: [undefined, 'a/b', '~', undefined, undefined, '', ''],
      path: ['', '/a~1b', '/a~1b/~0', '/a~1b/~0/*', '/a~1b/~0/*', '/a~1b/~0/*/', '/'],
      depth: [1, 2, 3, 3, 4, 4, 2],
      size: [33, 19, 13, 1, 9, 4, 2],
      children: [2, 1, 2, 0, 1, 0, 0],
    });
    expect(flat.values.map((value) => bytesOf(value))).toEqual([...flat.size]);
  });

  it('JSON types by name', () => {
    expect([null, [], {}, '', 0, false].map(jsonType)).toEqual([
      'null',
      'array',
      'object',
      'string',
      'number',
      'boolean',
    ]);
  });

  it('the bound counts distinct member paths: the root and repeats do not count', { timeout: 60_000 }, () => {
    const count = pathCounter('the payload');
    count('');
    for (let i = 0; i < 100_000; i++) count(`/k${i}`);
    count('');
    count('/k99999');
    expect(problemOf(() => count('/k100000'))).toStrictEqual(tooManyPaths('the payload'));
  });

  it('100,001 distinct member paths are too many for flatten ("the payload" by default) and analyze', {
    timeout: 60_000,
  }, () => {
    expect(problemOf(() => flatten(big()))).toStrictEqual(tooManyPaths('the payload'));
    expect(problemOf(() => analyze(big()))).toStrictEqual(tooManyPaths('the payload'));
  });
});

describe('compare: each kind of difference on its own', () => {
  it('only a shorter array: not equivalent, no type or value change', () => {
    expect([gzipOf({ l: [1, 2] }), gzipOf({ l: [1] })]).toEqual([31, 29]);
    expect(compare({ l: [1, 2] }, { l: [1] })).toStrictEqual({
      original_bytes: 11,
      optimized_bytes: 9,
      delta_bytes: 2,
      delta_percent: 18.18,
      gzip: { original_bytes: 31, optimized_bytes: 29, delta_bytes: 2, delta_percent: 6.45 },
      compression: COMPRESSION,
      removed_fields: [],
      added_fields: [],
      changed_types: [],
      changed_values: 0,
      unchanged_fields: 1,
      equivalent: false,
    });
    expect(compare({ l: [] }, { l: [1] })).toMatchObject({ changed_types: [], equivalent: false });
  });

  it('only type changes (null is its own type), each path and pair listed once', () => {
    expect(compare({ a: 1, n: null, l: ['a', 'b'] }, { a: '1', n: 0, l: [1, 2] })).toMatchObject({
      removed_fields: [],
      added_fields: [],
      changed_types: [
        { path: '/a', from: 'number', to: 'string' },
        { path: '/n', from: 'null', to: 'number' },
        { path: '/l/*', from: 'string', to: 'number' },
      ],
      changed_values: 0,
      unchanged_fields: 0,
      equivalent: false,
    });
  });

  it('only an added member: not equivalent', () => {
    expect(compare({ a: 1 }, { a: 1, b: 2 })).toMatchObject({
      removed_fields: [],
      added_fields: [{ path: '/b' }],
      changed_types: [],
      changed_values: 0,
      unchanged_fields: 1,
      equivalent: false,
    });
  });

  it('the prune example: 38 → 8 bytes (78.95 %), gzip 58 → 28 (51.72 %); a growth is negative', () => {
    const original = { id: 1, debug: { q: 'x' }, name: null };
    expect(compare(original, { id: 1 })).toStrictEqual({
      original_bytes: 38,
      optimized_bytes: 8,
      delta_bytes: 30,
      delta_percent: 78.95,
      gzip: { original_bytes: 58, optimized_bytes: 28, delta_bytes: 30, delta_percent: 51.72 },
      compression: COMPRESSION,
      removed_fields: [{ path: '/debug' }, { path: '/name' }],
      added_fields: [],
      changed_types: [],
      changed_values: 0,
      unchanged_fields: 1,
      equivalent: false,
    });
    expect([gzipOf(original), gzipOf({ id: 1 })]).toEqual([58, 28]);
    expect(compare({ id: 1 }, original)).toMatchObject({
      delta_bytes: -30,
      delta_percent: -375,
      gzip: { delta_bytes: -30, delta_percent: -107.14 },
    });
  });

  it('100,001 distinct paths in both together are too many: shared, removed plus added', {
    timeout: 60_000,
  }, () => {
    const what = 'original and optimized together';
    expect(problemOf(() => compare(big(), big()))).toStrictEqual(tooManyPaths(what));
    const removed = objectOf(names('r', 50_001));
    const added = objectOf(names('a', 50_000));
    expect(problemOf(() => compare(removed, added))).toStrictEqual(tooManyPaths(what));
  });
});

describe('egress: the free band only where a provider has one', () => {
  it('GCP: one paid band from 0', () => {
    expect(egressCost(1e9, 10, 'gcp', 'ap')).toStrictEqual({
      bytes_per_request: 1e9,
      monthly_gb: 10,
      price_per_gb: 0.12,
      monthly_cost: 1.2,
      yearly_cost: 14.4,
      tiers: [{ from_gb: 0, to_gb: null, price_per_gb: 0.12, gb: 10, cost: 1.2 }],
    });
  });

  it('AWS at exactly its 100 free GB: only the free band; Azure beyond it: free then flat', () => {
    expect(egressCost(1e9, 100, 'aws', 'us')).toStrictEqual({
      bytes_per_request: 1e9,
      monthly_gb: 100,
      price_per_gb: 0,
      monthly_cost: 0,
      yearly_cost: 0,
      tiers: [{ from_gb: 0, to_gb: 100, price_per_gb: 0, gb: 100, cost: 0 }],
    });
    expect(egressCost(1e9, 1000, 'azure', 'sa')).toStrictEqual({
      bytes_per_request: 1e9,
      monthly_gb: 1000,
      price_per_gb: 0.1629,
      monthly_cost: 162.9,
      yearly_cost: 1954.8,
      tiers: [
        { from_gb: 0, to_gb: 100, price_per_gb: 0, gb: 100, cost: 0 },
        { from_gb: 100, to_gb: null, price_per_gb: 0.181, gb: 900, cost: 162.9 },
      ],
    });
  });
});

describe('suggestPrunes: edges', () => {
  it('a member is inside another only at a "/" boundary: /tmpl/debug is not inside /tmp', () => {
    const doc = { tmp: 1, tmpl: { debug: 1 } };
    expect(bytesOf(doc)).toBe(28);
    expect(suggestPrunes(doc)).toStrictEqual({
      suggestions: [
        {
          path: '/tmpl/debug',
          category: 'debug',
          confidence: 95,
          reason: '"debug" is a debug field',
          bytes_saved: 9,
          occurrences: 1,
        },
        {
          path: '/tmp',
          category: 'temp',
          confidence: 90,
          reason: '"tmp" is a temporary field',
          bytes_saved: 8,
          occurrences: 1,
        },
      ],
      pruned_payload: { tmpl: {} },
      total_bytes_saved: 17,
      percent_saved: 60.71,
      threshold: 60,
    });
  });

  it('a * path at its lowest confidence, the first of equally low verdicts', () => {
    const doc = { items: [{ x: '' }, { x: [] }, { x: null }] };
    expect(bytesOf(doc)).toBe(40);
    expect(suggestPrunes(doc)).toStrictEqual({
      suggestions: [
        {
          path: '/items/*/x',
          category: 'null',
          confidence: 50,
          reason: 'the value is empty ("")',
          bytes_saved: 20,
          occurrences: 3,
        },
      ],
      pruned_payload: { items: [{}, {}, {}] },
      total_bytes_saved: 20,
      percent_saved: 50,
      threshold: 60,
    });
  });

  it('escaped paths and an own "__proto__" member; the pruned copy is plain, writable JSON', () => {
    const doc = JSON.parse('{"__proto__":{"a":1,"tmp":2},"a/b":null,"x~y":{"debug":1,"k":2}}');
    expect(bytesOf(doc)).toBe(64);
    const brief = (result: ReturnType<typeof suggestPrunes>) =>
      result.suggestions.map((s) => [s.path, s.category, s.confidence, s.bytes_saved]);
    // "__proto__" has a leading "_": internal (75), 11 + 1 + 15 + 1 bytes with its comma.
    expect(brief(suggestPrunes(doc))).toStrictEqual([
      ['/__proto__', 'internal', 75, 28],
      ['/a~1b', 'null', 70, 11],
      ['/x~0y/debug', 'debug', 95, 10],
    ]);
    // Confidence ≥ 76: the members inside it are looked at.
    const result = suggestPrunes(doc, 24);
    expect(brief(result)).toStrictEqual([
      ['/x~0y/debug', 'debug', 95, 10],
      ['/__proto__/tmp', 'temp', 90, 8],
    ]);
    expect([result.total_bytes_saved, result.percent_saved]).toEqual([18, 28.13]);
    const pruned = result.pruned_payload as Record<string, unknown>;
    expect(JSON.stringify(pruned)).toBe('{"__proto__":{"a":1},"a/b":null,"x~y":{"k":2}}');
    expect(Object.getPrototypeOf(pruned)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(pruned, '__proto__')).toStrictEqual({
      value: { a: 1 },
      writable: true,
      enumerable: true,
      configurable: true,
    });
    pruned['x~y'] = 'replaced';
    expect(pruned['x~y']).toBe('replaced');
    expect(delete pruned['x~y']).toBe(true);
    expect(Object.keys(pruned)).toEqual(['__proto__', 'a/b']);
  });

  it('prefixes and the _deprecated suffix by name, the most confident rule of a level; equal savings by path', () => {
    const doc = {
      legacy_a: 1,
      tmp_d: 4,
      old_b: 2,
      temp_c: 3,
      e_deprecated: 5,
      oldish: 6,
      list: [],
      internal_x_deprecated: 7,
    };
    expect(bytesOf(doc)).toBe(109);
    const deprecated = 'a deprecated field (legacy_/old_ prefix, _deprecated suffix, or _v1 beside a _v2)';
    const temp = 'a temporary field (temp_/tmp_ prefix)';
    const member = (path: string, category: string, confidence: number, describe: string, bytes: number) => ({
      path,
      category,
      confidence,
      reason: `"${path.slice(1)}" is ${describe}`,
      bytes_saved: bytes,
      occurrences: 1,
    });
    expect(suggestPrunes(doc)).toStrictEqual({
      suggestions: [
        // internal_ (75) and _deprecated (85) are both level 2: the more confident wins.
        member('/internal_x_deprecated', 'deprecated', 85, deprecated, 26),
        member('/e_deprecated', 'deprecated', 85, deprecated, 17),
        member('/legacy_a', 'deprecated', 85, deprecated, 13),
        member('/temp_c', 'temp', 90, temp, 11),
        {
          path: '/list',
          category: 'null',
          confidence: 50,
          reason: 'the value is empty ([])',
          bytes_saved: 10,
          occurrences: 1,
        },
        member('/old_b', 'deprecated', 85, deprecated, 10),
        member('/tmp_d', 'temp', 90, temp, 10),
      ],
      pruned_payload: { oldish: 6 },
      total_bytes_saved: 97,
      percent_saved: 88.99,
      threshold: 60,
    });
  });

  it('the threshold is inclusive: null (70) is suggested at threshold 30, not at 29', () => {
    expect(suggestPrunes({ n: null, c: 1 }, 30).suggestions.map((s) => s.path)).toEqual(['/n']);
    expect(suggestPrunes({ n: null, c: 1 }, 29)).toStrictEqual({
      suggestions: [],
      pruned_payload: { n: null, c: 1 },
      total_bytes_saved: 0,
      percent_saved: 0,
      threshold: 29,
    });
  });

  it('a _v1 is deprecated only beside a _v2 in the same object', () => {
    expect(suggestPrunes({ a: { price_v1: 1 }, b: { price_v2: 2 } }).suggestions).toStrictEqual([]);
    expect(suggestPrunes({ a: { price_v1: 1, price_v2: 2 } }).suggestions.map((s) => s.path)).toEqual([
      '/a/price_v1',
    ]);
  });
});

describe('percent', () => {
  it('half-up away from zero at 2 decimals; 0 of a zero whole', () => {
    expect([percent(1, 800), percent(-1, 800), percent(3, 800), percent(5, 0), percent(0, 0)]).toEqual([
      0.13, -0.13, 0.38, 0, 0,
    ]);
  });
});
