import type { Context } from 'hono';
import { ProblemError } from '../errors.js';
import { parseStrictJson } from '../json/index.js';
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

/** Index of the first bracket that opens level `maxDepth + 1`, or -1. Skips string contents. */
function depthOverflowIndex(text: string, maxDepth: number): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++;
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > maxDepth) return i;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return -1;
}

export interface JsonBodyOptions {
  maxDepth: number;
  /** Use the strict I-JSON parser (duplicates, lone surrogates, number range) for every body. */
  strict: boolean;
}

/**
 * Parses a JSON body. The fast path is the native `JSON.parse` after a depth scan; whenever that
 * path fails, the strict parser re-reads the body to report the precise error (offset, pointer)
 * without echoing any of the input.
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
  if (text.charCodeAt(0) !== 0xfeff && depthOverflowIndex(text, options.maxDepth) === -1) {
    try {
      return JSON.parse(text);
    } catch {
      // fall through to the strict parser for a precise error
    }
  }
  return parseStrictJson(bytes, { maxDepth: options.maxDepth });
}

export function mediaType(contentType: string | undefined): string | undefined {
  if (!contentType) return undefined;
  return contentType.split(';', 1)[0]!.trim().toLowerCase();
}

export function isJsonMediaType(type: string | undefined): boolean {
  return (
    type === 'application/json' || (type !== undefined && /^application\/[a-z0-9.+-]+\+json$/.test(type))
  );
}
