import { ProblemError, type ProblemFieldError } from '@dus/core';
import { PLATFORM_NAMES, type VerifyField } from './types.js';

/**
 * The 4xx problems of POST /verify. Every one carries `valid: false`, so a client that only reads
 * `valid` fails closed. None of them repeats a secret or a signature.
 */

/** `platform` null: the field is required whatever the platform (i.e. `platform` itself). */
export function missingFields(
  fields: readonly (VerifyField | 'platform')[],
  platform: string | null,
  note: string | null,
  headers: Partial<Record<VerifyField, string>> = {},
): ProblemError {
  const label = (field: VerifyField | 'platform') => {
    const header = field === 'platform' ? undefined : headers[field];
    const or = field === 'payload' ? ' (or payload_base64)' : '';
    return header === undefined ? `${field}${or}` : `${field} (header ${header})`;
  };
  const names = fields.map(label).join(', ');
  const where = platform === null ? '' : ` for platform ${platform}`;
  const errors: ProblemFieldError[] = fields.map((field) => ({
    path: `/${field}`,
    code: 'missing_field',
    message: `${label(field)} is required${where}`,
  }));
  const noun = fields.length === 1 ? 'field' : 'fields';
  return new ProblemError({
    status: 400,
    code: 'missing_field',
    title: 'Missing required field',
    detail: `missing required ${noun}${where}: ${names}` + (note ? `. ${note}` : ''),
    errors,
    extensions: { valid: false },
  });
}

export function unknownPlatform(): ProblemError {
  const list = PLATFORM_NAMES.join(', ');
  return new ProblemError({
    status: 400,
    code: 'unknown_platform',
    title: 'Unknown platform',
    detail: `platform must be one of: ${list}`,
    errors: [{ path: '/platform', code: 'unknown_platform', message: `must be one of: ${list}` }],
    extensions: { valid: false, platforms: [...PLATFORM_NAMES] },
  });
}

export function invalidPublicKey(field: 'public_key' | 'cert', message: string): ProblemError {
  return new ProblemError({
    status: 400,
    code: 'invalid_public_key',
    title: 'Invalid public key',
    detail: `${field}: ${message}`,
    errors: [{ path: `/${field}`, code: 'invalid_public_key', message }],
    extensions: { valid: false },
  });
}

/** 400 `validation_failed` for one or more fields; messages describe what was expected, never the value. */
export function invalidFields(errors: ProblemFieldError[]): ProblemError {
  const first = errors[0];
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return new ProblemError({
    status: 400,
    code: 'validation_failed',
    detail: first ? `${first.path}: ${first.message}${more}` : 'the request does not match the schema',
    errors,
    extensions: { valid: false },
  });
}

export function invalidField(field: string, code: string, message: string): ProblemError {
  return invalidFields([{ path: `/${field}`, code, message }]);
}
