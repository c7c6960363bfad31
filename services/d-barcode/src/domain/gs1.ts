import type { ProblemFieldError } from '@dus/core';
import { characterAt, describeCharacter, FIELD_ERROR_CODES, fieldError } from './errors.js';

/**
 * GS1 mod-10 check digit (GS1 General Specifications, check digit calculation): weights 3, 1, 3, 1, …
 * from the rightmost data digit; check = (10 − sum mod 10) mod 10. `digits` holds ASCII digits only
 * (callers check).
 */
export function gs1CheckDigit(digits: string): number {
  let sum = 0;
  let weight = 3;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += (digits.charCodeAt(i) - 48) * weight;
    weight = 4 - weight;
  }
  return (10 - (sum % 10)) % 10;
}

/** 0-based index of the first character that is not an ASCII digit, or -1. */
export function firstNonDigit(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return i;
  }
  return -1;
}

/** The `/data` error for the first non-digit, or null when `data` is all ASCII digits. */
export function nonDigitError(data: string): ProblemFieldError | null {
  const index = firstNonDigit(data);
  if (index < 0) return null;
  // Everything before `index` is ASCII, so the UTF-16 index is also the code-point position.
  return fieldError(
    'data',
    FIELD_ERROR_CODES.character,
    `character ${describeCharacter(characterAt(data, index))} at position ${index} is not a digit 0-9`,
  );
}
