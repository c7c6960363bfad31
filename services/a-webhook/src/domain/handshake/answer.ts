import { secretsEqual } from '@dus/core';
import { missingFields } from '../errors.js';
import { headerNames } from '../headers.js';
import { hmacText } from '../hmac-check.js';
import { parseEd25519HexKey } from '../keys.js';
import { PLATFORMS_BY_NAME } from '../platforms/index.js';
import { FAILURE_REASONS, type VerifyInput } from '../types.js';
import { verifyWebhook } from '../verify.js';
import type { Check, HandshakeFlow, HandshakeRequest, Recognised } from './flows.js';
import { type HandshakeInput, type ParsedHandshake, parseHandshake } from './input.js';

/**
 * POST /handshake: the answer a provider's endpoint check expects, computed only with the caller's own
 * secret (as /sign). A request that is not the platform's check says so; a check that fails gives the
 * refusal to send, holding no secret, token or expected value.
 */

export const HANDSHAKE_REASONS = [
  'not_a_handshake',
  'missing_signature',
  'verify_token_mismatch',
  ...FAILURE_REASONS,
] as const;
export type HandshakeReason = (typeof HANDSHAKE_REASONS)[number];

/** What to send back: status, content type, headers and the exact body text. */
export interface HandshakeResponse {
  status: number;
  content_type: string;
  headers: Record<string, string>;
  body: string;
}

export interface HandshakeResult {
  platform: string;
  flow: string;
  handshake: boolean;
  /** true: checked and right; false: checked and wrong; null: nothing checked. */
  verified: boolean | null;
  reason: HandshakeReason | null;
  message: string;
  response: HandshakeResponse | null;
}

export interface HandshakeOptions {
  /** The clock in unix seconds (the request's `now` wins); defaults to the system clock. */
  nowS?: number;
}

export const JSON_TYPE = 'application/json';
export const TEXT_TYPE = 'text/plain; charset=utf-8';
/** A text body echoes the sender's text: never let a browser sniff it into HTML. */
const TEXT_HEADERS = { 'X-Content-Type-Options': 'nosniff' } as const;
const STATUS_TEXT: Record<401 | 403, string> = { 401: 'Unauthorized', 403: 'Forbidden' };

/** The outcome of a flow's check: verified, or why not (with the secret that matched, for Zoom). */
type Verdict =
  | { verified: true | null; secretIndex: number; message: string }
  | { verified: false; reason: HandshakeReason; message: string; status: 401 | 403 };

function jsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The members /verify needs for the flow's platform, taken from the handshake request as given. */
function verifyInput(input: HandshakeInput, platform: string): VerifyInput {
  const fields: VerifyInput = { platform, headers: input.headers ?? {} };
  // A recognised signed flow has a JSON body: one of the two is given.
  if (input.payload_base64 === undefined) fields.payload = input.payload;
  else fields.payload_base64 = input.payload_base64;
  for (const name of ['secret', 'public_key', 'tolerance', 'now'] as const) {
    if (input[name] !== undefined) (fields as unknown as Record<string, unknown>)[name] = input[name];
  }
  return fields;
}

/** The headers the platform's signature check reads that the request lacks. */
function absentHeaders(platform: keyof typeof PLATFORMS_BY_NAME, headers: ReadonlyMap<string, string>) {
  const descriptor = PLATFORMS_BY_NAME[platform];
  const names = headerNames(descriptor, { platform });
  return descriptor.required_fields
    .map((field) => names[field])
    .filter((header): header is string => header !== undefined && !headers.has(header.toLowerCase()));
}

function checkSignature(
  check: Extract<Check, { kind: 'signature' }>,
  parsed: ParsedHandshake,
  input: HandshakeInput,
  options: HandshakeOptions,
): Verdict {
  const given =
    check.key === 'secret' ? parsed.request.secrets.length > 0 : parsed.request.public_key !== null;
  if (!given && check.required) throw missingFields([check.key], parsed.flow.platform, null);
  if (!given) {
    return { verified: null, secretIndex: 0, message: 'no secret given, so the signature was not checked' };
  }
  if (check.key === 'public_key') parseEd25519HexKey(parsed.request.public_key as string);
  const absent = absentHeaders(check.platform, parsed.headers);
  if (absent.length > 0) {
    return {
      verified: false,
      status: check.rejected,
      reason: 'missing_signature',
      message: `the signature check needs the header${absent.length > 1 ? 's' : ''} ${absent.join(', ')}`,
    };
  }
  const result = verifyWebhook(verifyInput(input, check.platform), options);
  if (result.reason !== null) {
    return { verified: false, status: check.rejected, reason: result.reason, message: result.message };
  }
  return { verified: true, secretIndex: result.matched_secret_index ?? 0, message: result.message };
}

function checkVerifyToken(check: Extract<Check, { kind: 'verify_token' }>, parsed: ParsedHandshake): Verdict {
  const secrets = parsed.request.secrets;
  if (secrets.length === 0) throw missingFields(['secret'], parsed.flow.platform, null);
  const token = parsed.query.get('hub.verify_token') ?? '';
  // Every secret is compared (no early exit); secretsEqual hashes both sides so lengths do not leak.
  const matched = secrets.map((secret) => secretsEqual(token, secret)).indexOf(true);
  if (matched < 0) {
    const message = 'hub.verify_token is not the verify token (secret)';
    return { verified: false, status: check.rejected, reason: 'verify_token_mismatch', message };
  }
  return { verified: true, secretIndex: matched, message: 'hub.verify_token matches' };
}

function runCheck(parsed: ParsedHandshake, input: HandshakeInput, options: HandshakeOptions): Verdict {
  const { check } = parsed.flow;
  if (check.kind === 'none') return { verified: null, secretIndex: 0, message: 'nothing is signed' };
  if (check.kind === 'verify_token') return checkVerifyToken(check, parsed);
  return checkSignature(check, parsed, input, options);
}

function response(flow: HandshakeFlow, found: Recognised, secret: string | undefined): HandshakeResponse {
  if (flow.answer === 'zoom_token') {
    const encryptedToken = hmacText('sha-256', secret as string, found.value, 'hex');
    const body = JSON.stringify({ plainToken: found.value, encryptedToken });
    return { status: 200, content_type: JSON_TYPE, headers: {}, body };
  }
  if (flow.answer === 'discord_pong') {
    return { status: 200, content_type: JSON_TYPE, headers: {}, body: JSON.stringify({ type: 1 }) };
  }
  return { status: 200, content_type: TEXT_TYPE, headers: { ...TEXT_HEADERS }, body: found.value };
}

function notAHandshake(parsed: ParsedHandshake): HandshakeResult {
  const { flow, method } = parsed;
  const name = `${flow.platform} ${flow.flow}`;
  const message =
    method !== flow.method
      ? `not a ${name} request: that is a ${flow.method}, this one a ${method}`
      : `not a ${name} request, which is ${flow.shape}; verify a delivery with verify_webhook`;
  return {
    platform: flow.platform,
    flow: flow.flow,
    handshake: false,
    verified: null,
    reason: 'not_a_handshake',
    message,
    response: null,
  };
}

/** Answers one handshake request. Bad input throws a `ProblemError` (400); everything else is a result. */
export function answerHandshake(input: HandshakeInput, options: HandshakeOptions = {}): HandshakeResult {
  const parsed = parseHandshake(input);
  const { flow } = parsed;
  const request: HandshakeRequest = {
    method: parsed.method,
    query: parsed.query,
    headers: parsed.headers,
    json: jsonObject(parsed.request.payload),
  };
  const found = parsed.method === flow.method ? flow.recognise(request) : null;
  if (found === null) return notAHandshake(parsed);
  const verdict = runCheck(parsed, input, options);
  const base = { platform: flow.platform, flow: flow.flow, handshake: true };
  if (verdict.verified === false) {
    const { status } = verdict;
    return {
      ...base,
      verified: false,
      reason: verdict.reason,
      message: `${verdict.message}; refuse it with ${status}`,
      response: { status, content_type: TEXT_TYPE, headers: { ...TEXT_HEADERS }, body: STATUS_TEXT[status] },
    };
  }
  return {
    ...base,
    verified: verdict.verified,
    reason: null,
    message: `${verdict.message}; send the response as given`,
    response: response(flow, found, parsed.request.secrets[verdict.secretIndex]),
  };
}
