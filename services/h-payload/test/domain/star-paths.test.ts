import { describe, expect, it } from 'vitest';
import { analyze, compare, suggestPrunes } from '../../src/domain/index.js';

// A member named exactly `*` is written `~2` in every path, so it never merges with the `*` that
// stands for every array index (issue #28).
describe('a member named * is ~2, apart from the array wildcard', () => {
  it('prune: both suggestions survive (the reproducer of the bug)', () => {
    const result = suggestPrunes({ x: [{ a: { '*': null } }, { a: [{ debug: 1 }] }] });
    expect(result.suggestions).toEqual([
      {
        path: '/x/*/a/*/debug',
        category: 'debug',
        confidence: 95,
        reason: '"debug" is a debug field',
        bytes_saved: 9,
        occurrences: 1,
      },
      {
        path: '/x/*/a/~2',
        category: 'null',
        confidence: 70,
        reason: 'the value is null',
        bytes_saved: 8,
        occurrences: 1,
      },
    ]);
    expect(result.pruned_payload).toEqual({ x: [{ a: {} }, { a: [{}] }] });
    expect(result.total_bytes_saved).toBe(17);
  });

  it('prune: a member * and its wildcard-looking siblings', () => {
    const result = suggestPrunes({ '*': { debug: 1 }, '~2': null, 'a*': null });
    expect(result.suggestions.map((s) => s.path)).toEqual(['/a*', '/~02', '/~2/debug']);
  });

  it('analyze: largest_fields, long_strings and numbers_as_strings keep the two paths apart', () => {
    const long = 'x'.repeat(1025);
    const result = analyze({ a: [long, '12'], b: [{ '*': long }], c: { '*': '7' }, d: ['8'] });
    expect(result.long_strings).toEqual([
      { path: '/a/*', bytes: 1025 },
      { path: '/b/*/~2', bytes: 1025 },
    ]);
    expect(result.numbers_as_strings).toEqual([{ path: '/a/*' }, { path: '/c/~2' }, { path: '/d/*' }]);
    const star = analyze({ o: [{ '*': 1 }, [{ '*': 22 }]] });
    expect(star.largest_fields).toEqual([
      { path: '/o', bytes: 20, share_percent: 76.92 },
      { path: '/o/*/*/~2', bytes: 2, share_percent: 7.69 },
      { path: '/o/*/~2', bytes: 1, share_percent: 3.85 },
    ]);
  });

  it('analyze: a member * beside an array of the same parent path is not merged', () => {
    const result = analyze({ x: [{ a: { '*': 'aaaa' } }, { a: ['bb'] }] });
    expect(result.largest_fields.map((f) => f.path)).toEqual(['/x', '/x/*/a', '/x/*/a/~2']);
    expect(result.largest_fields[2]).toMatchObject({ bytes: 6 });
  });

  it('compare: removed, added and changed types of a member * are not array items', () => {
    const result = compare({ a: { '*': 1 }, l: [1] }, { a: { '*': 'x', b: 1 }, l: ['1'] });
    expect(result.changed_types).toEqual([
      { path: '/a/~2', from: 'number', to: 'string' },
      { path: '/l/*', from: 'number', to: 'string' },
    ]);
    expect(result.added_fields).toEqual([{ path: '/a/b' }]);
    const apart = compare({ x: [{ a: { '*': 1 } }, { a: [1] }] }, { x: [{ a: { '*': 's' } }, { a: ['s'] }] });
    expect(apart.changed_types).toEqual([
      { path: '/x/*/a/~2', from: 'number', to: 'string' },
      { path: '/x/*/a/*', from: 'number', to: 'string' },
    ]);
    const gone = compare({ a: { '*': 1 } }, { a: {} });
    expect(gone.removed_fields).toEqual([{ path: '/a/~2' }]);
    const added = compare({ a: {} }, { a: { '*': 1 } });
    expect(added.added_fields).toEqual([{ path: '/a/~2' }]);
  });
});
