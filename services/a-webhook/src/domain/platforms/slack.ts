import { splitSchemePrefix } from '@dus/core';
import { describeIgnoredKeys, failedCheck, isBareHex } from '../check.js';
import type { PlatformCheck, PlatformDescriptor, VerifyRequest } from '../types.js';
import { hmacSigning } from './hmac-signing.js';
import { verifySingleHmac } from './single-hmac.js';

const META = {
  verifiedWith: 'secret',
  scheme: 'slack-v0',
  algorithm: 'HMAC-SHA256',
  encoding: 'hex',
} as const;

/** Slack's signed bytes: `v0:<X-Slack-Request-Timestamp>:<body>`. */
const signed = (request: VerifyRequest) => ['v0:', request.timestamp ?? '', ':', request.body];

/** `X-Slack-Signature: v0=<hex>` over `v0:<X-Slack-Request-Timestamp>:<body>`. */
function verify(request: VerifyRequest): PlatformCheck {
  const timestamp = request.timestamp ?? '';
  const { scheme, value } = splitSchemePrefix(request.signature);
  if (scheme === null) {
    return failedCheck(META, 'malformed_signature', 'X-Slack-Signature must be v0=<64 hex digits>', {
      hints: isBareHex(value) ? ['signature_missing_prefix'] : [],
    });
  }
  if (scheme !== 'v0') {
    const message = 'X-Slack-Signature has no v0 signature; only version v0 is defined';
    return failedCheck(META, 'no_supported_signature', message, { ignored: describeIgnoredKeys([scheme]) });
  }
  const check = verifySingleHmac({
    meta: META,
    hash: 'sha-256',
    encoding: 'hex',
    secrets: request.secrets,
    signature: value,
    data: signed(request),
    malformedMessage: 'a v0= signature must be 64 hex digits',
  });
  return { ...check, timestamp: { value: timestamp, allowMilliseconds: false } };
}

export const slack: PlatformDescriptor = {
  name: 'slack',
  kind: 'team chat',
  scheme: META.scheme,
  algorithm: META.algorithm,
  encoding: 'hex',
  signature_header: 'X-Slack-Signature',
  timestamp_header: 'X-Slack-Request-Timestamp',
  required_fields: ['secret', 'payload', 'signature', 'timestamp'],
  optional_fields: ['tolerance', 'now'],
  default_tolerance_s: 300,
  rejects_future_timestamps: false,
  signature_prefixes: ['v0='],
  payload_json_style: 'compact',
  verify,
  signing: hmacSigning({
    scheme: META.scheme,
    hash: 'sha-256',
    encoding: 'hex',
    prefix: 'v0=',
    signed,
    timestamp: 'unix_s',
  }),
};
