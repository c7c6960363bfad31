// The domain's edges, by exact answers: the first difference in canonical order, projections and
// their subsumption, digest fields and bare digests, sf-strings.
import { createHash } from 'node:crypto';
import { canonicalize, type JsonValue, parseStrictJson, type ProblemError } from '@dus/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstDifference } from '../src/domain/compare.js';
import { digestOf } from '../src/domain/digest.js';
import { toSfString } from '../src/domain/idempotency.js';
import { project } from '../src/domain/projection.js';
import { decodeDigest, parseDigestField, verifyDigests } from '../src/domain/verify.js';

describe('firstDifference', () => {
  it.each([
    [{ b: 1, a: 1 }, { b: 2, a: 2 }, '/a'],
    [{ B: 1, a: 1 }, { B: 2, a: 1 }, '/B'],
    [{ a: [1, 2] }, { a: [1, 2, 3] }, '/a/2'],
    [{ a: [1, 2, 3] }, { a: [1] }, '/a/1'],
    [{ a: [1, 9, 3] }, { a: [1, 2] }, '/a/1'],
    [{ a: 1 }, { a: '1' }, '/a'],
    [{ a: null }, { a: {} }, '/a'],
    [{ a: [] }, { a: {} }, '/a'],
    [[], {}, ''],
    [{ a: 1, c: 1 }, { a: 1, b: 1, c: 1 }, '/b'],
    [{ a: 1, b: 1, c: 1 }, { a: 1, c: 2 }, '/b'],
    [{ '~/': 1 }, { '~/': 2 }, '/~0~1'],
    [{ a: { x: 1, y: 1 }, b: 2 }, { a: { x: 1, y: 2 }, b: 3 }, '/a/y'],
    ['x', 'y', ''],
    [true, false, ''],
  ] as Array<[JsonValue, JsonValue, string]>)('%j vs %j → %s', (a, b, pointer) => {
    expect(firstDifference(a, b)).toBe(pointer);
    expect(firstDifference(b, a)).toBe(pointer);
  });

  it('own members only: "__proto__" and "constructor" are compared as data', () => {
    const a = parseStrictJson('{"__proto__":{}}') as JsonValue;
    expect(firstDifference(a, {})).toBe('/__proto__');
    expect(firstDifference({}, parseStrictJson('{"constructor":1}') as JsonValue)).toBe('/constructor');
  });

  it('null exactly when the canonical forms are equal', () => {
    const json = fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<JsonValue>;
    fc.assert(
      fc.property(json, json, (a, b) => {
        expect(firstDifference(a, b) === null).toBe(canonicalize(a) === canonicalize(b));
        expect(firstDifference(a, structuredClone(a))).toBeNull();
      }),
      { numRuns: 1000 },
    );
  });
});

describe('project', () => {
  const document: JsonValue = { a: { b: [1, 2], c: 3 }, d: 4, items: [{ id: 1, x: 0 }, { id: 2 }] };

  it('names what "value" is when it is not an object', () => {
    const detail = (value: JsonValue) => {
      try {
        project(value, ['a']);
      } catch (error) {
        return (error as ProblemError).detail;
      }
      return undefined;
    };
    const sentence = (what: string) => `"fields" selects members of an object, but "value" is ${what}.`;
    expect(detail(null)).toBe(sentence('null'));
    expect(detail([1])).toBe(sentence('an array'));
    expect(detail(1)).toBe(sentence('a number'));
    expect(detail('x')).toBe(sentence('a string'));
    expect(detail(true)).toBe(sentence('a boolean'));
  });

  it('fields unique and sorted; missing ones listed, sorted; siblings kept together', () => {
    expect(project(document, ['d', '/zz/y', '/a/c', 'd', '/a/b/1', 'q'])).toEqual({
      value: { a: { b: { 1: 2 }, c: 3 }, d: 4 },
      fields: ['/a/b/1', '/a/c', '/zz/y', 'd', 'q'],
      missing: ['/zz/y', 'q'],
    });
  });

  it('a selected member subsumes selections inside it, in either order, arrays included', () => {
    for (const fields of [
      ['/a', '/a/b/0'],
      ['/a/b/0', '/a'],
    ]) {
      expect(project(document, fields).value).toEqual({ a: { b: [1, 2], c: 3 } });
    }
    expect(project(document, ['/items/1/id', '/items/0/id']).value).toEqual({
      items: { 0: { id: 1 }, 1: { id: 2 } },
    });
    // The input is never written to.
    expect(document).toEqual({ a: { b: [1, 2], c: 3 }, d: 4, items: [{ id: 1, x: 0 }, { id: 2 }] });
  });
});

describe('digests', () => {
  const sha256 = createHash('sha256').update('hello').digest();

  it('parses RFC 9530 fields member by member, parameters ignored; names the first bad member', () => {
    expect(parseDigestField(` sha-256=:${sha256.toString('base64')}:;x=1 , unixsum=:AQ==:`)).toEqual([
      { algorithm: 'sha-256', digest: sha256 },
      { algorithm: 'unixsum', digest: Buffer.from([1]) },
    ]);
    expect(parseDigestField('sha-256=:AQ==: x')).toBe(
      '"sha-256=:AQ==: x" is not <algorithm>=:<base64>: (RFC 9530 §2)',
    );
    expect(parseDigestField(`x=:AQ==:, ${'y'.repeat(70)}`)).toBe(
      `"${'y'.repeat(60)}" is not <algorithm>=:<base64>: (RFC 9530 §2)`,
    );
    expect(parseDigestField('a sha-256=:AQ==:')).toMatch(/is not <algorithm>/);
    expect(parseDigestField('sha-256=:A:')).toBe('the sha-256 value is not base64');
  });

  it('a bare digest in hex (any case, even length), base64 or base64url', () => {
    expect(decodeDigest(` ${sha256.toString('hex').toUpperCase()} `)).toEqual(sha256);
    expect(decodeDigest(sha256.toString('base64'))).toEqual(sha256);
    expect(decodeDigest(sha256.toString('base64url'))).toEqual(sha256);
    // Even-length hex reads as hex first, in any case; other text as base64.
    expect(decodeDigest('abCD')).toEqual(Buffer.from([0xab, 0xcd]));
    expect(decodeDigest('abcdefg0')).toEqual(Buffer.from('abcdefg0', 'base64'));
    expect(decodeDigest('abcde')).not.toEqual(Buffer.from('abcd', 'hex'));
    expect(decodeDigest('+/_-')).toBeUndefined();
  });

  it('verifies: every checked digest must match; a bare digest of a shared length matches by any', () => {
    const bytes = Buffer.from('hello');
    const yes = verifyDigests(bytes, [{ algorithm: undefined, digest: sha256 }]);
    expect(yes).toEqual({
      matches: true,
      algorithm: 'sha-256',
      checked: [{ algorithm: 'sha-256', matches: true }],
      unsupported: [],
    });
    const mixed = verifyDigests(bytes, [
      { algorithm: 'sha-256', digest: sha256 },
      { algorithm: 'sha-512', digest: Buffer.alloc(64) },
      { algorithm: 'md5', digest: Buffer.alloc(16) },
    ]);
    expect(mixed).toEqual({
      matches: false,
      algorithm: null,
      checked: [
        { algorithm: 'sha-256', matches: true },
        { algorithm: 'sha-512', matches: false },
      ],
      unsupported: ['md5'],
    });
    expect(verifyDigests(bytes, [{ algorithm: 'md5', digest: Buffer.alloc(16) }])).toEqual({
      matches: false,
      algorithm: null,
      checked: [],
      unsupported: ['md5'],
    });
    const wrong = verifyDigests(bytes, [{ algorithm: undefined, digest: Buffer.alloc(32) }]);
    expect(wrong.matches).toBe(false);
    expect(wrong.checked.length).toBeGreaterThan(0);
    expect(wrong.checked.every((c) => !c.matches && c.algorithm.length > 0)).toBe(true);
  });

  it('digestOf hashes text as UTF-8 and bytes as they are', () => {
    const text = digestOf('é', 'sha-256');
    expect(text.bytes).toBe(2);
    expect(text.hex).toBe(createHash('sha256').update('é', 'utf8').digest('hex'));
    expect(digestOf(Buffer.from([0xff]), 'sha-256').hex).toBe(
      createHash('sha256')
        .update(Buffer.from([0xff]))
        .digest('hex'),
    );
  });

  it('sf-strings escape " and \\ only', () => {
    expect(toSfString('a"b\\c d')).toBe('"a\\"b\\\\c d"');
  });
});
