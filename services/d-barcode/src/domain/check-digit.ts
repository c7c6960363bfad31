import { FIELD_ERROR_CODES, fieldError, notOneOf, rejectField } from './errors.js';
import { gs1CheckDigit, nonDigitError } from './gs1.js';
import {
  CHECK_DIGIT_TYPE_NAMES,
  CHECK_DIGIT_TYPES,
  type CheckDigitType,
  isCheckDigitType,
} from './symbologies.js';
import { expandUpce } from './upce.js';

export const CHECK_DIGIT_MODES = ['compute', 'validate'] as const;
export type CheckDigitMode = (typeof CHECK_DIGIT_MODES)[number];

export interface CheckDigitInput {
  type: CheckDigitType;
  data: string;
  /** `compute` (data without its check digit) or `validate` (with); by default chosen by the length. */
  mode?: CheckDigitMode;
}

/** The `/check-digit` answer. */
export interface CheckDigitResult {
  type: CheckDigitType;
  data: string;
  /** Always the correct check digit. */
  check_digit: string;
  /** The payload with the correct check digit. */
  full: string;
  /** Validate mode: whether the given digit is the correct one; null in compute mode. */
  valid: boolean | null;
  /** UPC-E: the UPC-A it expands to, with the correct check digit; else null. */
  upca: string | null;
}

function modeFor(
  type: CheckDigitType,
  data: string,
  mode: CheckDigitMode | undefined,
): CheckDigitMode | null {
  const { length } = CHECK_DIGIT_TYPES[type];
  if (mode === undefined) {
    if (data.length === length - 1) return 'compute';
    return data.length === length ? 'validate' : null;
  }
  return data.length === (mode === 'compute' ? length - 1 : length) ? mode : null;
}

function lengthMessage(type: CheckDigitType, mode: CheckDigitMode | undefined, got: number): string {
  const { name, length } = CHECK_DIGIT_TYPES[type];
  if (mode === 'compute') return `${name} data must be ${length - 1} digits in compute mode, got ${got}`;
  if (mode === 'validate') return `${name} data must be ${length} digits in validate mode, got ${got}`;
  return (
    `${name} data must be ${length - 1} digits (compute) or ${length} digits (validate, with its check ` +
    `digit), got ${got}`
  );
}

/**
 * GS1 check digit of `data` (compute mode), or whether its last digit is right (validate mode); UPC-E's is
 * its UPC-A's. Bad input is a 400 naming the field: a type outside the GS1 keys (code128 has no check digit),
 * a non-digit, a length that fits neither the mode nor the type, a UPC-E number system other than 0 or 1.
 * Never a 422.
 */
export function checkDigit(input: CheckDigitInput): CheckDigitResult {
  const { type, data, mode } = input;
  if (!isCheckDigitType(type)) {
    rejectField(notOneOf('type', CHECK_DIGIT_TYPE_NAMES));
  }
  if (mode !== undefined && !CHECK_DIGIT_MODES.includes(mode)) {
    rejectField(notOneOf('mode', CHECK_DIGIT_MODES));
  }
  const characterError = nonDigitError(data);
  if (characterError) rejectField(characterError);
  const resolved = modeFor(type, data, mode);
  if (resolved === null) {
    rejectField(fieldError('data', FIELD_ERROR_CODES.length, lengthMessage(type, mode, data.length)));
  }
  const payload = resolved === 'compute' ? data : data.slice(0, -1);
  let upca: string | null = null;
  let digits = payload;
  if (type === 'upce') {
    if (data[0] !== '0' && data[0] !== '1') {
      rejectField(fieldError('data', FIELD_ERROR_CODES.type, 'UPC-E number system must be 0 or 1'));
    }
    digits = expandUpce(payload);
  }
  const digit = String(gs1CheckDigit(digits));
  if (type === 'upce') upca = digits + digit;
  return {
    type,
    data,
    check_digit: digit,
    full: payload + digit,
    valid: resolved === 'compute' ? null : data[data.length - 1] === digit,
    upca,
  };
}
