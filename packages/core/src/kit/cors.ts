import type { ServiceConfig } from './config.js';

const EXPOSED = 'X-Request-Id, RateLimit, RateLimit-Policy, Retry-After, Allow';

/** The value for `Access-Control-Allow-Origin`, or undefined when the origin is not allowed. */
export function allowedCorsOrigin(
  config: Pick<ServiceConfig, 'corsOrigins'>,
  origin: string,
): string | undefined {
  if (config.corsOrigins === '*') return '*';
  return config.corsOrigins.includes(origin) ? origin : undefined;
}

export function applyCorsHeaders(headers: Headers, allowOrigin: string): void {
  headers.set('Access-Control-Allow-Origin', allowOrigin);
  headers.set('Access-Control-Expose-Headers', EXPOSED);
  if (allowOrigin !== '*') headers.append('Vary', 'Origin');
}

export function preflightResponse(
  allowOrigin: string | undefined,
  requestHeaders: string | undefined,
): Response {
  const headers = new Headers({ 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  if (allowOrigin !== undefined) {
    applyCorsHeaders(headers, allowOrigin);
    headers.set('Access-Control-Allow-Methods', 'GET, HEAD, POST, OPTIONS');
    headers.set(
      'Access-Control-Allow-Headers',
      requestHeaders ?? 'Content-Type, Authorization, X-API-Key, X-Request-Id, MCP-Protocol-Version',
    );
    headers.set('Access-Control-Max-Age', '600');
  }
  return new Response(null, { status: 204, headers });
}
