import { ProblemError, type ProblemFieldError, validationFailed } from '@dus/core';

/** Every 422 code the d-barcode domain can throw (for the OpenAPI document and tests). */
export const DOMAIN_ERROR_CODES = [
  'invalid_check_digit',
  'invalid_upce',
  'invalid_gs1_data',
  'png_too_large',
  'data_too_long',
  'invalid_digital_link',
] as const;

export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

/** The `code` of each 400 field error the domain reports. */
export const FIELD_ERROR_CODES = {
  character: 'invalid_character',
  length: 'invalid_length',
  type: 'invalid_value',
  option: 'invalid_option',
} as const;

/** 422 with `errors[0].path` `/data` (the member every domain refusal is about) and extra members. */
export function domainError(
  code: DomainErrorCode,
  detail: string,
  extensions?: Record<string, unknown>,
  path = '/data',
): ProblemError {
  return new ProblemError({
    status: 422,
    code,
    detail,
    errors: [{ path, code, message: detail }],
    ...(extensions ? { extensions } : {}),
  });
}

export function fieldError(
  field: string,
  code: (typeof FIELD_ERROR_CODES)[keyof typeof FIELD_ERROR_CODES],
  message: string,
): ProblemFieldError {
  return { path: `/${field}`, code, message };
}

/** The error for a `field` outside its enumeration. */
export function notOneOf(field: string, allowed: readonly string[]): ProblemFieldError {
  return fieldError(field, FIELD_ERROR_CODES.type, `must be one of ${allowed.join(', ')}`);
}

/** 400 `validation_failed` for one field. */
export function rejectField(error: ProblemFieldError): never {
  throw validationFailed([error]);
}

/** 400 `validation_failed` from the field errors found, or nothing when there are none. */
export function throwIfAny(errors: readonly ProblemFieldError[]): void {
  if (errors.length > 0) throw validationFailed([...errors]);
}

/**
 * `"é" (U+00E9)`: the character as itself when it is printable, else as a `\u` escape, so a message
 * never carries a control character or a lone surrogate.
 */
export function describeCharacter(character: string): string {
  const codePoint = character.codePointAt(0)!;
  const hex = codePoint.toString(16).toUpperCase().padStart(4, '0');
  const printable = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u.test(character);
  const shown = printable ? character : `\\u{${hex}}`;
  return `"${shown}" (U+${hex})`;
}

/** The character starting at UTF-16 index `index`, whole if it is a surrogate pair. */
export function characterAt(text: string, index: number): string {
  return String.fromCodePoint(text.codePointAt(index)!);
}
