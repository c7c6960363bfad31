import { ProblemError } from '../errors.js';
import { PROBLEM_CONTENT_TYPE, type Reply } from './http/reply.js';

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

/** A problem+json reply; `headers` (the request's base headers) is extended in place. */
export function problemReply(
  error: ProblemError,
  requestId: string,
  extensions: Readonly<Record<string, unknown>> | undefined,
  headers: Record<string, string>,
): Reply {
  headers['Content-Type'] = PROBLEM_CONTENT_TYPE;
  if (error.headers !== undefined) Object.assign(headers, error.headers);
  return { status: error.status, headers, body: JSON.stringify(problemObject(error, requestId, extensions)) };
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
