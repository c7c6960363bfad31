import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { checkDeclaredLength, payloadTooLarge } from './body-limit.js';
import { ClientAbortedError, type KitRequest, splitTarget } from './request.js';

const EMPTY = new Uint8Array(0);

/** Reads a node:http request body within `limit`, without Web streams (they cost ~25 µs a request). */
function readNodeBody(req: IncomingMessage, limit: number): Promise<Uint8Array> {
  try {
    checkDeclaredLength(req.headers['content-length'], limit);
  } catch (error) {
    return Promise.reject(error);
  }
  if (req.readableEnded) return Promise.resolve(EMPTY);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total > limit) {
        cleanup();
        reject(payloadTooLarge(limit, true));
        return;
      }
      chunks.push(chunk);
    };
    // Once the body has ended no listener can fire to any effect ('close' finds the request complete),
    // so they are left to go with the request instead of being removed one by one.
    const onEnd = () => {
      resolve(chunks.length === 1 ? chunks[0]! : chunks.length === 0 ? EMPTY : Buffer.concat(chunks, total));
    };
    const onAbort = () => {
      cleanup();
      reject(new ClientAbortedError());
    };
    const onClose = () => {
      if (!req.complete) onAbort();
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    req.on('close', onClose);
  });
}

/** A node:http request as the pipeline sees it (a class: no closures allocated per request). */
class NodeRequest implements KitRequest {
  readonly method: string;
  readonly path: string;
  readonly rawQuery: string;
  readonly #req: IncomingMessage;

  constructor(req: IncomingMessage) {
    this.#req = req;
    this.method = req.method ?? 'GET';
    const { path, rawQuery } = splitTarget(req.url ?? '/');
    this.path = path;
    this.rawQuery = rawQuery;
  }

  get remoteAddress(): string | undefined {
    return this.#req.socket.remoteAddress;
  }

  header(name: string): string | undefined {
    const value = this.#req.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  headers(): Readonly<Record<string, string | undefined>> {
    // Node joins repeated headers with `, ` (set-cookie, the exception, is no request header of ours).
    return this.#req.headers as Record<string, string | undefined>;
  }

  readBody(limit: number): Promise<Uint8Array> {
    return readNodeBody(this.#req, limit);
  }

  lingerAfterRefusal(): void {
    if (!this.#req.complete) lingerAndClose(this.#req);
  }
}

export function nodeRequest(req: IncomingMessage): KitRequest {
  return new NodeRequest(req);
}

/** After a refusal that leaves the body unread: how much more of it is read (and dropped), and for how long. */
const LINGER_BYTES = 8 * 1024 * 1024;
const LINGER_MS = 2_000;

/**
 * A lingering close (RFC 9112 §9.6): the answer is sent with `Connection: close` and the write side
 * closed, then the rest of the body is read and dropped for a bounded time and size, so that the
 * client can read the answer instead of meeting a reset, before the socket is torn down.
 */
function lingerAndClose(req: IncomingMessage): void {
  const socket = req.socket;
  // Node would destroy the socket as soon as the answer is flushed; half-close instead.
  socket.destroySoon = () => socket.end();
  let dropped = 0;
  const teardown = () => socket.destroy();
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.byteLength;
    if (dropped > LINGER_BYTES) teardown();
  });
  req.once('end', teardown);
  req.resume();
  setTimeout(teardown, LINGER_MS).unref();
}

/**
 * The response node:http has under way on a socket (pipelined ones wait behind it): its own
 * `_httpMessage`, set when a request arrives and cleared when that response is finished.
 */
export function responseUnderWay(socket: Socket): ServerResponse | undefined {
  return (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage ?? undefined;
}
