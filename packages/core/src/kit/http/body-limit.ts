import { ProblemError } from '../../errors.js';

/** 413 for a body over `limit` (the rest of an unread body is drained within bounds: `lingerAfterRefusal`). */
export function payloadTooLarge(limit: number): ProblemError {
  return new ProblemError({
    status: 413,
    code: 'payload_too_large',
    detail: `The request body exceeds the limit of ${limit} bytes for this route.`,
    extensions: { limit_bytes: limit },
  });
}

/** Checks a declared Content-Length against the limit before any byte is read. */
export function checkDeclaredLength(declared: string | undefined, limit: number): void {
  if (declared === undefined) return;
  if (!/^\d{1,16}$/.test(declared)) {
    throw new ProblemError({
      status: 400,
      code: 'invalid_request',
      detail: 'Content-Length must be a decimal number.',
    });
  }
  if (Number(declared) > limit) throw payloadTooLarge(limit);
}
