import { parseMediaType } from '@dus/mcp';
import { ProblemError, toJsonPointer } from '../errors.js';
import { parseStrictJson, tooDeep } from '../json/index.js';
import { decodeUtf8Strict } from '../json/utf8.js';

/**
 * Whether a parsed value nests deeper than `maxDepth`. V8's `JSON.parse` is itself iterative, so the
 * limit protects what comes after it (validation, handlers, serialisation); checking the parsed value
 * visits containers only, which is far cheaper than scanning every character of string-heavy bodies.
 */
function exceedsDepth(value: unknown, maxDepth: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const stack: unknown[] = [value];
  const depths: number[] = [1];
  while (stack.length > 0) {
    const node = stack.pop() as object;
    const depth = depths.pop()!;
    if (depth > maxDepth) return true;
    const children = Array.isArray(node) ? node : Object.values(node);
    for (const child of children) {
      if (typeof child === 'object' && child !== null) {
        stack.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}

/** JSON Pointer of the first container nested deeper than `maxDepth` (only called once that is known). */
function tooDeepPointer(value: unknown, maxDepth: number): string {
  const stack: Array<{ node: unknown; path: Array<string | number> }> = [{ node: value, path: [] }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (path.length >= maxDepth) return toJsonPointer(path);
    const entries: Array<[string | number, unknown]> = Array.isArray(node)
      ? node.map((child, index) => [index, child])
      : Object.entries(node as object);
    for (const [key, child] of entries) {
      if (typeof child === 'object' && child !== null) stack.push({ node: child, path: [...path, key] });
    }
  }
  return '';
}

export interface JsonBodyOptions {
  maxDepth: number;
  /** Use the strict I-JSON parser (duplicates, lone surrogates, number range) for every body. */
  strict: boolean;
}

/**
 * Parses a JSON body, REST and MCP alike. The bytes are always decoded strictly (invalid UTF-8 is a
 * 400). The fast path is the native `JSON.parse` and a depth check of the result; whenever that path
 * fails, the strict parser re-reads the body to report the precise error (offset, pointer) without
 * echoing any of the input.
 */
export function parseJsonBody(bytes: Uint8Array, options: JsonBodyOptions): unknown {
  if (bytes.byteLength === 0) {
    throw new ProblemError({
      status: 400,
      code: 'invalid_json',
      detail: 'The request body is empty; a JSON document was expected.',
      extensions: { offset: 0 },
    });
  }
  if (options.strict) return parseStrictJson(bytes, { maxDepth: options.maxDepth });
  const text = decodeUtf8Strict(bytes);
  if (text === undefined || text.charCodeAt(0) === 0xfeff) {
    return parseStrictJson(bytes, { maxDepth: options.maxDepth });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return parseStrictJson(bytes, { maxDepth: options.maxDepth });
  }
  if (!exceedsDepth(value, options.maxDepth)) return value;
  throw tooDeep(options.maxDepth, { pointer: tooDeepPointer(value, options.maxDepth) });
}

/** The lower-cased media type of a Content-Type header, without parameters. */
export function mediaType(contentType: string | undefined): string | undefined {
  if (!contentType) return undefined;
  return parseMediaType(contentType).type || undefined;
}

/** The lower-cased `charset` parameter of a Content-Type, if any. */
export function charsetOf(contentType: string | undefined): string | undefined {
  if (!contentType) return undefined;
  return parseMediaType(contentType).params.get('charset')?.trim().toLowerCase();
}

export function isJsonMediaType(type: string | undefined): boolean {
  return (
    type === 'application/json' || (type !== undefined && /^application\/[a-z0-9.+-]+\+json$/.test(type))
  );
}
