import { parseSignatureList, unusedKeys, valuesForKey } from '@dus/core';
import { type CheckMeta, describeIgnoredKeys, failedCheck, hmacCheckResult } from '../check.js';
import { checkHmac } from '../hmac-check.js';
import type { PlatformCheck, PlatformDescriptor, VerifyRequest } from '../types.js';

const META: CheckMeta = {
  verifiedWith: 'secret',
  scheme: 'paddle-h1',
  algorithm: 'HMAC-SHA256',
  encoding: 'hex',
};

/** `Paddle-Signature: ts=<unix>;h1=<hex>[;h1=…]` over `<ts>:<body>` (several h1 during secret rotation). */
function verify(request: VerifyRequest): PlatformCheck {
  const entries = parseSignatureList(request.signature, ';');
  const times = valuesForKey(entries, 'ts');
  const signatures = valuesForKey(entries, 'h1');
  const ignored = describeIgnoredKeys(unusedKeys(entries, ['ts', 'h1']));
  const time = times[0];
  if (time === undefined || times.length > 1) {
    const message = 'Paddle-Signature must carry exactly one ts=<unix time>';
    return failedCheck(META, 'malformed_signature', message, { signaturesFound: signatures.length, ignored });
  }
  if (signatures.length === 0) {
    return ignored.length > 0
      ? failedCheck(
          META,
          'no_supported_signature',
          `Paddle-Signature has no h1 signature (found: ${ignored.join(', ')})`,
          {
            ignored,
          },
        )
      : failedCheck(META, 'malformed_signature', 'Paddle-Signature has no h1=<hex> signature');
  }
  const outcome = checkHmac({
    hash: 'sha-256',
    encoding: 'hex',
    secrets: request.secrets,
    variants: [[time, ':', request.payload]],
    signatures,
  });
  const check = hmacCheckResult(META, outcome, signatures.length, 'every h1 signature must be 64 hex digits');
  return { ...check, ignored, timestamp: { value: time, allowMilliseconds: false } };
}

export const paddle: PlatformDescriptor = {
  name: 'paddle',
  kind: 'subscription billing',
  scheme: META.scheme,
  algorithm: META.algorithm,
  encoding: 'hex',
  signature_header: 'Paddle-Signature',
  timestamp_header: 'Paddle-Signature',
  required_fields: ['secret', 'payload', 'signature'],
  optional_fields: ['tolerance', 'now'],
  // Paddle's SDK allows 5 s and rejects only deliveries that are too old.
  default_tolerance_s: 5,
  rejects_future_timestamps: false,
  signature_prefixes: ['ts=', 'h1='],
  payload_json_style: 'compact',
  verify,
};
