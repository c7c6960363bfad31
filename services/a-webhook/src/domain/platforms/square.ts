import type { PlatformCheck, PlatformDescriptor, VerifyRequest } from '../types.js';
import { hmacSigning } from './hmac-signing.js';
import { verifySingleHmac } from './single-hmac.js';

const META = {
  verifiedWith: 'secret',
  scheme: 'square-hmac',
  algorithm: 'HMAC-SHA256',
  encoding: 'base64',
} as const;

/** Square's signed bytes: the notification URL, then the body. */
const signed = (request: VerifyRequest) => [request.url ?? '', request.body];

/**
 * `x-square-hmacsha256-signature: <base64>`, HMAC-SHA256 (key: the subscription's signature key) of the
 * notification URL exactly as configured, followed by the body.
 */
function verify(request: VerifyRequest): PlatformCheck {
  return verifySingleHmac({
    meta: META,
    hash: 'sha-256',
    encoding: 'base64',
    secrets: request.secrets,
    signature: request.signature,
    data: signed(request),
    malformedMessage: 'x-square-hmacsha256-signature must be the base64 of 32 bytes',
  });
}

export const square: PlatformDescriptor = {
  name: 'square',
  kind: 'payments and point of sale',
  scheme: META.scheme,
  algorithm: META.algorithm,
  encoding: 'base64',
  signature_header: 'x-square-hmacsha256-signature',
  timestamp_header: null,
  required_fields: ['secret', 'payload', 'signature', 'url'],
  optional_fields: [],
  default_tolerance_s: null,
  rejects_future_timestamps: false,
  signature_prefixes: [],
  payload_json_style: 'compact',
  verify,
  signing: hmacSigning({ scheme: META.scheme, hash: 'sha-256', encoding: 'base64', signed }),
};
