import { ProblemError } from '@dus/core';

/** Every 422 code the e-pace domain can throw (for the OpenAPI document and tests). */
export const DOMAIN_ERROR_CODES = [
  'vdot_out_of_range',
  'riegel_exponent_out_of_range',
  'exponent_out_of_range',
  'distance_done_out_of_range',
  'negative_percent_out_of_range',
  'split_too_long',
  'too_many_splits',
  'fit_degenerate',
  'condition_out_of_range',
  'age_out_of_range',
  'distance_out_of_range',
  'time_out_of_range',
] as const;

export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

/** A 422 problem; with `path` (a JSON Pointer) it names the field in `errors[0]` as well. */
export function domainError(code: DomainErrorCode, detail: string, path?: string): ProblemError {
  return new ProblemError({
    status: 422,
    code,
    detail,
    ...(path === undefined ? {} : { errors: [{ path, code, message: detail }] }),
  });
}
