import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * Reads a request header. Under @hono/node-server the Node request's already-parsed header object
 * is used directly: `c.req.header()` would first build a WHATWG `Headers` copy of every header,
 * which measurably slows small requests. `name` must be lower-case.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming !== undefined) {
    const value = incoming.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }
  return c.req.header(name);
}
