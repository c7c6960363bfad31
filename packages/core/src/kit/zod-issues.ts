import type { z } from 'zod';
import {
  MAX_FIELD_ERRORS,
  type ProblemFieldError,
  type ProblemError,
  toJsonPointer,
  validationFailed,
} from '../errors.js';

type Path = ReadonlyArray<string | number>;
/** A ZodError, or the finalized issues zod's Standard Schema `validate` answers. */
type Issues = { readonly issues: readonly z.core.$ZodIssue[] };

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
  error: Issues,
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

/** 400 `validation_failed` for a zod error (or its issues), `errors[]` capped at MAX_FIELD_ERRORS. */
export function zodValidationFailed(error: Issues, pathPrefix: Path = []): ProblemError {
  const { errors, total } = zodIssuesToFieldErrors(error, pathPrefix, MAX_FIELD_ERRORS);
  return validationFailed(errors, undefined, total);
}

/**
 * The value `schema` makes of `raw`, or the 400 `validation_failed` naming every offending path.
 *
 * Through the schema's Standard Schema `validate`, not `safeParse`: zod's failed `safeParse` answers an
 * object literal with a getter and a setter closing over the parse, and V8 gives each such object a
 * hidden class of its own, kept in the old generation, whose accessors keep the whole failed parse
 * (issues, context, input) alive through every scavenge until a full collection. Under a flood of
 * invalid requests (E `POST /vdot` missing `time`) that promoted 2.5 MB and paused 8–10 ms per
 * scavenge. `validate` returns the same finalized issues in a plain object.
 */
export function validated<T extends z.ZodType>(schema: T, raw: unknown): z.output<T> {
  const result = schema['~standard'].validate(raw);
  // Every schema of ours is synchronous; an asynchronous one is a programming error (safeParse threw too).
  if (result instanceof Promise) throw new Error('an asynchronous schema cannot validate a call');
  if (result.issues !== undefined) {
    // zod's validate finalizes its own issues: these are $ZodIssues (code, path, message, params).
    throw zodValidationFailed({ issues: result.issues as readonly z.core.$ZodIssue[] });
  }
  return result.value;
}
