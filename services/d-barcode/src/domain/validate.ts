import { CODE128_MAX_LENGTH, CODE128_MIN_LENGTH, firstNonAscii } from './code128/data.js';
import { isProblemError } from '@dus/core';
import { DL_RULES } from './digital-link/rules.js';
import { FIELD_ERROR_CODES, notOneOf, rejectField } from './errors.js';
import { firstNonDigit, gs1CheckDigit } from './gs1.js';
import { checkElementString, type ElementField, GS1_128_MAX_LENGTH, GS1_128_MIN_LENGTH } from './gs1-128.js';
import { drawMatrix, matrixDataError } from './matrix-symbol.js';
import { withDefaults } from './options.js';
import {
  BARCODE_TYPE_NAMES,
  type BarcodeType,
  CHECK_DIGIT_TYPES,
  isBarcodeType,
  isMatrixType,
  type MatrixType,
} from './symbologies.js';
import { expandUpce } from './upce.js';

/** Why data is not valid, the first that fails (GS1-128: its refusal rules). */
export const VALIDATION_REASONS = [
  'character',
  'length',
  'check_digit',
  'number_system',
  'syntax',
  'unknown_ai',
  'charset',
  'date',
  ...DL_RULES.slice(0, 4),
] as const;
export type ValidationReason = (typeof VALIDATION_REASONS)[number];

/** The `/validate` answer (every key always present). */
export interface ValidationResult {
  valid: boolean;
  type: BarcodeType;
  data: string;
  reason: ValidationReason | null;
  /** The given check digit; null unless digit data of the full length (UPC-E: number system 0 or 1). */
  check_digit: string | null;
  /** The correct check digit; null in the same cases as `check_digit`. */
  expected_check_digit: string | null;
  /** UPC-E: the UPC-A it expands to, with its correct check digit; else null. */
  upca: string | null;
  /** GS1-128: the fields of a valid element string; else null. */
  ais: ElementField[] | null;
  /** GS1-128: the AI a refusal is about; else null. */
  ai: string | null;
}

function answer(type: BarcodeType, data: string, reason: ValidationReason | null): ValidationResult {
  return {
    valid: reason === null,
    type,
    data,
    reason,
    check_digit: null,
    expected_check_digit: null,
    upca: null,
    ais: null,
    ai: null,
  };
}

function validateGs1128(data: string): ValidationResult {
  if (data.length < GS1_128_MIN_LENGTH || data.length > GS1_128_MAX_LENGTH) {
    return answer('gs1-128', data, 'length');
  }
  const checked = checkElementString(data);
  if (Array.isArray(checked)) return { ...answer('gs1-128', data, null), ais: checked };
  return { ...answer('gs1-128', data, checked.rule), ai: checked.ai };
}

/**
 * A 2D type's data: the reason is the refusal's `rule` (`length` for data over the default symbol's
 * capacity, QR Code at level M or the largest square Data Matrix), `character` for a lone surrogate,
 * `syntax` for a Digital Link that is not an http(s) URI with a host.
 */
function validateMatrix(type: MatrixType, data: string): ValidationResult {
  const error = matrixDataError(type, data);
  if (error) {
    const reason =
      error.code === FIELD_ERROR_CODES.character
        ? 'character'
        : error.code === FIELD_ERROR_CODES.length
          ? 'length'
          : 'syntax';
    return answer(type, data, reason);
  }
  try {
    return { ...answer(type, data, null), ais: drawMatrix(type, data, withDefaults({}, type)).ais };
  } catch (problem) {
    if (!isProblemError(problem) || problem.status !== 422) throw problem;
    const { rule = 'length', ai = null } = (problem.extensions ?? {}) as {
      rule?: ValidationReason;
      ai?: string | null;
    };
    return { ...answer(type, data, rule), ai };
  }
}

/**
 * Whether `data` (with its check digit, for the digit types) is a valid barcode of `type`. Any string is an
 * answer, never an error; only a type outside the barcode types is a 400.
 */
export function validateBarcode(type: string, data: string): ValidationResult {
  if (!isBarcodeType(type)) rejectField(notOneOf('type', BARCODE_TYPE_NAMES));
  if (type === 'gs1-128') return validateGs1128(data);
  if (isMatrixType(type)) return validateMatrix(type, data);
  if (type === 'code128') {
    if (firstNonAscii(data) >= 0) return answer(type, data, 'character');
    return answer(
      type,
      data,
      data.length >= CODE128_MIN_LENGTH && data.length <= CODE128_MAX_LENGTH ? null : 'length',
    );
  }
  if (firstNonDigit(data) >= 0) return answer(type, data, 'character');
  if (data.length !== CHECK_DIGIT_TYPES[type].length) return answer(type, data, 'length');
  let upca: string | null = null;
  let payload = data.slice(0, -1);
  if (type === 'upce') {
    if (data[0] !== '0' && data[0] !== '1') return answer(type, data, 'number_system');
    payload = expandUpce(data);
  }
  const given = data[data.length - 1]!;
  const expected = String(gs1CheckDigit(payload));
  if (type === 'upce') upca = payload + expected;
  return {
    ...answer(type, data, given === expected ? null : 'check_digit'),
    check_digit: given,
    expected_check_digit: expected,
    upca,
  };
}
