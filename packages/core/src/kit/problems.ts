import { ProblemError } from '../errors.js';
import type { KitContext } from './context.js';
import { JSON_CONTENT_TYPE, PROBLEM_CONTENT_TYPE, respond } from './http/reply.js';

export { payloadTooLarge } from './http/body-limit.js';

/** The one place a problem body is built: REST replies, MCP tool errors and Node-level refusals. */
export function problemObject(
  error: ProblemError,
  requestId: string,
  extensions?: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const body = error.toProblem();
  body.request_id = requestId;
  if (extensions !== undefined) Object.assign(body, extensions);
  return body;
}

/** The JSON-RPC error code a refusal of the MCP transport carries (its problem goes in `data`). */
function rpcCodeOf(error: ProblemError): number {
  if (error.code === 'invalid_json') return -32700;
  return error.status === 400 ? -32600 : -32000;
}

/**
 * The one rendering of a problem for a request: problem+json, or on the MCP endpoint the JSON-RPC
 * error that carries the same problem object as `data` (same status, title, members and extensions).
 */
export function problemResponse(
  error: ProblemError,
  kit: KitContext,
  extensions: Readonly<Record<string, unknown>> | undefined,
): Response {
  const problem = problemObject(error, kit.requestId, extensions);
  if (kit.surface === 'mcp') {
    kit.headers['Content-Type'] = JSON_CONTENT_TYPE;
    const rpc = {
      jsonrpc: '2.0',
      id: null,
      error: { code: rpcCodeOf(error), message: error.detail, data: problem },
    };
    return respond(kit, error.status, JSON.stringify(rpc), error.headers);
  }
  kit.headers['Content-Type'] = PROBLEM_CONTENT_TYPE;
  return respond(kit, error.status, JSON.stringify(problem), error.headers);
}

export const notFound = (path: string) =>
  new ProblemError({
    status: 404,
    code: 'not_found',
    detail: `No route matches ${path.length > 200 ? `${path.slice(0, 200)}…` : path}. See the OpenAPI document for the available routes.`,
  });

export const methodNotAllowed = (method: string, allow: readonly string[]) =>
  new ProblemError({
    status: 405,
    code: 'method_not_allowed',
    detail: `${method} is not allowed on this route; allowed: ${allow.join(', ')}.`,
    headers: { Allow: allow.join(', ') },
  });

export const unsupportedMediaType = (got: string | undefined, accepted: readonly string[]) =>
  new ProblemError({
    status: 415,
    code: 'unsupported_media_type',
    detail: `Content-Type ${got ? `"${got.length > 100 ? `${got.slice(0, 100)}…` : got}"` : '(missing)'} is not accepted here; send ${accepted.join(' or ')}.`,
    extensions: { accepted },
  });

export const internalError = () =>
  new ProblemError({
    status: 500,
    code: 'internal_error',
    detail: 'An unexpected error occurred; it has been logged with the request id.',
  });

/** 503 `overloaded`: the heavy-call pool is full (docs/conventions.md §11); the body was not read. */
export const overloaded = (inflight: number, retryAfterSeconds: number) =>
  new ProblemError({
    status: 503,
    code: 'overloaded',
    title: 'Overloaded',
    detail: `${inflight} heavy calls are already running or waiting, the most this instance takes; retry in ${retryAfterSeconds} s.`,
    extensions: { retry_after_s: retryAfterSeconds },
    headers: { 'Retry-After': String(retryAfterSeconds), Connection: 'close' },
  });

/**
 * 503 `deadline_exceeded`: the call ran past its deadline (`CALL_TIMEOUT_MS`, or the operation's own)
 * and was stopped — a pool call by terminating and replacing its worker (docs/conventions.md §12).
 */
export const deadlineExceeded = (limitMs: number) =>
  new ProblemError({
    status: 503,
    code: 'deadline_exceeded',
    title: 'Deadline exceeded',
    detail: `The call did not finish within its deadline of ${limitMs} ms and was stopped.`,
    extensions: { limit_ms: limitMs },
  });

/** 503 `shutting_down`: the service is stopping and its worker pool takes no more calls; retry elsewhere. */
export const shuttingDown = () =>
  new ProblemError({
    status: 503,
    code: 'shutting_down',
    title: 'Shutting down',
    detail: 'This instance is stopping and takes no more heavy calls; send the call again.',
    headers: { 'Retry-After': '1' },
  });

/**
 * 422 `too_expensive`: the call outgrew the memory budget of a pool worker (`MAX_HEAP_MB`); the
 * worker was replaced and the service runs on. The same input would fail again, so no retry is offered.
 */
export const tooExpensive = (budgetMb: number) =>
  new ProblemError({
    status: 422,
    code: 'too_expensive',
    title: 'Too expensive',
    detail: `The call needed more than the ${budgetMb} MB memory budget this instance gives one call and was stopped; send a smaller input.`,
    extensions: { limit_mb: budgetMb },
  });

/**
 * 422 `too_expensive`: the answer is longer than the longest text the runtime can build (~512 MiB);
 * the same input would fail again.
 */
export const answerTooLarge = () =>
  new ProblemError({
    status: 422,
    code: 'too_expensive',
    title: 'Too expensive',
    detail:
      'The answer to this call would be longer than the longest text this service can build; send a smaller input.',
  });
