import type { Reply } from './http/reply.js';
import type { KitRequest } from './http/request.js';

/** Everything one request carries through the pipeline. */
export interface RequestContext {
  readonly request: KitRequest;
  readonly requestId: string;
  /** The headers every response of this request carries (request id, nosniff, CORS, RateLimit …). */
  readonly headers: Record<string, string>;
  /** The route pattern that matched, for the access log. */
  route: string | undefined;
  plan: string;
  /** MCP tools called by this request, for the access log. */
  tool: string | undefined;
}

export type RouteHandler = (ctx: RequestContext) => Reply | Promise<Reply>;

export interface RouteEntry {
  handler: RouteHandler;
  /** Counted by the rate limiter (everything but `/health` and opted-out operations). */
  limited: boolean;
}

export interface Route {
  path: string;
  /** By method; a GET entry also answers HEAD. */
  methods: Map<string, RouteEntry>;
  /** The `Allow` header value. */
  allow: string;
}

/** Exact-path routes (every route of these services is static), each with its methods. */
export class RouteTable {
  readonly #routes = new Map<string, Route>();

  add(method: string, path: string, entry: RouteEntry): void {
    let route = this.#routes.get(path);
    if (route === undefined) {
      route = { path, methods: new Map(), allow: '' };
      this.#routes.set(path, route);
    }
    if (route.methods.has(method)) throw new Error(`${method} ${path} is defined twice`);
    route.methods.set(method, entry);
    const methods = [...route.methods.keys()];
    if (route.methods.has('GET')) methods.splice(methods.indexOf('GET') + 1, 0, 'HEAD');
    route.allow = [...methods, 'OPTIONS'].join(', ');
  }

  find(path: string): Route | undefined {
    return this.#routes.get(path);
  }

  get paths(): string[] {
    return [...this.#routes.keys()];
  }
}
