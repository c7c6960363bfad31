import type { BinaryLike, ProblemFieldError } from '@dus/core';
import { decodeBase64Body } from './base64-body.js';
import { AUTO_PLATFORM } from './types.js';
import { invalidFields, missingFields, unknownPlatform } from './errors.js';
import { HTTP_TOKEN, headerNames } from './headers.js';
import { MAX_HEADER_NAME_CHARS, MAX_METHOD_CHARS } from './limits.js';
import { parseTemplate, templateFields } from './signed-content.js';
import {
  GENERIC_ALGORITHMS,
  type GenericAlgorithm,
  PAYPAL_MODES,
  type PaypalMode,
  PLATFORM_NAMES,
  type PlatformDescriptor,
  type PlatformName,
  type SignedContentPart,
  TEXT_ENCODINGS,
  type TextEncoding,
  type VerifyField,
  type VerifyInput,
  type VerifyRequest,
} from './types.js';

export const MAX_SECRETS = 10;

const STRING_FIELDS = [
  'payload',
  'signature',
  'url',
  'content_type',
  'public_key',
  'cert',
  'transmission_id',
  'transmission_time',
  'webhook_id',
] as const;

/** Fields only the generic schemes read (any other platform rejects them rather than ignore them). */
const GENERIC_ONLY = ['signed_content', 'signature_header', 'timestamp_header'] as const;
const GENERIC_PLATFORMS: readonly PlatformName[] = ['generic', 'generic-ed25519'];

type Fields = Record<string, unknown>;

function isPlatformName(value: unknown): value is PlatformName {
  return typeof value === 'string' && (PLATFORM_NAMES as readonly string[]).includes(value);
}

/** The platform named by the input (or `auto` when allowed); 400 when it is absent or unknown. */
export function parsePlatform(input: VerifyInput): PlatformName;
export function parsePlatform(input: VerifyInput, allowAuto: true): PlatformName | typeof AUTO_PLATFORM;
export function parsePlatform(input: VerifyInput, allowAuto = false): PlatformName | typeof AUTO_PLATFORM {
  const value: unknown = (input as unknown as Fields).platform;
  if (value === undefined || value === null) throw missingFields(['platform'], null, null);
  const name = typeof value === 'string' ? value.trim().toLowerCase() : value;
  if (!isPlatformName(name)) {
    // Only a name that is no platform's is compared with `auto`: a named request does no extra work.
    if (allowAuto && name === AUTO_PLATFORM) return AUTO_PLATFORM;
    throw unknownPlatform();
  }
  return name;
}

function present(fields: Fields, name: string): boolean {
  return fields[name] !== undefined && fields[name] !== null;
}

function stringOrNull(fields: Fields, name: string, errors: ProblemFieldError[]): string | null {
  const value = fields[name];
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  errors.push({ path: `/${name}`, code: 'invalid_type', message: 'must be a string' });
  return null;
}

function parseSecrets(value: unknown, errors: ProblemFieldError[]): string[] {
  if (value === undefined || value === null) return [];
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list)) {
    errors.push({
      path: '/secret',
      code: 'invalid_type',
      message: 'must be a string or an array of strings',
    });
    return [];
  }
  if (list.length < 1 || list.length > MAX_SECRETS) {
    errors.push({
      path: '/secret',
      code: 'invalid_length',
      message: `must hold 1 to ${MAX_SECRETS} secrets`,
    });
    return [];
  }
  const secrets: string[] = [];
  list.forEach((item: unknown, index) => {
    const path = typeof value === 'string' ? '/secret' : `/secret/${index}`;
    if (typeof item !== 'string') errors.push({ path, code: 'invalid_type', message: 'must be a string' });
    else if (item === '') errors.push({ path, code: 'too_small', message: 'must not be empty' });
    else secrets.push(item);
  });
  return secrets;
}

function parseTimestamp(value: unknown, errors: ProblemFieldError[]): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  errors.push({ path: '/timestamp', code: 'invalid_type', message: 'must be a string or a number' });
  return null;
}

function isHttpUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const protocol = new URL(text).protocol;
  return protocol === 'https:' || protocol === 'http:';
}

function oneOf<T extends string>(
  fields: Fields,
  name: string,
  allowed: readonly T[],
  errors: ProblemFieldError[],
): T | null {
  const text = stringOrNull(fields, name, errors);
  if (text === null) return null;
  const normalized = text.trim().toLowerCase().replace(/-/g, '');
  const found = allowed.find((option) => option.toLowerCase().replace(/-/g, '') === normalized);
  if (found === undefined) {
    errors.push({
      path: `/${name}`,
      code: 'invalid_value',
      message: `must be one of: ${allowed.join(', ')}`,
    });
    return null;
  }
  return found;
}

function nonNegative(
  fields: Fields,
  name: string,
  integer: boolean,
  errors: ProblemFieldError[],
): number | null {
  const value = fields[name];
  if (value === undefined || value === null) return null;
  const ok = typeof value === 'number' && Number.isFinite(value) && value >= 0;
  if (ok && (!integer || Number.isSafeInteger(value))) return value;
  const expected = integer ? 'an integer ≥ 0' : 'a number ≥ 0 (unix seconds)';
  errors.push({ path: `/${name}`, code: 'invalid_value', message: `must be ${expected}` });
  return null;
}

function parseMethod(fields: Fields, errors: ProblemFieldError[]): string {
  const text = stringOrNull(fields, 'method', errors);
  if (text === null) return 'POST';
  if (text.length > MAX_METHOD_CHARS || !HTTP_TOKEN.test(text)) {
    errors.push({
      path: '/method',
      code: 'invalid_value',
      message: `must be an HTTP method token of at most ${MAX_METHOD_CHARS} characters, e.g. POST`,
    });
    return 'POST';
  }
  return text.toUpperCase();
}

/** `payload` as is, or `payload_base64` decoded: the text (for parsing and hints) and the exact bytes. */
function parseBody(
  fields: Fields,
  payload: string | null,
  errors: ProblemFieldError[],
): { payload: string; body: BinaryLike } {
  const encoded = stringOrNull(fields, 'payload_base64', errors);
  if (encoded === null) return { payload: payload ?? '', body: payload ?? '' };
  if (payload !== null) {
    errors.push({
      path: '/payload_base64',
      code: 'not_allowed',
      message: 'give exactly one of payload or payload_base64, not both',
    });
    return { payload, body: payload };
  }
  const bytes = decodeBase64Body(encoded);
  if (bytes === undefined) {
    errors.push({
      path: '/payload_base64',
      code: 'invalid_base64',
      message: 'must be base64 (standard or URL-safe alphabet, padding optional, no whitespace)',
    });
    return { payload: '', body: '' };
  }
  return { payload: bytes.toString('utf8'), body: bytes };
}

function parseGenericOnly(fields: Fields, platform: PlatformName, errors: ProblemFieldError[]) {
  if (!GENERIC_ONLY.some((name) => present(fields, name))) return null;
  const values: Record<(typeof GENERIC_ONLY)[number], string | null> = {
    signed_content: null,
    signature_header: null,
    timestamp_header: null,
  };
  for (const name of GENERIC_ONLY) {
    values[name] = stringOrNull(fields, name, errors);
    if (values[name] !== null && !GENERIC_PLATFORMS.includes(platform)) {
      errors.push({
        path: `/${name}`,
        code: 'not_allowed',
        message: `${name} is only used by platforms ${GENERIC_PLATFORMS.join(' and ')}`,
      });
      values[name] = null;
    }
  }
  for (const name of ['signature_header', 'timestamp_header'] as const) {
    const value = values[name];
    if (value !== null && (value.length > MAX_HEADER_NAME_CHARS || !HTTP_TOKEN.test(value))) {
      errors.push({ path: `/${name}`, code: 'invalid_value', message: 'must be an HTTP header name' });
    }
  }
  let template: SignedContentPart[] | null = null;
  if (values.signed_content !== null) {
    const parsed = parseTemplate(values.signed_content);
    if (Array.isArray(parsed)) template = parsed;
    else errors.push(parsed);
  }
  return template;
}

/** Checks the types and ranges of every field; 400 `validation_failed` naming every offending one. */
export function parseRequest(input: VerifyInput, platform: PlatformName): VerifyRequest {
  const fields = input as unknown as Fields;
  const errors: ProblemFieldError[] = [];
  const strings: Record<(typeof STRING_FIELDS)[number], string | null> = {
    payload: null,
    signature: null,
    url: null,
    content_type: null,
    public_key: null,
    cert: null,
    transmission_id: null,
    transmission_time: null,
    webhook_id: null,
  };
  for (const name of STRING_FIELDS) strings[name] = stringOrNull(fields, name, errors);
  if (strings.url !== null && !isHttpUrl(strings.url)) {
    errors.push({ path: '/url', code: 'invalid_url', message: 'must be an absolute http(s) URL' });
  }
  const mode: PaypalMode | null = oneOf(fields, 'mode', PAYPAL_MODES, errors);
  if (present(fields, 'mode') && platform !== 'paypal') {
    errors.push({ path: '/mode', code: 'not_allowed', message: 'mode is only used by platform paypal' });
  }
  const body = parseBody(fields, strings.payload, errors);
  // Members listed, not spread a second time: see hmacCheckResult on V8's slow path for spreads.
  const request: VerifyRequest = {
    platform,
    ...strings,
    payload: body.payload,
    body: body.body,
    signature: strings.signature ?? '',
    secrets: parseSecrets(fields.secret, errors),
    timestamp: parseTimestamp(fields.timestamp, errors),
    mode,
    algo: oneOf<GenericAlgorithm>(fields, 'algo', GENERIC_ALGORITHMS, errors),
    encoding: oneOf<TextEncoding>(fields, 'encoding', TEXT_ENCODINGS, errors),
    tolerance: nonNegative(fields, 'tolerance', true, errors),
    now: nonNegative(fields, 'now', false, errors),
    method: parseMethod(fields, errors),
    signed_content: parseGenericOnly(fields, platform, errors),
  };
  if (errors.length > 0) throw invalidFields(errors);
  return request;
}

function isMissing(fields: Fields, request: VerifyRequest, field: VerifyField): boolean {
  if (field === 'secret') return request.secrets.length === 0;
  if (field === 'payload') return !present(fields, 'payload') && !present(fields, 'payload_base64');
  return !present(fields, field);
}

/** The fields of `required` the request lacks. */
export function missingOf(
  input: VerifyInput,
  request: VerifyRequest,
  required: readonly VerifyField[],
): VerifyField[] {
  return required.filter((field) => isMissing(input as unknown as Fields, request, field));
}

/**
 * 400 `missing_field` naming every required field the platform (and generic's template) needs and the
 * request lacks; with `headers`, each field a header could have carried is named with that header.
 */
export function requireFields(
  input: VerifyInput,
  request: VerifyRequest,
  descriptor: PlatformDescriptor,
): void {
  let required = descriptor.requiredFieldsFor?.(request) ?? descriptor.required_fields;
  if (request.signed_content !== null) {
    const extra = templateFields(request.signed_content).filter((field) => !required.includes(field));
    required = [...required, ...extra];
  }
  const missing = missingOf(input, request, required);
  if (missing.length > 0) {
    const headers =
      input.headers === undefined || input.headers === null ? {} : headerNames(descriptor, input);
    throw missingFields(missing, descriptor.name, descriptor.missingFieldNote?.(request) ?? null, headers);
  }
}
