import { ProblemError } from '../errors.js';
import type { ServiceConfig } from './config.js';
import type { KitContext } from './context.js';
import type { HeavyPool } from './heavy/pool.js';
import { checkDeclaredLength } from './http/body-limit.js';
import { respond } from './http/reply.js';
import type { OperationDefinition } from './operation.js';
import { bodyParserOf, type RestAnswer, type RestOptions, type RestRequest, restCall } from './rest-call.js';
import type { KitHandler } from './router.js';
import type { Tracing } from './tracing.js';

export interface OperationRouteOptions {
  config: Pick<ServiceConfig, 'maxBodyBytes' | 'maxJsonDepth'>;
  strictJson: boolean;
  tracing: Tracing | undefined;
  /** Where the operation's heavy calls run (docs/conventions.md §11); absent: all inline. */
  pool: HeavyPool | undefined;
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

/**
 * The REST handler of one operation and method: the media type (415) and the body within the route's
 * limit (413) on the event loop, then the call — inline, or, for a heavy operation's large body, in a
 * worker thread (503 `overloaded` beyond the pool's bound, decided from Content-Length before the body
 * is read). A call whose work is synchronous is answered without a promise once its bytes are in.
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
  const heavyFrom = op.heavy === undefined || options.pool === undefined ? undefined : op.heavy.minBytes;
  const heavyWhen = options.pool === undefined ? undefined : op.heavy?.when;

  const inline = (ctx: KitContext, request: RestRequest, bytes: Uint8Array | undefined) => {
    const answer = restCall(op, request, bytes, restOptions, ctx.span);
    return answer instanceof Promise ? answer.then((done) => toResponse(ctx, done)) : toResponse(ctx, answer);
  };

  /** A heavy call in a worker thread; a GET's arguments travel in its query (`bytes` empty). */
  async function inPool(ctx: KitContext, request: RestRequest, bytes: Uint8Array, release: () => void) {
    const span = options.tracing?.startCall(ctx.span, op.mcpName ?? op.name);
    let failed = true;
    try {
      const { meta, body } = await options.pool!.run({ kind: 'rest', operation: op.name, request }, bytes);
      if (meta.kind === 'problem') throw new ProblemError(meta.problem);
      if (meta.kind !== 'answer') throw new Error(`unexpected ${meta.kind} answer from a worker`);
      failed = false;
      return respond(ctx, meta.status, meta.hasBody ? body : null, meta.headers);
    } finally {
      release();
      if (span !== undefined) options.tracing?.endCall(span, failed);
    }
  }

  return (ctx) => {
    const request = restRequest(ctx);
    if (!usesBody) {
      // A fresh empty buffer each time: the one sent is transferred (detached) to the worker.
      if (heavyWhen?.(request.rawQuery) === true)
        return inPool(ctx, request, new Uint8Array(0), options.pool!.admit());
      return inline(ctx, request, undefined);
    }
    bodyParserOf(op, request, restOptions); // 415 before a byte is read
    const declared = request.headers['content-length'];
    checkDeclaredLength(declared, limit); // 413 before the pool is asked
    let release: (() => void) | undefined;
    if (heavyFrom !== undefined && (declared === undefined || Number(declared) >= heavyFrom)) {
      release = options.pool!.admit();
    }
    return ctx.request.readBody(limit).then(
      (bytes) => {
        if (release !== undefined && bytes.byteLength >= heavyFrom!)
          return inPool(ctx, request, bytes, release);
        release?.();
        if (heavyWhen?.(bytes) === true) return inPool(ctx, request, bytes, options.pool!.admit());
        return inline(ctx, request, bytes);
      },
      (error: unknown) => {
        release?.();
        throw error;
      },
    );
  };
}
