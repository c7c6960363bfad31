import type { ProblemFieldError } from '@dus/core';
import { domainError, FIELD_ERROR_CODES, fieldError } from './errors.js';
import { gs1CheckDigit, nonDigitError } from './gs1.js';
import { CHECK_DIGIT_TYPES, type Gs1BarcodeType } from './symbologies.js';
import { checkNumberSystem, compressUpca, expandUpce } from './upce.js';

/** Fixed-length GS1 data completed with its check digit. */
export interface Gs1Data {
  /** All digits, the check digit last (UPC-E: the 8 digits). */
  encoded: string;
  /** The check digit as a one-character string. */
  checkDigit: string;
  /** UPC-E only: the UPC-A it expands to (12 digits); else null. */
  upca: string | null;
}

/** The lengths accepted per type: without the check digit, with it, and UPC-E's UPC-A form. */
function lengthsOf(type: Gs1BarcodeType): number[] {
  const { length } = CHECK_DIGIT_TYPES[type];
  return type === 'upce' ? [7, 8, 12] : [length - 1, length];
}

/**
 * The `/data` error for fixed-length digit data, or null: ASCII digits only (first offender named), then the
 * length: one short of the full length (check digit computed) or the full length (check digit verified);
 * UPC-E also takes a 12-digit UPC-A. Never zero-padded.
 */
export function gs1DataError(type: Gs1BarcodeType, data: string): ProblemFieldError | null {
  const characterError = nonDigitError(data);
  if (characterError) return characterError;
  const { name, length } = CHECK_DIGIT_TYPES[type];
  if (lengthsOf(type).includes(data.length)) return null;
  return fieldError(
    'data',
    FIELD_ERROR_CODES.length,
    `${name} data must be ${length - 1} digits (check digit computed) or ${length} digits ` +
      `(check digit verified)${type === 'upce' ? ' or a 12-digit UPC-A' : ''}, got ${data.length}`,
  );
}

/** 422 `invalid_check_digit` unless the last digit of `digits` is `expected`. */
export function verifyCheckDigit(digits: string, expected: string): void {
  const given = digits[digits.length - 1]!;
  if (given !== expected) {
    throw domainError('invalid_check_digit', `check digit is ${given}, expected ${expected}`);
  }
}

/** UPC-E data (7, 8 or 12 digits) completed: the 8 UPC-E digits and its UPC-A. */
function completeUpce(data: string): Gs1Data {
  if (data.length === 12) {
    verifyCheckDigit(data, String(gs1CheckDigit(data.slice(0, 11))));
    const digits = compressUpca(data);
    return { encoded: digits + data[11], checkDigit: data[11]!, upca: data };
  }
  checkNumberSystem(data[0]!);
  const upca = expandUpce(data);
  const expected = String(gs1CheckDigit(upca));
  if (data.length === 8) verifyCheckDigit(data, expected);
  return { encoded: data.slice(0, 7) + expected, checkDigit: expected, upca: upca + expected };
}

/**
 * Data that passed `gs1DataError`, completed with its check digit; a wrong given check digit is a 422
 * `invalid_check_digit` ("check digit is 0, expected 1"), UPC-E data that cannot be one `invalid_upce`.
 */
export function completeGs1Data(type: Gs1BarcodeType, data: string): Gs1Data {
  if (type === 'upce') return completeUpce(data);
  const { length } = CHECK_DIGIT_TYPES[type];
  const payload = data.slice(0, length - 1);
  const expected = String(gs1CheckDigit(payload));
  if (data.length === length) verifyCheckDigit(data, expected);
  return { encoded: payload + expected, checkDigit: expected, upca: null };
}
