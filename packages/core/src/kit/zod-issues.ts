import type { z } from 'zod';
import {
  MAX_FIELD_ERRORS,
  type ProblemFieldError,
  type ProblemError,
  toJsonPointer,
  validationFailed,
} from '../errors.js';

type Path = ReadonlyArray<string | number>;

function fieldError(issue: z.core.$ZodIssue, path: Path): ProblemFieldError {
  const custom = issue.code === 'custom' ? (issue.params as { code?: unknown } | undefined)?.code : undefined;
  return {
    path: toJsonPointer(path),
    code: typeof custom === 'string' ? custom : issue.code,
    message: issue.message.replace(
      /^Invalid input: expected (\S+), received undefined$/,
      'is required (expected $1)',
    ),
  };
}

/**
 * Maps zod issues to problem `errors[]` entries with JSON Pointer paths: at most `max` of them, with
 * the total count (one unknown-keys issue can name a million members).
 */
export function zodIssuesToFieldErrors(
  error: z.ZodError,
  pathPrefix: Path = [],
  max = Number.POSITIVE_INFINITY,
): { errors: ProblemFieldError[]; total: number } {
  const errors: ProblemFieldError[] = [];
  let total = 0;
  for (const issue of error.issues) {
    const path = [...pathPrefix, ...(issue.path as Path)];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        if (errors.length < max) {
          errors.push({
            path: toJsonPointer([...path, key]),
            code: 'unrecognized_key',
            message: 'is not a known field',
          });
        }
      }
      total += issue.keys.length;
      continue;
    }
    if (errors.length < max) errors.push(fieldError(issue, path));
    total++;
  }
  return { errors, total };
}

/** 400 `validation_failed` for a zod error, `errors[]` capped at MAX_FIELD_ERRORS. */
export function zodValidationFailed(error: z.ZodError, pathPrefix: Path = []): ProblemError {
  const { errors, total } = zodIssuesToFieldErrors(error, pathPrefix, MAX_FIELD_ERRORS);
  return validationFailed(errors, undefined, total);
}
