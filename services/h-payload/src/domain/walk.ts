import { escapePointerToken } from '@dus/core';

export type JsonType = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

export function jsonType(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as JsonType;
}

/**
 * Every value of a parsed JSON document in document (pre-)order, flattened into parallel arrays by
 * an explicit stack — never recursion, so a document nested to any depth is safe. Each value knows
 * its parent, the member name that holds it (undefined for array items and the root), its path
 * (RFC 6901, `*` for every array index), its depth (containers enclosing it, itself included for a
 * container) and its minified size: the UTF-8 bytes of `JSON.stringify` of it, computed bottom-up.
 */
export interface Flat {
  values: unknown[];
  parent: Int32Array;
  key: Array<string | undefined>;
  path: string[];
  depth: Int32Array;
  size: Float64Array;
}

const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

/** Bytes of a member name as serialised, quotes included (`"a"` = 3). */
export const keyBytes = (key: string) => utf8(JSON.stringify(key));

export function flatten(root: unknown): Flat {
  const values: unknown[] = [];
  const parents: number[] = [];
  const keys: Array<string | undefined> = [];
  const paths: string[] = [];
  const depths: number[] = [];
  const stack: Array<[value: unknown, parent: number, key: string | undefined, path: string, depth: number]> =
    [[root, -1, undefined, '', 0]];
  while (stack.length > 0) {
    const [value, parent, key, path, enclosing] = stack.pop()!;
    const index = values.length;
    const container = typeof value === 'object' && value !== null;
    values.push(value);
    parents.push(parent);
    keys.push(key);
    paths.push(path);
    depths.push(container ? enclosing + 1 : enclosing);
    if (!container) continue;
    // Children pushed in reverse so they pop (and are numbered) in document order.
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--)
        stack.push([value[i], index, undefined, `${path}/*`, enclosing + 1]);
    } else {
      const names = Object.keys(value);
      for (let i = names.length - 1; i >= 0; i--) {
        const name = names[i]!;
        stack.push([
          (value as Record<string, unknown>)[name],
          index,
          name,
          `${path}/${escapePointerToken(name)}`,
          enclosing + 1,
        ]);
      }
    }
  }
  const n = values.length;
  const parent = Int32Array.from(parents);
  const size = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const value = values[i];
    if (typeof value !== 'object' || value === null) size[i] = utf8(JSON.stringify(value));
    else {
      const count = Array.isArray(value) ? value.length : Object.keys(value).length;
      size[i] = 2 + Math.max(0, count - 1);
    }
  }
  // Pre-order numbers every child after its parent: in reverse, each size is final before it is added.
  for (let i = n - 1; i > 0; i--) {
    const key = keys[i];
    size[parent[i]!]! += size[i]! + (key === undefined ? 0 : keyBytes(key) + 1);
  }
  return { values, parent, key: keys, path: paths, depth: Int32Array.from(depths), size };
}
