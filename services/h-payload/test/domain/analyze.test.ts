import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/domain/index.js';
import { flatten } from '../../src/domain/walk.js';

describe('the worked example', () => {
  const payload = { a: 1, b: null, c: { d: [1, 2, { e: '' }] } };
  it('bytes 41, 5 fields, depth 4, 1 null, 1 empty string, key bytes 15, bloat 24', () => {
    expect(analyze(payload)).toMatchObject({
      bytes: 41,
      field_count: 5,
      unique_keys: 5,
      max_depth: 4,
      nulls: 1,
      empty_strings: 1,
      key_bytes: 15,
      value_bytes: 26,
      bloat_score: 24,
      type_distribution: { object: 3, array: 1, string: 1, number: 0, integer: 3, boolean: 0, null: 1 },
    });
  });
});

describe('sizes cross-checked against Buffer.byteLength, JSON.stringify(…, null, 2) and node:zlib', () => {
  it('on random JSON documents, every member size equals the stringified member', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        const doc = JSON.parse(JSON.stringify(value));
        const text = JSON.stringify(doc);
        const result = analyze(doc);
        expect(result.bytes).toBe(Buffer.byteLength(text));
        expect(result.pretty_bytes).toBe(Buffer.byteLength(JSON.stringify(doc, null, 2)));
        expect(result.gzip_bytes).toBe(gzipSync(text, { level: 6 }).byteLength);
        expect(result.brotli_bytes).toBe(
          brotliCompressSync(text, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 5,
              [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
            },
          }).byteLength,
        );
        const flat = flatten(doc);
        for (let i = 0; i < flat.values.length; i++)
          expect(flat.size[i]).toBe(Buffer.byteLength(JSON.stringify(flat.values[i])));
        expect(result.key_bytes + result.value_bytes).toBe(result.bytes);
      }),
      { numRuns: 300 },
    );
  });
});

describe('signals and lists', () => {
  it('repeated keys of array items, long strings, numbers as strings, largest fields merged by path', () => {
    const long = 'é'.repeat(600);
    const doc = {
      items: [
        { id: '1', note: long },
        { id: '02', note: 'x' },
        { id: '1e5', x: 1 },
      ],
      total: '+1',
      pad: ' 4',
    };
    const result = analyze(doc);
    expect(result.repeated_keys).toEqual([
      { key: 'id', occurrences: 3 },
      { key: 'note', occurrences: 2 },
    ]);
    expect(result.long_strings).toEqual([{ path: '/items/*/note', bytes: 1200 }]);
    expect(result.numbers_as_strings).toEqual([{ path: '/items/*/id' }]);
    expect(result.largest_fields[0]).toMatchObject({ path: '/items' });
    expect(result.largest_fields[1]).toMatchObject({ path: '/items/*/note', bytes: 1200 + 2 + 3 });
  });

  it('a scalar root has depth 0 and no fields; an empty object depth 1', () => {
    expect(analyze(5)).toMatchObject({
      max_depth: 0,
      field_count: 0,
      bytes: 1,
      type_distribution: { integer: 1 },
    });
    expect(analyze({})).toMatchObject({ max_depth: 1, empty_objects: 1, bytes: 2 });
    expect(analyze(null)).toMatchObject({ nulls: 1, bytes: 4 });
  });

  it('a document nested 10,000 deep is analysed without recursion', () => {
    let doc: unknown = 1;
    for (let i = 0; i < 10_000; i++) doc = { a: doc };
    const flat = flatten(doc);
    expect(flat.values).toHaveLength(10_001);
    expect(flat.size[0]).toBe(10_000 * 6 + 1);
  });
});
