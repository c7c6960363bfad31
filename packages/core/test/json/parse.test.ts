import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProblemError } from '../../src/errors.js';
import { type JsonValue, parseStrictJson } from '../../src/json/index.js';
import { hasLoneSurrogate, problemOf, sameJson } from './helpers.js';

describe('parseStrictJson: accepted input', () => {
  it('parses every kind of value, from a string and from bytes', () => {
    const text =
      ' {"s":"a\\"\\\\\\/\\b\\f\\n\\r\\t\\u0041é😀","n":[0,-0,1.5e3,-2E-2,12],"l":[true,false,null],"o":{}} ';
    const expected = { s: 'a"\\/\b\f\n\r\tAé😀', n: [0, -0, 1500, -0.02, 12], l: [true, false, null], o: {} };
    for (const input of [text, new TextEncoder().encode(text)]) {
      const value = parseStrictJson(input);
      expect(sameJson(value, expected)).toBe(true);
    }
  });

  it('parses top-level scalars', () => {
    expect(parseStrictJson('null')).toBe(null);
    expect(parseStrictJson(' true ')).toBe(true);
    expect(parseStrictJson('\n"x"\r\n')).toBe('x');
    expect(Object.is(parseStrictJson('-0'), -0)).toBe(true);
    expect(parseStrictJson('\t4.50')).toBe(4.5);
  });

  it('accepts big integers that are a double exactly or its shortest ECMAScript form', () => {
    expect(
      parseStrictJson(
        '[295147905179352830000,999999999999999700000,-57654789746613210,1000000000000000000000]',
      ),
    ).toEqual([2 ** 68, Number(999999999999999737856n), Number(-57654789746613208n), 1e21]);
  });

  it('accepts the numbers the table allows, IEEE-754 rounded', () => {
    const value = parseStrictJson(
      '[9007199254740992,-9007199254740992,295147905179352825856,18446744073709551616,0e10,-0.0,-0,333333333.33333329,9007199254740993.0,9007199254740993e0,5e-324,1.7976931348623157e308,1.7976931348623158e308,0e-999]',
    ) as number[];
    expect(value).toEqual([
      9007199254740992,
      -9007199254740992,
      2 ** 68,
      2 ** 64,
      0,
      -0,
      -0,
      333333333.3333333,
      9007199254740992,
      9007199254740992,
      5e-324,
      Number.MAX_VALUE,
      Number.MAX_VALUE,
      0,
    ]);
    expect(Object.is(value[5], -0) && Object.is(value[6], -0) && Object.is(value[4], 0)).toBe(true);
  });

  it('builds null-prototype objects where __proto__ and constructor are ordinary members', () => {
    const value = parseStrictJson(
      '{"__proto__":{"polluted":1},"constructor":{"prototype":2},"toString":3}',
    ) as Record<string, JsonValue>;
    expect(Object.getPrototypeOf(value)).toBe(null);
    expect(Object.keys(value)).toEqual(['__proto__', 'constructor', 'toString']);
    const member = Object.getOwnPropertyDescriptor(value, '__proto__')?.value;
    expect(member).toEqual({ polluted: 1 });
    expect(Object.getPrototypeOf(member)).toBe(null);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(parseStrictJson('{}'))).toBe(null);
    expect(Object.getPrototypeOf(parseStrictJson('[{}]') as object[])).toBe(Array.prototype);
  });

  it('is not confused by names inherited by ordinary objects', () => {
    const value = parseStrictJson('{"hasOwnProperty":1,"valueOf":2,"__defineGetter__":3,"toJSON":4}');
    expect(Object.keys(value as object)).toEqual(['hasOwnProperty', 'valueOf', '__defineGetter__', 'toJSON']);
  });

  it('keeps member order as written and integer-like names as data', () => {
    expect(Object.keys(parseStrictJson('{"b":1,"a":2,"10":3,"9":4}') as object).sort()).toEqual([
      '10',
      '9',
      'a',
      'b',
    ]);
  });

  it('accepts U+2028/U+2029 and DEL raw in strings', () => {
    expect(parseStrictJson('["\u2028\u2029\u007f"]')).toEqual(['\u2028\u2029\u007f']);
  });
});

/** Writes non-ASCII characters and "/" (which only occur inside strings) as \u escapes or "\/". */
function escapeSome(text: string): string {
  return text.replace(/[^\x00-\x7f]|\//g, (c) =>
    c === '/' ? '\\/' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const anyUnit = fc.oneof(
  { weight: 8, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)) },
);

describe('parseStrictJson agrees with JSON.parse where I-JSON allows (property)', () => {
  it('yields a structurally equal value for texts JSON.parse accepts', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ stringUnit: anyUnit, maxDepth: 6 }),
        fc.constantFrom(undefined, 0, 1, '\t', ' \r\n'),
        fc.boolean(),
        (value, indent, escapeText) => {
          let text = JSON.stringify(value, null, indent as string | number | undefined);
          if (escapeText) text = escapeSome(text);
          const expected = JSON.parse(text);
          // JSON.stringify escapes a lone surrogate as \udXXX, which I-JSON rejects.
          if (hasLoneSurrogate(value)) {
            expect(problemOf(() => parseStrictJson(text)).code).toBe('invalid_unicode');
            return;
          }
          expect(sameJson(parseStrictJson(text), expected)).toBe(true);
          expect(sameJson(parseStrictJson(new TextEncoder().encode(text)), expected)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never throws anything but a ProblemError, and agrees with JSON.parse on rejection of garbage', () => {
    const jsonish = fc.array(
      fc.oneof(
        fc.constantFrom(
          '{',
          '}',
          '[',
          ']',
          ',',
          ':',
          '"',
          '\\',
          ' ',
          '\n',
          '1',
          '0',
          '-',
          '.',
          'e',
          'true',
          'null',
          '"a"',
          'u',
        ),
        fc.string({ unit: 'binary', maxLength: 2 }),
      ),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(jsonish, (parts) => {
        const text = parts.join('');
        let native: unknown;
        let nativeOk = true;
        try {
          native = JSON.parse(text);
        } catch {
          nativeOk = false;
        }
        try {
          const value = parseStrictJson(text);
          expect(nativeOk).toBe(true);
          expect(sameJson(value, native)).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(ProblemError);
          // Everything JSON.parse rejects is a 400; 422s are for texts it accepts.
          if (!nativeOk) expect((error as ProblemError).status).toBe(400);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws anything but a ProblemError on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        try {
          parseStrictJson(bytes);
        } catch (error) {
          expect(error).toBeInstanceOf(ProblemError);
          const { offset } = (error as ProblemError).extensions as { offset: number };
          expect(offset).toBeGreaterThanOrEqual(0);
          expect(offset).toBeLessThanOrEqual(bytes.length);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
