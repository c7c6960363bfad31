import { escapePointerToken, unprocessable } from '@dus/core';

/**
 * Distinct paths (`*` for every array index) one request may hold: every report is keyed by path, so
 * a 10 MiB object of a million distinct keys would cost seconds and a gigabyte. Far above an API
 * payload's schema, even one keyed by ids.
 */
export const MAX_PATHS = 100_000;

/** Counts distinct paths as they are met; 422 `too_many_paths` beyond MAX_PATHS. */
export function pathCounter(what: string): (path: string) => void {
  const seen = new Set<string>();
  return (path) => {
    if (path === '' || seen.has(path)) return;
    if (seen.size === MAX_PATHS) {
      throw unprocessable(
        'too_many_paths',
        `${what} has more than ${MAX_PATHS.toLocaleString('en-US')} distinct member paths (array indexes count as one); audit a representative part of it`,
        { max_paths: MAX_PATHS },
      );
    }
    seen.add(path);
  };
}

/**
 * A member name as a path token: RFC 6901 escaping (`~` → `~0`, `/` → `~1`), and a member named exactly
 * `*` → `~2`, so it never reads as the `*` that stands for every array index. `~2` cannot come from any
 * other name (every `~` of a name is written `~0`).
 */
export function memberToken(name: string): string {
  return name === '*' ? '~2' : escapePointerToken(name);
}

export type JsonType = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

export function jsonType(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as JsonType;
}

/**
 * Every value of a parsed JSON document in document (pre-)order, flattened into parallel arrays by
 * an explicit stack of open containers — never recursion, so a document nested to any depth is safe. Each value knows
 * its parent, the member name that holds it (undefined for array items and the root), its path
 * (RFC 6901, `*` for every array index), its depth (containers enclosing it, itself included for a
 * container), its minified size (the UTF-8 bytes of `JSON.stringify` of it, computed bottom-up)
 * and, for a container, how many children it has.
 */
export interface Flat {
  values: unknown[];
  parent: Int32Array;
  key: Array<string | undefined>;
  path: string[];
  depth: Int32Array;
  size: Float64Array;
  /** How many members or items a container holds (0 for a scalar). */
  children: Int32Array;
}

const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

/** Bytes of a member name as serialised, quotes included (`"a"` = 3). */
export const keyBytes = (key: string) => utf8(JSON.stringify(key));

/** A container being walked: its children (items, or the member names), and which comes next. */
interface Frame {
  index: number;
  value: object;
  names: string[] | undefined;
  next: number;
  count: number;
  path: string;
  /** The path every item of an array shares. */
  itemPath: string;
  depth: number;
}

export function flatten(root: unknown, what = 'the payload'): Flat {
  const count = pathCounter(what);
  const values: unknown[] = [];
  const parents: number[] = [];
  const keys: Array<string | undefined> = [];
  const paths: string[] = [];
  const depths: number[] = [];
  // One frame per open container, not one stack entry per value: the stack is as deep as the
  // document's nesting, whatever its size (a 10 MiB array of `{}` is 3.4 million values).
  const frames: Frame[] = [];
  const visit = (
    value: unknown,
    parent: number,
    key: string | undefined,
    path: string,
    enclosing: number,
  ) => {
    const index = values.length;
    const container = typeof value === 'object' && value !== null;
    values.push(value);
    parents.push(parent);
    keys.push(key);
    paths.push(path);
    count(path);
    depths.push(container ? enclosing + 1 : enclosing);
    if (!container) return;
    const names = Array.isArray(value) ? undefined : Object.keys(value);
    const size = names === undefined ? (value as unknown[]).length : names.length;
    frames.push({
      index,
      value,
      names,
      next: 0,
      count: size,
      path,
      itemPath: `${path}/*`,
      depth: enclosing + 1,
    });
  };
  visit(root, -1, undefined, '', 0);
  while (frames.length > 0) {
    const frame = frames[frames.length - 1]!;
    if (frame.next === frame.count) {
      frames.pop();
      continue;
    }
    const i = frame.next++;
    if (frame.names === undefined) {
      visit((frame.value as unknown[])[i], frame.index, undefined, frame.itemPath, frame.depth);
    } else {
      const name = frame.names[i]!;
      const child = (frame.value as Record<string, unknown>)[name];
      visit(child, frame.index, name, `${frame.path}/${memberToken(name)}`, frame.depth);
    }
  }
  const n = values.length;
  const parent = Int32Array.from(parents);
  const size = new Float64Array(n);
  const children = new Int32Array(n);
  for (let i = 1; i < n; i++) children[parent[i]!]!++;
  for (let i = 0; i < n; i++) {
    const value = values[i];
    if (typeof value !== 'object' || value === null) size[i] = utf8(JSON.stringify(value));
    else size[i] = 2 + Math.max(0, children[i]! - 1);
  }
  // Pre-order numbers every child after its parent: in reverse, each size is final before it is added.
  for (let i = n - 1; i > 0; i--) {
    const key = keys[i];
    size[parent[i]!]! += size[i]! + (key === undefined ? 0 : keyBytes(key) + 1);
  }
  return { values, parent, key: keys, path: paths, depth: Int32Array.from(depths), size, children };
}
