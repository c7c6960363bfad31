import type { IncomingMessage } from 'node:http';
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

/**
 * A WHATWG Request as the pipeline sees it (`app.request()` in tests, `app.fetch` elsewhere). When
 * @hono/node-server serves the app, its Node request is read directly instead.
 */
export function webRequest(request: Request, incoming?: IncomingMessage): KitRequest {
  if (incoming !== undefined) return nodeRequest(incoming);
  const url = request.url;
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const { path, rawQuery } = splitTarget(start < 0 ? '/' : url.slice(start));
  return {
    method: request.method,
    path,
    rawQuery,
    remoteAddress: undefined,
    header: (name) => request.headers.get(name) ?? undefined,
    readBody: (limit) => readWebBody(request, limit),
  };
}
