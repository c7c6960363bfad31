import { isProblemError, type ProblemError } from '@dus/core';
import { expect } from 'vitest';

function caught(run: () => unknown): ProblemError {
  try {
    run();
  } catch (error) {
    expect(isProblemError(error)).toBe(true);
    if (isProblemError(error)) return error;
    throw error;
  }
  throw new Error('expected a ProblemError, nothing was thrown');
}

/** Asserts a 400 `validation_failed` and returns its field errors. */
export function expectValidationFailed(
  run: () => unknown,
): { path: string; code: string; message: string }[] {
  const error = caught(run);
  expect(error.status).toBe(400);
  expect(error.code).toBe('validation_failed');
  expect(error.errors?.length).toBeGreaterThan(0);
  return error.errors!;
}

/** Asserts a 422 with `code` and returns its detail. */
export function expectUnprocessable(run: () => unknown, code: string): string {
  const error = caught(run);
  expect(error.status).toBe(422);
  expect(error.code).toBe(code);
  return error.detail;
}
