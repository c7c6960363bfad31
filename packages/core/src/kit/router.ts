import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { KitContext, KitEnv } from './context.js';
import { addPreflightHeaders } from './cors.js';
import type { createEnvelope } from './envelope.js';
import { respond } from './http/reply.js';
import { methodNotAllowed, notFound } from './problems.js';

type Envelope = ReturnType<typeof createEnvelope>;

/** A kit route's work: the kit context in, a Response out. */
export type KitHandler = (kit: KitContext, c: Context<KitEnv>) => Response | Promise<Response>;

export interface KitRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The full path (every route of these services is static). */
  path: string;
  /** `mcp` for the MCP endpoint's POST: every refusal is a JSON-RPC error carrying the problem. */
  surface?: 'mcp';
  /** Probes and metrics: no access-log line, not counted in the metrics. */
  quiet?: boolean;
  handle: KitHandler;
}

/** The `Allow` value of each path: its methods, HEAD beside GET, and OPTIONS. */
function allowTable(routes: readonly KitRoute[]): Map<string, string> {
  const methods = new Map<string, string[]>();
  for (const { method, path } of routes) {
    const list = methods.get(path) ?? [];
    if (list.includes(method)) throw new Error(`${method} ${path} is defined twice`);
    list.push(method);
    methods.set(path, list);
  }
  const allow = new Map<string, string>();
  for (const [path, list] of methods) {
    const all = [...list];
    if (all.includes('GET')) all.splice(all.indexOf('GET') + 1, 0, 'HEAD');
    allow.set(path, [...all, 'OPTIONS'].join(', '));
  }
  return allow;
}

/** A route's Hono handler: marks the route on the kit context, then does its work. */
function routeHandler(route: KitRoute) {
  const { path, handle } = route;
  const surface = route.surface ?? 'rest';
  const quiet = route.quiet === true;
  return (c: Context<KitEnv>) => {
    const kit = c.get('kit');
    kit.route = path;
    kit.surface = surface;
    kit.quiet = quiet;
    return handle(kit, c);
  };
}

/**
 * The path of a request as this app's routes name it: without the prefix an outer app mounted it
 * under (`outer.route('/svc', app)` makes this app's `*` route `/svc/*`).
 */
function ownPath(c: Context<KitEnv>, path: string): string {
  const pattern = c.req.routePath;
  const prefix = pattern.endsWith('/*') ? pattern.slice(0, -2) : '';
  return prefix !== '' && path.startsWith(prefix) ? path.slice(prefix.length) || '/' : path;
}

/**
 * Registers the envelope as the app's first middleware, then `middleware` (inside it), the kit's
 * routes, and one catch-all route for what no route takes — CORS preflights, 404 for an unknown path,
 * 405 with `Allow` for a known path and another method, 204 with `Allow` for OPTIONS — so that an app
 * mounted in another (`outer.route('/', app)`, which takes routes, not a not-found handler) answers
 * the same. Errors anything after the envelope throws get the same problem rendering.
 */
export function mountRoutes(
  app: Hono<KitEnv>,
  routes: readonly KitRoute[],
  envelope: Envelope,
  middleware: readonly MiddlewareHandler<KitEnv>[],
): void {
  const allow = allowTable(routes);
  app.use(envelope.middleware);
  for (const handler of middleware) app.use(handler);
  for (const route of routes) app.on(route.method, route.path, routeHandler(route));

  const unmatched = (c: Context<KitEnv>): Response => {
    const kit = envelope.open(c);
    const { method } = kit.request;
    const path = ownPath(c, kit.request.path);
    if (method === 'OPTIONS' && kit.request.header('access-control-request-method') !== undefined) {
      const origin = kit.request.header('origin');
      const allowed = origin === undefined ? undefined : envelope.corsOrigin(origin);
      addPreflightHeaders(kit.headers, allowed);
      return respond(kit, 204, null);
    }
    const methods = allow.get(path);
    if (methods === undefined) throw notFound(kit.request.path);
    kit.route = path;
    if (method !== 'OPTIONS') throw methodNotAllowed(method, methods.split(', '));
    return respond(kit, 204, null, { Allow: methods });
  };
  app.all('*', unmatched);
  app.notFound(unmatched);
  app.onError((error, c) => envelope.failed(error, envelope.open(c)));
}
