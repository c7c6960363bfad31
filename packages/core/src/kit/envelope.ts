import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { ServiceConfig } from './config.js';
import type { KitContext, KitEnv } from './context.js';
import { addCorsHeaders, addPreflightHeaders, corsOriginResolver } from './cors.js';
import { respond } from './http/reply.js';
import { kitRequestOf } from './http/request-web.js';
import type { Runtime } from './runtime.js';

const REQUEST_ID_RE = /^[A-Za-z0-9._:@-]{1,128}$/;

/**
 * The first stage of every request: its id, the base headers (request id, nosniff, no-store, CORS),
 * CORS preflights, and one access-log line once it is answered. Kit handlers put the base headers in
 * their responses themselves (a plain object, the cheap path); any other response — from a
 * middleware or handler added to the app — gets them here.
 */
export function envelope(
  config: Pick<ServiceConfig, 'corsOrigins'>,
  runtime: Runtime,
): MiddlewareHandler<KitEnv> {
  const corsOrigin = corsOriginResolver(config);
  return async (c, next) => {
    const started = performance.now();
    const request = kitRequestOf(c);
    const presented = request.header('x-request-id');
    const requestId = presented !== undefined && REQUEST_ID_RE.test(presented) ? presented : randomUUID();
    const headers: Record<string, string> = {
      'X-Request-Id': requestId,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    };
    const origin = request.header('origin');
    const allowed = origin === undefined ? undefined : corsOrigin(origin);
    if (allowed !== undefined) addCorsHeaders(headers, allowed);
    const kit: KitContext = {
      request,
      requestId,
      headers,
      route: undefined,
      plan: 'free',
      tool: undefined,
      answered: false,
      surface: 'rest',
      budget: undefined,
    };
    c.set('kit', kit);
    if (request.method === 'OPTIONS' && request.header('access-control-request-method') !== undefined) {
      addPreflightHeaders(headers, allowed, request.header('access-control-request-headers'));
      c.res = respond(kit, 204, null);
    } else {
      await next();
      if (!kit.answered) {
        const target = c.res.headers;
        for (const [name, value] of Object.entries(headers)) if (!target.has(name)) target.set(name, value);
      }
    }
    runtime.accessLog({
      requestId,
      method: request.method,
      route: kit.route,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 100) / 100,
      plan: kit.plan,
      tool: kit.tool,
    });
  };
}
