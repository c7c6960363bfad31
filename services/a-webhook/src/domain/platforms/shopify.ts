import type { PlatformCheck, PlatformDescriptor, VerifyRequest } from '../types.js';
import { verifySingleHmac } from './single-hmac.js';

const META = {
  verifiedWith: 'secret',
  scheme: 'shopify-hmac',
  algorithm: 'HMAC-SHA256',
  encoding: 'base64',
} as const;

/** `X-Shopify-Hmac-Sha256: <base64>` of the raw body, keyed with the app's client secret. */
function verify(request: VerifyRequest): PlatformCheck {
  return verifySingleHmac({
    meta: META,
    hash: 'sha-256',
    encoding: 'base64',
    secrets: request.secrets,
    signature: request.signature,
    data: request.payload,
    malformedMessage: 'X-Shopify-Hmac-Sha256 must be the base64 of 32 bytes',
  });
}

export const shopify: PlatformDescriptor = {
  name: 'shopify',
  kind: 'e-commerce',
  scheme: META.scheme,
  algorithm: META.algorithm,
  encoding: 'base64',
  signature_header: 'X-Shopify-Hmac-Sha256',
  timestamp_header: null,
  required_fields: ['secret', 'payload', 'signature'],
  optional_fields: [],
  default_tolerance_s: null,
  rejects_future_timestamps: false,
  signature_prefixes: [],
  payload_json_style: 'compact',
  verify,
};
