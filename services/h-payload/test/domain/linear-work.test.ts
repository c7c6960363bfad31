// Issue 43 items 7 and 9: the mask's exclusions, all at once in one walk, give what applying them one
// after another gives; budget sizes, each part measured once, are JSON.stringify's; compare lists
// members in document order.
import { encode as cborEncode } from 'cbor2';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyze, checkBudgets, compare } from '../../src/domain/index.js';
import { sizer } from '../../src/domain/budget.js';
import { type Exclusion, excludeAll, parseFields } from '../../src/domain/mask.js';

/** The exclusions one after another, each a walk of the whole document (the former algorithm). */
function excludeOneByOne(document: unknown, paths: readonly Exclusion[]) {
  for (const path of paths) {
    let level: unknown[] = [document];
    path.forEach((name, step) => {
      const next: unknown[] = [];
      const stack = [...level];
      while (stack.length > 0) {
        const node = stack.pop();
        if (Array.isArray(node)) stack.push(...node);
        else if (typeof node === 'object' && node !== null) {
          const record = node as Record<string, unknown>;
          for (const key of Object.keys(record).filter((k) => name === undefined || k === name)) {
            if (step === path.length - 1) delete record[key];
            else next.push(record[key]);
          }
        }
      }
      level = next;
    });
  }
}

const NAMES = ['a', 'b', 'c', '*'];
const member = fc.constantFrom(...NAMES.slice(0, 3));
const doc = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.integer(),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(member, tie('value'), { maxKeys: 3 }),
  ),
})).value;
const path = fc.array(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 4 });

describe('excludeAll', () => {
  it('removes what the exclusions applied one after another remove (property)', () => {
    fc.assert(
      fc.property(doc, fc.array(path, { minLength: 1, maxLength: 6 }), (value, names) => {
        const paths = names.map((p) => p.map((n) => (n === '*' ? undefined : n)));
        const ours = structuredClone(value);
        const theirs = structuredClone(value);
        excludeAll(ours, paths);
        excludeOneByOne(theirs, paths);
        expect(ours).toEqual(theirs);
      }),
      { numRuns: 500 },
    );
  });

  it('a path and a longer one through it, a star beside a name, arrays within arrays', () => {
    const value = { a: { b: 1, c: 2 }, d: [[{ a: 1, e: 2 }], { a: { b: 3, f: 4 } }], g: { '*': 1, h: 2 } };
    excludeAll(value, parseFields('!a/b,!a,!d/a/b,!*/e,!g/\\*').exclusions);
    expect(value).toEqual({ d: [[{ a: 1 }], { a: { f: 4 } }], g: { h: 2 } });
    const other = { x: { y: { z: 1, w: 2 } } };
    excludeAll(other, parseFields('!*/y/z,!x/*/w').exclusions);
    expect(other).toEqual({ x: { y: {} } });
    const inherited = { a: 1 };
    excludeAll(inherited, parseFields('!constructor,!toString/x').exclusions);
    expect(inherited).toEqual({ a: 1 });
    excludeAll(null, parseFields('!a').exclusions);
  });
});

describe('budget sizes', () => {
  it('are the UTF-8 bytes of JSON.stringify, for every part (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), (value) => {
        const sizeOf = sizer();
        expect(sizeOf(value)).toBe(Buffer.byteLength(JSON.stringify(value)));
        if (typeof value === 'object' && value !== null)
          for (const part of Object.values(value))
            expect(sizeOf(part)).toBe(Buffer.byteLength(JSON.stringify(part)));
      }),
      { numRuns: 300 },
    );
  });

  it('remembers a part measured once, and a string once', () => {
    const sizeOf = sizer();
    const inner = { s: 'é"\n', n: -0, t: [true, null, 1.5] };
    const outer = { inner, list: [inner.t, {}] };
    expect(sizeOf(inner)).toBe(Buffer.byteLength(JSON.stringify(inner)));
    expect(sizeOf(outer)).toBe(Buffer.byteLength(JSON.stringify(outer)));
    expect(sizeOf(inner.s)).toBe(Buffer.byteLength(JSON.stringify(inner.s)));
    expect(sizeOf(inner.s)).toBe(8);
  });

  it('100 nested budgets: each exact, the worst path built for the largest match only', () => {
    let value: unknown = { blob: 'x'.repeat(1000), list: [1, 22, 333] };
    for (let i = 0; i < 99; i++) value = { a: value };
    const budgets = Array.from({ length: 100 }, (_, i) => ({ path: '/a'.repeat(i), max_bytes: 1050 }));
    const result = checkBudgets(value, budgets);
    const inner = (i: number) => {
      let at = value as Record<string, unknown>;
      for (let k = 0; k < i; k++) at = at.a as Record<string, unknown>;
      return at;
    };
    result.budgets.forEach((budget, i) => {
      const bytes = Buffer.byteLength(JSON.stringify(inner(i)));
      expect(budget).toEqual({
        path: '/a'.repeat(i),
        max_bytes: 1050,
        matches: 1,
        bytes,
        total_bytes: bytes,
        worst_path: '/a'.repeat(i),
        pass: bytes <= 1050,
      });
    });
    expect(result.bytes).toBe(Buffer.byteLength(JSON.stringify(value)));
    expect(
      checkBudgets({ l: [[1, 22], [333]] }, [{ path: '/l/*/*', max_bytes: 2 }]).budgets[0],
    ).toMatchObject({
      matches: 3,
      bytes: 3,
      total_bytes: 6,
      worst_path: '/l/1/0',
      pass: false,
    });
  });
});

describe('compare lists members in document order (item 9)', () => {
  it('a member under a type change comes before a later sibling added beside it', () => {
    const original = { id: 1, flag: true, active: true };
    const optimized = { id: 1, flag: { on: true }, active: true, extra: 1 };
    expect(compare(original, optimized)).toMatchObject({
      added_fields: [{ path: '/flag/on' }, { path: '/extra' }],
      removed_fields: [],
      changed_types: [{ path: '/flag', from: 'boolean', to: 'object' }],
    });
    expect(compare(optimized, original)).toMatchObject({
      removed_fields: [{ path: '/flag/on' }, { path: '/extra' }],
      added_fields: [],
    });
  });

  it("added fields follow the optimised document's member order, removed ones the original's", () => {
    const original = { b: { x: 1, gone1: 1 }, a: { y: 1 }, gone0: 1 };
    const optimized = { a: { y: 1, new1: 1 }, new0: 1, b: { x: 1 } };
    expect(compare(original, optimized)).toMatchObject({
      removed_fields: [{ path: '/b/gone1' }, { path: '/gone0' }],
      added_fields: [{ path: '/a/new1' }, { path: '/new0' }],
    });
  });

  it('a path met in several items is placed where it first appears', () => {
    const original = { l: [{ k: 1 }, { k: 1 }, 5], z: 0 };
    const optimized = { l: [{ k: 1 }, { k: 1, late: 1 }, { early: 1 }], z: { w: 1 } };
    expect(compare(original, optimized).added_fields).toEqual([
      { path: '/l/*/late' },
      { path: '/l/*/early' },
      { path: '/z/w' },
    ]);
  });
});

describe('CBOR of -0 (issue 43 item 8)', () => {
  it('is the CBOR of 0, as H serialises the number (spec: "numbers as H serialises them, so −0 is 0")', () => {
    // cbor2 encodes the JavaScript value −0 as a half float (3 bytes); the JSON H measures says 0.
    expect(cborEncode(-0).byteLength).toBe(3);
    expect(JSON.stringify(-0)).toBe('0');
    expect(cborEncode(JSON.parse(JSON.stringify(-0))).byteLength).toBe(1);
    expect(analyze(-0).formats).toEqual({ json: 1, cbor: 1, msgpack: 1 });
    const doc = { a: -0, b: [-0, 0.5] };
    expect(analyze(doc).formats.cbor).toBe(cborEncode(JSON.parse(JSON.stringify(doc))).byteLength);
  });
});
