import type { IncomingMessage } from 'node:http';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { checkDeclaredLength, payloadTooLarge } from './body-limit.js';
import { refusedByParser } from './client-error.js';
import { ClientAbortedError, type KitRequest } from './request.js';

const EMPTY = new Uint8Array(0);
/**
 * The Node request under @hono/node-server, from its documented bindings (`c.env.incoming`): used only
 * for what Hono does not expose, whether the connection is gone. (A body left unread by a refusal is
 * drained by the adapter itself for a bounded time and size before it closes the connection.)
 */
function incomingOf(c: Context): IncomingMessage | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
}

/** A body without Content-Length (chunked), read from Hono's request stream within the limit. */
async function readStreamWithin(request: Request, limit: number): Promise<Uint8Array> {
  const body = request.body;
  if (body === null) return EMPTY;
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      // The rest is left to the adapter's bounded drain (a cancel would tear the connection down before the 413).
      if (total > limit) throw payloadTooLarge(limit);
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  return chunks.length === 1 ? chunks[0]! : chunks.length === 0 ? EMPTY : Buffer.concat(chunks, total);
}

/**
 * The request of a Hono context as the kit's stages read it — all through Hono: headers by
 * `c.req.header`, the body by `c.req.arrayBuffer()` (Hono's body cache, so a middleware that already
 * read it leaves it readable), the abort signal of `c.req.raw`. The peer address comes from the
 * adapter's `getConnInfo`. A class, not an object of closures: one allocation per request.
 */
class HonoKitRequest implements KitRequest {
  readonly method: string;
  readonly path: string;
  readonly #c: Context;

  constructor(c: Context) {
    this.#c = c;
    this.method = c.req.method;
    this.path = c.req.path;
  }

  get rawQuery(): string {
    const url = this.#c.req.url;
    const q = url.indexOf('?');
    return q < 0 ? '' : url.slice(q + 1);
  }

  get remoteAddress(): string | undefined {
    return incomingOf(this.#c) === undefined ? undefined : getConnInfo(this.#c).remote.address;
  }

  get signal(): AbortSignal {
    return this.#c.req.raw.signal;
  }

  header(name: string): string | undefined {
    return this.#c.req.header(name);
  }

  headers(): Readonly<Record<string, string | undefined>> {
    return this.#c.req.header();
  }

  async readBody(limit: number): Promise<Uint8Array> {
    const req = this.#c.req;
    const declared = req.header('content-length');
    checkDeclaredLength(declared, limit);
    try {
      if (declared === undefined && !req.raw.bodyUsed) {
        if (req.method === 'GET' || req.method === 'HEAD') return EMPTY;
        return await readStreamWithin(req.raw, limit);
      }
      // Node's parser holds a body to its Content-Length; one a middleware read comes from Hono's cache.
      const bytes = new Uint8Array(await req.arrayBuffer());
      if (bytes.byteLength > limit) throw payloadTooLarge(limit);
      return bytes;
    } catch (error) {
      const incoming = incomingOf(this.#c);
      if (incoming?.destroyed === true || req.raw.signal.aborted)
        throw new ClientAbortedError(incoming !== undefined && refusedByParser(incoming));
      throw error;
    }
  }
}

export function kitRequestOf(c: Context): KitRequest {
  return new HonoKitRequest(c);
}
