import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { isProblemError, ProblemError } from '../errors.js';
import { type KitEnv, kitOf } from './context.js';
import { respond } from './http/reply.js';
import { ClientAbortedError } from './http/request.js';
import { internalError, problemResponse } from './problems.js';
import type { Runtime } from './runtime.js';

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
 * The app's error handler: every error a stage or handler throws becomes the one problem rendering
 * (problem+json, or a JSON-RPC error on the MCP endpoint) with the service's extensions; anything that
 * is not a ProblemError is a bug, logged with the request id and answered 500 without detail.
 */
export function errorStage(
  runtime: Runtime,
  extensions: Readonly<Record<string, unknown>> | undefined,
): ErrorHandler<KitEnv> {
  return (error, c) => {
    const kit = kitOf(c);
    if (isProblemError(error)) return problemResponse(error, kit, extensions);
    if (error instanceof ClientAbortedError) return respond(kit, CLIENT_CLOSED_REQUEST, null);
    if (error instanceof HTTPException) return problemResponse(fromHttpException(error), kit, extensions);
    const { name, message, stack } = error;
    runtime.logger.error({ req_id: kit.requestId, err: { name, message, stack } }, 'unhandled error');
    return problemResponse(internalError(), kit, extensions);
  };
}
