import { ProblemError } from '../errors.js';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** Headers every response of a request carries (request id, nosniff, no-store, CORS). */
export type BaseHeaders = Record<string, string>;

const complete = new WeakSet<Response>();

/**
 * Builds a response that already carries the request's base headers. Setting them up front, as a
 * plain object, lets @hono/node-server write the head directly instead of materialising a Headers
 * object afterwards; `hasBaseHeaders` tells the middleware it has nothing left to add.
 */
export function send(
  body: ConstructorParameters<typeof Response>[0],
  status: number,
  base: BaseHeaders | undefined,
  headers: Record<string, string>,
): Response {
  const response = new Response(body, { status, headers: base ? Object.assign({}, base, headers) : headers });
  if (base) complete.add(response);
  return response;
}

export const hasBaseHeaders = (response: Response) => complete.has(response);

export function problemResponse(
  error: ProblemError,
  requestId: string,
  extensions?: Record<string, unknown>,
  base?: BaseHeaders,
): Response {
  const body = { ...error.toProblem(), request_id: requestId, ...extensions };
  return send(JSON.stringify(body), error.status, base, {
    'Content-Type': PROBLEM_CONTENT_TYPE,
    ...error.headers,
  });
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
