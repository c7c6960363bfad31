/** One typed error for everything a client can get wrong; the kit maps it to RFC 9457 problem+json. */

export interface ProblemFieldError {
  /** JSON Pointer (RFC 6901) of the offending value, e.g. `/trades/3/amount`; `` for the whole body. */
  path: string;
  code: string;
  message: string;
}

export interface ProblemInit {
  status: number;
  code: string;
  title?: string;
  detail: string;
  errors?: ProblemFieldError[];
  /** Extra members of the problem object (e.g. `offset`, `pointer`, `limit`). Never secrets. */
  extensions?: Record<string, unknown>;
  /** Extra response headers (e.g. `Allow`, `Retry-After`). */
  headers?: Record<string, string>;
}

const DEFAULT_TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  406: 'Not acceptable',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Unprocessable content',
  429: 'Too many requests',
  500: 'Internal server error',
  503: 'Service unavailable',
};

const CODE_TITLES: Record<string, string> = {
  invalid_json: 'Malformed JSON',
  validation_failed: 'Request validation failed',
  invalid_api_key: 'Unknown API key',
  not_found: 'Not found',
  method_not_allowed: 'Method not allowed',
  payload_too_large: 'Payload too large',
  unsupported_media_type: 'Unsupported media type',
  rate_limited: 'Rate limit exceeded',
  internal_error: 'Internal server error',
};

export class ProblemError extends Error {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly detail: string;
  readonly errors: ProblemFieldError[] | undefined;
  readonly extensions: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(init: ProblemInit) {
    super(init.detail);
    this.name = 'ProblemError';
    this.status = init.status;
    this.code = init.code;
    this.title = init.title ?? CODE_TITLES[init.code] ?? DEFAULT_TITLES[init.status] ?? 'Error';
    this.detail = init.detail;
    this.errors = init.errors;
    this.extensions = init.extensions;
    this.headers = init.headers;
  }

  /** What rebuilds this error elsewhere (a worker thread's problem, sent to the event loop). */
  toInit(): ProblemInit {
    return {
      status: this.status,
      code: this.code,
      title: this.title,
      detail: this.detail,
      ...(this.errors ? { errors: this.errors } : {}),
      ...(this.extensions ? { extensions: this.extensions } : {}),
      ...(this.headers ? { headers: this.headers } : {}),
    };
  }

  /** The RFC 9457 body, without the request id (the kit adds it). */
  toProblem(): Record<string, unknown> {
    return {
      type: `urn:problem:${this.code}`,
      title: this.title,
      status: this.status,
      detail: this.detail,
      code: this.code,
      ...(this.errors ? { errors: this.errors } : {}),
      ...this.extensions,
    };
  }
}

export function isProblemError(error: unknown): error is ProblemError {
  return error instanceof ProblemError;
}

/** How many entries `errors[]` lists at most; `errors_total` then gives the full count. */
export const MAX_FIELD_ERRORS = 20;

/** How long one echoed item of a client's list may be in a problem or a log line. */
export const MAX_ECHOED_CHARS = 64;

/**
 * A client's list as a problem may echo it: the first `MAX_FIELD_ERRORS` items, each cut to
 * `MAX_ECHOED_CHARS` characters, with the total and a text for the detail — so an answer never grows
 * with the request (docs/conventions.md §2).
 */
export function echoedList(items: readonly string[]): { items: string[]; total: number; text: string } {
  const shown = items
    .slice(0, MAX_FIELD_ERRORS)
    .map((item) => (item.length > MAX_ECHOED_CHARS ? `${item.slice(0, MAX_ECHOED_CHARS - 1)}…` : item));
  const rest = items.length - shown.length;
  return {
    items: shown,
    total: items.length,
    text: shown.join(', ') + (rest > 0 ? ` and ${rest} more` : ''),
  };
}

/**
 * 400 `validation_failed` naming the offending fields: the first `MAX_FIELD_ERRORS` of `total`, so a
 * body with a million unknown members cannot make an error body larger than the request.
 */
export function validationFailed(
  errors: ProblemFieldError[],
  detail?: string,
  total = errors.length,
): ProblemError {
  const shown = errors.length > MAX_FIELD_ERRORS ? errors.slice(0, MAX_FIELD_ERRORS) : errors;
  const first = shown[0];
  const more = total - 1;
  const summary =
    detail ??
    (first
      ? `${first.path === '' ? 'body' : first.path}: ${first.message}` +
        (more > 0 ? ` (and ${more} more problem${more > 1 ? 's' : ''})` : '')
      : 'the request does not match the schema');
  return new ProblemError({
    status: 400,
    code: 'validation_failed',
    detail: summary,
    errors: shown,
    ...(total > shown.length ? { extensions: { errors_total: total } } : {}),
  });
}

/** 422 with a service-specific code: the request is valid, but the domain says no. */
export function unprocessable(
  code: string,
  detail: string,
  extensions?: Record<string, unknown>,
): ProblemError {
  return new ProblemError({ status: 422, code, detail, ...(extensions ? { extensions } : {}) });
}

/** Escapes one JSON Pointer reference token (RFC 6901 §3). */
export function escapePointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** JSON Pointer for a path of keys and indices; `` for the root. */
export function toJsonPointer(path: ReadonlyArray<string | number | symbol>): string {
  let pointer = '';
  for (const token of path)
    pointer += '/' + escapePointerToken(typeof token === 'symbol' ? String(token) : token);
  return pointer;
}
