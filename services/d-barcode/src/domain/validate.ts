import { CODE128_MAX_LENGTH, CODE128_MIN_LENGTH, firstNonAscii } from './code128/data.js';
import { notOneOf, rejectField } from './errors.js';
import { firstNonDigit, gs1CheckDigit } from './gs1.js';
import { BARCODE_TYPE_NAMES, type BarcodeType, CHECK_DIGIT_TYPES, isBarcodeType } from './symbologies.js';

/** Why data is not valid, the first that fails in this order. */
export const VALIDATION_REASONS = ['character', 'length', 'check_digit'] as const;
export type ValidationReason = (typeof VALIDATION_REASONS)[number];

/** The `/validate` answer (every key always present). */
export interface ValidationResult {
  valid: boolean;
  type: BarcodeType;
  data: string;
  reason: ValidationReason | null;
  /** The given check digit; null unless EAN/UPC data is all digits of the full length. */
  check_digit: string | null;
  /** The correct check digit; null in the same cases as `check_digit`. */
  expected_check_digit: string | null;
}

function reasonFor(type: BarcodeType, data: string): ValidationReason | null {
  if (type === 'code128') {
    if (firstNonAscii(data) >= 0) return 'character';
    return data.length >= CODE128_MIN_LENGTH && data.length <= CODE128_MAX_LENGTH ? null : 'length';
  }
  if (firstNonDigit(data) >= 0) return 'character';
  return data.length === CHECK_DIGIT_TYPES[type].length ? null : 'length';
}

/**
 * Whether `data` (with its check digit, for EAN/UPC) is a valid barcode of `type`. Any string is an
 * answer, never an error; only a type outside ean13, upca, code128 is a 400.
 */
export function validateBarcode(type: string, data: string): ValidationResult {
  if (!isBarcodeType(type)) rejectField(notOneOf('type', BARCODE_TYPE_NAMES));
  const reason = reasonFor(type, data);
  if (reason !== null || type === 'code128') {
    return {
      valid: reason === null,
      type: type,
      data,
      reason,
      check_digit: null,
      expected_check_digit: null,
    };
  }
  const given = data[data.length - 1]!;
  const expected = String(gs1CheckDigit(data.slice(0, -1)));
  return {
    valid: given === expected,
    type: type,
    data,
    reason: given === expected ? null : 'check_digit',
    check_digit: given,
    expected_check_digit: expected,
  };
}
