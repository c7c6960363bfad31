import { describe, expect, it } from 'vitest';
import { parseStrictJson } from '../../src/json/index.js';
import { type ExpectedProblem, expectProblem, hexBytes } from './helpers.js';

interface Row extends ExpectedProblem {
  name: string;
  text: string;
}

/** Each row is checked with the text as a string and as its UTF-8 bytes: offsets are UTF-8 bytes. */
function both(rows: Row[]): void {
  for (const { name, text, ...expected } of rows) {
    it(`${name}: ${JSON.stringify(text).slice(0, 60)}`, () => {
      expectProblem(() => parseStrictJson(text), expected);
      expectProblem(() => parseStrictJson(new TextEncoder().encode(text)), expected);
    });
  }
}

const syntax = { status: 400, code: 'invalid_json' } as const;

describe('syntax errors → 400 invalid_json with offset, line, column and pointer', () => {
  both([
    {
      name: 'trailing comma in array',
      text: '[1,]',
      ...syntax,
      offset: 3,
      line: 1,
      column: 4,
      pointer: '/1',
    },
    {
      name: 'trailing comma in object',
      text: '{"a":1,}',
      ...syntax,
      offset: 7,
      line: 1,
      column: 8,
      pointer: '',
    },
    { name: 'leading zero', text: '[01]', ...syntax, offset: 2, line: 1, column: 3, pointer: '/0' },
    {
      name: 'negative leading zero',
      text: '{"n":-012}',
      ...syntax,
      offset: 7,
      line: 1,
      column: 8,
      pointer: '/n',
    },
    { name: 'NaN', text: '[NaN]', ...syntax, offset: 1, line: 1, column: 2, pointer: '/0' },
    { name: 'Infinity', text: '{"a":Infinity}', ...syntax, offset: 5, line: 1, column: 6, pointer: '/a' },
    { name: '-Infinity', text: '[-Infinity]', ...syntax, offset: 2, line: 1, column: 3, pointer: '/0' },
    { name: 'single-quoted name', text: "{'a':1}", ...syntax, offset: 1, line: 1, column: 2, pointer: '' },
    {
      name: 'single-quoted string',
      text: `["it's",'x']`,
      ...syntax,
      offset: 8,
      line: 1,
      column: 9,
      pointer: '/1',
    },
    {
      name: 'raw tab in a string',
      text: '["a\tb"]',
      ...syntax,
      offset: 3,
      line: 1,
      column: 4,
      pointer: '/0',
    },
    {
      name: 'raw newline in a name',
      text: '{"a\nb":1}',
      ...syntax,
      offset: 3,
      line: 1,
      column: 4,
      pointer: '',
    },
    {
      name: 'raw NUL in a string',
      text: '{"k":"\u0000"}',
      ...syntax,
      offset: 6,
      line: 1,
      column: 7,
      pointer: '/k',
    },
    { name: 'unknown escape', text: '["\\x41"]', ...syntax, offset: 2, line: 1, column: 3, pointer: '/0' },
    {
      name: 'uppercase \\U escape',
      text: '["\\U0041"]',
      ...syntax,
      offset: 2,
      line: 1,
      column: 3,
      pointer: '/0',
    },
    { name: 'bad hex digit', text: '["\\u12G4"]', ...syntax, offset: 6, line: 1, column: 7, pointer: '/0' },
    { name: 'bad hex in a low surrogate', text: '["\\ud83d\\ude0x"]', ...syntax, offset: 13, pointer: '/0' },
    { name: 'trailing garbage', text: '{} x', ...syntax, offset: 3, line: 1, column: 4, pointer: '' },
    { name: 'extra close bracket', text: '[1]]', ...syntax, offset: 3, line: 1, column: 4, pointer: '' },
    { name: 'two documents', text: '1 2', ...syntax, offset: 2, line: 1, column: 3, pointer: '' },
    { name: 'empty input', text: '', ...syntax, offset: 0, line: 1, column: 1, pointer: '' },
    { name: 'only whitespace', text: '  \n ', ...syntax, offset: 4, line: 2, column: 2, pointer: '' },
    { name: 'truncated array', text: '{"a":[1,2', ...syntax, offset: 9, line: 1, column: 10, pointer: '/a' },
    { name: 'truncated string', text: '{"a":"xy', ...syntax, offset: 8, line: 1, column: 9, pointer: '/a' },
    { name: 'truncated literal', text: '[tru', ...syntax, offset: 4, line: 1, column: 5, pointer: '/0' },
    { name: 'misspelt literal', text: '[nul1]', ...syntax, offset: 4, line: 1, column: 5, pointer: '/0' },
    { name: 'missing colon', text: '{"a" 1}', ...syntax, offset: 5, line: 1, column: 6, pointer: '/a' },
    { name: 'truncated after colon', text: '{"a":', ...syntax, offset: 5, line: 1, column: 6, pointer: '/a' },
    { name: 'missing comma', text: '[1 2]', ...syntax, offset: 3, line: 1, column: 4, pointer: '' },
    {
      name: 'fraction without digits',
      text: '[1.]',
      ...syntax,
      offset: 3,
      line: 1,
      column: 4,
      pointer: '/0',
    },
    {
      name: 'exponent without digits',
      text: '[1e+]',
      ...syntax,
      offset: 4,
      line: 1,
      column: 5,
      pointer: '/0',
    },
    { name: 'leading plus', text: '[+1]', ...syntax, offset: 1, line: 1, column: 2, pointer: '/0' },
    { name: 'leading dot', text: '[.5]', ...syntax, offset: 1, line: 1, column: 2, pointer: '/0' },
    { name: 'comment', text: '{"a":1 /* c */}', ...syntax, offset: 7, line: 1, column: 8, pointer: '' },
    {
      name: 'non-JSON whitespace (NBSP)',
      text: '[\u00a01]',
      ...syntax,
      offset: 1,
      line: 1,
      column: 2,
      pointer: '/0',
    },
    {
      name: 'deep pointer',
      text: '{"a":{"b":[1,{"c~/":tru}]}}',
      ...syntax,
      offset: 23,
      pointer: '/a/b/1/c~0~1',
    },
    // Offsets are UTF-8 bytes; columns are code points.
    {
      name: 'after a 2-byte character',
      text: '["é", x]',
      ...syntax,
      offset: 7,
      line: 1,
      column: 7,
      pointer: '/1',
    },
    {
      name: 'after an astral character',
      text: '["😀",x]',
      ...syntax,
      offset: 8,
      line: 1,
      column: 6,
      pointer: '/1',
    },
    {
      name: 'multi-line',
      text: '{\n  "a": 1,\n  "b": x\n}',
      ...syntax,
      offset: 19,
      line: 3,
      column: 8,
      pointer: '/b',
    },
  ]);

  it('names the position, the pointer and what was expected in the detail', () => {
    const problem = expectProblem(() => parseStrictJson('{"a":[1 x]}'), {
      ...syntax,
      offset: 8,
      pointer: '/a',
    });
    expect(problem.detail).toBe(
      'Unexpected character "x" at byte 8 (line 1, column 9, pointer "/a"), expected "," or "]"',
    );
    expect(problem.extensions).toEqual({ offset: 8, pointer: '/a', line: 1, column: 9 });
    expect(problem.toProblem()).toMatchObject({
      type: 'urn:problem:invalid_json',
      status: 400,
      code: 'invalid_json',
    });
  });

  it('describes the end of input and control characters readably', () => {
    expect(expectProblem(() => parseStrictJson('[1,'), { ...syntax, offset: 3, pointer: '/1' }).detail).toBe(
      'Unexpected end of input at byte 3 (line 1, column 4, pointer "/1"), expected a JSON value',
    );
    expect(
      expectProblem(() => parseStrictJson('["\u0001"]'), { ...syntax, offset: 2, pointer: '/0' }).detail,
    ).toBe(
      'Unescaped control character U+0001 in a string at byte 2 (line 1, column 3, pointer "/0"), expected an escape such as "\\u0001"',
    );
  });
});

describe('input that is not well-formed Unicode → 400 invalid_json', () => {
  it.each([
    ['a 0xFF byte inside a string', '5b22ff225d', 2, 1, 3, '/0'],
    ['an overlong encoding of "/"', '5b22c0af225d', 2, 1, 3, '/0'],
    ['a UTF-8 encoded surrogate (ED A0 80)', '5b22eda080225d', 2, 1, 3, '/0'],
    ['a code point above U+10FFFF', '5b22f4908080225d', 2, 1, 3, '/0'],
    ['a truncated 3-byte sequence', '5b22e282225d', 2, 1, 3, '/0'],
    ['a sequence cut by the end of input', '5b22e282', 2, 1, 3, '/0'],
    ['a stray continuation byte after é', '5b22c3a980225d', 4, 1, 4, '/0'],
    ['a bad byte in a member name', '7b22ff223a317d', 2, 1, 3, ''],
    ['a bad byte in a member value', '7b2261223a22ff227d', 6, 1, 7, '/a'],
    ['a bad byte outside any string', '5b312cff5d', 3, 1, 4, '/1'],
  ])('%s', (_name, hex, offset, line, column, pointer) => {
    const problem = expectProblem(() => parseStrictJson(hexBytes(hex)), {
      ...syntax,
      offset,
      line,
      column,
      pointer,
    });
    expect(problem.detail).toMatch(/^Invalid UTF-8 byte 0x[0-9A-F]{2} at byte \d+/);
  });

  it('rejects a UTF-8 byte order mark, saying so', () => {
    for (const input of [hexBytes('efbbbf7b7d'), '\ufeff{}']) {
      const problem = expectProblem(() => parseStrictJson(input), {
        ...syntax,
        offset: 0,
        line: 1,
        column: 1,
        pointer: '',
      });
      expect(problem.detail).toContain('byte order mark (U+FEFF) is not allowed');
    }
  });

  it('rejects a raw lone surrogate in a string input (it has no UTF-8 encoding)', () => {
    expectProblem(() => parseStrictJson('["ab\ud800"]'), {
      ...syntax,
      offset: 4,
      line: 1,
      column: 5,
      pointer: '/0',
    });
    expectProblem(() => parseStrictJson('{"x":"\udc00"}'), { ...syntax, offset: 6, pointer: '/x' });
  });
});

describe('duplicate member names → 422 duplicate_key at the second occurrence', () => {
  both([
    {
      name: 'different values',
      text: '{"a":1,"a":2}',
      status: 422,
      code: 'duplicate_key',
      offset: 7,
      pointer: '/a',
    },
    {
      name: 'same value',
      text: '{"a":1,"a":1}',
      status: 422,
      code: 'duplicate_key',
      offset: 7,
      pointer: '/a',
    },
    {
      name: 'nested',
      text: '[{"x":{"k":1,"k":1}}]',
      status: 422,
      code: 'duplicate_key',
      offset: 13,
      pointer: '/0/x/k',
    },
    {
      name: 'after unescaping',
      text: '{"a":1,"\\u0061":2}',
      status: 422,
      code: 'duplicate_key',
      offset: 7,
      pointer: '/a',
    },
    {
      name: '__proto__ twice',
      text: '{"__proto__":1,"__proto__":2}',
      status: 422,
      code: 'duplicate_key',
      offset: 15,
      pointer: '/__proto__',
    },
    {
      name: 'pointer escaping',
      text: '{"a/b~":1,"a\\/b~":2}',
      status: 422,
      code: 'duplicate_key',
      offset: 10,
      pointer: '/a~1b~0',
    },
    {
      name: 'empty name',
      text: '{"":1,"b":2,"":3}',
      status: 422,
      code: 'duplicate_key',
      offset: 12,
      pointer: '/',
    },
  ]);

  it('names the member in the detail', () => {
    const problem = expectProblem(() => parseStrictJson('{"a":1,"\\u0061":2}'), {
      status: 422,
      code: 'duplicate_key',
      offset: 7,
      line: 1,
      column: 8,
      pointer: '/a',
    });
    expect(problem.detail).toBe(
      'Duplicate member name "a" at byte 7 (line 1, column 8, pointer "/a"); member names must be unique within an object (I-JSON, RFC 7493 §2.3)',
    );
  });
});

describe('lone surrogate escapes → 422 invalid_unicode at the escape', () => {
  const bad = { status: 422, code: 'invalid_unicode' } as const;
  both([
    { name: 'lone high', text: '["\\ud800"]', ...bad, offset: 2, line: 1, column: 3, pointer: '/0' },
    { name: 'lone low in a name', text: '{"\\udc00":1}', ...bad, offset: 2, line: 1, column: 3, pointer: '' },
    { name: 'reversed pair', text: '["\\ude00\\ud83d"]', ...bad, offset: 2, pointer: '/0' },
    { name: 'high then a letter', text: '["ab\\ud83dx"]', ...bad, offset: 4, pointer: '/0' },
    { name: 'high then high', text: '["\\ud83d\\ud83d"]', ...bad, offset: 2, pointer: '/0' },
    { name: 'high then a BMP escape', text: '["\\ud83d\\u0041"]', ...bad, offset: 2, pointer: '/0' },
    { name: 'nested value', text: '{"a":{"b":"\\udfff"}}', ...bad, offset: 11, pointer: '/a/b' },
    { name: 'after a valid pair', text: '["\\ud83d\\ude00\\udbff"]', ...bad, offset: 14, pointer: '/0' },
  ]);

  it('accepts a proper pair in either hex case', () => {
    expect(parseStrictJson('["\\uD83D\\uDE00", "\\ud83d\\ude00"]')).toEqual(['😀', '😀']);
  });
});

describe('numbers a double cannot carry → 422 number_out_of_range', () => {
  const range = { status: 422, code: 'number_out_of_range' } as const;
  both([
    { name: 'overflow', text: '[1e400]', ...range, offset: 1, line: 1, column: 2, pointer: '/0' },
    { name: 'negative overflow', text: '{"v":-1e309}', ...range, offset: 5, pointer: '/v' },
    { name: '400-digit integer', text: `[${'9'.repeat(400)}]`, ...range, offset: 1, pointer: '/0' },
    {
      name: 'just above the largest double',
      text: '[1.7976931348623159e308]',
      ...range,
      offset: 1,
      pointer: '/0',
    },
    {
      name: 'integer above 2^53, not representable',
      text: '[9007199254740993]',
      ...range,
      offset: 1,
      pointer: '/0',
    },
    {
      name: 'negative, not representable',
      text: '{"n":-9007199254740993}',
      ...range,
      offset: 5,
      pointer: '/n',
    },
    {
      name: '20 digits, not representable',
      text: '[12345678901234567890]',
      ...range,
      offset: 1,
      pointer: '/0',
    },
    { name: 'underflow', text: '[1e-400]', ...range, offset: 1, pointer: '/0' },
    { name: 'negative underflow', text: '[-2e-324]', ...range, offset: 1, pointer: '/0' },
    { name: 'underflow with a fraction', text: '[0.0001e-321]', ...range, offset: 1, pointer: '/0' },
  ]);

  it('advises sending an inexact big integer as a string', () => {
    const problem = expectProblem(() => parseStrictJson('[9007199254740993]'), {
      ...range,
      offset: 1,
      pointer: '/0',
    });
    expect(problem.detail).toBe(
      'Integer 9007199254740993 is larger than 2^53 and not exactly representable as an IEEE-754 double at byte 1 (line 1, column 2, pointer "/0"); it would be silently rounded to 9007199254740992; send it as a string (e.g. "9007199254740993") to keep every digit',
    );
  });

  it('shortens a very long literal in the detail', () => {
    const problem = expectProblem(() => parseStrictJson(`[${'9'.repeat(400)}]`), {
      ...range,
      offset: 1,
      pointer: '/0',
    });
    expect(problem.detail.length).toBeLessThan(400);
    expect(problem.detail).toContain('overflows');
  });
});

describe('nesting deeper than maxDepth → 400 validation_failed / too_deep', () => {
  it('rejects 257 levels by default, naming the limit and the path', () => {
    const pointer = '/0'.repeat(256);
    const problem = expectProblem(() => parseStrictJson('['.repeat(257) + ']'.repeat(257)), {
      status: 400,
      code: 'validation_failed',
      offset: 256,
      pointer,
    });
    expect(problem.errors).toEqual([
      { path: pointer, code: 'too_deep', message: 'nesting exceeds the maximum depth of 256' },
    ]);
    expect(problem.detail).toMatch(
      /^JSON nesting exceeds the maximum depth of 256 at byte 256 \(line 1, column 257, pointer "(\/0)+…"\)$/,
    );
    expect(problem.extensions).toMatchObject({ limit: 256 });
  });

  it('accepts exactly 256 levels', () => {
    expect(() => parseStrictJson('['.repeat(256) + ']'.repeat(256))).not.toThrow();
    expect(() => parseStrictJson('{"a":'.repeat(256) + '1' + '}'.repeat(256))).not.toThrow();
  });

  it('counts objects and arrays alike, empty or not', () => {
    const options = { maxDepth: 2 };
    expect(parseStrictJson('{"a":[1]}', options)).toEqual({ a: [1] });
    expectProblem(() => parseStrictJson('{"a":{"b":{}}}', options), {
      status: 400,
      code: 'validation_failed',
      offset: 10,
      pointer: '/a/b',
    });
    expectProblem(() => parseStrictJson('[[1,[]]]', options), {
      status: 400,
      code: 'validation_failed',
      offset: 4,
      pointer: '/0/1',
    });
    expect(parseStrictJson('7', { maxDepth: 0 })).toBe(7);
    expectProblem(() => parseStrictJson('[]', { maxDepth: 0 }), {
      status: 400,
      code: 'validation_failed',
      offset: 0,
      pointer: '',
    });
  });

  it('rejects an invalid maxDepth option', () => {
    expect(() => parseStrictJson('1', { maxDepth: -1 })).toThrow(RangeError);
    expect(() => parseStrictJson('1', { maxDepth: 1.5 })).toThrow(RangeError);
    expect(() => parseStrictJson('1', { maxDepth: Number.NaN })).toThrow(RangeError);
  });
});

describe('the first error in document order wins', () => {
  it('reports a syntax error before a later duplicate', () => {
    expectProblem(() => parseStrictJson('{"a":01,"a":2}'), { ...syntax, offset: 6, pointer: '/a' });
  });
  it('reports a duplicate before a later syntax error', () => {
    expectProblem(() => parseStrictJson('{"a":1,"a":2,}'), {
      status: 422,
      code: 'duplicate_key',
      offset: 7,
      pointer: '/a',
    });
  });
});
