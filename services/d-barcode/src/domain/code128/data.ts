import type { ProblemFieldError } from '@dus/core';
import { characterAt, describeCharacter, FIELD_ERROR_CODES, fieldError } from '../errors.js';

export const CODE128_MIN_LENGTH = 1;
export const CODE128_MAX_LENGTH = 80;

/** 0-based index of the first character outside ASCII 0–127, or -1. */
export function firstNonAscii(data: string): number {
  for (let i = 0; i < data.length; i++) if (data.charCodeAt(i) > 127) return i;
  return -1;
}

/**
 * The `/data` error for Code 128 data, or null: the first character outside ASCII 0–127 with its 0-based
 * code-point position (`character "é" (U+00E9) at position 3 is not ASCII`), then the length 1–80.
 */
export function code128DataError(data: string): ProblemFieldError | null {
  const index = firstNonAscii(data);
  if (index >= 0) {
    // Everything before `index` is ASCII, so the UTF-16 index is also the code-point position.
    return fieldError(
      'data',
      FIELD_ERROR_CODES.character,
      `character ${describeCharacter(characterAt(data, index))} at position ${index} is not ASCII`,
    );
  }
  if (data.length >= CODE128_MIN_LENGTH && data.length <= CODE128_MAX_LENGTH) return null;
  return fieldError(
    'data',
    FIELD_ERROR_CODES.length,
    `Code 128 data must be ${CODE128_MIN_LENGTH} to ${CODE128_MAX_LENGTH} characters, got ${data.length}`,
  );
}

/** Human-readable interpretation: the data without its control characters (U+0000–U+001F, U+007F). */
export function code128HumanReadable(data: string): string {
  return data.replace(/[\u0000-\u001f\u007f]/g, '');
}
