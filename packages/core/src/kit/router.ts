import type { Context, Hono, NotFoundHandler } from 'hono';
import type { KitContext, KitEnv } from './context.js';
import { addPreflightHeaders } from './cors.js';
import type { createEnvelope, KitWork } from './envelope.js';
import { respond } from './http/reply.js';
import { admitRequest, type RequestLimiter } from './limit.js';
import { methodNotAllowed, notFound } from './problems.js';

type Envelope = ReturnType<typeof createEnvelope>;

/** A kit route's work once the request is admitted: the kit context in, a Response out. */
export type KitHandler = (kit: KitContext, c: Context<KitEnv>) => Response | Promise<Response>;

export interface KitRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The full path (every route of these services is static). */
  path: string;
  /** Counted by the rate limiter (everything but the probes and `/health`). */
  limited: boolean;
  /** `mcp` for the MCP endpoint's POST: every refusal, the limiter's included, is a JSON-RPC error. */
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

/** A route's work: marks the route, admits the request when it is counted, runs the handler. */
function routeWork(route: KitRoute, limiter: RequestLimiter | undefined): KitWork {
  const { path, handle } = route;
  const surface = route.surface ?? 'rest';
  if (route.quiet) {
    return (kit, c) => {
      kit.quiet = true;
      return handle(kit, c);
    };
  }
  if (!route.limited || limiter === undefined) {
    return (kit, c) => {
      kit.route = path;
      kit.surface = surface;
      return handle(kit, c);
    };
  }
  return (kit, c) => {
    kit.route = path;
    kit.surface = surface;
    const admitted = admitRequest(limiter, kit);
    return admitted === undefined ? handle(kit, c) : admitted.then(() => handle(kit, c));
  };
}

/**
 * Registers the kit's routes on the app, each inside the envelope, and answers what no route takes:
 * CORS preflights, 404 for an unknown path, 405 with `Allow` for a known path and another method, 204
 * with `Allow` for OPTIONS (all but preflights counted by the limiter like any request). Errors a
 * middleware added to the app throws get the same problem rendering.
 */
export function mountRoutes(
  app: Hono<KitEnv>,
  routes: readonly KitRoute[],
  limiter: RequestLimiter | undefined,
  envelope: Envelope,
): void {
  const allow = allowTable(routes);
  for (const route of routes) app.on(route.method, route.path, envelope.wrap(routeWork(route, limiter)));

  const unmatched: KitWork = async (kit) => {
    const { path, method } = kit.request;
    if (method === 'OPTIONS' && kit.request.header('access-control-request-method') !== undefined) {
      const origin = kit.request.header('origin');
      const allowed = origin === undefined ? undefined : envelope.corsOrigin(origin);
      addPreflightHeaders(kit.headers, allowed);
      return respond(kit, 204, null);
    }
    if (limiter !== undefined) await admitRequest(limiter, kit);
    const methods = allow.get(path);
    if (methods === undefined) throw notFound(path);
    kit.route = path;
    if (method !== 'OPTIONS') throw methodNotAllowed(method, methods.split(', '));
    return respond(kit, 204, null, { Allow: methods });
  };
  app.options('*', envelope.wrap(unmatched));
  app.notFound(envelope.wrap(unmatched) as NotFoundHandler<KitEnv>);
  app.onError((error, c) => envelope.failed(error, envelope.open(c)));
}
