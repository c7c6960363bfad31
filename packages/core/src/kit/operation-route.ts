import { ProblemError } from '../errors.js';
import { admitCall, type HeavyRule, isHeavy, readThenRun } from './call-stage.js';
import type { ServiceConfig } from './config.js';
import type { KitContext } from './context.js';
import type { HeavyPool } from './heavy/pool.js';
import { respond } from './http/reply.js';
import type { RequestLimiter } from './limit.js';
import type { OperationDefinition } from './operation.js';
import { bodyParserOf, type RestAnswer, type RestOptions, type RestRequest, restCall } from './rest-call.js';
import type { KitHandler } from './router.js';
import type { Tracing } from './tracing.js';

export interface OperationRouteOptions {
  config: Pick<ServiceConfig, 'maxBodyBytes' | 'maxJsonDepth'> & { callTimeoutMs?: number };
  strictJson: boolean;
  tracing: Tracing | undefined;
  /** Where the operation's heavy calls run (docs/conventions.md §11); absent: all inline. */
  pool: HeavyPool | undefined;
  /** Admits each call (key and quota, docs/conventions.md §7); absent: unlimited. */
  limiter: RequestLimiter | undefined;
}

function restRequest(ctx: KitContext): RestRequest {
  const { request } = ctx;
  return {
    method: request.method,
    rawQuery: request.rawQuery,
    headers: request.headers(),
    requestId: ctx.requestId,
  };
}

const toResponse = (ctx: KitContext, answer: RestAnswer) =>
  respond(ctx, answer.status, answer.body, answer.headers);

/** The heavy rule of an operation, when the service has a pool and the operation is heavy. */
export function heavyRuleOf(op: OperationDefinition, pool: HeavyPool | undefined): HeavyRule | undefined {
  if (pool === undefined || op.heavy === undefined) return undefined;
  return { pool, minBytes: op.heavy.minBytes, when: op.heavy.when };
}

/**
 * The REST handler of one operation and method — one operation call: admission (401, 429), the
 * media type (415) and the body within the route's limit (413) on the event loop, then the call,
 * inline or, when heavy, in a worker thread (503 `overloaded` beyond the pool's bound, decided once the
 * body is read; 503 `deadline_exceeded` past the call's deadline; cancelled when the client goes away).
 */
export function operationRoute(
  op: OperationDefinition,
  method: string,
  options: OperationRouteOptions,
): KitHandler {
  const limit = op.maxBodyBytes ?? options.config.maxBodyBytes;
  const usesBody = method !== 'GET' && method !== 'DELETE';
  const restOptions: RestOptions = {
    maxJsonDepth: options.config.maxJsonDepth,
    strictJson: options.strictJson,
    tracing: options.tracing,
  };
  const heavy = heavyRuleOf(op, options.pool);
  const { limiter } = options;

  const inline = (ctx: KitContext, request: RestRequest, bytes: Uint8Array | undefined) => {
    const answer = restCall(op, request, bytes, restOptions, ctx.span);
    return answer instanceof Promise ? answer.then((done) => toResponse(ctx, done)) : toResponse(ctx, answer);
  };

  /** A heavy call in a worker thread; a GET's arguments travel in its query (`bytes` empty). */
  async function inPool(ctx: KitContext, request: RestRequest, bytes: Uint8Array, release: () => void) {
    const span = options.tracing?.startCall(ctx.span, op.mcpName ?? op.name);
    let failed = true;
    try {
      const { meta, body } = await heavy!.pool.run({ kind: 'rest', operation: op.name, request }, bytes, {
        signal: ctx.request.signal,
        timeoutMs: op.timeoutMs,
      });
      if (meta.kind === 'problem') throw new ProblemError(meta.problem);
      if (meta.kind !== 'answer') throw new Error(`unexpected ${meta.kind} answer from a worker`);
      failed = false;
      return respond(ctx, meta.status, meta.hasBody ? body : null, meta.headers);
    } finally {
      release();
      if (span !== undefined) options.tracing?.endCall(span, failed);
    }
  }

  return async (ctx) => {
    await admitCall(limiter, ctx);
    const request = restRequest(ctx);
    if (!usesBody) {
      // A fresh empty buffer each time: the one sent is transferred (detached) to the worker.
      if (isHeavy(heavy, request.rawQuery))
        return inPool(ctx, request, new Uint8Array(0), heavy!.pool.admit());
      return inline(ctx, request, undefined);
    }
    bodyParserOf(op, request, restOptions); // 415 before a byte is read
    return readThenRun(ctx, limit, heavy, {
      inline: (bytes) => inline(ctx, request, bytes),
      inPool: (bytes, release) => inPool(ctx, request, bytes, release),
    });
  };
}
