// analyze() as a whole on documents built to trip every signal; each figure was checked by hand
// (sizes against the minified text, shares, the bloat score's four terms, tie orders).
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/domain/index.js';

const COMPRESSION = { gzip_level: 6, brotli_quality: 5 };

describe('analyze, whole answers', () => {
  it('every signal at once: empties, repeated keys, debug members, depth, long strings, numbers as strings, gzip', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 11; i++) deep = { k: deep };
    const payload = {
      rows: Array.from({ length: 10 }, (_, i) => ({ id: i, debug: i % 2 === 0, n: null })),
      long: 'ab'.repeat(600),
      ns: ['42', '-1.5e3', '007', ''],
      f: 1.5,
      t: true,
      e: {},
      a: [],
      deep,
    };
    const share = (bytes: number) => Math.round((bytes / 1671) * 10000) / 100;
    const largest = (
      [
        ['/long', 1202],
        ['/rows', 316],
        ['/deep', 67],
        ['/deep/k', 61],
        ['/deep/k/k', 55],
        ['/deep/k/k/k', 49],
        ['/rows/*/debug', 45],
        ['/deep/k/k/k/k', 43],
        ['/rows/*/n', 40],
        ['/deep/k/k/k/k/k', 37],
      ] as const
    ).map(([path, bytes]) => ({ path, bytes, share_percent: share(bytes) }));
    expect(analyze(payload)).toStrictEqual({
      bytes: 1671,
      pretty_bytes: Buffer.byteLength(JSON.stringify(payload, null, 2)),
      gzip_bytes: 169,
      brotli_bytes: 138,
      compression: COMPRESSION,
      // Rows 1 + 10 × 15, "rows" 5; "long" 5 + 3 + 1200; "ns" 3 + 16; "f" 2 + 1.5 (half float 3 in CBOR,
      // float 64 9 in MessagePack); "t", "e", "a" 3 each; "deep" 5 + 11 × 3 + 1; the root 1.
      formats: { json: 1671, cbor: 1437, msgpack: 1443 },
      // k (11) → a: 0; id (10) → b: 10 × 1; debug (10) → c: 10 × 4; n → d: 0; then once each rows,
      // long, ns, f, t, e, a, deep → e…l: 3 + 3 + 1 + 0 + 0 + 0 + 0 + 3.
      short_keys: { distinct_keys: 12, bytes: 1611, saving_bytes: 60, saving_percent: 3.59 },
      field_count: 49,
      unique_keys: 12,
      max_depth: 12,
      type_distribution: { object: 23, array: 3, string: 5, number: 1, integer: 11, boolean: 11, null: 10 },
      nulls: 10,
      empty_strings: 1,
      empty_arrays: 1,
      empty_objects: 1,
      largest_fields: largest,
      key_bytes: 207,
      value_bytes: 1464,
      repeated_keys: [
        { key: 'debug', occurrences: 10 },
        { key: 'id', occurrences: 10 },
        { key: 'n', occurrences: 10 },
      ],
      long_strings: [{ path: '/long', bytes: 1200 }],
      numbers_as_strings: [{ path: '/ns/*' }],
      bloat_score: 26,
      signals: [
        '20.31% of the values are null or empty.',
        '"debug" is repeated in 10 array items; a columnar or keyed layout would shorten it.',
        '10 members look like debug or temporary data.',
        'Nesting depth 12 exceeds 10.',
        '1 path holds strings over 1024 bytes.',
        '1 path holds numbers written as strings.',
        'gzip shrinks it to 10.11%: serve it compressed.',
      ],
    });
  });

  it('an empty object: one empty value, depth 1, bloat 40 + 1', () => {
    expect(analyze({})).toStrictEqual({
      bytes: 2,
      pretty_bytes: 2,
      gzip_bytes: 22,
      brotli_bytes: 6,
      compression: COMPRESSION,
      formats: { json: 2, cbor: 1, msgpack: 1 },
      short_keys: { distinct_keys: 0, bytes: 2, saving_bytes: 0, saving_percent: 0 },
      field_count: 0,
      unique_keys: 0,
      max_depth: 1,
      type_distribution: { object: 1, array: 0, string: 0, number: 0, integer: 0, boolean: 0, null: 0 },
      nulls: 0,
      empty_strings: 0,
      empty_arrays: 0,
      empty_objects: 1,
      largest_fields: [],
      key_bytes: 0,
      value_bytes: 2,
      repeated_keys: [],
      long_strings: [],
      numbers_as_strings: [],
      bloat_score: 41,
      signals: ['100% of the values are null or empty.'],
    });
  });

  it('array items: paths with *, repeated keys tied by count then name, member names as a share', () => {
    expect(analyze([{ x: 1 }, { x: 2, y: 'a' }, { y: 'b' }])).toStrictEqual({
      bytes: 35,
      pretty_bytes: 78,
      gzip_bytes: 47,
      brotli_bytes: 37,
      compression: COMPRESSION,
      // array 1; {x:1} 1 + 2 + 1; {x:2,y:"a"} 1 + 3 + 4; {y:"b"} 1 + 4. One-letter names save nothing.
      formats: { json: 35, cbor: 18, msgpack: 18 },
      short_keys: { distinct_keys: 2, bytes: 35, saving_bytes: 0, saving_percent: 0 },
      field_count: 4,
      unique_keys: 2,
      max_depth: 2,
      type_distribution: { object: 3, array: 1, string: 2, number: 0, integer: 2, boolean: 0, null: 0 },
      nulls: 0,
      empty_strings: 0,
      empty_arrays: 0,
      empty_objects: 0,
      largest_fields: [
        { path: '/*/y', bytes: 6, share_percent: 17.14 },
        { path: '/*/x', bytes: 2, share_percent: 5.71 },
      ],
      key_bytes: 12,
      value_bytes: 23,
      repeated_keys: [
        { key: 'x', occurrences: 2 },
        { key: 'y', occurrences: 2 },
      ],
      long_strings: [],
      numbers_as_strings: [],
      bloat_score: 12,
      signals: ['Member names are 34.29% of the bytes.'],
    });
  });
});
