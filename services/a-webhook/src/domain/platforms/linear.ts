import { normalizeUnixSeconds, parseUnixTimestamp } from '@dus/core';
import type { Hint, PlatformCheck, PlatformDescriptor, VerifyRequest } from '../types.js';
import { hmacSigning } from './hmac-signing.js';
import { verifySingleHmac } from './single-hmac.js';

const META = {
  verifiedWith: 'secret',
  scheme: 'linear-hmac',
  algorithm: 'HMAC-SHA256',
  encoding: 'hex',
} as const;

/** `webhookTimestamp` (milliseconds) from a JSON object payload; the signed copy of the delivery time. */
function payloadTimestamp(payload: string): string | number | null {
  if (!payload.trimStart().startsWith('{')) return null;
  try {
    const parsed: unknown = JSON.parse(payload);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const value = (parsed as Record<string, unknown>).webhookTimestamp;
    return typeof value === 'number' || typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

function sameInstant(a: string | number, b: string | number): boolean {
  const x = parseUnixTimestamp(a);
  const y = parseUnixTimestamp(b);
  return x !== undefined && y !== undefined && normalizeUnixSeconds(x) === normalizeUnixSeconds(y);
}

/** `Linear-Signature: <hex>` of the body; the time is `timestamp` or else the payload's `webhookTimestamp`. */
function verify(request: VerifyRequest): PlatformCheck {
  const check = verifySingleHmac({
    meta: META,
    hash: 'sha-256',
    encoding: 'hex',
    secrets: request.secrets,
    signature: request.signature,
    data: request.body,
    malformedMessage: 'Linear-Signature must be 64 hex digits',
  });
  const signed = payloadTimestamp(request.payload);
  const value = request.timestamp ?? signed;
  const hints: Hint[] = [];
  if (value === null) hints.push('no_timestamp_checked');
  if (request.timestamp !== null && signed !== null && !sameInstant(request.timestamp, signed)) {
    hints.push('timestamp_differs_from_payload');
  }
  return { ...check, timestamp: value === null ? null : { value, allowMilliseconds: true }, hints };
}

export const linear: PlatformDescriptor = {
  name: 'linear',
  kind: 'issue tracker',
  scheme: META.scheme,
  algorithm: META.algorithm,
  encoding: 'hex',
  signature_header: 'Linear-Signature',
  timestamp_header: 'Linear-Timestamp',
  required_fields: ['secret', 'payload', 'signature'],
  optional_fields: ['timestamp', 'tolerance', 'now'],
  default_tolerance_s: 60,
  rejects_future_timestamps: true,
  signature_prefixes: [],
  payload_json_style: 'compact',
  verify,
  // Linear signs the body alone; its timestamp travels inside the payload (webhookTimestamp).
  signing: hmacSigning({
    scheme: META.scheme,
    hash: 'sha-256',
    encoding: 'hex',
    signed: (request) => request.body,
  }),
};
