import { encode as msgpackEncode } from '@msgpack/msgpack';
import { encode as cborEncode } from 'cbor2';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  analyze,
  binarySizes,
  cborNumber,
  isBinary16,
  msgpackNumber,
  shortKeySaving,
  shortNameLength,
} from '../../src/domain/index.js';
import { flatten } from '../../src/domain/walk.js';

/** The bytes of the independent encoders, for the value as H reads it (its JSON text parsed again). */
const reference = (value: unknown) => {
  const parsed = JSON.parse(JSON.stringify(value));
  return { cbor: cborEncode(parsed).byteLength, msgpack: msgpackEncode(parsed).byteLength };
};
const ours = (value: unknown) => {
  const flat = flatten(value);
  return binarySizes(flat.values, flat.key);
};

describe('payload-analyze formats and short_keys: the worked examples', () => {
  it('{"a":1,"b":null,"c":{"d":[1,2,{"e":""}]}} → json 41, cbor 19, msgpack 19, saving 0', () => {
    const result = analyze({ a: 1, b: null, c: { d: [1, 2, { e: '' }] } });
    expect(result.formats).toEqual({ json: 41, cbor: 19, msgpack: 19 });
    expect(result.short_keys).toEqual({ distinct_keys: 5, bytes: 41, saving_bytes: 0, saving_percent: 0 });
  });

  it('two items of identifier/description/debug → 108, 76, 76; short keys save 50 (46.30 %)', () => {
    const payload = {
      items: [
        { identifier: 1, description: 'x', debug: true },
        { identifier: 2, description: 'y', debug: false },
      ],
    };
    const result = analyze(payload);
    expect(result.formats).toEqual({ json: 108, cbor: 76, msgpack: 76 });
    expect(result.short_keys).toEqual({
      distinct_keys: 4,
      bytes: 58,
      saving_bytes: 50,
      saving_percent: 46.3,
    });
    expect(reference(payload)).toEqual({ cbor: 76, msgpack: 76 });
  });
});

describe('number sizes at every boundary, against cbor2 and @msgpack/msgpack', () => {
  const numbers = [
    0,
    -0,
    1,
    23,
    24,
    127,
    128,
    255,
    256,
    65535,
    65536,
    2 ** 32 - 1,
    2 ** 32,
    2 ** 53 - 1,
    -(2 ** 53 - 1),
    -1,
    -24,
    -25,
    -32,
    -33,
    -128,
    -129,
    -256,
    -257,
    -32768,
    -32769,
    -65536,
    -65537,
    -(2 ** 31),
    -(2 ** 31) - 1,
    -(2 ** 32),
    -(2 ** 32) - 1,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 53),
    2 ** 64,
    1e20,
    1e300,
    -1e300,
    2 ** 127,
    2 ** 128,
    0.5,
    -0.5,
    1.5,
    65504,
    65504.5,
    65505,
    65520,
    2 ** -14,
    2 ** -24,
    2 ** -25,
    3 * 2 ** -24,
    2047 * 2 ** -24,
    2049 * 2 ** -24,
    0.1,
    1 / 3,
    Math.fround(0.1),
    2 ** -126,
    2 ** -149,
    2 ** -150,
    5e-324,
    Number.MAX_VALUE,
    1.00048828125,
    1.000244140625,
    2047.5,
    4095.5,
    1e-7,
  ];
  it.each(numbers)('number %#', (n) => {
    expect({ cbor: cborNumber(n), msgpack: msgpackNumber(n) }).toEqual(reference(n));
  });

  it('binary16 holds exactly what Math.f16round keeps', () => {
    for (const n of numbers) expect(isBinary16(n), String(n)).toBe(Math.f16round(n) === n);
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        (n) => isBinary16(n) === (Math.f16round(n) === n),
      ),
    );
    fc.assert(
      fc.property(fc.integer({ min: -4096, max: 4096 }), fc.integer({ min: -30, max: 8 }), (m, e) => {
        const n = m * 2 ** e;
        return isBinary16(n) === (Math.f16round(n) === n);
      }),
    );
  });
});

describe('short names', () => {
  it('a…z, aa…zz, aaa…', () => {
    expect([0, 25, 26, 701, 702, 18277, 18278].map(shortNameLength)).toEqual([1, 1, 2, 2, 3, 3, 4]);
  });

  it('ranks by occurrences, ties by first appearance; only positive savings count', () => {
    // "bb" ×3 → a: 3 × (4 − 1 − 2) = 3; "ccc" ×1 (first) and "dddd" ×1 → b and c: 2 and 3.
    expect(
      shortKeySaving(
        new Map([
          ['ccc', 1],
          ['bb', 3],
          ['dddd', 1],
          ['e', 9],
        ]),
      ),
    ).toBe(0 + 3 + 2 + 3);
    const many = new Map(Array.from({ length: 27 }, (_, i) => [`k${String(i).padStart(2, '0')}`, 1]));
    // 26 names to one letter save 2 each, the 27th (aa) saves 1.
    expect(shortKeySaving(many)).toBe(26 * 2 + 1);
    expect(shortKeySaving(new Map([['é', 2]]))).toBe(2);
  });
});

const utf8Runs = fc
  .tuple(
    fc.constantFrom('a', 'é', '€', '😀'),
    fc.constantFrom(0, 23, 24, 31, 32, 255, 256, 65535, 65536),
    fc.integer({ min: -1, max: 1 }),
  )
  .map(([char, bytes, delta]) =>
    char.repeat(Math.max(0, Math.floor(bytes / Buffer.byteLength(char)) + delta)),
  );

const numbersToEncode = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc
    .integer({ min: -4096, max: 4096 })
    .chain((m) => fc.integer({ min: -30, max: 20 }).map((e) => m * 2 ** e)),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => Math.fround(d)),
  fc.maxSafeInteger(),
  fc.integer({ min: -(2 ** 31) - 2, max: 2 ** 32 + 2 }),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((b) => Number(b)),
);

const counted = (count: fc.Arbitrary<number>) =>
  count.chain((n) =>
    fc.oneof(
      fc.constant(Array.from({ length: n }, (_, i) => i % 3)),
      fc.constant(Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, null]))),
    ),
  );

const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    numbersToEncode,
    fc.string({ unit: 'binary' }),
    utf8Runs,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.string({ unit: 'binary', maxLength: 4 }), tie('value'), { maxKeys: 5 }),
    counted(fc.constantFrom(15, 16, 23, 24, 255, 256)),
  ),
}));

describe('property: our sizes are the byte lengths of cbor2 and @msgpack/msgpack encode', () => {
  it('random JSON values', () => {
    fc.assert(
      fc.property(jsonValue.value, (value) => {
        const parsed = JSON.parse(JSON.stringify(value));
        expect(ours(parsed)).toEqual(reference(parsed));
      }),
      { numRuns: 300 },
    );
  });

  it('containers and strings at the 65535/65536 boundaries', { timeout: 60_000 }, () => {
    for (const n of [65535, 65536]) {
      for (const value of [
        Array.from({ length: n }, () => 0),
        { s: 'x'.repeat(n), t: '€'.repeat(Math.ceil(n / 3)) },
      ])
        expect(ours(value)).toEqual(reference(value));
      // cbor2 takes seconds on a map this large (its map encoding is superlinear): its head is the
      // array's (checked above), so cbor is asserted by arithmetic and msgpack by the encoder.
      const map = Object.fromEntries(Array.from({ length: n }, (_, i) => [`${i}`.padStart(5, '0'), 0]));
      expect(ours(map)).toEqual({
        cbor: (n < 65536 ? 3 : 5) + n * (1 + 5 + 1),
        msgpack: msgpackEncode(map).byteLength,
      });
    }
  });
});

describe('short_keys in analyze', () => {
  it('ties by first appearance in the text: a member name before the names inside its value', () => {
    // Each name once. Text order: f00…f23 take a…x (5 − 3 = 2 each), k takes y (0), inner_name_long
    // z (17 − 3 = 14), x takes aa (3 − 4 < 0: nothing) = 62. Breadth first, x would take z and
    // inner_name_long aa (13): 61.
    const fillers = Object.fromEntries(
      Array.from({ length: 24 }, (_, i) => [`f${String(i).padStart(2, '0')}`, 0]),
    );
    const doc1 = { ...fillers, k: { inner_name_long: 1 }, x: 1 };
    const bytes = Buffer.byteLength(JSON.stringify(doc1));
    expect(analyze(doc1).short_keys).toEqual({
      distinct_keys: 27,
      bytes: bytes - 62,
      saving_bytes: 62,
      saving_percent: Math.round((62 / bytes) * 10_000) / 100,
    });
    // 26 names used twice take a…z ("n0"…"n9" save 4 − 3, "n10"…"n25" 5 − 3, twice each); then
    // "zzzz" and "list", once each, take aa and ab: 6 − 4 each.
    const names = Object.fromEntries(Array.from({ length: 26 }, (_, i) => [`n${i}`, 1]));
    const doc = { zzzz: 0, list: [names, names] };
    expect(analyze(doc).short_keys.saving_bytes).toBe(10 * 2 + 16 * 2 * 2 + 2 + 2);
  });
});
