import { ProblemError, type ProblemFieldError } from '@dus/core';
import { invalidFields, missingFields } from './errors.js';
import { checkPayloadSize } from './limits.js';
import { PLATFORMS, PLATFORMS_BY_NAME } from './platforms/index.js';
import type {
  PlatformDescriptor,
  PlatformName,
  TimestampForm,
  VerifyField,
  VerifyInput,
  VerifyRequest,
} from './types.js';
import { templateFields } from './signed-content.js';
import { missingOf, parsePlatform, parseRequest } from './validate.js';

/**
 * POST /sign: the headers a platform would send with a delivery, signed with the caller's own secret, as
 * fixtures for the caller's receiver tests. The bytes, algorithm and encoding are those `verifyWebhook`
 * checks (each platform's `signing` shares its signed-bytes function with its `verify`). The answer never
 * contains the secret; it reveals nothing about any secret the caller did not supply.
 */

/** The members of a /sign request (any other member is a 400). */
export const SIGN_MEMBERS = [
  'platform',
  'secret',
  'payload',
  'payload_base64',
  'timestamp',
  'webhook_id',
  'url',
  'method',
  'content_type',
  'algo',
  'encoding',
  'signed_content',
  'mode',
  'signature_header',
  'timestamp_header',
] as const;
export type SignMember = (typeof SIGN_MEMBERS)[number];
export type SignInput = Partial<Pick<VerifyInput, Exclude<SignMember, 'platform'>>> & { platform: string };

export interface SignResult {
  platform: PlatformName;
  scheme: string;
  /** The signature header's value. */
  signature: string;
  /** Header name → value, spelled as GET /platforms lists them. */
  headers: Record<string, string>;
  /** The timestamp signed, as sent in its header (null: the platform signs none). */
  timestamp: string | null;
  webhook_id: string | null;
}

export interface SignOptions {
  /** The clock in unix seconds, for the default timestamp; defaults to the system clock. */
  nowS?: number;
}

/** Standard Webhooks' message id: 1–256 characters, no `.` (the signed content is `id.timestamp.body`). */
export const MAX_WEBHOOK_ID_CHARS = 256;
/** A given timestamp is signed as given: a short token that fits any header (and Stripe's `t=…,v1=…`). */
const TIMESTAMP_TOKEN = /^[0-9A-Za-z:.+-]{1,64}$/;

/** The platforms /sign serves, in GET /platforms order (paypal only with `mode: "hmac"`). */
export const SIGNABLE_PLATFORMS: readonly PlatformName[] = PLATFORMS.filter((p) => p.signing).map(
  (p) => p.name,
);

function notSignable(descriptor: PlatformDescriptor): ProblemError {
  const why =
    descriptor.name === 'paypal'
      ? 'paypal is signed with PayPal\'s private RSA key; only its HMAC fallback (mode: "hmac") can be signed'
      : `${descriptor.name} is checked with ${descriptor.algorithm}, not an HMAC of a secret you hold`;
  const message = `${why}. Signable: ${SIGNABLE_PLATFORMS.join(', ')}`;
  return new ProblemError({
    status: 422,
    code: 'not_signable',
    title: 'Platform not signable',
    detail: `platform: ${message}`,
    errors: [{ path: '/platform', code: 'not_signable', message }],
    extensions: { valid: false },
  });
}

function rejectOtherMembers(input: Record<string, unknown>): void {
  const errors: ProblemFieldError[] = [];
  for (const name of Object.keys(input)) {
    if (!(SIGN_MEMBERS as readonly string[]).includes(name)) {
      errors.push({ path: `/${name}`, code: 'not_allowed', message: 'is not a member of a sign request' });
    }
  }
  if (errors.length > 0) throw invalidFields(errors);
}

/** The secrets: required; a list only where the platform sends one signature per secret. */
function checkSecrets(input: SignInput, request: VerifyRequest, descriptor: PlatformDescriptor): void {
  if (request.secrets.length === 0) throw missingFields(['secret'], descriptor.name, null);
  if (Array.isArray(input.secret) && !descriptor.signing?.manySecrets) {
    throw invalidFields([
      {
        path: '/secret',
        code: 'invalid_type',
        message: `must be one secret (a string) for ${descriptor.name}`,
      },
    ]);
  }
}

/** Standard Webhooks' message id (required before, so present here). */
function checkWebhookId(request: VerifyRequest, descriptor: PlatformDescriptor): void {
  if (descriptor.header_fields?.webhook_id === undefined) return;
  const id = request.webhook_id ?? '';
  if (id.length < 1 || id.length > MAX_WEBHOOK_ID_CHARS || id.includes('.')) {
    throw invalidFields([
      {
        path: '/webhook_id',
        code: 'invalid_value',
        message: `must be 1 to ${MAX_WEBHOOK_ID_CHARS} characters without a "."`,
      },
    ]);
  }
}

/** The members the signed bytes need besides the secret and a timestamp (which defaults to now). */
function requireSigningFields(
  input: SignInput,
  request: VerifyRequest,
  descriptor: PlatformDescriptor,
): void {
  const platformFields = descriptor.requiredFieldsFor?.(request) ?? descriptor.required_fields;
  const templateNeeds = request.signed_content === null ? [] : templateFields(request.signed_content);
  // generic's own required members and its template's never overlap: no duplicate names.
  const fields = [...platformFields, ...templateNeeds].filter((field) => !UNSIGNED.includes(field));
  const missing = missingOf(input as VerifyInput, request, fields);
  if (missing.length > 0) throw missingFields(missing, descriptor.name, null);
}

/** Members /verify needs that /sign produces or checks itself. */
const UNSIGNED: readonly VerifyField[] = ['signature', 'timestamp', 'secret'];

/** Now, in the form the platform signs. */
export function formatNow(form: TimestampForm, nowS: number): string {
  if (form === 'unix_ms') return String(Math.floor(nowS * 1000));
  if (form === 'iso') return `${new Date(nowS * 1000).toISOString().slice(0, 19)}Z`;
  return String(Math.floor(nowS));
}

function checkTimestamp(timestamp: string | null): void {
  if (timestamp !== null && !TIMESTAMP_TOKEN.test(timestamp)) {
    throw invalidFields([
      {
        path: '/timestamp',
        code: 'invalid_value',
        message: 'must be 1 to 64 letters, digits or ":.+-" (it is signed and sent as given)',
      },
    ]);
  }
}

/** The headers a delivery carries: the signature, a separate timestamp header, the message id. */
function headersFor(
  descriptor: PlatformDescriptor,
  request: VerifyRequest,
  input: SignInput,
  signature: string,
  timestamp: string | null,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const signatureHeader = input.signature_header ?? descriptor.signature_header;
  if (signatureHeader) headers[signatureHeader] = signature;
  const timestampHeader = input.timestamp_header ?? descriptor.timestamp_header;
  if (timestamp !== null && timestampHeader && timestampHeader !== signatureHeader) {
    headers[timestampHeader] = timestamp;
  }
  const idHeader = descriptor.header_fields?.webhook_id;
  if (idHeader !== undefined && request.webhook_id !== null) headers[idHeader] = request.webhook_id;
  return headers;
}

/** Signs one delivery with the caller's secret(s). Bad input throws a `ProblemError` (400, 413, 422). */
export function signWebhook(input: SignInput, options: SignOptions = {}): SignResult {
  rejectOtherMembers(input as unknown as Record<string, unknown>);
  const platform = parsePlatform(input as VerifyInput);
  const descriptor = PLATFORMS_BY_NAME[platform];
  const request = parseRequest(input as VerifyInput, platform);
  const signing = descriptor.signing;
  if (signing === undefined || signing.signable?.(request) === false) throw notSignable(descriptor);
  checkSecrets(input, request, descriptor);
  requireSigningFields(input, request, descriptor);
  checkWebhookId(request, descriptor);
  checkTimestamp(request.timestamp);
  checkPayloadSize(platform, request.body);
  const form = signing.timestamp(request);
  if (form !== null && request.timestamp === null) {
    request.timestamp = formatNow(form, options.nowS ?? Date.now() / 1000);
  }
  const { scheme, signature } = signing.sign(request);
  const timestamp = request.timestamp;
  return {
    platform,
    scheme,
    signature,
    headers: headersFor(descriptor, request, input, signature, timestamp),
    timestamp,
    webhook_id: request.webhook_id,
  };
}
