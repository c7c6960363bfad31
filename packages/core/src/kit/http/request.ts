/** A request as the kit's pipeline sees it, whatever carried it (node:http or a WHATWG Request). */
export interface KitRequest {
  readonly method: string;
  /** The path without the query, percent-decoded as Hono decodes it. */
  readonly path: string;
  /** The query string after `?` (undecoded), or `` when there is none. */
  readonly rawQuery: string;
  /** The socket peer's address, when known. */
  readonly remoteAddress: string | undefined;
  /** A request header by lower-case name; repeated headers joined with `, `. */
  header(name: string): string | undefined;
  /** Every header by lower-case name (plain data, e.g. for a worker thread). */
  headers(): Readonly<Record<string, string | undefined>>;
  /**
   * The whole body, refused with 413 as soon as it is known to exceed `limit` (from Content-Length
   * before reading, or while streaming). Rejects with `ClientAbortedError` when the client goes away.
   */
  readBody(limit: number): Promise<Uint8Array>;
  /**
   * After a refusal that leaves the body unread (sent with `Connection: close`): read and drop the
   * rest for a bounded time, so that the client reads the answer instead of meeting a reset.
   */
  lingerAfterRefusal?(): void;
}

/** The client closed the connection before its request was read whole: nothing can be answered. */
export class ClientAbortedError extends Error {
  constructor() {
    super('the client closed the connection before sending the whole request');
    this.name = 'ClientAbortedError';
  }
}

/** Splits a request target into a decoded path and the raw query (Hono's rules: decode only if `%` occurs). */
export function splitTarget(target: string): { path: string; rawQuery: string } {
  const q = target.indexOf('?');
  if (q < 0 && !target.includes('%')) return { path: target, rawQuery: '' };
  let path = q < 0 ? target : target.slice(0, q);
  if (path.includes('%')) {
    try {
      path = decodeURI(path);
    } catch {
      // a malformed escape stays as sent and matches no route
    }
  }
  return { path, rawQuery: q < 0 ? '' : target.slice(q + 1) };
}

/** Query parameters: one value as a string, repeated names as an array. */
export type QueryInput = Record<string, string | string[]>;

export function parseQuery(rawQuery: string): QueryInput {
  const query: QueryInput = Object.create(null);
  if (rawQuery === '') return query;
  for (const [name, value] of new URLSearchParams(rawQuery)) {
    const seen = query[name];
    query[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return query;
}
