import { describe, expect, it } from 'vitest';
import { checkBudgets, matchPointer, PointerSyntaxError, pointerTokens } from '../../src/domain/index.js';

const EXAMPLE = {
  meta: { v: 1 },
  items: [
    { id: 1, blob: 'x'.repeat(100) },
    { id: 2, blob: 'y'.repeat(10) },
  ],
};

describe('budget-check', () => {
  it('the worked example: /items/*/blob ≤ 50 fails (2 matches, 102, 114, /items/0/blob); /meta ≤ 10 passes (7)', () => {
    expect(
      checkBudgets(EXAMPLE, [
        { path: '/items/*/blob', max_bytes: 50 },
        { path: '/meta', max_bytes: 10 },
      ]),
    ).toEqual({
      budgets: [
        {
          path: '/items/*/blob',
          max_bytes: 50,
          matches: 2,
          bytes: 102,
          total_bytes: 114,
          worst_path: '/items/0/blob',
          pass: false,
        },
        {
          path: '/meta',
          max_bytes: 10,
          matches: 1,
          bytes: 7,
          total_bytes: 7,
          worst_path: '/meta',
          pass: true,
        },
      ],
      bytes: 174,
      total: null,
      failed: 1,
      pass: false,
    });
    expect(Buffer.byteLength(JSON.stringify(EXAMPLE))).toBe(174);
  });

  it('at the limit passes, one over fails; the total counts among the failed', () => {
    const at = checkBudgets(EXAMPLE, [{ path: '/meta', max_bytes: 7 }], 174);
    expect(at).toMatchObject({ total: { max_bytes: 174, bytes: 174, pass: true }, failed: 0, pass: true });
    expect(at.budgets[0]!.pass).toBe(true);
    const over = checkBudgets(EXAMPLE, [{ path: '/meta', max_bytes: 6 }], 173);
    expect(over).toMatchObject({
      total: { max_bytes: 173, bytes: 174, pass: false },
      failed: 2,
      pass: false,
    });
    const totalOnly = checkBudgets(EXAMPLE, [{ path: '/meta', max_bytes: 7 }], 173);
    expect(totalOnly).toMatchObject({ failed: 1, pass: false });
  });

  it('no match passes, with bytes 0 and worst_path null', () => {
    expect(checkBudgets(EXAMPLE, [{ path: '/nothing/*', max_bytes: 0 }]).budgets[0]).toEqual({
      path: '/nothing/*',
      max_bytes: 0,
      matches: 0,
      bytes: 0,
      total_bytes: 0,
      worst_path: null,
      pass: true,
    });
  });

  it('the first largest match is the worst, in document order', () => {
    const doc = { l: ['ab', 'abc', 'xyz', 'a'] };
    expect(checkBudgets(doc, [{ path: '/l/*', max_bytes: 4 }]).budgets[0]).toMatchObject({
      matches: 4,
      bytes: 5,
      total_bytes: 4 + 5 + 5 + 3,
      worst_path: '/l/1',
      pass: false,
    });
    // A zero-byte worst cannot happen (every JSON value is ≥ 1 byte); the first match is worst among 1-byte ones.
    expect(checkBudgets([1, 2, 3], [{ path: '/*', max_bytes: 1 }]).budgets[0]).toMatchObject({
      worst_path: '/0',
      bytes: 1,
      pass: true,
    });
  });
});

describe('pointers', () => {
  it('"" is the whole payload; ~0 and ~1 unescape; concrete pointers escape again', () => {
    expect(pointerTokens('')).toEqual([]);
    expect(pointerTokens('/')).toEqual(['']);
    expect(pointerTokens('/a~1b/~0/~01')).toEqual(['a/b', '~', '~1']);
    const doc = { 'a/b': { '~': 1 }, '': 2, '*': 3 };
    expect(matchPointer(doc, pointerTokens('/a~1b/~0'))).toEqual([{ value: 1, pointer: '/a~1b/~0' }]);
    expect(matchPointer(doc, pointerTokens('/'))).toEqual([{ value: 2, pointer: '/' }]);
    expect(matchPointer(doc, [])).toEqual([{ value: doc, pointer: '' }]);
  });

  it('on an object * is a member name; on an array * is every item and a decimal its index', () => {
    expect(matchPointer({ '*': 3, a: 1 }, ['*'])).toEqual([{ value: 3, pointer: '/*' }]);
    expect(matchPointer({ a: 1 }, ['*'])).toEqual([]);
    const list = ['a', 'b', 'c'];
    expect(matchPointer(list, ['*']).map((m) => m.pointer)).toEqual(['/0', '/1', '/2']);
    expect(matchPointer(list, ['2'])).toEqual([{ value: 'c', pointer: '/2' }]);
    expect(matchPointer(list, ['3'])).toEqual([]);
    expect(matchPointer(list, ['01'])).toEqual([]);
    expect(matchPointer(list, ['-'])).toEqual([]);
    expect(matchPointer(list, ['length'])).toEqual([]);
    expect(matchPointer({ a: 'text' }, ['a', '0'])).toEqual([]);
    expect(matchPointer({ a: null }, ['a', 'b'])).toEqual([]);
    expect(matchPointer({ a: 1 }, ['toString'])).toEqual([]);
    expect(matchPointer([[1, 2], [3]], ['*', '*']).map((m) => m.pointer)).toEqual(['/0/0', '/0/1', '/1/0']);
    expect(matchPointer({ 10: 'ten' }, ['10'])).toEqual([{ value: 'ten', pointer: '/10' }]);
  });

  it.each(['a', 'a/b', '/~', '/a~2', '/~a', '/a~'])('bad pointer %#', (pointer) => {
    expect(() => pointerTokens(pointer)).toThrow(PointerSyntaxError);
  });

  it('names what is wrong', () => {
    expect(() => pointerTokens('x')).toThrow('must be "" or start with "/"');
    expect(() => pointerTokens('/~2')).toThrow('"~" must be followed by 0 or 1 (~0 is ~, ~1 is /)');
  });
});
