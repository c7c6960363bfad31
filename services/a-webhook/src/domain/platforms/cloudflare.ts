import { secretsEqual } from '@dus/core';
import { failedCheck } from '../check.js';
import type { PlatformCheck, PlatformDescriptor, VerifyRequest } from '../types.js';

const META = {
  verifiedWith: 'secret',
  scheme: 'cf-webhook-auth',
  algorithm: 'static-token',
  encoding: 'text',
} as const;

/** `cf-webhook-auth` holds the configured token itself; nothing is signed. */
function verify(request: VerifyRequest): PlatformCheck {
  if (request.signature === '') return failedCheck(META, 'malformed_signature', 'cf-webhook-auth is empty');
  let secretIndex: number | null = null;
  // Every secret is compared (no early exit), and secretsEqual hashes both sides so lengths do not leak.
  request.secrets.forEach((secret, index) => {
    if (secretsEqual(request.signature, secret) && secretIndex === null) secretIndex = index;
  });
  return {
    ...META,
    signaturesFound: 1,
    match: secretIndex === null ? null : { signatureIndex: 0, secretIndex },
    failure: null,
    ignored: [],
    timestamp: null,
    hints: [],
  };
}

export const cloudflare: PlatformDescriptor = {
  name: 'cloudflare',
  kind: 'edge network',
  scheme: META.scheme,
  algorithm: META.algorithm,
  encoding: 'text',
  signature_header: 'cf-webhook-auth',
  timestamp_header: null,
  required_fields: ['secret', 'payload', 'signature'],
  optional_fields: [],
  default_tolerance_s: null,
  rejects_future_timestamps: false,
  signature_prefixes: [],
  payload_json_style: null,
  verify,
};
