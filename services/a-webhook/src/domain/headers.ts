import type { ProblemFieldError } from '@dus/core';
import { invalidFields } from './errors.js';
import { MAX_HEADER_NAME_CHARS, MAX_HEADERS, MAX_SIGNATURE_CHARS } from './limits.js';
import type { PlatformDescriptor, VerifyField, VerifyInput } from './types.js';

/** An RFC 9110 token (§5.6.2): what a field name (§5.1) and a method (§9.1) must be. */
export const HTTP_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** The error path `/headers/<name>` (a JSON Pointer, RFC 6901), the name cut at MAX_HEADER_NAME_CHARS. */
function pointer(name: string): string {
  const shown = name.slice(0, MAX_HEADER_NAME_CHARS);
  return `/headers/${shown.replaceAll('~', '~0').replaceAll('/', '~1')}`;
}

/**
 * The `headers` input as a map from lower-cased name to value. Repeated headers (an array, or names that
 * differ only in case) are joined with ", " as HTTP does. Bounded: at most MAX_HEADERS names, names of at
 * most MAX_HEADER_NAME_CHARS, values of at most MAX_SIGNATURE_CHARS; otherwise 400 naming `/headers/<name>`.
 */
export function parseHeaders(value: unknown): Map<string, string> | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidFields([
      { path: '/headers', code: 'invalid_type', message: 'must be an object of header names to values' },
    ]);
  }
  const names = Object.keys(value);
  if (names.length > MAX_HEADERS) {
    throw invalidFields([
      { path: '/headers', code: 'too_many', message: `must hold at most ${MAX_HEADERS} headers` },
    ]);
  }
  const errors: ProblemFieldError[] = [];
  const headers = new Map<string, string>();
  // Error paths are built only for the names that fail, not for every header of a valid request.
  for (const name of names) {
    if (name.length > MAX_HEADER_NAME_CHARS) {
      errors.push({
        path: pointer(name),
        code: 'too_long',
        message: `header names must be at most ${MAX_HEADER_NAME_CHARS} characters`,
      });
      continue;
    }
    if (!HTTP_TOKEN.test(name)) {
      errors.push({
        path: pointer(name),
        code: 'invalid_header_name',
        message: 'must be an HTTP header name (a token)',
      });
      continue;
    }
    const raw: unknown = (value as Record<string, unknown>)[name];
    const text =
      typeof raw === 'string'
        ? raw
        : Array.isArray(raw) && raw.length <= MAX_HEADERS && raw.every((part) => typeof part === 'string')
          ? raw.join(', ')
          : undefined;
    if (text === undefined) {
      errors.push({
        path: pointer(name),
        code: 'invalid_type',
        message: `must be a string or an array of at most ${MAX_HEADERS} strings`,
      });
      continue;
    }
    const key = name.toLowerCase();
    const earlier = headers.get(key);
    const joined = earlier === undefined ? text : `${earlier}, ${text}`;
    if (joined.length > MAX_SIGNATURE_CHARS) {
      const message = `must be at most ${MAX_SIGNATURE_CHARS} characters`;
      errors.push({ path: pointer(name), code: 'too_long', message });
      continue;
    }
    headers.set(key, joined);
  }
  if (errors.length > 0) throw invalidFields(errors);
  return headers;
}

/** Which header carries each field the platform needs (see PlatformDescriptor); request names win for generic. */
export function headerNames(
  descriptor: PlatformDescriptor,
  input: VerifyInput,
): Partial<Record<VerifyField, string>> {
  const takesTimestamp =
    descriptor.required_fields.includes('timestamp') || descriptor.optional_fields.includes('timestamp');
  const names: Partial<Record<VerifyField, string>> = {};
  const signature = stringOr(input.signature_header, descriptor.signature_header);
  if (signature !== null) names.signature = signature;
  const timestamp = stringOr(input.timestamp_header, descriptor.timestamp_header);
  if (timestamp !== null && takesTimestamp) names.timestamp = timestamp;
  return Object.assign(names, descriptor.header_fields);
}

function stringOr(value: unknown, fallback: string | null): string | null {
  return typeof value === 'string' ? value : fallback;
}

/**
 * The input with every field the platform needs filled from `headers` where the caller did not give it
 * (explicit fields win). Without `headers`, the input itself.
 */
export function applyHeaders(input: VerifyInput, descriptor: PlatformDescriptor): VerifyInput {
  const headers = parseHeaders(input.headers);
  if (headers === null) return input;
  // A copy member by member into a prototype-less object: keyed additions to a spread copy take V8's slow
  // path (~4 µs), and Object.assign would turn a JSON member named "__proto__" into the copy's prototype.
  const filled: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(input)) filled[key] = (input as unknown as Record<string, unknown>)[key];
  const names = headerNames(descriptor, input);
  for (const field in names) {
    const value = headers.get((names[field as VerifyField] as string).toLowerCase());
    if (value !== undefined && (filled[field] === undefined || filled[field] === null)) filled[field] = value;
  }
  return filled as unknown as VerifyInput;
}
