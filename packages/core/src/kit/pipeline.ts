import { randomUUID } from 'node:crypto';
import { isProblemError, type ProblemError } from '../errors.js';
import type { ServiceConfig } from './config.js';
import { addCorsHeaders, addPreflightHeaders, corsOriginResolver } from './cors.js';
import type { Reply } from './http/reply.js';
import { ClientAbortedError, type KitRequest } from './http/request.js';
import { internalError, methodNotAllowed, notFound, problemReply } from './problems.js';
import type { RequestContext, RouteHandler, RouteTable } from './router.js';
import type { Runtime } from './runtime.js';

/** What the pipeline needs of a rate limiter (conventions §7); see `createRateLimiter`. */
export interface RequestLimiter {
  /** Throws a ProblemError (401) for an unknown API key; never throws for store failures. */
  check(request: { remoteAddress: string | undefined; header(name: string): string | undefined }): Promise<{
    plan: string;
    headers: Record<string, string>;
    refused: ProblemError | undefined;
  }>;
}

export interface PipelineOptions {
  config: Pick<ServiceConfig, 'corsOrigins'>;
  runtime: Runtime;
  routes: RouteTable;
  limiter: RequestLimiter | undefined;
  /** Members added to every problem body (REST and MCP), e.g. `{ valid: false }`. */
  problemExtensions: Readonly<Record<string, unknown>> | undefined;
}

/** Answers one request; the same function serves node:http and `app.fetch`. */
export type Pipeline = (request: KitRequest) => Reply | Promise<Reply>;

const REQUEST_ID_RE = /^[A-Za-z0-9._:@-]{1,128}$/;
/** nginx's "client closed request": logged for aborted requests, never sent. */
export const CLIENT_CLOSED_REQUEST = 499;

/**
 * The request path every service shares: request id, base headers and CORS, preflight, routing
 * (404/405/OPTIONS), API key and rate limit, the route's handler, problem+json for every error, and
 * one access-log line.
 */
export function createPipeline(options: PipelineOptions): Pipeline {
  const { runtime, routes, limiter, problemExtensions } = options;
  const corsOrigin = corsOriginResolver(options.config);

  /** Runs `next` once the limiter allows the request (it may refuse with 401 or 429). */
  function limited(ctx: RequestContext, next: () => Reply | Promise<Reply>): Reply | Promise<Reply> {
    if (limiter === undefined) return next();
    return limiter.check(ctx.request).then((outcome) => {
      ctx.plan = outcome.plan;
      Object.assign(ctx.headers, outcome.headers);
      if (outcome.refused !== undefined) throw outcome.refused;
      return next();
    });
  }

  function run(handler: RouteHandler, ctx: RequestContext): Reply | Promise<Reply> {
    const merge = (reply: Reply): Reply => {
      reply.headers = Object.assign(ctx.headers, reply.headers);
      return reply;
    };
    const reply = handler(ctx);
    return reply instanceof Promise ? reply.then(merge) : merge(reply);
  }

  /** Synchronous wherever the work is (GETs without a limiter): no promise is made per request then. */
  function dispatch(ctx: RequestContext): Reply | Promise<Reply> {
    const { request, headers } = ctx;
    const method = request.method;
    if (method === 'OPTIONS' && request.header('access-control-request-method') !== undefined) {
      const origin = request.header('origin');
      addPreflightHeaders(
        headers,
        origin === undefined ? undefined : corsOrigin(origin),
        request.header('access-control-request-headers'),
      );
      return { status: 204, headers, body: null };
    }
    const route = routes.find(request.path);
    if (route === undefined) {
      return limited(ctx, () => {
        throw notFound(request.path);
      });
    }
    ctx.route = route.path;
    const entry = route.methods.get(method === 'HEAD' ? 'GET' : method);
    if (entry === undefined) {
      return limited(ctx, () => {
        if (method !== 'OPTIONS') throw methodNotAllowed(method, route.allow.split(', '));
        headers.Allow = route.allow;
        return { status: 204, headers, body: null };
      });
    }
    return entry.limited ? limited(ctx, () => run(entry.handler, ctx)) : run(entry.handler, ctx);
  }

  function errorReply(error: unknown, ctx: RequestContext): Reply {
    if (isProblemError(error)) return problemReply(error, ctx.requestId, problemExtensions, ctx.headers);
    if (error instanceof ClientAbortedError)
      return { status: CLIENT_CLOSED_REQUEST, headers: ctx.headers, body: null };
    const { name, message, stack } = error as Error;
    runtime.logger.error({ req_id: ctx.requestId, err: { name, message, stack } }, 'unhandled error');
    return problemReply(internalError(), ctx.requestId, problemExtensions, ctx.headers);
  }

  return function handle(request) {
    const started = performance.now();
    const presented = request.header('x-request-id');
    const requestId = presented !== undefined && REQUEST_ID_RE.test(presented) ? presented : randomUUID();
    const headers: Record<string, string> = {
      'X-Request-Id': requestId,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    };
    const origin = request.header('origin');
    if (origin !== undefined) {
      const allowed = corsOrigin(origin);
      if (allowed !== undefined) addCorsHeaders(headers, allowed);
    }
    const ctx: RequestContext = {
      request,
      requestId,
      headers,
      route: undefined,
      plan: 'free',
      tool: undefined,
    };
    const finish = (reply: Reply): Reply => {
      runtime.accessLog({
        requestId,
        method: request.method,
        route: ctx.route,
        status: reply.status,
        ms: Math.round((performance.now() - started) * 100) / 100,
        plan: ctx.plan,
        tool: ctx.tool,
      });
      return reply;
    };
    let result: Reply | Promise<Reply>;
    try {
      result = dispatch(ctx);
    } catch (error) {
      result = errorReply(error, ctx);
    }
    if (result instanceof Promise) {
      return result.then(finish, (error: unknown) => finish(errorReply(error, ctx)));
    }
    return finish(result);
  };
}
