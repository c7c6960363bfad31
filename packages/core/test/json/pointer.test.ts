import { describe, expect, it } from 'vitest';
import { getAtPointer, type JsonValue, parseJsonPointer, parseStrictJson } from '../../src/json/index.js';
import { problemOf } from './helpers.js';

// RFC 6901 §5.
const document = parseStrictJson(
  '{"foo":["bar","baz"],"":0,"a/b":1,"c%d":2,"e^f":3,"g|h":4,"i\\\\j":5,"k\\"l":6," ":7,"m~n":8}',
);

describe('parseJsonPointer', () => {
  it.each([
    ['', []],
    ['/', ['']],
    ['/foo', ['foo']],
    ['/foo/0', ['foo', '0']],
    ['/a~1b', ['a/b']],
    ['/m~0n', ['m~n']],
    ['/~01', ['~1']],
    ['/~10', ['/0']],
    ['//x/', ['', 'x', '']],
    ['/é/😀', ['é', '😀']],
  ])('%j → %j', (pointer, tokens) => {
    expect(parseJsonPointer(pointer)).toEqual(tokens);
  });

  it.each([
    ['a/b', 'must be empty or start with "/"'],
    ['#/a', 'must be empty or start with "/"'],
    ['/a~', '"~" must be followed by "0" (for "~") or "1" (for "/")'],
    ['/a~2', '"~" must be followed by "0" (for "~") or "1" (for "/")'],
    ['/ok/~x', '"~" must be followed by "0" (for "~") or "1" (for "/")'],
  ])('rejects %j', (pointer, message) => {
    const problem = problemOf(() => parseJsonPointer(pointer, '/fields/0'));
    expect(problem.status).toBe(400);
    expect(problem.code).toBe('validation_failed');
    expect(problem.detail).toBe(`JSON Pointer ${JSON.stringify(pointer)} is invalid: ${message}`);
    expect(problem.errors).toEqual([
      { path: '/fields/0', code: 'invalid_pointer', message: `${message} (RFC 6901)` },
    ]);
  });
});

describe('getAtPointer', () => {
  it.each([
    ['', document],
    ['/foo', ['bar', 'baz']],
    ['/foo/0', 'bar'],
    ['/', 0],
    ['/a~1b', 1],
    ['/c%d', 2],
    ['/e^f', 3],
    ['/g|h', 4],
    ['/i\\j', 5],
    ['/k"l', 6],
    ['/ ', 7],
    ['/m~0n', 8],
  ])('RFC 6901 §5: %j', (pointer, expected) => {
    expect(getAtPointer(document, parseJsonPointer(pointer))).toEqual({ found: true, value: expected });
  });

  it('needs canonical array indices below the length', () => {
    const value = parseStrictJson('{"a":[10,20,null]}');
    expect(getAtPointer(value, ['a', '1'])).toEqual({ found: true, value: 20 });
    expect(getAtPointer(value, ['a', '2'])).toEqual({ found: true, value: null });
    for (const token of ['01', '-', '3', '+1', '1.0', ' 1', '', '1e0', '-0', '0x1', '99999999999999999999']) {
      expect(getAtPointer(value, ['a', token])).toEqual({ found: false, value: undefined });
    }
  });

  it('finds only own members, including __proto__ as data', () => {
    const parsed = parseStrictJson('{"__proto__":{"x":1},"constructor":2}');
    expect(getAtPointer(parsed, ['__proto__', 'x'])).toEqual({ found: true, value: 1 });
    expect(getAtPointer(parsed, ['constructor'])).toEqual({ found: true, value: 2 });
    const plain = { a: 1 } as JsonValue;
    for (const token of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(getAtPointer(plain, [token])).toEqual({ found: false, value: undefined });
    }
    expect(getAtPointer([1], ['length'])).toEqual({ found: false, value: undefined });
  });

  it('does not step into scalars', () => {
    const value = parseStrictJson('{"s":"abc","n":null}');
    expect(getAtPointer(value, ['s', '0'])).toEqual({ found: false, value: undefined });
    expect(getAtPointer(value, ['s', 'length'])).toEqual({ found: false, value: undefined });
    expect(getAtPointer(value, ['n', 'x'])).toEqual({ found: false, value: undefined });
    expect(getAtPointer(value, ['missing'])).toEqual({ found: false, value: undefined });
  });
});
