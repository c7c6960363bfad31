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

export function corsHeaders(allowOrigin: string): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': allowOrigin,
    'Access-Control-Expose-Headers': EXPOSED,
    ...(allowOrigin === '*' ? {} : { Vary: 'Origin' }),
  };
}

export function preflightResponse(
  allowOrigin: string | undefined,
  requestHeaders: string | undefined,
): Response {
  const headers: Record<string, string> = {};
  if (allowOrigin !== undefined) {
    Object.assign(headers, corsHeaders(allowOrigin), {
      'Access-Control-Allow-Methods': 'GET, HEAD, POST, OPTIONS',
      'Access-Control-Allow-Headers':
        requestHeaders ?? 'Content-Type, Authorization, X-API-Key, X-Request-Id, MCP-Protocol-Version',
      'Access-Control-Max-Age': '600',
    });
  }
  return new Response(null, { status: 204, headers });
}
