import { splitSchemePrefix } from '@dus/core';
import { describeIgnoredKeys, failedCheck, isBareHex } from '../check.js';
import type { PlatformCheck, PlatformDescriptor, VerifyRequest } from '../types.js';
import { hmacSigning } from './hmac-signing.js';
import { verifySingleHmac } from './single-hmac.js';

const META = {
  verifiedWith: 'secret',
  scheme: 'notion-sha256',
  algorithm: 'HMAC-SHA256',
  encoding: 'hex',
} as const;

/** `X-Notion-Signature: sha256=<hex>` of the body, keyed with the subscription's verification token. */
function verify(request: VerifyRequest): PlatformCheck {
  const { scheme, value } = splitSchemePrefix(request.signature);
  if (scheme === null) {
    return failedCheck(META, 'malformed_signature', 'X-Notion-Signature must be sha256=<64 hex digits>', {
      hints: isBareHex(value) ? ['signature_missing_prefix'] : [],
    });
  }
  if (scheme.toLowerCase() !== 'sha256') {
    const message = 'X-Notion-Signature has no sha256 signature';
    return failedCheck(META, 'no_supported_signature', message, { ignored: describeIgnoredKeys([scheme]) });
  }
  return verifySingleHmac({
    meta: META,
    hash: 'sha-256',
    encoding: 'hex',
    secrets: request.secrets,
    signature: value,
    data: request.body,
    malformedMessage: 'a sha256= signature must be 64 hex digits',
  });
}

export const notion: PlatformDescriptor = {
  name: 'notion',
  kind: 'notes workspace',
  scheme: META.scheme,
  algorithm: META.algorithm,
  encoding: 'hex',
  signature_header: 'X-Notion-Signature',
  timestamp_header: null,
  required_fields: ['secret', 'payload', 'signature'],
  optional_fields: [],
  default_tolerance_s: null,
  rejects_future_timestamps: false,
  signature_prefixes: ['sha256='],
  payload_json_style: 'compact',
  verify,
  signing: hmacSigning({
    scheme: META.scheme,
    hash: 'sha-256',
    encoding: 'hex',
    prefix: 'sha256=',
    signed: (request) => request.body,
  }),
};
