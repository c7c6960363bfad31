import { escapePointerToken, type JsonValue } from '@dus/core';

/** A value's JSON type; a member one side lacks is `undefined`, a type of its own. */
const kind = (value: JsonValue | undefined) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

/** Work left: a pair to compare, or a difference already known at a position (found when reached). */
type Frame = { x: JsonValue | undefined; y: JsonValue | undefined; path: string } | { differsAt: string };

/**
 * Whether two documents have the same canonical form and, if not, the JSON Pointer of the first
 * difference in canonical order (members by UTF-16 code units, items by index): a different type or
 * scalar, a member only one side has, or the first index past the shorter array. Iterative.
 */
export function firstDifference(a: JsonValue, b: JsonValue): string | null {
  const stack: Frame[] = [{ x: a, y: b, path: '' }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if ('differsAt' in frame) return frame.differsAt;
    const { x, y, path } = frame;
    if (kind(x) !== kind(y)) return path;
    const children: Frame[] = [];
    if (Array.isArray(x)) {
      const ys = y as JsonValue[];
      const common = Math.min(x.length, ys.length);
      for (let i = 0; i < common; i++) children.push({ x: x[i]!, y: ys[i]!, path: `${path}/${i}` });
      if (x.length !== ys.length) children.push({ differsAt: `${path}/${common}` });
    } else if (typeof x === 'object' && x !== null) {
      const xo = x as Record<string, JsonValue>;
      const yo = y as Record<string, JsonValue>;
      // The default sort compares UTF-16 code units, the canonical order.
      const names = [...new Set([...Object.keys(xo), ...Object.keys(yo)])].sort();
      for (const name of names) {
        // Own members only: a name such as "__proto__" or "constructor" must not read the prototype.
        const left = Object.hasOwn(xo, name) ? xo[name] : undefined;
        const right = Object.hasOwn(yo, name) ? yo[name] : undefined;
        children.push({ x: left, y: right, path: `${path}/${escapePointerToken(name)}` });
      }
    } else if (x !== y) {
      return path;
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return null;
}
