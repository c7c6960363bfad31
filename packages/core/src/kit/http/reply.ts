import type { KitContext } from '../context.js';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/**
 * A response of the kit: the request's base headers (request id, nosniff, CORS, RateLimit …) with
 * `headers` over them, as a plain object, which @hono/node-server writes without building a Headers.
 */
export function respond(
  kit: KitContext,
  status: number,
  body: string | Uint8Array | null,
  headers?: Record<string, string>,
): Response {
  const all = headers === undefined ? kit.headers : Object.assign(kit.headers, headers);
  kit.answered = true;
  return new Response(body as ConstructorParameters<typeof Response>[0], { status, headers: all });
}

export function jsonResponse(
  kit: KitContext,
  body: string,
  status = 200,
  headers?: Record<string, string>,
): Response {
  kit.headers['Content-Type'] = JSON_CONTENT_TYPE;
  return respond(kit, status, body, headers);
}
