import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { canonicalize as referenceCanonicalize } from 'json-canonicalize';
import { describe, expect, it } from 'vitest';
import {
  canonicalize,
  canonicalizeToBytes,
  type JsonValue,
  parseStrictJson,
  utf8ByteLength,
} from '../../src/json/index.js';
import { CYBERPHONE, POSITIVE } from './fixtures.js';
import { expectProblem, hasLoneSurrogate, sameJson } from './helpers.js';

const sha256 = (data: string | Uint8Array, encoding: 'hex' | 'base64' = 'hex') =>
  createHash('sha256').update(data).digest(encoding);

describe('RFC 8785 reference data', () => {
  it.each(Object.entries(CYBERPHONE))('cyberphone %s: byte-exact output', (_name, { input, output }) => {
    const value = parseStrictJson(new TextEncoder().encode(input));
    expect(canonicalize(value)).toBe(output);
    expect(Buffer.from(canonicalizeToBytes(value))).toEqual(Buffer.from(output, 'utf8'));
  });

  // The strict parser's I-JSON policy rejects this literal of one vector (table: integer-form,
  // above 2^53, not a double); the serializer is still checked on the IEEE-754 reading of it.
  const rejectedByPolicy: Record<string, { offset: number; pointer: string }> = {
    'exponent-forms': { offset: 33, pointer: '/5' },
  };

  it.each(POSITIVE.map((vector) => [vector.name, vector] as const))('%s', (name, vector) => {
    const ieee = canonicalizeToBytes(JSON.parse(vector.input));
    expect(Buffer.from(ieee).toString('utf8')).toBe(vector.canonical);
    expect(ieee.length).toBe(vector.bytes);
    expect(utf8ByteLength(vector.canonical)).toBe(vector.bytes);
    expect(sha256(ieee)).toBe(vector.sha256);
    const rejected = rejectedByPolicy[name];
    if (rejected) {
      expectProblem(() => parseStrictJson(vector.input), {
        status: 422,
        code: 'number_out_of_range',
        ...rejected,
      });
      return;
    }
    expect(Buffer.from(canonicalizeToBytes(parseStrictJson(vector.input)))).toEqual(Buffer.from(ieee));
  });

  it('rejects the policy-dependent vector [9007199254740993] instead of rounding it', () => {
    expectProblem(() => parseStrictJson('[9007199254740993]'), {
      status: 422,
      code: 'number_out_of_range',
      offset: 1,
      pointer: '/0',
    });
    expect(canonicalize(JSON.parse('[9007199254740993]'))).toBe('[9007199254740992]');
  });

  it('has the published SHA-256 digests', () => {
    const digestOf = (text: string) => sha256(canonicalizeToBytes(parseStrictJson(text)), 'base64');
    expect(digestOf(CYBERPHONE.values!.input)).toBe('LV4BoxjQ8IeatWjEviicix9k74khpTxid9XgaZeLqss=');
    expect(digestOf(CYBERPHONE.arrays!.input)).toBe('CZYBsXHK/tl8Mz+IeNaOf4yPeVQSrbNLL9zw58e+rEI=');
    expect(sha256(canonicalize(parseStrictJson('{"currency":"USD","amount":500}')))).toBe(
      'cfce21f4235ea8738880c4f77f7d05c466da2e99263e6d6612e32db3e9a6b2d0',
    );
    const hello = canonicalize(parseStrictJson('{"hello": "world"}'));
    expect(hello).toBe('{"hello":"world"}');
    expect(utf8ByteLength(hello)).toBe(17);
  });
});

describe('RFC 8785 Appendix B: IEEE-754 bits → text', () => {
  const table: Array<[string, string]> = [
    ['0000000000000000', '0'],
    ['8000000000000000', '0'],
    ['0000000000000001', '5e-324'],
    ['8000000000000001', '-5e-324'],
    ['7fefffffffffffff', '1.7976931348623157e+308'],
    ['ffefffffffffffff', '-1.7976931348623157e+308'],
    ['4340000000000000', '9007199254740992'],
    ['c340000000000000', '-9007199254740992'],
    ['4430000000000000', '295147905179352830000'],
    ['44b52d02c7e14af5', '9.999999999999997e+22'],
    ['44b52d02c7e14af6', '1e+23'],
    ['44b52d02c7e14af7', '1.0000000000000001e+23'],
    ['444b1ae4d6e2ef4e', '999999999999999700000'],
    ['444b1ae4d6e2ef4f', '999999999999999900000'],
    ['444b1ae4d6e2ef50', '1e+21'],
    ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
    ['3eb0c6f7a0b5ed8d', '0.000001'],
    ['41b3de4355555553', '333333333.3333332'],
    ['41b3de4355555554', '333333333.33333325'],
    ['41b3de4355555555', '333333333.3333333'],
    ['41b3de4355555556', '333333333.3333334'],
    ['41b3de4355555557', '333333333.33333343'],
    ['becbf647612f3696', '-0.0000033333333333333333'],
    ['43143ff3c1cb0959', '1424953923781206.2'],
  ];
  const fromBits = (hex: string) => {
    const view = new DataView(new ArrayBuffer(8));
    view.setBigUint64(0, BigInt(`0x${hex}`));
    return view.getFloat64(0);
  };

  it.each(table)('%s → %s', (bits, text) => {
    const value = fromBits(bits);
    expect(canonicalize(value)).toBe(text);
    expect(canonicalize([value])).toBe(`[${text}]`);
    // The canonical text reads back as the same double (for -0: as 0).
    const back = parseStrictJson(text) as number;
    expect(back).toBe(value === 0 ? 0 : value);
  });

  it('rejects NaN and ±Infinity with 422 number_out_of_range and a pointer', () => {
    expectProblem(() => canonicalize(fromBits('7ff8000000000000')), {
      status: 422,
      code: 'number_out_of_range',
      pointer: '',
    });
    expectProblem(() => canonicalize({ a: [1, Number.POSITIVE_INFINITY] }), {
      status: 422,
      code: 'number_out_of_range',
      pointer: '/a/1',
    });
    expectProblem(() => canonicalize({ 'x/y': Number.NEGATIVE_INFINITY }), {
      status: 422,
      code: 'number_out_of_range',
      pointer: '/x~1y',
    });
  });
});

describe('member sorting and strings', () => {
  it('sorts RFC 8785 §3.2.3 names by UTF-16 code units', () => {
    const value: Record<string, string> = {};
    for (const key of ['\u20ac', '\r', '\ufb33', '1', '\ud83d\ude00', '\u0080', '\u00f6']) value[key] = key;
    expect(canonicalize(value)).toBe(
      '{"\\r":"\\r","1":"1","\u0080":"\u0080","\u00f6":"\u00f6","\u20ac":"\u20ac","\ud83d\ude00":"\ud83d\ude00","\ufb33":"\ufb33"}',
    );
  });

  it('sorts integer-like names as strings, not numbers', () => {
    expect(canonicalize(parseStrictJson('{"9":0,"10":1,"1":2,"a":3,"":4,"!":5}'))).toBe(
      '{"":4,"!":5,"1":2,"10":1,"9":0,"a":3}',
    );
  });

  it('writes toJSON and __proto__ members as data', () => {
    expect(canonicalize(parseStrictJson('{"toJSON":1,"b":2,"a":1}'))).toBe('{"a":1,"b":2,"toJSON":1}');
    expect(canonicalize(JSON.parse('{"toJSON":1,"b":2,"a":1}'))).toBe('{"a":1,"b":2,"toJSON":1}');
    expect(canonicalize(parseStrictJson('{"__proto__":{"x":1},"a":1}'))).toBe('{"__proto__":{"x":1},"a":1}');
    expect(canonicalize(JSON.parse('{"__proto__":{"x":1},"a":1}'))).toBe('{"__proto__":{"x":1},"a":1}');
    // Never called: a function-valued toJSON is just a value that is not JSON.
    expect(() => canonicalize({ toJSON: () => 'no' } as unknown as JsonValue)).toThrow(TypeError);
  });

  it('reads own enumerable members only, of any prototype', () => {
    const object = Object.create({ inherited: 1 }) as Record<string, JsonValue>;
    object.own = 2;
    Object.defineProperty(object, 'hidden', { value: 3, enumerable: false });
    expect(canonicalize(object)).toBe('{"own":2}');
    const bare = Object.assign(Object.create(null), { constructor: 'c' });
    expect(canonicalize(bare)).toBe('{"constructor":"c"}');
  });

  it('escapes exactly like JSON.stringify for every BMP character that is not a surrogate', () => {
    let all = '';
    for (let c = 0; c < 0x10000; c++) if (c < 0xd800 || c > 0xdfff) all += String.fromCharCode(c);
    all += '😀\u{10ffff}\u{10000}';
    expect(canonicalize(all)).toBe(JSON.stringify(all));
    expect(canonicalize({ [all]: all })).toBe(`{${JSON.stringify(all)}:${JSON.stringify(all)}}`);
    for (let c = 0; c < 0x20; c++) {
      const expected = ({ 8: '\\b', 9: '\\t', 10: '\\n', 12: '\\f', 13: '\\r' } as Record<number, string>)[c];
      expect(canonicalize(String.fromCharCode(c))).toBe(
        `"${expected ?? `\\u00${c.toString(16).padStart(2, '0')}`}"`,
      );
    }
    expect(canonicalize('"\\/\u007f\u2028')).toBe('"\\"\\\\/\u007f\u2028"');
  });

  it('rejects lone surrogates with 422 invalid_unicode and a pointer', () => {
    expectProblem(() => canonicalize('\ud800'), { status: 422, code: 'invalid_unicode', pointer: '' });
    expectProblem(() => canonicalize({ a: ['ok', 'x\udc00'] }), {
      status: 422,
      code: 'invalid_unicode',
      pointer: '/a/1',
    });
    expectProblem(() => canonicalize({ a: { '\ude00\ud83d': 1 } }), {
      status: 422,
      code: 'invalid_unicode',
      pointer: '/a',
    });
    expectProblem(() => canonicalize(['\ud83d']), { status: 422, code: 'invalid_unicode', pointer: '/0' });
  });

  it('rejects values that are not JSON with a TypeError', () => {
    for (const value of [undefined, () => 1, 1n, Symbol('s'), [1, undefined]]) {
      expect(() => canonicalize(value as unknown as JsonValue)).toThrow(TypeError);
    }
  });
});

describe('depth guard', () => {
  it('rejects nesting deeper than maxDepth with 400 validation_failed', () => {
    let value: JsonValue = 1;
    for (let i = 0; i < 257; i++) value = { k: value };
    const problem = expectProblem(() => canonicalize(value), {
      status: 400,
      code: 'validation_failed',
      pointer: '/k'.repeat(256),
    });
    expect(problem.errors?.[0]).toMatchObject({ code: 'too_deep', path: '/k'.repeat(256) });
    expect(canonicalize(value, { maxDepth: 257 })).toBe('{"k":'.repeat(257) + '1' + '}'.repeat(257));
    expectProblem(() => canonicalize([[]], { maxDepth: 1 }), {
      status: 400,
      code: 'validation_failed',
      pointer: '/0',
    });
  });

  it('turns a cycle into a depth error instead of looping', () => {
    const cyclic: Record<string, JsonValue> = {};
    cyclic.self = cyclic;
    expectProblem(() => canonicalize(cyclic), {
      status: 400,
      code: 'validation_failed',
      pointer: '/self'.repeat(256),
    });
  });
});

const jsonValues = fc.jsonValue({ maxDepth: 5, stringUnit: 'binary' });

describe('properties', () => {
  it('is idempotent through JSON.parse and agrees with json-canonicalize', () => {
    fc.assert(
      fc.property(jsonValues, (value) => {
        const canonical = canonicalize(value as JsonValue);
        expect(canonicalize(JSON.parse(canonical))).toBe(canonical);
        expect(canonicalize(parseStrictJson(canonical))).toBe(canonical);
        expect(sameJson(parseStrictJson(canonical), JSON.parse(JSON.stringify(value)))).toBe(true);
        if (!JSON.stringify(value).includes('"toJSON"')) expect(referenceCanonicalize(value)).toBe(canonical);
      }),
      { numRuns: 500 },
    );
  });

  it('agrees with json-canonicalize on strings and names with escapes and astral characters', () => {
    const unit = fc.oneof(
      fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 1 }),
      fc.constantFrom('\u2028', '\u007f', '😀', '\ufb33', '\u0080', '"', '\\'),
    );
    const text = fc.string({ unit, maxLength: 12 });
    fc.assert(
      fc.property(fc.dictionary(text, text), (value) => {
        expect(hasLoneSurrogate(value)).toBe(false);
        expect(canonicalize(value)).toBe(referenceCanonicalize(value));
      }),
      { numRuns: 500 },
    );
  });

  it('writes any finite double, whatever its spelling, as String(x) and reads it back bit-exact', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const expected = Object.is(x, -0) ? '0' : String(x);
        const spellings = [
          String(x),
          x.toPrecision(17),
          x.toExponential(),
          x.toExponential(16),
          x.toExponential().toUpperCase(),
        ];
        if (Object.is(x, -0)) spellings.push('-0', '-0.0', '-0e5');
        if (Number.isInteger(x)) spellings.push(BigInt(x).toString());
        if (Math.abs(x) >= 1e-6 && Math.abs(x) < 1e21) {
          // Fixed notation with at least 17 significant digits (toFixed rounds the exact binary value).
          spellings.push(x.toFixed(Math.min(100, Math.max(0, 18 - Math.floor(Math.log10(Math.abs(x))) - 1))));
        }
        for (const spelling of spellings) {
          const parsed = parseStrictJson(spelling) as number;
          expect(Object.is(parsed, x) || (x === 0 && parsed === 0)).toBe(true);
          expect(canonicalize(parsed)).toBe(expected);
          expect(canonicalize(parseStrictJson(`{"n":[${spelling}]}`))).toBe(`{"n":[${expected}]}`);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
