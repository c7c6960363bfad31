import type { ProblemFieldError } from '@dus/core';
import { domainError, FIELD_ERROR_CODES, fieldError } from './errors.js';
import { gs1CheckDigit, nonDigitError } from './gs1.js';
import { CHECK_DIGIT_TYPES, type Gs1BarcodeType } from './symbologies.js';

/** EAN-13 or UPC-A data completed with its check digit. */
export interface Gs1Data {
  /** All digits, the check digit last. */
  encoded: string;
  /** The check digit as a one-character string. */
  checkDigit: string;
}

/**
 * The `/data` error for EAN-13 / UPC-A data, or null: ASCII digits only (first offender named), then the
 * length: one short of the full length (check digit computed) or the full length (check digit verified).
 * Never zero-padded.
 */
export function gs1DataError(type: Gs1BarcodeType, data: string): ProblemFieldError | null {
  const characterError = nonDigitError(data);
  if (characterError) return characterError;
  const { name, length } = CHECK_DIGIT_TYPES[type];
  if (data.length === length || data.length === length - 1) return null;
  return fieldError(
    'data',
    FIELD_ERROR_CODES.length,
    `${name} data must be ${length - 1} digits (check digit computed) or ${length} digits ` +
      `(check digit verified), got ${data.length}`,
  );
}

/**
 * Data that passed `gs1DataError`, completed with its check digit; a wrong given check digit is a 422
 * `invalid_check_digit` ("check digit is 0, expected 1").
 */
export function completeGs1Data(type: Gs1BarcodeType, data: string): Gs1Data {
  const { length } = CHECK_DIGIT_TYPES[type];
  const payload = data.slice(0, length - 1);
  const expected = String(gs1CheckDigit(payload));
  if (data.length === length) {
    const given = data[length - 1]!;
    if (given !== expected) {
      throw domainError('invalid_check_digit', `check digit is ${given}, expected ${expected}`);
    }
  }
  return { encoded: payload + expected, checkDigit: expected };
}
