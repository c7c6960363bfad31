import { ProblemError } from '../errors.js';
import type { JsonObject, JsonValue } from './types.js';

const ARRAY_INDEX = /^(?:0|[1-9][0-9]*)$/;

/**
 * Reference tokens of an RFC 6901 JSON Pointer (`''` → `[]`). Invalid pointers (no leading `/`,
 * `~` not followed by `0` or `1`) throw 400 `validation_failed`; `fieldPath` names the request field
 * that held the pointer in `errors[].path`.
 */
export function parseJsonPointer(pointer: string, fieldPath = ''): string[] {
  if (pointer === '') return [];
  if (pointer.charCodeAt(0) !== 0x2f)
    throw invalidPointer(pointer, 'must be empty or start with "/"', fieldPath);
  const tokens = pointer.slice(1).split('/');
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (!token.includes('~')) continue;
    if (/~(?![01])/.test(token)) {
      throw invalidPointer(pointer, '"~" must be followed by "0" (for "~") or "1" (for "/")', fieldPath);
    }
    tokens[i] = token.replace(/~1/g, '/').replace(/~0/g, '~');
  }
  return tokens;
}

export type PointerLookup = { found: true; value: JsonValue } | { found: false; value: undefined };

/**
 * The value at `tokens` inside `value`. Array steps need a canonical decimal index (no leading
 * zeros, no sign) below the length; `-` (one past the end) is never found. Only own members count.
 */
export function getAtPointer(value: JsonValue, tokens: readonly string[]): PointerLookup {
  let node: JsonValue = value;
  for (const token of tokens) {
    if (Array.isArray(node)) {
      if (!ARRAY_INDEX.test(token)) return { found: false, value: undefined };
      const index = Number(token);
      if (index >= node.length) return { found: false, value: undefined };
      node = node[index]!;
    } else if (typeof node === 'object' && node !== null) {
      if (!Object.hasOwn(node, token)) return { found: false, value: undefined };
      node = (node as JsonObject)[token]!;
    } else return { found: false, value: undefined };
  }
  return { found: true, value: node };
}

function invalidPointer(pointer: string, message: string, fieldPath: string): ProblemError {
  const shown = pointer.length > 120 ? `${pointer.slice(0, 120)}…` : pointer;
  return new ProblemError({
    status: 400,
    code: 'validation_failed',
    detail: `JSON Pointer ${JSON.stringify(shown)} is invalid: ${message}`,
    errors: [{ path: fieldPath, code: 'invalid_pointer', message: `${message} (RFC 6901)` }],
  });
}
