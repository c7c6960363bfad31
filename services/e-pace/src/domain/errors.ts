import { type ProblemError, unprocessable } from '@dus/core';

/** Every 422 code the e-pace domain can throw (for the OpenAPI document and tests). */
export const DOMAIN_ERROR_CODES = [
  'vdot_out_of_range',
  'riegel_exponent_out_of_range',
  'exponent_out_of_range',
  'distance_done_out_of_range',
  'negative_percent_out_of_range',
  'split_too_long',
  'too_many_splits',
] as const;

export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

export function domainError(code: DomainErrorCode, detail: string): ProblemError {
  return unprocessable(code, detail);
}
