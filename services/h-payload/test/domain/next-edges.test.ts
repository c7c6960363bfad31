// Exact edges of issue #28's domain code: each size boundary by itself, the mask compiler called
// directly (the term splitter in front of it catches unbalanced parentheses first), escapes in
// exclusions, and pointer unescaping of repeated tokens.
import jsonMaskReference from 'json-mask';
import { describe, expect, it } from 'vitest';
import {
  checkBudgets,
  compare,
  compileMask,
  MaskSyntaxError,
  parseFields,
  pointerTokens,
} from '../../src/domain/index.js';
import { applyFields } from '../../src/domain/mask.js';
import { cborHead, msgpackContainer, msgpackString } from '../../src/domain/formats.js';

describe('format heads', () => {
  it('CBOR heads: 1, 2, 3, 5, 9 bytes at 24, 256, 65536, 2³²', () => {
    expect([0, 23, 24, 255, 256, 65535, 65536, 2 ** 32 - 1, 2 ** 32].map(cborHead)).toEqual([
      1, 1, 2, 2, 3, 3, 5, 5, 9,
    ]);
  });

  it('MessagePack strings: fixstr below 32, str 8 below 256, str 16 below 65536, else str 32', () => {
    expect([0, 31, 32, 255, 256, 65535, 65536].map(msgpackString)).toEqual([
      1, 32, 34, 257, 259, 65538, 65541,
    ]);
  });

  it('MessagePack arrays and maps: fix below 16, 16 below 65536, else 32', () => {
    expect([0, 15, 16, 65535, 65536].map(msgpackContainer)).toEqual([1, 1, 3, 3, 5]);
  });
});

describe('the mask compiler on its own', () => {
  it.each([
    ['a)', 'a ")" without its "("'],
    ['a(b', 'a "(" without its ")"'],
    ['a(b/c', 'a "(" without its ")"'],
    ['a/b)', 'a ")" without its "("'],
  ])('compiler error %#', (text, message) => {
    expect(() => compileMask(text)).toThrow(new MaskSyntaxError(message));
  });

  it('a path inside parentheses ends at the comma or the parenthesis that follows it', () => {
    const tree = compileMask('x(a/b/c,d),e/f');
    expect(JSON.parse(JSON.stringify(tree))).toEqual({
      x: {
        wildcard: false,
        props: {
          a: { wildcard: false, props: { b: { wildcard: false, props: { c: { wildcard: false } } } } },
          d: { wildcard: false },
        },
      },
      e: { wildcard: false, props: { f: { wildcard: false } } },
    });
    expect(Object.getPrototypeOf(compileMask('*'))).toBeNull();
    expect(compileMask('*')['*']).toEqual({ wildcard: true, props: undefined });
    expect(compileMask('\\*')['*']).toEqual({ wildcard: false, props: undefined });
    expect(Object.keys(compileMask('a\\*'))).toEqual(['a\\*']);
    expect(Object.keys(compileMask('a\\\\b\\/c'))).toEqual(['a\\b/c']);
  });

  it('a name made of escapes only, and escapes before terminals, stay names', () => {
    expect(Object.keys(compileMask('\\,,\\(,\\)'))).toEqual([',', '(', ')']);
  });
});

describe('masks against json-mask on the decimal index rule', () => {
  it.each(['a/01', 'a/1', 'a/2', 'a/x1', 'a/1x', 'a/*'])('nested index case %#', (expression) => {
    const payload = { a: [['x', 'y']] };
    const expected = JSON.parse(JSON.stringify(jsonMaskReference(payload, expression)));
    expect(applyFields(payload, parseFields(expression))).toEqual(expected);
  });
});

describe('exclusions: escapes and wildcards per name', () => {
  it('an escaped * names the member *, and the next unescaped * is again every member', () => {
    const doc = { '*': { a: 1, b: 2 }, c: { a: 3 } };
    expect(applyFields(doc, parseFields('!\\*/*'))).toEqual({ '*': {}, c: { a: 3 } });
    expect(applyFields(doc, parseFields('!*/a'))).toEqual({ '*': { b: 2 }, c: {} });
    expect(applyFields(doc, parseFields('!*\\*'))).toEqual(doc);
    expect(applyFields({ 'x*': 1, y: 2 }, parseFields('!x*'))).toEqual({ y: 2 });
    expect(parseFields('!a\\/b/c\\\\').exclusions).toEqual([['a/b', 'c\\']]);
    expect(parseFields('!*/\\*/x*').exclusions).toEqual([[undefined, '*', 'x*']]);
  });

  it('scalars and null have no members to remove or follow', () => {
    const doc = { s: 'ab', n: null, k: 1, l: ['cd', null] };
    expect(applyFields(doc, parseFields('!*/*'))).toEqual(doc);
    expect(applyFields(doc, parseFields('!s/0,!l/0,!n/x'))).toEqual(doc);
    expect(applyFields(doc, parseFields('!constructor,!s/length'))).toEqual(doc);
  });

  it('arrays at every depth are transparent; deeper levels follow only what matched', () => {
    const doc = { l: [[{ a: { b: 1, c: 2 } }], { a: [{ b: 3 }] }, 'x'], a: { b: 4 } };
    expect(applyFields(doc, parseFields('!l/a/b'))).toEqual({
      l: [[{ a: { c: 2 } }], { a: [{}] }, 'x'],
      a: { b: 4 },
    });
  });
});

describe('pointers and budgets', () => {
  it('every ~1 and ~0 is unescaped, ~1 before ~0', () => {
    expect(pointerTokens('/~1~1/~0~0/~01')).toEqual(['//', '~~', '~1']);
  });

  it('a budget of 0 passes only without matches; equal sizes keep the first as worst', () => {
    expect(checkBudgets({ a: 1, b: 2 }, [{ path: '/*', max_bytes: 0 }]).budgets[0]).toMatchObject({
      matches: 0,
      pass: true,
    });
    expect(checkBudgets([[1], [2], [33]], [{ path: '/*', max_bytes: 3 }]).budgets[0]).toEqual({
      path: '/*',
      max_bytes: 3,
      matches: 3,
      bytes: 4,
      total_bytes: 3 + 3 + 4,
      worst_path: '/2',
      pass: false,
    });
    const same = [{ k: 1 }, { k: 1 }];
    expect(
      checkBudgets(same, [
        { path: '/0', max_bytes: 7 },
        { path: '/*', max_bytes: 6 },
      ]),
    ).toMatchObject({
      budgets: [
        { bytes: 7, pass: true },
        { bytes: 7, total_bytes: 14, worst_path: '/0', pass: false },
      ],
      failed: 1,
    });
  });
});

describe('compare: type changes count their member paths', () => {
  it('members under a type change count towards the 100,000-path bound', { timeout: 60_000 }, () => {
    // /a and 99,998 members under it, /b: 100,000 paths; the member x of b's new object is one more.
    const wide = Object.fromEntries(Array.from({ length: 99_998 }, (_, i) => [`k${i}`, 0]));
    expect(compare({ a: null, b: 1 }, { a: wide, b: 2 }).added_fields).toHaveLength(99_998);
    expect(() => compare({ a: null, b: 1 }, { a: wide, b: { x: 1 } })).toThrow(/100,000/);
    expect(() => compare({ a: wide, b: { x: 1 } }, { a: null, b: 1 })).toThrow(/100,000/);
  });
});
