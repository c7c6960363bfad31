import { isProblemError } from '@dus/core';
import { expect } from 'vitest';

/** Asserts that `run` throws a 422 ProblemError with `code`, and returns its detail. */
export function expectUnprocessable(run: () => unknown, code: string): string {
  try {
    run();
  } catch (error) {
    expect(isProblemError(error)).toBe(true);
    if (!isProblemError(error)) throw error;
    expect(error.status).toBe(422);
    expect(error.code).toBe(code);
    return error.detail;
  }
  throw new Error(`expected a ${code} problem, nothing was thrown`);
}

/** `H:MM:SS` / `M:SS` / `SS.t` → seconds, for writing the spec's worked examples as they are printed. */
export function hms(text: string): number {
  return text.split(':').reduce((total, field) => total * 60 + Number(field), 0);
}

export const HALF = 21097.5;
export const MARATHON = 42195;
export const MILE = 1609.344;
