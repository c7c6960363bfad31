/** A request as the kit's stages see it, read through Hono (see `kitRequestOf`). */
export interface KitRequest {
  readonly method: string;
  /** The path without the query, as Hono decodes it. */
  readonly path: string;
  /** The query string after `?` (undecoded), or `` when there is none. */
  readonly rawQuery: string;
  /** The socket peer's address, when the adapter knows it. */
  readonly remoteAddress: string | undefined;
  /** Aborted when the client goes away before its answer is written. */
  readonly signal: AbortSignal | undefined;
  /** A request header by lower-case name; repeated headers joined with `, `. */
  header(name: string): string | undefined;
  /** Every header by lower-case name (plain data, e.g. for a worker thread). */
  headers(): Readonly<Record<string, string | undefined>>;
  /**
   * The whole body, refused with 413 as soon as it is known to exceed `limit` (from Content-Length
   * before reading, or while streaming). Rejects with `ClientAbortedError` when the client goes away.
   */
  readBody(limit: number): Promise<Uint8Array>;
}

/**
 * The client closed the connection before its request was read whole: nothing can be answered.
 * `answered`: the connection was closed by the server after Node's parser refused the rest of the
 * request (a malformed chunk) and that refusal was answered and logged already (http/client-error.ts).
 */
export class ClientAbortedError extends Error {
  readonly answered: boolean;
  constructor(answered = false) {
    super('the client closed the connection before sending the whole request');
    this.name = 'ClientAbortedError';
    this.answered = answered;
  }
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
