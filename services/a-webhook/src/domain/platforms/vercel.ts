import type { PlatformCheck, PlatformDescriptor, VerifyRequest } from '../types.js';
import { verifySingleHmac } from './single-hmac.js';

const META = {
  verifiedWith: 'secret',
  scheme: 'vercel-sha1',
  algorithm: 'HMAC-SHA1',
  encoding: 'hex',
} as const;

/** `x-vercel-signature: <hex>`, HMAC-SHA1 of the body. */
function verify(request: VerifyRequest): PlatformCheck {
  return verifySingleHmac({
    meta: META,
    hash: 'sha-1',
    encoding: 'hex',
    secrets: request.secrets,
    signature: request.signature,
    data: request.payload,
    malformedMessage: 'x-vercel-signature must be 40 hex digits',
  });
}

export const vercel: PlatformDescriptor = {
  name: 'vercel',
  kind: 'frontend hosting',
  scheme: META.scheme,
  algorithm: META.algorithm,
  encoding: 'hex',
  signature_header: 'x-vercel-signature',
  timestamp_header: null,
  required_fields: ['secret', 'payload', 'signature'],
  optional_fields: [],
  default_tolerance_s: null,
  rejects_future_timestamps: false,
  signature_prefixes: [],
  payload_json_style: 'compact',
  verify,
};
