// The domain's edges, by exact answers: the first difference in canonical order, projections and
// their subsumption, digest fields and bare digests, sf-strings, idempotency keys and digests of every
// algorithm. Oracles: node:crypto over canonical text written out by hand, and published test vectors.
import { createHash } from 'node:crypto';
import { canonicalize, type JsonValue, parseStrictJson, type ProblemError } from '@dus/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstDifference } from '../src/domain/compare.js';
import { digestOf } from '../src/domain/digest.js';
import { DIGEST_ALGORITHMS, type DigestAlgorithm } from '../src/domain/hashes.js';
import { DEFAULT_KEY_LENGTH, idempotencyKey, toSfString } from '../src/domain/idempotency.js';
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

// ---------------------------------------------------------------------------------------------------
// Known answers for every algorithm: node:crypto for SHA-2 and SHA-3, the published BLAKE3 vector for
// "abc" (node:crypto has no BLAKE3).
const NODE_NAME: Record<DigestAlgorithm, string | undefined> = {
  'sha-256': 'sha256',
  'sha-384': 'sha384',
  'sha-512': 'sha512',
  'sha3-256': 'sha3-256',
  'sha3-512': 'sha3-512',
  blake3: undefined,
};
const BLAKE3_ABC = Buffer.from('6437b3ac38465133ffb63b75273a8db548c558465d79db03fd359c6cd5bd9d85', 'hex');
/** The digest of the UTF-8 bytes of "abc" by `algorithm`, from the oracles above. */
const abcDigest = (algorithm: DigestAlgorithm): Buffer => {
  const name = NODE_NAME[algorithm];
  return name === undefined ? BLAKE3_ABC : createHash(name).update('abc', 'utf8').digest();
};
/** The same bytes with the last bit flipped. */
const flipped = (digest: Buffer): Buffer => {
  const copy = Buffer.from(digest);
  copy[copy.length - 1]! ^= 1;
  return copy;
};
const ABC = Buffer.from('abc');

describe('firstDifference: the first difference in canonical order', () => {
  it('array items by numeric index, though object members "10" sort before "2"', () => {
    const base = Array.from({ length: 12 }, (_, i) => i);
    const changed = base.map((n) => (n === 2 || n === 10 ? n + 100 : n));
    expect(firstDifference(base, changed)).toBe('/2');
    expect(firstDifference({ list: base }, { list: changed })).toBe('/list/2');
    const asObject = (items: number[]): JsonValue => Object.fromEntries(items.map((n, i) => [String(i), n]));
    expect(firstDifference(asObject(base), asObject(changed))).toBe('/10');
    // A longer array differs at the shorter one's length, even past index 9.
    expect(firstDifference(base, base.slice(0, 11))).toBe('/11');
    expect(firstDifference({ list: base.slice(0, 10) }, { list: base })).toBe('/list/10');
  });

  it('items before the length: a difference inside an earlier item comes first', () => {
    expect(firstDifference({ a: [[1], 2] }, { a: [[2]] })).toBe('/a/0/0');
    expect(firstDifference({ a: [[1]] }, { a: [[1], 2] })).toBe('/a/1');
    expect(firstDifference([[], [1, 2]], [[], [1]])).toBe('/1/1');
  });

  it('members by UTF-16 code units, depth first, a prefix before its extensions', () => {
    // U+1F600 is the surrogate pair D83D DE00, before U+FFFF by code units (not by code points).
    expect(firstDifference({ '\uffff': 1, '\u{1f600}': 1 }, { '\uffff': 2, '\u{1f600}': 2 })).toBe(
      '/\u{1f600}',
    );
    expect(firstDifference({ ab: 1, a: 1 }, { ab: 2, a: 2 })).toBe('/a');
    expect(firstDifference({ b: { z: 1, y: [0] }, c: 1 }, { b: { z: 2, y: [1] }, c: 2 })).toBe('/b/y/0');
    expect(firstDifference({ 'm~n': { 'a/b': 1 } }, { 'm~n': { 'a/b': 2 } })).toBe('/m~0n/a~1b');
  });

  it.each([
    [{}, { a: null }, '/a'],
    [{ a: null }, { a: false }, '/a'],
    [{ a: 0 }, { a: false }, '/a'],
    [{ a: '' }, { a: null }, '/a'],
    [{ a: 'true' }, { a: true }, '/a'],
    [{ a: [] }, { a: null }, '/a'],
    [{ a: {} }, { a: [] }, '/a'],
    [{ a: [1] }, { a: { 0: 1 } }, '/a'],
    [{}, [], ''],
    [null, {}, ''],
    [0, '0', ''],
    [1, 2, ''],
    ['a', 'b', ''],
    [false, true, ''],
  ] as Array<[JsonValue, JsonValue, string]>)('type or value change: %j vs %j → %j', (a, b, pointer) => {
    expect(firstDifference(a, b)).toBe(pointer);
    expect(firstDifference(b, a)).toBe(pointer);
  });

  it.each([
    [null, null],
    [0, -0],
    [1, 1],
    ['', ''],
    [[], []],
    [{}, {}],
    [{ a: null }, { a: null }],
    [
      { b: [1, { c: 'x' }], a: 1 },
      { a: 1, b: [1, { c: 'x' }] },
    ],
  ] as Array<[JsonValue, JsonValue]>)('equal canonical forms: %j and %j → null', (a, b) => {
    expect(firstDifference(a, b)).toBeNull();
    expect(firstDifference(b, a)).toBeNull();
  });
});

describe('project: whole results', () => {
  /** Frozen all the way down: a write into the input throws (test modules are strict). */
  const deepFreeze = (value: JsonValue): JsonValue => {
    if (typeof value === 'object' && value !== null) {
      for (const member of Object.values(value)) deepFreeze(member);
      Object.freeze(value);
    }
    return value;
  };

  it('escapes, array steps, nulls, and every way a pointer can miss', () => {
    const value = deepFreeze({
      'a/b': { 'm~n': 1, o: 2 },
      items: [{ id: 'x', n: 1 }, { id: 'y' }],
      '': 0,
      s: 'str',
      z: null,
    });
    const fields = [
      '/a~1b/m~0n',
      '/items/1/id',
      '/items/2/id',
      '/items/01',
      '/items/-',
      '/s/0',
      '/z/x',
      '',
      'nope',
      '/z',
      '/items/1/id',
    ];
    expect(project(value, fields)).toEqual({
      value: { 'a/b': { 'm~n': 1 }, items: { 1: { id: 'y' } }, '': 0, z: null },
      fields: [
        '',
        '/a~1b/m~0n',
        '/items/-',
        '/items/01',
        '/items/1/id',
        '/items/2/id',
        '/s/0',
        '/z',
        '/z/x',
        'nope',
      ],
      missing: ['/items/-', '/items/01', '/items/2/id', '/s/0', '/z/x', 'nope'],
    });
  });

  it('a name without a leading "/" is one member name, "/" in it included', () => {
    const value = { 'a/b': 1, a: { b: 2 }, '': 3 };
    expect(project(value, ['a/b'])).toEqual({ value: { 'a/b': 1 }, fields: ['a/b'], missing: [] });
    expect(project(value, ['/a/b'])).toEqual({ value: { a: { b: 2 } }, fields: ['/a/b'], missing: [] });
    // "" and "/" both name the member "".
    expect(project(value, ['/', ''])).toEqual({ value: { '': 3 }, fields: ['', '/'], missing: [] });
    expect(project(value, ['~1'])).toEqual({ value: {}, fields: ['~1'], missing: ['~1'] });
  });

  it('own members only; "__proto__" is data and the result has it as an own member', () => {
    const value = parseStrictJson('{"__proto__":{"x":1,"y":2},"a":1}') as JsonValue;
    const result = project(value, ['/__proto__/x', 'constructor', '/a/toString']);
    expect(JSON.stringify(result.value)).toBe('{"__proto__":{"x":1}}');
    expect(Object.hasOwn(result.value, '__proto__')).toBe(true);
    expect(result.missing).toEqual(['/a/toString', 'constructor']);
  });

  it('nested arrays are rebuilt as objects keyed by index; a whole array subsumes its items', () => {
    const value = deepFreeze({ m: [[1], [2, 3]], n: [] });
    expect(project(value, ['/m/1/0']).value).toEqual({ m: { 1: { 0: 2 } } });
    expect(project(value, ['/m/1/0', '/m/0']).value).toEqual({ m: { 0: [1], 1: { 0: 2 } } });
    for (const fields of [
      ['/m', '/m/1/0'],
      ['/m/1/0', 'm'],
      ['/m/1', '/m/1/1', 'm', '/m/0/0'],
    ]) {
      expect(project(value, fields).value).toEqual({ m: [[1], [2, 3]] });
    }
    expect(project(value, ['/n', '/n/0'])).toEqual({
      value: { n: [] },
      fields: ['/n', '/n/0'],
      missing: ['/n/0'],
    });
  });

  it.each([
    [['/a/b/c', '/a/b', 'a'], { a: { b: { c: 1, d: 2 }, e: 3 } }],
    [['a', '/a/b', '/a/b/c'], { a: { b: { c: 1, d: 2 }, e: 3 } }],
    [['/a/b/c', '/a/b/d', '/a/b'], { a: { b: { c: 1, d: 2 } } }],
    [['/a/b/c', '/a/e', '/f'], { a: { b: { c: 1 }, e: 3 }, f: 4 }],
  ] as Array<[string[], JsonValue]>)(
    'overlapping %j → %j, and the input is never written to',
    (fields, expected) => {
      const value = deepFreeze({ a: { b: { c: 1, d: 2 }, e: 3 }, f: 4 });
      expect(project(value, fields).value).toEqual(expected);
      expect(project(value, [...fields].reverse()).value).toEqual(expected);
    },
  );

  it('places shallower selections first, so member order is the same whatever the field order', () => {
    // "/b/c" sorts before "a" by code units, but one token comes before two.
    const value = { b: { d: 3, c: 2 }, a: 1, e: { f: { g: 5 } } };
    for (const fields of [
      ['/b/c', 'a'],
      ['a', '/b/c'],
    ]) {
      expect(JSON.stringify(project(value, fields).value)).toBe('{"a":1,"b":{"c":2}}');
    }
    expect(JSON.stringify(project(value, ['/e/f/g', '/b/c', 'a']).value)).toBe(
      '{"a":1,"b":{"c":2},"e":{"f":{"g":5}}}',
    );
  });
});

describe('parseDigestField: RFC 9530 Content-Digest / Repr-Digest values', () => {
  const sha256 = abcDigest('sha-256');
  const sha512 = abcDigest('sha-512');

  it('members in their order, parameters and optional whitespace ignored, unknown algorithms kept', () => {
    expect(
      parseDigestField(
        `sha-512=:${sha512.toString('base64')}:;q=0.5,sha-256=:${sha256.toString('base64')}:,\tid-sha-256=:AQI=:`,
      ),
    ).toEqual([
      { algorithm: 'sha-512', digest: sha512 },
      { algorithm: 'sha-256', digest: sha256 },
      { algorithm: 'id-sha-256', digest: Buffer.from([1, 2]) },
    ]);
    // Names of the sf-key form; padding may be left off; an empty byte sequence is one.
    expect(parseDigestField('a0_.*-=:AQ:, b=::')).toEqual([
      { algorithm: 'a0_.*-', digest: Buffer.from([1]) },
      { algorithm: 'b', digest: Buffer.alloc(0) },
    ]);
  });

  it.each([
    ['SHA-256=:AQ==:', '"SHA-256=:AQ==:" is not <algorithm>=:<base64>: (RFC 9530 §2)'],
    ['0x=:AQ==:', '"0x=:AQ==:" is not <algorithm>=:<base64>: (RFC 9530 §2)'],
    ['sha-256=AQ==', '"sha-256=AQ==" is not <algorithm>=:<base64>: (RFC 9530 §2)'],
    ['sha-256=:AQ==', '"sha-256=:AQ==" is not <algorithm>=:<base64>: (RFC 9530 §2)'],
    ['sha-256=:-_8:', '"sha-256=:-_8:" is not <algorithm>=:<base64>: (RFC 9530 §2)'],
    ['sha-256=:A===:', '"sha-256=:A===:" is not <algorithm>=:<base64>: (RFC 9530 §2)'],
    ['x=:AQ==:x', '"x=:AQ==:x" is not <algorithm>=:<base64>: (RFC 9530 §2)'],
    ['', '"" is not <algorithm>=:<base64>: (RFC 9530 §2)'],
    ['x=:AQ==:,', '"" is not <algorithm>=:<base64>: (RFC 9530 §2)'],
    ['x=:AQ==:; a=1, ;y', '"" is not <algorithm>=:<base64>: (RFC 9530 §2)'],
    // RFC 8941 allows no space before ";".
    ['x=:AQ==: ;a=1', '"x=:AQ==: " is not <algorithm>=:<base64>: (RFC 9530 §2)'],
    ['x=:AQ==:, sha-256=:A:', 'the sha-256 value is not base64'],
    ['sha-512=:A==:', 'the sha-512 value is not base64'],
    ['sha-512=:AQ==:, md5=:AAAAA:', 'the md5 value is not base64'],
  ])('%j → %j', (field, fault) => {
    expect(parseDigestField(field)).toBe(fault);
  });

  it('a long bad member is quoted by its first 60 characters, trimmed', () => {
    const member = `sha-256=:${'A'.repeat(44)}:${'z'.repeat(20)}`;
    expect(parseDigestField(`  ${member}  `)).toBe(
      `"${member.slice(0, 60)}" is not <algorithm>=:<base64>: (RFC 9530 §2)`,
    );
  });
});

describe('decodeDigest: a bare digest', () => {
  it.each([
    ['abcd', [0xab, 0xcd]],
    [' \tABcd\n', [0xab, 0xcd]],
    ['0a', [0x0a]],
    // Hex digits only but odd in length: base64 (padded), not hex.
    ['abc', [0x69, 0xb7]],
    [' abc ', [0x69, 0xb7]],
    ['0a0', [0xd1, 0xad]],
    // Not hex throughout: base64, then base64url.
    ['zz00', [...Buffer.from('zz00', 'base64')]],
    ['00zz', [...Buffer.from('00zz', 'base64')]],
    ['+/8=', [0xfb, 0xff]],
    ['+/8', [0xfb, 0xff]],
    ['-_8', [0xfb, 0xff]],
    ['-_8=', undefined],
    ['+_8', undefined],
    ['abcde', undefined],
    ['ab cd', undefined],
    ['!!', undefined],
  ] as Array<[string, number[] | undefined]>)('%j → %j', (text, bytes) => {
    expect(decodeDigest(text)).toEqual(bytes === undefined ? undefined : Buffer.from(bytes));
  });

  it('each algorithm\'s digest of "abc", in hex (either case), base64 and base64url', () => {
    for (const algorithm of DIGEST_ALGORITHMS) {
      const digest = abcDigest(algorithm);
      for (const text of [
        digest.toString('hex'),
        digest.toString('hex').toUpperCase(),
        digest.toString('base64'),
        digest.toString('base64url'),
      ]) {
        expect(decodeDigest(text)).toEqual(digest);
      }
    }
  });
});

describe('verifyDigests: exact verifications', () => {
  it.each([...DIGEST_ALGORITHMS])('%s named: its digest matches, one flipped bit does not', (algorithm) => {
    const digest = abcDigest(algorithm);
    expect(verifyDigests(ABC, [{ algorithm, digest }])).toEqual({
      matches: true,
      algorithm,
      checked: [{ algorithm, matches: true }],
      unsupported: [],
    });
    expect(verifyDigests(ABC, [{ algorithm, digest: flipped(digest) }])).toEqual({
      matches: false,
      algorithm: null,
      checked: [{ algorithm, matches: false }],
      unsupported: [],
    });
    // Right bytes, wrong length: a prefix of the digest is no match.
    expect(verifyDigests(ABC, [{ algorithm, digest: digest.subarray(0, 16) }]).checked).toEqual([
      { algorithm, matches: false },
    ]);
  });

  it.each([...DIGEST_ALGORITHMS])('%s bare: only the algorithm that produced it is reported', (algorithm) => {
    expect(verifyDigests(ABC, [{ algorithm: undefined, digest: abcDigest(algorithm) }])).toEqual({
      matches: true,
      algorithm,
      checked: [{ algorithm, matches: true }],
      unsupported: [],
    });
  });

  it.each([
    [32, ['sha-256', 'sha3-256', 'blake3']],
    [48, ['sha-384']],
    [64, ['sha-512', 'sha3-512']],
    [20, []],
    [16, []],
  ] as Array<[number, DigestAlgorithm[]]>)(
    'a bare %i-byte mismatch checks every algorithm of that length: %j',
    (length, algorithms) => {
      expect(verifyDigests(ABC, [{ algorithm: undefined, digest: Buffer.alloc(length, 0xa5) }])).toEqual({
        matches: false,
        algorithm: null,
        checked: algorithms.map((algorithm) => ({ algorithm, matches: false })),
        unsupported: [],
      });
    },
  );

  it('every check must match; the algorithm reported is the first; unknown names are only listed', () => {
    const sha512 = abcDigest('sha-512');
    const sha3 = abcDigest('sha3-256');
    expect(
      verifyDigests(ABC, [
        { algorithm: 'SHA-256', digest: abcDigest('sha-256') },
        { algorithm: 'sha-512', digest: sha512 },
        { algorithm: undefined, digest: sha3 },
        { algorithm: 'sha256', digest: abcDigest('sha-256') },
      ]),
    ).toEqual({
      matches: true,
      algorithm: 'sha-512',
      checked: [
        { algorithm: 'sha-512', matches: true },
        { algorithm: 'sha3-256', matches: true },
      ],
      unsupported: ['SHA-256', 'sha256'],
    });
    expect(
      verifyDigests(ABC, [
        { algorithm: undefined, digest: sha3 },
        { algorithm: 'sha-512', digest: flipped(sha512) },
        { algorithm: 'blake3', digest: BLAKE3_ABC },
      ]),
    ).toEqual({
      matches: false,
      algorithm: null,
      checked: [
        { algorithm: 'sha3-256', matches: true },
        { algorithm: 'sha-512', matches: false },
        { algorithm: 'blake3', matches: true },
      ],
      unsupported: [],
    });
    expect(verifyDigests(ABC, [])).toEqual({ matches: false, algorithm: null, checked: [], unsupported: [] });
  });

  it('RFC 9530 §B.1: a parsed Content-Digest of {"hello": "world"} end to end', () => {
    const members = parseDigestField(
      'sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:, sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:',
    );
    if (typeof members === 'string') throw new Error(members);
    expect(verifyDigests(Buffer.from('{"hello": "world"}'), members)).toEqual({
      matches: true,
      algorithm: 'sha-512',
      checked: [
        { algorithm: 'sha-512', matches: true },
        { algorithm: 'sha-256', matches: true },
      ],
      unsupported: [],
    });
    // The canonical form {"hello":"world"} is other bytes: neither matches.
    expect(verifyDigests(Buffer.from('{"hello":"world"}'), members).checked).toEqual([
      { algorithm: 'sha-512', matches: false },
      { algorithm: 'sha-256', matches: false },
    ]);
  });
});

describe('digestOf: every algorithm and encoding', () => {
  it('the empty input by SHA-256, whole', () => {
    expect(digestOf('', 'sha-256')).toEqual({
      algorithm: 'sha-256',
      bytes: 0,
      hex: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      base64: '47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=',
      base64url: '47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU',
      content_digest: 'sha-256=:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=:',
      warnings: [],
    });
  });

  it.each([...DIGEST_ALGORITHMS])(
    '"abc" by %s: encodings, and a Content-Digest only for the registry',
    (algorithm) => {
      const digest = abcDigest(algorithm);
      const registered = algorithm === 'sha-256' || algorithm === 'sha-512';
      const expected = {
        algorithm,
        bytes: 3,
        hex: digest.toString('hex'),
        base64: digest.toString('base64'),
        base64url: digest.toString('base64url'),
        content_digest: registered ? `${algorithm}=:${digest.toString('base64')}:` : null,
        warnings: registered
          ? []
          : [
              `${algorithm} is not in the RFC 9530 HTTP Digest Algorithm registry (only sha-256 and sha-512 are active there), so no Content-Digest value is given.`,
            ],
      };
      expect(digestOf('abc', algorithm)).toEqual(expected);
      expect(digestOf(new Uint8Array([0x61, 0x62, 0x63]), algorithm)).toEqual(expected);
      // A view into a larger buffer: only its own bytes.
      expect(digestOf(Buffer.from('[abc]').subarray(1, 4), algorithm)).toEqual(expected);
    },
  );

  it('text is UTF-8: an astral character is four bytes', () => {
    const result = digestOf('\u{1f600}', 'sha-512');
    expect(result.bytes).toBe(4);
    expect(result.hex).toBe(
      createHash('sha512')
        .update(Buffer.from([0xf0, 0x9f, 0x98, 0x80]))
        .digest('hex'),
    );
  });
});

describe('idempotencyKey: exact keys', () => {
  const order = {
    id: 'ord_1',
    amount: 500,
    customer: { id: 'cus_9', name: 'Ada' },
    items: [{ sku: 'a' }, { sku: 'b' }],
  };
  const b64url = (algorithm: string, canonical: string) =>
    createHash(algorithm).update(canonical, 'utf8').digest('base64url');

  it('defaults: the whole value, SHA-256, 32 characters, no prefix', () => {
    const key = b64url('sha256', '{"a":2,"b":1}').slice(0, 32);
    expect(key).toBe('02JqwwqH5vemQoIzs8aCmZdoZfpVCOQm');
    expect(DEFAULT_KEY_LENGTH).toBe(32);
    expect(idempotencyKey({ value: { b: 1, a: 2 } })).toEqual({
      key,
      header: `"${key}"`,
      algorithm: 'sha-256',
      encoding: 'base64url',
      length: 32,
      prefix: '',
      fields: null,
      missing_fields: [],
      collision_bits: 192,
    });
  });

  it('fields, prefix, length and algorithm; unselected members do not count', () => {
    const request = {
      value: order,
      fields: ['nope', '/customer/id', 'amount', '/items/1/sku', 'amount'],
      prefix: 'pay_',
      length: 20,
      algorithm: 'sha3-256' as const,
    };
    const key = `pay_${b64url('sha3-256', '{"amount":500,"customer":{"id":"cus_9"},"items":{"1":{"sku":"b"}}}').slice(0, 20)}`;
    const expected = {
      key,
      header: `"${key}"`,
      algorithm: 'sha3-256',
      encoding: 'base64url',
      length: 20,
      prefix: 'pay_',
      fields: ['/customer/id', '/items/1/sku', 'amount', 'nope'],
      missing_fields: ['nope'],
      collision_bits: 120,
    };
    expect(idempotencyKey(request)).toEqual(expected);
    const changedElsewhere = { ...order, id: 'ord_2', customer: { id: 'cus_9', name: 'Bob' } };
    expect(idempotencyKey({ ...request, value: changedElsewhere })).toEqual(expected);
    expect(idempotencyKey({ ...request, value: { ...order, amount: 501 } }).key).not.toBe(key);
  });

  it('an empty field list selects nothing: the key of {}', () => {
    expect(idempotencyKey({ value: order, fields: [] })).toMatchObject({
      key: b64url('sha256', '{}').slice(0, 32),
      fields: [],
      missing_fields: [],
    });
  });

  it('the whole value when fields are absent, whatever it is', () => {
    expect(idempotencyKey({ value: [1, 'é'], length: 43 }).key).toBe(b64url('sha256', '[1,"é"]'));
    expect(idempotencyKey({ value: null, length: 16, fields: undefined }).key).toBe(
      b64url('sha256', 'null').slice(0, 16),
    );
  });

  it.each([
    ['sha-256', 'sha256', 16, 96],
    ['sha-256', 'sha256', 42, 252],
    ['sha-256', 'sha256', 43, 256],
    ['sha-384', 'sha384', 43, 258],
    ['sha-384', 'sha384', 64, 384],
    ['sha-512', 'sha512', 86, 512],
    ['sha3-512', 'sha3-512', 40, 240],
  ] as Array<[DigestAlgorithm, string, number, number]>)(
    '%s, %i characters: %i collision bits',
    (algorithm, name, length, bits) => {
      const result = idempotencyKey({ value: 'abc', algorithm, length });
      expect(result.key).toBe(b64url(name, '"abc"').slice(0, length));
      expect(result.length).toBe(length);
      expect(result.collision_bits).toBe(bits);
    },
  );

  it('blake3: the digestOf the canonical text (checked against the official vectors in hashes.test.ts)', () => {
    expect(idempotencyKey({ value: { b: [1], a: 'x' }, algorithm: 'blake3', length: 43 })).toMatchObject({
      key: digestOf('{"a":"x","b":[1]}', 'blake3').base64url,
      algorithm: 'blake3',
      collision_bits: 256,
    });
  });

  it('the header is an sf-string: a prefix\'s " and \\ are escaped', () => {
    const result = idempotencyKey({ value: 1, prefix: 'a"b\\', length: 16 });
    const hashed = b64url('sha256', '1').slice(0, 16);
    expect(result.key).toBe(`a"b\\${hashed}`);
    expect(result.header).toBe(`"a\\"b\\\\${hashed}"`);
    expect(toSfString('')).toBe('""');
    expect(toSfString('\\\\""')).toBe('"\\\\\\\\\\"\\""');
  });
});
