import { percent } from './numbers.js';
import { COMPRESSION, gzipBytes, minified } from './sizes.js';
import { jsonType, memberToken, pathCounter } from './walk.js';

/**
 * Where a value sits in its document: the member or item positions from the root (a linked list, so a
 * child costs one node). Lists are ordered by these, compared position by position.
 */
interface Position {
  up: Position | undefined;
  at: number;
}

const child = (up: Position | undefined, at: number): Position => ({ up, at });

function positions(position: Position | undefined): number[] {
  const out: number[] = [];
  for (let p = position; p !== undefined; p = p.up) out.push(p.at);
  return out.reverse();
}

function documentOrder(a: readonly number[], b: readonly number[]): number {
  // Stryker disable next-line MethodExpression,EqualityOperator: the positions compared are never a prefix of one another (nothing below a listed member is listed), so they differ within the shorter length
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  // Stryker disable next-line ArithmeticOperator: as above, reached only for equal positions
  return a.length - b.length;
}

/**
 * Member paths met in one document, each with where it first appears in that document: listed in
 * document order whatever the order the walk meets them in (it follows the original's member order,
 * and a type change lists what lies below it only when reached).
 */
class FirstSeen {
  private readonly seen = new Map<string, number[]>();

  add(path: string, position: Position): void {
    const here = positions(position);
    const before = this.seen.get(path);
    if (before === undefined || documentOrder(here, before) < 0) this.seen.set(path, here);
  }

  list(): Array<{ path: string }> {
    return [...this.seen].sort((a, b) => documentOrder(a[1], b[1])).map(([path]) => ({ path }));
  }
}

/**
 * The topmost member paths inside a value: an object's own members, and through arrays (any depth)
 * the members of the objects they hold. Iterative.
 */
function topMembers(
  value: unknown,
  path: string,
  position: Position | undefined,
  into: FirstSeen,
  count: (path: string) => void,
) {
  const stack: Array<[unknown, string, Position | undefined]> = [[value, path, position]];
  while (stack.length > 0) {
    const [node, at, where] = stack.pop()!;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push([node[i], `${at}/*`, child(where, i)]);
    } else if (typeof node === 'object' && node !== null) {
      Object.keys(node).forEach((name, i) => {
        const member = `${at}/${memberToken(name)}`;
        count(member);
        into.add(member, child(where, i));
      });
    }
  }
}

type Pair = [unknown, unknown, string, Position | undefined, Position | undefined];

/** Original against optimised: sizes, removed and added members, type changes, leaf counts. */
export function compare(original: unknown, optimized: unknown) {
  const a = minified(original);
  const b = minified(optimized);
  const removed = new FirstSeen();
  const added = new FirstSeen();
  const changed = new Map<string, { path: string; from: string; to: string }>();
  let changedValues = 0;
  let unchanged = 0;
  let equivalent = true;
  const count = pathCounter('original and optimized together');
  const stack: Pair[] = [[original, optimized, '', undefined, undefined]];
  while (stack.length > 0) {
    const [x, y, path, px, py] = stack.pop()!;
    count(path);
    const tx = jsonType(x);
    const ty = jsonType(y);
    if (tx !== ty) {
      equivalent = false;
      const key = `${path}\u0000${tx}\u0000${ty}`;
      if (!changed.has(key)) changed.set(key, { path, from: tx, to: ty });
      // The members under a type change are in one document only: the topmost of each side.
      topMembers(x, path, px, removed, count);
      topMembers(y, path, py, added, count);
      continue;
    }
    if (tx === 'array') {
      const xs = x as unknown[];
      const ys = y as unknown[];
      if (xs.length !== ys.length) equivalent = false;
      for (let i = Math.min(xs.length, ys.length) - 1; i >= 0; i--)
        stack.push([xs[i], ys[i], `${path}/*`, child(px, i), child(py, i)]);
    } else if (tx === 'object') {
      const xo = x as Record<string, unknown>;
      const yo = y as Record<string, unknown>;
      const pending: Pair[] = [];
      const yIndex = new Map(Object.keys(yo).map((name, i) => [name, i]));
      Object.keys(xo).forEach((name, i) => {
        const member = `${path}/${memberToken(name)}`;
        const j = yIndex.get(name);
        if (j !== undefined) pending.push([xo[name], yo[name], member, child(px, i), child(py, j)]);
        else {
          count(member);
          removed.add(member, child(px, i));
          equivalent = false;
        }
      });
      for (const [name, j] of yIndex) {
        if (!Object.hasOwn(xo, name)) {
          const member = `${path}/${memberToken(name)}`;
          count(member);
          added.add(member, child(py, j));
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
    removed_fields: removed.list(),
    added_fields: added.list(),
    changed_types: [...changed.values()],
    changed_values: changedValues,
    unchanged_fields: unchanged,
    equivalent,
  };
}
