import { parseUnixTimestamp } from '@dus/core';
import type { PlatformCheck, PlatformDescriptor, VerifyRequest } from '../types.js';
import { withSignedMilliseconds } from './epoch-milliseconds.js';
import { hmacSigning } from './hmac-signing.js';
import { verifySingleHmac } from './single-hmac.js';

const META = {
  verifiedWith: 'secret',
  scheme: 'hubspot-v3',
  algorithm: 'HMAC-SHA256',
  encoding: 'base64',
} as const;

/** The percent-encodings HubSpot's v3 instructions decode in the URI before signing (any hex case). */
const DECODED_IN_URI = /%(3A|2F|3F|40|21|24|27|28|29|2A|2C|3B)/gi;

/** The request URI as HubSpot signs it: those twelve characters decoded, nothing else touched. */
export function hubspotSignedUri(url: string): string {
  return url.replace(DECODED_IN_URI, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** HubSpot v3's signed bytes: method + URI + body + timestamp (milliseconds). */
const signed = (request: VerifyRequest) => [
  request.method,
  hubspotSignedUri(request.url ?? ''),
  request.body,
  request.timestamp ?? '',
];

/**
 * `X-HubSpot-Signature-v3: <base64>`, HMAC-SHA256 (key: the app's client secret) of method + URI + body +
 * `X-HubSpot-Request-Timestamp` (milliseconds), the URI with a few percent-encodings decoded.
 */
function verify(request: VerifyRequest): PlatformCheck {
  const timestamp = request.timestamp ?? '';
  const check = verifySingleHmac({
    meta: META,
    hash: 'sha-256',
    encoding: 'base64',
    secrets: request.secrets,
    signature: request.signature,
    data: signed(request),
    malformedMessage: 'X-HubSpot-Signature-v3 must be the base64 of 32 bytes',
  });
  return withSignedMilliseconds(
    check,
    timestamp,
    parseUnixTimestamp,
    'signature matches, but the timestamp is not an integer unix time in milliseconds',
  );
}

export const hubspot: PlatformDescriptor = {
  name: 'hubspot',
  kind: 'CRM',
  scheme: META.scheme,
  algorithm: META.algorithm,
  encoding: 'base64',
  signature_header: 'X-HubSpot-Signature-v3',
  timestamp_header: 'X-HubSpot-Request-Timestamp',
  required_fields: ['secret', 'payload', 'signature', 'timestamp', 'url'],
  optional_fields: ['method', 'tolerance', 'now'],
  default_tolerance_s: 300,
  rejects_future_timestamps: false,
  signature_prefixes: [],
  payload_json_style: 'compact',
  verify,
  signing: hmacSigning({
    scheme: META.scheme,
    hash: 'sha-256',
    encoding: 'base64',
    signed,
    timestamp: 'unix_ms',
  }),
};
