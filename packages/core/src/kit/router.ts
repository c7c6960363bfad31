import type { Context, Handler, Hono, NotFoundHandler } from 'hono';
import { isProblemError, type ProblemError } from '../errors.js';
import { type KitContext, type KitEnv, kitOf } from './context.js';
import { respond } from './http/reply.js';
import { admitRequest, type RequestLimiter } from './limit.js';
import { methodNotAllowed, notFound, problemResponse } from './problems.js';

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

/** A route's Hono handler: marks the route, admits the request when it is counted, runs the work. */
function routeHandler(route: KitRoute, limiter: RequestLimiter | undefined): Handler<KitEnv> {
  const { path, handle } = route;
  const surface = route.surface ?? 'rest';
  if (!route.limited || limiter === undefined) {
    return (c) => {
      const kit = kitOf(c);
      kit.route = path;
      kit.surface = surface;
      return handle(kit, c);
    };
  }
  return async (c) => {
    const kit = kitOf(c);
    kit.route = path;
    kit.surface = surface;
    await admitRequest(limiter, kit);
    return handle(kit, c);
  };
}

/**
 * Registers the kit's routes on the app, and answers what no route takes: 404 for an unknown path,
 * 405 with `Allow` for a known path and another method, 204 with `Allow` for OPTIONS. Those answers
 * are counted by the limiter like any request.
 */
export function mountRoutes(
  app: Hono<KitEnv>,
  routes: readonly KitRoute[],
  limiter: RequestLimiter | undefined,
  problemExtensions: Readonly<Record<string, unknown>> | undefined,
): void {
  const allow = allowTable(routes);
  for (const route of routes) app.on(route.method, route.path, routeHandler(route, limiter));

  const unmatched: NotFoundHandler<KitEnv> = async (c) => {
    const kit = kitOf(c);
    // A Hono notFound handler runs outside the error handler: its problems are rendered here.
    try {
      if (limiter !== undefined) await admitRequest(limiter, kit);
      const { path, method } = kit.request;
      const methods = allow.get(path);
      if (methods === undefined) throw notFound(path);
      kit.route = path;
      if (method !== 'OPTIONS') throw methodNotAllowed(method, methods.split(', '));
      return respond(kit, 204, null, { Allow: methods });
    } catch (error) {
      if (!isProblemError(error)) throw error;
      return problemResponse(error as ProblemError, kit, problemExtensions);
    }
  };
  app.notFound(unmatched);
}
