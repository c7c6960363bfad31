import { percent } from './numbers.js';
import { COMPRESSION, gzipBytes, minified } from './sizes.js';
import { jsonType, memberToken, pathCounter } from './walk.js';

/**
 * The topmost member paths inside a value: an object's own members, and through arrays (any depth)
 * the members of the objects they hold. Iterative, in document order.
 */
function topMembers(value: unknown, path: string, into: Set<string>, count: (path: string) => void) {
  const stack: Array<[unknown, string]> = [[value, path]];
  while (stack.length > 0) {
    const [node, at] = stack.pop()!;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push([node[i], `${at}/*`]);
    } else if (typeof node === 'object' && node !== null) {
      for (const name of Object.keys(node)) {
        const child = `${at}/${memberToken(name)}`;
        count(child);
        into.add(child);
      }
    }
  }
}

/** Original against optimised: sizes, removed and added members, type changes, leaf counts. */
export function compare(original: unknown, optimized: unknown) {
  const a = minified(original);
  const b = minified(optimized);
  const removed = new Set<string>();
  const added = new Set<string>();
  const changed = new Map<string, { path: string; from: string; to: string }>();
  let changedValues = 0;
  let unchanged = 0;
  let equivalent = true;
  const count = pathCounter('original and optimized together');
  const stack: Array<[unknown, unknown, string]> = [[original, optimized, '']];
  while (stack.length > 0) {
    const [x, y, path] = stack.pop()!;
    count(path);
    const tx = jsonType(x);
    const ty = jsonType(y);
    if (tx !== ty) {
      equivalent = false;
      const key = `${path}\u0000${tx}\u0000${ty}`;
      if (!changed.has(key)) changed.set(key, { path, from: tx, to: ty });
      // The members under a type change are in one document only: the topmost of each side.
      topMembers(x, path, removed, count);
      topMembers(y, path, added, count);
      continue;
    }
    if (tx === 'array') {
      const xs = x as unknown[];
      const ys = y as unknown[];
      if (xs.length !== ys.length) equivalent = false;
      for (let i = Math.min(xs.length, ys.length) - 1; i >= 0; i--) stack.push([xs[i], ys[i], `${path}/*`]);
    } else if (tx === 'object') {
      const xo = x as Record<string, unknown>;
      const yo = y as Record<string, unknown>;
      const pending: Array<[unknown, unknown, string]> = [];
      for (const name of Object.keys(xo)) {
        const child = `${path}/${memberToken(name)}`;
        if (Object.hasOwn(yo, name)) pending.push([xo[name], yo[name], child]);
        else {
          count(child);
          removed.add(child);
          equivalent = false;
        }
      }
      for (const name of Object.keys(yo)) {
        if (!Object.hasOwn(xo, name)) {
          const child = `${path}/${memberToken(name)}`;
          count(child);
          added.add(child);
          equivalent = false;
        }
      }
      for (let i = pending.length - 1; i >= 0; i--) stack.push(pending[i]!);
    } else if (x === y) {
      unchanged++;
    } else {
      changedValues++;
      equivalent = false;
    }
  }
  const ga = gzipBytes(a.text);
  const gb = gzipBytes(b.text);
  return {
    original_bytes: a.bytes,
    optimized_bytes: b.bytes,
    delta_bytes: a.bytes - b.bytes,
    delta_percent: percent(a.bytes - b.bytes, a.bytes),
    gzip: {
      original_bytes: ga,
      optimized_bytes: gb,
      delta_bytes: ga - gb,
      delta_percent: percent(ga - gb, ga),
    },
    compression: COMPRESSION,
    removed_fields: [...removed].map((path) => ({ path })),
    added_fields: [...added].map((path) => ({ path })),
    changed_types: [...changed.values()],
    changed_values: changedValues,
    unchanged_fields: unchanged,
    equivalent,
  };
}
