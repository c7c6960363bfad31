import type { Context } from 'hono';
import { ProblemError, toJsonPointer } from '../errors.js';
import { parseStrictJson, tooDeep } from '../json/index.js';
import { requestHeader } from './headers.js';

export function payloadTooLarge(limit: number): ProblemError {
  return new ProblemError({
    status: 413,
    code: 'payload_too_large',
    detail: `The request body exceeds the limit of ${limit} bytes for this route.`,
    extensions: { limit_bytes: limit },
  });
}

/**
 * Reads the request body, refusing (413) as soon as it is known to exceed `limit`: from
 * `Content-Length` before reading, or while streaming a chunked body — never after buffering it all.
 */
export async function readBody(c: Context, limit: number): Promise<Uint8Array> {
  const declared = requestHeader(c, 'content-length');
  if (declared !== undefined) {
    if (!/^\d+$/.test(declared)) {
      throw new ProblemError({
        status: 400,
        code: 'invalid_request',
        detail: 'Content-Length must be a decimal number.',
      });
    }
    if (Number(declared) > limit) throw payloadTooLarge(limit);
    // The HTTP parser guarantees the body is exactly Content-Length bytes, so it is bounded.
    return new Uint8Array(await c.req.arrayBuffer());
  }
  const body = c.req.raw.body;
  if (body === null) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw payloadTooLarge(limit);
    }
    chunks.push(value);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total);
}

const fatalUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

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
 * Parses a JSON body. The fast path is the native `JSON.parse` and a depth check of the result;
 * whenever that path fails, the strict parser re-reads the body to report the precise error
 * (offset, pointer) without echoing any of the input.
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
  let text: string;
  try {
    text = fatalUtf8.decode(bytes);
  } catch {
    return parseStrictJson(bytes, { maxDepth: options.maxDepth });
  }
  return parseJsonText(text, options.maxDepth);
}

/**
 * The fast path for decoded text: native `JSON.parse` and a depth check of the result. A syntax
 * error or a byte order mark is re-read by the strict parser, which reports it precisely.
 */
export function parseJsonText(text: string, maxDepth: number): unknown {
  if (text.charCodeAt(0) !== 0xfeff) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return parseStrictJson(text, { maxDepth });
    }
    if (!exceedsDepth(value, maxDepth)) return value;
    throw tooDeep(maxDepth, { pointer: tooDeepPointer(value, maxDepth) });
  }
  return parseStrictJson(text, { maxDepth });
}

export function mediaType(contentType: string | undefined): string | undefined {
  if (!contentType) return undefined;
  return contentType.split(';', 1)[0]!.trim().toLowerCase();
}

/** The lower-cased `charset` parameter of a Content-Type, if any. */
export function charsetOf(contentType: string | undefined): string | undefined {
  return /;\s*charset="?([^";]+)/i
    .exec(contentType ?? '')?.[1]
    ?.trim()
    .toLowerCase();
}

export function isJsonMediaType(type: string | undefined): boolean {
  return (
    type === 'application/json' || (type !== undefined && /^application\/[a-z0-9.+-]+\+json$/.test(type))
  );
}
