import type { z } from 'zod';
import { type ProblemFieldError, toJsonPointer } from '../errors.js';

type Path = ReadonlyArray<string | number>;

/** Maps zod issues to problem `errors[]` entries with JSON Pointer paths. */
export function zodIssuesToFieldErrors(error: z.ZodError, pathPrefix: Path = []): ProblemFieldError[] {
  const errors: ProblemFieldError[] = [];
  for (const issue of error.issues) {
    const path = [...pathPrefix, ...(issue.path as Path)];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        errors.push({
          path: toJsonPointer([...path, key]),
          code: 'unrecognized_key',
          message: 'is not a known field',
        });
      }
      continue;
    }
    const custom =
      issue.code === 'custom' ? (issue.params as { code?: unknown } | undefined)?.code : undefined;
    errors.push({
      path: toJsonPointer(path),
      code: typeof custom === 'string' ? custom : issue.code,
      message: issue.message.replace(
        /^Invalid input: expected (\S+), received undefined$/,
        'is required (expected $1)',
      ),
    });
  }
  return errors;
}
