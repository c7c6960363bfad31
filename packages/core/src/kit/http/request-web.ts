import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { checkDeclaredLength, payloadTooLarge } from './body-limit.js';
import { nodeRequest } from './node.js';
import { type KitRequest, splitTarget } from './request.js';

const EMPTY = new Uint8Array(0);

async function readWebBody(request: Request, limit: number): Promise<Uint8Array> {
  checkDeclaredLength(request.headers.get('content-length') ?? undefined, limit);
  if (request.body === null) return EMPTY;
  const reader = request.body.getReader();
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

/** A WHATWG Request as the kit sees it (`app.request()` in tests, `app.fetch` on other runtimes). */
function webRequest(request: Request): KitRequest {
  const url = request.url;
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const { path, rawQuery } = splitTarget(start < 0 ? '/' : url.slice(start));
  return {
    method: request.method,
    path,
    rawQuery,
    remoteAddress: undefined,
    header: (name) => request.headers.get(name) ?? undefined,
    headers: () => Object.fromEntries(request.headers),
    readBody: (limit) => readWebBody(request, limit),
  };
}

/**
 * The request of a Hono context as the kit reads it: when @hono/node-server serves the app, straight
 * from the Node request it exposes (no Web stream per body: ~25 µs a request), else the WHATWG one.
 */
export function kitRequestOf(c: Context): KitRequest {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming === undefined ? webRequest(c.req.raw) : nodeRequest(incoming);
}
