import { type HashAlgorithm, splitSchemePrefix } from '@dus/core';
import { describeIgnoredKeys, failedCheck, isBareHex } from '../check.js';
import { digestShape, HMAC_LABELS } from '../hmac-check.js';
import type { PlatformCheck, PlatformDescriptor, VerifyRequest } from '../types.js';
import { hmacSigning } from './hmac-signing.js';
import { verifySingleHmac } from './single-hmac.js';

const HASHES: Record<string, HashAlgorithm> = { sha256: 'sha-256', sha1: 'sha-1' };

/** `X-Hub-Signature-256: sha256=<hex>`, or the legacy `X-Hub-Signature: sha1=<hex>`. */
function verify(request: VerifyRequest): PlatformCheck {
  const { scheme, value } = splitSchemePrefix(request.signature);
  const hash = scheme === null ? undefined : HASHES[scheme.toLowerCase()];
  const meta = {
    verifiedWith: 'secret' as const,
    scheme: hash === 'sha-1' ? 'github-sha1' : 'github-sha256',
    algorithm: HMAC_LABELS[hash ?? 'sha-256'],
    encoding: 'hex',
  };
  if (scheme === null) {
    const message = 'X-Hub-Signature-256 must be sha256=<64 hex digits> (or sha1=<40 hex digits>)';
    return failedCheck(meta, 'malformed_signature', message, {
      hints: isBareHex(value) ? ['signature_missing_prefix'] : [],
    });
  }
  if (hash === undefined) {
    const message = 'only sha256= (X-Hub-Signature-256) and sha1= (X-Hub-Signature) signatures are supported';
    return failedCheck(meta, 'no_supported_signature', message, { ignored: describeIgnoredKeys([scheme]) });
  }
  return verifySingleHmac({
    meta,
    hash,
    encoding: 'hex',
    secrets: request.secrets,
    signature: value,
    data: request.body,
    malformedMessage: `a ${scheme}= signature must be ${digestShape(hash, 'hex')}`,
  });
}

export const github: PlatformDescriptor = {
  name: 'github',
  kind: 'code hosting',
  scheme: 'github-sha256',
  algorithm: 'HMAC-SHA256',
  encoding: 'hex',
  signature_header: 'X-Hub-Signature-256',
  timestamp_header: null,
  required_fields: ['secret', 'payload', 'signature'],
  optional_fields: [],
  default_tolerance_s: null,
  rejects_future_timestamps: false,
  signature_prefixes: ['sha256=', 'sha1='],
  payload_json_style: 'compact',
  // X-Hub-Signature alone is also Intercom's header: github only beside X-Hub-Signature-256 or X-GitHub-Event.
  detection: {
    headers: ['X-Hub-Signature-256', 'X-Hub-Signature'],
    overrules: [
      { platforms: ['intercom'], when: ['X-Hub-Signature-256', 'X-GitHub-Event'] },
      // X-Hub-Signature-256 is also Meta's header: github only beside a header GitHub always sends.
      { platforms: ['meta'], when: ['X-GitHub-*'] },
    ],
  },
  verify,
  // Signed as X-Hub-Signature-256 (the legacy sha1= header is only verified).
  signing: hmacSigning({
    scheme: 'github-sha256',
    hash: 'sha-256',
    encoding: 'hex',
    prefix: 'sha256=',
    signed: (request) => request.body,
  }),
};
