import type { Context, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { isProblemError, ProblemError } from '../errors.js';
import type { ServiceConfig } from './config.js';
import type { KitContext, KitEnv } from './context.js';
import { addCorsHeaders, corsOriginResolver } from './cors.js';
import { kitRequestOf } from './http/hono-request.js';
import { respond } from './http/reply.js';
import { ClientAbortedError } from './http/request.js';
import { newRequestId } from './http/request-id.js';
import type { ServiceMetrics } from './metrics.js';
import { internalError, problemResponse } from './problems.js';
import type { Runtime } from './runtime.js';

const REQUEST_ID_RE = /^[A-Za-z0-9._:@-]{1,128}$/;
/** nginx's "client closed request": logged for aborted requests, never sent (the client is gone). */
export const CLIENT_CLOSED_REQUEST = 499;

/** An HTTPException from a Hono middleware added to the app, as the problem a client can act on. */
function fromHttpException(error: HTTPException): ProblemError {
  const status = error.status;
  return new ProblemError({
    status,
    code: status === 401 ? 'unauthorized' : status === 413 ? 'payload_too_large' : `http_${status}`,
    detail: error.message || `The request was refused with status ${status}.`,
  });
}

/**
 * The envelope of every request the kit answers, as the app's first middleware: its id, the base
 * headers (request id, nosniff, no-store, CORS) every response carries, the kit context in Hono's
 * context (`c.get('kit')`), one problem rendering for what anything after it throws (`app.onError`),
 * and one access-log line and metric once it is answered. User middleware runs inside it.
 */
export function createEnvelope(
  config: Pick<ServiceConfig, 'corsOrigins'>,
  runtime: Runtime,
  problemExtensions: Readonly<Record<string, unknown>> | undefined,
  metrics: ServiceMetrics | undefined,
) {
  const corsOrigin = corsOriginResolver(config);

  /** The kit context of a request, made once (the error handler may need it before the envelope ran). */
  function open(c: Context<KitEnv>): KitContext {
    const known = c.get('kit');
    if (known !== undefined) return known;
    const request = kitRequestOf(c);
    const presented = request.header('x-request-id');
    const requestId = presented !== undefined && REQUEST_ID_RE.test(presented) ? presented : newRequestId();
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
    const kit: KitContext = {
      request,
      requestId,
      headers,
      route: undefined,
      plan: 'free',
      tool: undefined,
      surface: 'rest',
      quiet: false,
      client: undefined,
      span: runtime.tracing?.startRequest(request.method, (name) => request.header(name), {
        url: c.req.url,
        client: request.remoteAddress,
      }),
      answered: false,
    };
    c.set('kit', kit);
    return kit;
  }

  /**
   * What is thrown becomes the one problem rendering; anything but a ProblemError (or a Hono
   * HTTPException from a middleware) is a bug, logged with the request id and answered 500.
   */
  function failed(error: unknown, kit: KitContext): Response {
    if (isProblemError(error)) return problemResponse(error, kit, problemExtensions);
    if (error instanceof ClientAbortedError) {
      // Refused by Node's parser mid-body: answered and logged there, once.
      if (error.answered) kit.quiet = true;
      return respond(kit, CLIENT_CLOSED_REQUEST, null);
    }
    if (error instanceof HTTPException)
      return problemResponse(fromHttpException(error), kit, problemExtensions);
    const { name, message, stack } = error as Error;
    runtime.logger.error({ req_id: kit.requestId, err: { name, message, stack } }, 'unhandled error');
    return problemResponse(internalError(), kit, problemExtensions);
  }

  /** Writes the request's access-log line and its metrics. */
  function logged(kit: KitContext, started: number, status: number): void {
    // A probe's span is never ended, so never exported: probes would drown the traces.
    if (kit.quiet) return;
    const ms = performance.now() - started;
    const { span } = kit;
    if (span !== undefined) runtime.tracing?.endRequest(span, kit.request.method, kit.route, status);
    const spanContext = span?.spanContext();
    runtime.accessLog({
      requestId: kit.requestId,
      method: kit.request.method,
      route: kit.route,
      status,
      ms: Math.round(ms * 100) / 100,
      plan: kit.plan,
      tool: kit.tool,
      traceId: spanContext?.traceId,
      spanId: spanContext?.spanId,
    });
    metrics?.request(kit.route, kit.request.method, status, ms / 1000);
  }

  const middleware: MiddlewareHandler<KitEnv> = async (c, next) => {
    const started = performance.now();
    const kit = open(c);
    await next();
    // A response a user middleware made itself gets the base headers it lacks.
    if (!kit.answered) {
      for (const [name, value] of Object.entries(kit.headers)) {
        if (!c.res.headers.has(name)) c.header(name, value);
      }
    }
    logged(kit, started, c.res.status);
  };

  return { open, middleware, failed, corsOrigin };
}
