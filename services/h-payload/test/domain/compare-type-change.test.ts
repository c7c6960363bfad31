import { describe, expect, it } from 'vitest';
import { compare } from '../../src/domain/index.js';

// Issue #28: the members below a type change are in one document only, so they are listed (topmost
// only) beside the type change itself.
describe('compare lists the members under a type change', () => {
  it('null → {"a":1} at the root adds /a', () => {
    const result = compare(null, { a: 1 });
    expect(result.changed_types).toEqual([{ path: '', from: 'null', to: 'object' }]);
    expect(result.added_fields).toEqual([{ path: '/a' }]);
    expect(result.removed_fields).toEqual([]);
    expect(result.equivalent).toBe(false);
  });

  it('/flag: null → {"on":true} adds /flag/on, topmost only', () => {
    const result = compare({ flag: null }, { flag: { on: true, deep: { x: 1 } } });
    expect(result.changed_types).toEqual([{ path: '/flag', from: 'null', to: 'object' }]);
    expect(result.added_fields).toEqual([{ path: '/flag/on' }, { path: '/flag/deep' }]);
    expect(result.removed_fields).toEqual([]);
    expect(result).toMatchObject({ changed_values: 0, unchanged_fields: 0 });
  });

  it('object → scalar removes its members; object → array lists both sides', () => {
    expect(compare({ a: { b: 1, c: { d: 2 } } }, { a: 'x' })).toMatchObject({
      removed_fields: [{ path: '/a/b' }, { path: '/a/c' }],
      added_fields: [],
      changed_types: [{ path: '/a', from: 'object', to: 'string' }],
    });
    expect(compare({ a: { x: 1 } }, { a: [{ x: 1, y: [{ z: 1 }] }, 5, [{ w: 1 }], { x: 2 }] })).toMatchObject(
      {
        removed_fields: [{ path: '/a/x' }],
        added_fields: [{ path: '/a/*/x' }, { path: '/a/*/y' }, { path: '/a/*/*/w' }],
        changed_types: [{ path: '/a', from: 'object', to: 'array' }],
      },
    );
  });

  it('array items that change type list their members; each path once; scalars and empties list none', () => {
    const result = compare({ l: [{ a: 1 }, { a: 2, b: 3 }, 1] }, { l: ['s', null, { c: 1 }] });
    expect(result.removed_fields).toEqual([{ path: '/l/*/a' }, { path: '/l/*/b' }]);
    expect(result.added_fields).toEqual([{ path: '/l/*/c' }]);
    expect(result.changed_types).toEqual([
      { path: '/l/*', from: 'object', to: 'string' },
      { path: '/l/*', from: 'object', to: 'null' },
      { path: '/l/*', from: 'number', to: 'object' },
    ]);
    expect(compare({ a: [] }, { a: {} })).toMatchObject({ removed_fields: [], added_fields: [] });
    expect(compare(1, 'x')).toMatchObject({ removed_fields: [], added_fields: [] });
  });

  it('a member * under a type change is ~2', () => {
    expect(compare({ a: 1 }, { a: { '*': 1, '~': 2, 'x/y': 3 } }).added_fields).toEqual([
      { path: '/a/~2' },
      { path: '/a/~0' },
      { path: '/a/x~1y' },
    ]);
  });
});
