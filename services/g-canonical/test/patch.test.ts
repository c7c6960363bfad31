// /v1/patch (MCP json_patch): the spec's four examples exactly, the order of operations, pointer
// escapes, and a property checked with an independent RFC 6902 implementation (fast-json-patch):
// applying the patch to `from` gives a document with the canonical form of `to`.
import { canonicalize, type JsonValue } from '@dus/core';
import fc from 'fast-check';
import { applyPatch, deepClone, type Operation } from 'fast-json-patch';
import { describe, expect, it } from 'vitest';
import { diffJson, MAX_PATCH_PATH_CHARS } from '../src/domain/index.js';
import { onSocket } from './socket.js';

const { both } = onSocket();

describe('the spec examples, over REST and MCP', () => {
  it('a long member name over many items is refused with 422 patch_too_large on both surfaces', async () => {
    const name = 'n'.repeat(4_000);
    const body = { from: { [name]: Array(10_000).fill(0) }, to: { [name]: [] } };
    const outcome = await both('/v1/patch', 'json_patch', body);
    expect(outcome.status).toBe(422);
    expect(outcome.json).toMatchObject({ code: 'patch_too_large' });
    expect(JSON.stringify(outcome.mcp)).toContain('patch_too_large');
  });

  it.each([
    ['{"a":1,"b":2}', '{"a":1,"b":3}', [{ op: 'replace', path: '/b', value: 3 }]],
    ['{"a/b":1,"m~n":2}', '{"a/b":2,"m~n":2}', [{ op: 'replace', path: '/a~1b', value: 2 }]],
    ['[1]', '{"a":1}', [{ op: 'replace', path: '', value: { a: 1 } }]],
    ['{"a":1.0}', '{"a":1}', []],
  ])('%s → %s', async (from, to, patch) => {
    const { status, json } = await both('/v1/patch', 'json_patch', `{"from":${from},"to":${to}}`);
    expect(status).toBe(200);
    expect(json).toEqual({ patch, operations: patch.length });
  });

  it('from and to are required, null is a value', async () => {
    const missing = await both('/v1/patch', 'json_patch', { from: 1 });
    expect(missing.status).toBe(400);
    expect(missing.json.errors[0].path).toBe('/to');
    const nulls = await both('/v1/patch', 'json_patch', { from: null, to: [null] });
    expect(nulls.json).toEqual({ patch: [{ op: 'replace', path: '', value: [null] }], operations: 1 });
    const strict = await both('/v1/patch', 'json_patch', '{"from":{"a":1,"a":2},"to":1}');
    expect(strict.status).toBe(422);
  });

  it('a 256-deep document is walked without recursion', async () => {
    const deep = (leaf: string) => '['.repeat(255) + leaf + ']'.repeat(255);
    const { status, json } = await both('/v1/patch', 'json_patch', `{"from":${deep('1')},"to":${deep('2')}}`);
    expect(status).toBe(200);
    expect(json.patch).toEqual([{ op: 'replace', path: '/0'.repeat(255), value: 2 }]);
  });
});

describe('diffJson', () => {
  it('members in code-unit order: remove, add, recurse, replace', () => {
    expect(
      diffJson(
        { z: 1, b: { x: 1, y: [1] }, a: 'k', c: [1, 2], '\u00e9': 1 },
        { a: 'k', b: { x: 2, y: { 0: 1 } }, c: [1, 3], d: null, '\u00e9': 1, '\ud83d\ude00': 0 },
      ),
    ).toEqual([
      { op: 'replace', path: '/b/x', value: 2 },
      { op: 'replace', path: '/b/y', value: { 0: 1 } },
      { op: 'replace', path: '/c/1', value: 3 },
      { op: 'add', path: '/d', value: null },
      { op: 'remove', path: '/z' },
      { op: 'add', path: '/\ud83d\ude00', value: 0 },
    ]);
  });

  it('arrays: common indices, then surplus removed from the last down, or missing added ascending', () => {
    expect(diffJson([1, 2, 3, 4], [0, 2])).toEqual([
      { op: 'replace', path: '/0', value: 0 },
      { op: 'remove', path: '/3' },
      { op: 'remove', path: '/2' },
    ]);
    expect(diffJson([1], [1, [2], { a: 3 }])).toEqual([
      { op: 'add', path: '/1', value: [2] },
      { op: 'add', path: '/2', value: { a: 3 } },
    ]);
    expect(diffJson([[1, 2]], [[1]])).toEqual([{ op: 'remove', path: '/0/1' }]);
    expect(diffJson([], [])).toEqual([]);
    expect(diffJson({}, {})).toEqual([]);
  });

  it('refuses a patch whose paths would exceed the bound, counted over every operation, before building it', () => {
    // Paths '/0' (replace), '/3' and '/2' (removes): 6 characters in all.
    expect(diffJson([1, 2, 3, 4], [0, 2], 6)).toHaveLength(3);
    const pairs: Array<[JsonValue, JsonValue]> = [
      [
        [1, 2, 3, 4],
        [0, 2],
      ],
      [{ a: 1 }, { a: 2, b: 1, c: 1 }],
      [{ ab: [1] }, { ab: 1 }],
    ];
    for (const [from, to] of pairs) {
      const paths = diffJson(from, to).reduce((total, operation) => total + operation.path.length, 0);
      expect(diffJson(from, to, paths).length).toBeGreaterThan(0);
      expect(() => diffJson(from, to, paths - 1)).toThrow(
        expect.objectContaining({ status: 422, code: 'patch_too_large' }),
      );
    }
    expect(MAX_PATCH_PATH_CHARS).toBe(33_554_432);
  });

  it('scalars and type changes', () => {
    expect(diffJson(0, -0)).toEqual([]);
    expect(diffJson('1', 1)).toEqual([{ op: 'replace', path: '', value: 1 }]);
    expect(diffJson(true, false)).toEqual([{ op: 'replace', path: '', value: false }]);
    expect(diffJson(null, {})).toEqual([{ op: 'replace', path: '', value: {} }]);
    expect(diffJson({}, null)).toEqual([{ op: 'replace', path: '', value: null }]);
    expect(diffJson({ a: [] }, { a: {} })).toEqual([{ op: 'replace', path: '/a', value: {} }]);
    expect(diffJson({ a: {} }, { a: [] })).toEqual([{ op: 'replace', path: '/a', value: [] }]);
    expect(diffJson([{}], [[]])).toEqual([{ op: 'replace', path: '/0', value: [] }]);
  });

  it('pointer escapes, and own members only (__proto__, constructor)', () => {
    const from = JSON.parse('{"__proto__":1,"~":1}') as JsonValue;
    const to = JSON.parse('{"__proto__":2,"constructor":3}') as JsonValue;
    expect(diffJson(from, to)).toEqual([
      { op: 'replace', path: '/__proto__', value: 2 },
      { op: 'add', path: '/constructor', value: 3 },
      { op: 'remove', path: '/~0' },
    ]);
    expect(diffJson({ toString: 1 }, {})).toEqual([{ op: 'remove', path: '/toString' }]);
    expect(diffJson({}, { hasOwnProperty: 1 })).toEqual([{ op: 'add', path: '/hasOwnProperty', value: 1 }]);
  });

  it('applied by fast-json-patch, gives the canonical form of `to` (property)', () => {
    // Names other than __proto__, which fast-json-patch refuses to write (prototype pollution guard).
    const json = fc.jsonValue({ maxDepth: 4 }).filter((v) => !JSON.stringify(v).includes('"__proto__"'));
    fc.assert(
      fc.property(json, json, (from, to) => {
        const patch = diffJson(from as JsonValue, to as JsonValue);
        const result = applyPatch(deepClone(from), deepClone(patch) as Operation[], true, false).newDocument;
        expect(canonicalize(result as JsonValue)).toBe(canonicalize(to as JsonValue));
        expect(patch.length === 0).toBe(canonicalize(from as JsonValue) === canonicalize(to as JsonValue));
      }),
      { numRuns: 500 },
    );
  });

  it('a change deep inside near-equal documents is the only operation (property)', () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    fc.assert(
      fc.property(json, fc.string(), json, (doc, name, leaf) => {
        const from = { [name]: [doc, 0] } as JsonValue;
        const to = { [name]: [doc, leaf] } as JsonValue;
        const patch = diffJson(from, to);
        const path = `/${name.replace(/~/g, '~0').replace(/\//g, '~1')}/1`;
        if (canonicalize(leaf as JsonValue) === '0') expect(patch).toEqual([]);
        else expect(patch).toEqual([{ op: 'replace', path, value: leaf }]);
      }),
      { numRuns: 200 },
    );
  });
});
