import { ProblemError } from '../errors.js';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

export function jsonResponse(value: unknown, status = 200): Response {
  return new Response(JSON.stringify(value), { status, headers: { 'Content-Type': JSON_CONTENT_TYPE } });
}

export function problemResponse(
  error: ProblemError,
  requestId: string,
  extensions?: Record<string, unknown>,
): Response {
  const body = { ...error.toProblem(), request_id: requestId, ...extensions };
  const headers = new Headers({ 'Content-Type': PROBLEM_CONTENT_TYPE });
  for (const [name, value] of Object.entries(error.headers ?? {})) headers.set(name, value);
  return new Response(JSON.stringify(body), { status: error.status, headers });
}

export const notFound = (path: string) =>
  new ProblemError({
    status: 404,
    code: 'not_found',
    detail: `No route matches ${path}. See the OpenAPI document for the available routes.`,
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
    detail: `Content-Type ${got ? `"${got}"` : '(missing)'} is not accepted here; send ${accepted.join(' or ')}.`,
    extensions: { accepted },
  });

export const internalError = () =>
  new ProblemError({
    status: 500,
    code: 'internal_error',
    detail: 'An unexpected error occurred; it has been logged with the request id.',
  });
