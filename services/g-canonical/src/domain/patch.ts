import { escapePointerToken, type JsonObject, type JsonValue, unprocessable } from '@dus/core';

/** One RFC 6902 operation; only these three are produced. */
export type PatchOperation =
  | { op: 'add'; path: string; value: JsonValue }
  | { op: 'remove'; path: string }
  | { op: 'replace'; path: string; value: JsonValue };

/** Work left: a pair to compare, or an operation already decided (emitted when reached). */
type Frame = { from: JsonValue; to: JsonValue; path: string } | { emit: PatchOperation };

/**
 * Most characters the paths of one patch may add up to. A path is as long as its member names, and a
 * long name over many array items repeats in every operation: the answer is refused before it is built,
 * not after a multi-gigabyte string (the values are parts of `to`, bounded by the request).
 */
export const MAX_PATCH_PATH_CHARS = 32 * 1024 * 1024;

const isObject = (value: JsonValue): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An RFC 6902 patch that turns `from` into a document with the canonical form of `to` (RFC 8785: so
 * `1.0` and `1`, or member order, are no difference). Objects: member names in UTF-16 code-unit order
 * over both sides — only in `from` → `remove`, only in `to` → `add`, in both and different → the same
 * walk if both are objects or both arrays, else `replace`. Arrays: common indices ascending in the
 * same way, then `remove` surplus indices from the last down, or `add` missing ones ascending. Any
 * other difference → `replace`. Paths are RFC 6901 pointers. Iterative (an explicit stack).
 */
export function diffJson(
  from: JsonValue,
  to: JsonValue,
  maxPathChars = MAX_PATCH_PATH_CHARS,
): PatchOperation[] {
  const patch: PatchOperation[] = [];
  let pathChars = 0;
  const emit = (operation: PatchOperation) => {
    pathChars += operation.path.length;
    if (pathChars > maxPathChars) {
      throw unprocessable(
        'patch_too_large',
        `The patch's paths would exceed ${maxPathChars} characters (a long member name repeated over many items); compare smaller documents or parts of them.`,
      );
    }
    patch.push(operation);
  };
  const stack: Frame[] = [{ from, to, path: '' }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if ('emit' in frame) {
      emit(frame.emit);
      continue;
    }
    const { from: x, to: y, path } = frame;
    const children: Frame[] = [];
    if (Array.isArray(x) && Array.isArray(y)) {
      const common = Math.min(x.length, y.length);
      for (let i = 0; i < common; i++) children.push({ from: x[i]!, to: y[i]!, path: `${path}/${i}` });
      for (let i = x.length - 1; i >= common; i--)
        children.push({ emit: { op: 'remove', path: `${path}/${i}` } });
      for (let i = common; i < y.length; i++)
        children.push({ emit: { op: 'add', path: `${path}/${i}`, value: y[i]! } });
    } else if (isObject(x) && isObject(y)) {
      // The default sort compares UTF-16 code units, the canonical order.
      const names = [...new Set([...Object.keys(x), ...Object.keys(y)])].sort();
      for (const name of names) {
        const at = `${path}/${escapePointerToken(name)}`;
        // Own members only: a name such as "__proto__" or "constructor" must not read the prototype.
        if (!Object.hasOwn(y, name)) children.push({ emit: { op: 'remove', path: at } });
        else if (!Object.hasOwn(x, name)) children.push({ emit: { op: 'add', path: at, value: y[name]! } });
        else children.push({ from: x[name]!, to: y[name]!, path: at });
      }
    } else if (x !== y) {
      // Scalars of one type are equal in canonical form exactly when they are equal (`-0 === 0`);
      // a scalar against a container, or an array against an object, is replaced whole.
      emit({ op: 'replace', path, value: y });
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return patch;
}
