import { ProblemError } from '@dus/core';

/** The ProblemError a call throws (fails the test when it throws nothing or something else). */
export function problemFrom(run: () => unknown): ProblemError {
  try {
    run();
  } catch (error) {
    if (error instanceof ProblemError) return error;
    throw error;
  }
  throw new Error('expected a ProblemError');
}
