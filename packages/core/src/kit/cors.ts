import { createOriginMatcher } from '@dus/mcp';
import type { ServiceConfig } from './config.js';

const EXPOSED = 'X-Request-Id, RateLimit, RateLimit-Policy, Retry-After, Allow, ETag';

/** The `Access-Control-Allow-Origin` value for a request's Origin, or undefined when not allowed. */
export function corsOriginResolver(
  config: Pick<ServiceConfig, 'corsOrigins'>,
): (origin: string) => string | undefined {
  if (config.corsOrigins === '*') return () => '*';
  const allowed = createOriginMatcher(config.corsOrigins);
  return (origin) => (allowed(origin) ? origin : undefined);
}

export function addCorsHeaders(headers: Record<string, string>, allowOrigin: string): void {
  headers['Access-Control-Allow-Origin'] = allowOrigin;
  headers['Access-Control-Expose-Headers'] = EXPOSED;
  if (allowOrigin !== '*') headers.Vary = 'Origin';
}

/**
 * The request headers a browser may send: a fixed list, never an echo of what the preflight asked for
 * (an echo reflects anything a page chooses into the answer).
 */
export const ALLOWED_REQUEST_HEADERS =
  'Content-Type, Authorization, X-API-Key, X-Request-Id, MCP-Protocol-Version, Accept, traceparent, tracestate';

export function addPreflightHeaders(headers: Record<string, string>, allowOrigin: string | undefined): void {
  if (allowOrigin === undefined) return;
  headers['Access-Control-Allow-Methods'] = 'GET, HEAD, POST, OPTIONS';
  headers['Access-Control-Allow-Headers'] = ALLOWED_REQUEST_HEADERS;
  headers['Access-Control-Max-Age'] = '600';
}
