/**
 * The OpenAPI examples of the generic problems, made by the very functions that make the server's
 * problems, so a documented example carries the title, members and wording the server sends.
 */
import { z } from 'zod';
import { isProblemError, ProblemError } from '../errors.js';
import { DEFAULT_MAX_JSON_DEPTH } from '../json/limits.js';
import { parseStrictJson } from '../json/parse.js';
import { parseJsonBody } from './body.js';
import { problemFor } from './http/client-error.js';
import { invalidKey } from './limits/api-keys.js';
import { rateLimited } from './limits/limiter.js';
import type { DocumentedError } from './operation.js';
import { DEFAULT_CALL_TIMEOUT_MS, DEFAULT_MAX_BODY_BYTES, DEFAULT_WORKER_HEAP_MB } from './config.js';
import {
  deadlineExceeded,
  internalError,
  overloaded,
  payloadTooLarge,
  problemObject,
  tooExpensive,
  unsupportedMediaType,
} from './problems.js';
import { zodValidationFailed } from './zod-issues.js';

const EXAMPLE_REQUEST_ID = 'b7e5c1f0-3f7a-4c1e-9a55-1c1f2b3c4d5e';

function thrown(action: () => unknown): ProblemError {
  try {
    action();
  } catch (error) {
    if (isProblemError(error)) return error;
    throw error;
  }
  throw new Error('expected a problem');
}

const GENERIC: Record<string, (route: ExampleRoute) => ProblemError> = {
  invalid_json: () =>
    thrown(() =>
      parseJsonBody(new TextEncoder().encode('{"amount":'), {
        strict: false,
        maxDepth: DEFAULT_MAX_JSON_DEPTH,
      }),
    ),
  validation_failed: () => {
    const result = z.object({ amount: z.number({ error: 'must be a number' }) }).safeParse({ amount: '12' });
    return zodValidationFailed(result.error!);
  },
  payload_too_large: (route) => payloadTooLarge(route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES),
  unsupported_media_type: (route) => unsupportedMediaType('text/plain', route.mediaTypes),
  invalid_api_key: () => invalidKey(),
  rate_limited: () => rateLimited('free', { quota: 200, windowSeconds: 60 }, 1),
  headers_too_large: () => problemFor({ code: 'HPE_HEADER_OVERFLOW' }),
  internal_error: () => internalError(),
  overloaded: () => overloaded(4, 2),
  deadline_exceeded: (route) => deadlineExceeded(route.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS),
  too_expensive: () => tooExpensive(DEFAULT_WORKER_HEAP_MB),
  duplicate_key: () => thrown(() => parseStrictJson('{"amount":1,"amount":2}')),
  invalid_unicode: () => thrown(() => parseStrictJson('{"note":"\\ud800"}')),
  number_out_of_range: () => thrown(() => parseStrictJson('{"amount":1e400}')),
};

export interface ExampleRoute {
  maxBodyBytes?: number | undefined;
  /** The operation's own deadline, if lower than `CALL_TIMEOUT_MS`. */
  timeoutMs?: number | undefined;
  /** The request media types the route accepts. */
  mediaTypes: readonly string[];
  /** Members the service adds to every problem. */
  extensions?: Readonly<Record<string, unknown>> | undefined;
}

/** The problem body the server sends for `error` on this route (a domain error shows its description). */
export function problemExample(error: DocumentedError, route: ExampleRoute): Record<string, unknown> {
  const generic = GENERIC[error.code];
  const problem = generic
    ? generic(route)
    : new ProblemError({ status: error.status, code: error.code, detail: error.description });
  return problemObject(problem, EXAMPLE_REQUEST_ID, route.extensions);
}
