import { escapePointerToken, type JsonValue } from '@dus/core';

const kind = (value: JsonValue) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
const byCodeUnits = (p: string, q: string) => (p < q ? -1 : p > q ? 1 : 0);

/** Work left: a pair to compare, or a difference already known at a position (found when reached). */
type Frame = { x: JsonValue; y: JsonValue; path: string } | { differsAt: string };

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
      const names = [...new Set([...Object.keys(xo), ...Object.keys(yo)])].sort(byCodeUnits);
      for (const name of names) {
        const child = `${path}/${escapePointerToken(name)}`;
        if (!Object.hasOwn(xo, name) || !Object.hasOwn(yo, name)) {
          children.push({ differsAt: child });
          break;
        }
        children.push({ x: xo[name]!, y: yo[name]!, path: child });
      }
    } else if (x !== y) {
      return path;
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return null;
}
