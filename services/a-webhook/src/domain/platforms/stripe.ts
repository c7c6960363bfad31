import { parseSignatureList, unusedKeys, valuesForKey } from '@dus/core';
import { type CheckMeta, describeIgnoredKeys, failedCheck, hmacCheckResult } from '../check.js';
import { checkHmac } from '../hmac-check.js';
import type { PlatformCheck, PlatformDescriptor, VerifyRequest } from '../types.js';

const META: CheckMeta = {
  verifiedWith: 'secret',
  scheme: 'stripe-v1',
  algorithm: 'HMAC-SHA256',
  encoding: 'hex',
};

/** `Stripe-Signature: t=<unix>,v1=<hex>[,v1=…][,v0=…]`; only v1 is a live-mode scheme, v0 is ignored. */
function verify(request: VerifyRequest): PlatformCheck {
  const entries = parseSignatureList(request.signature, ',');
  const times = valuesForKey(entries, 't');
  const signatures = valuesForKey(entries, 'v1');
  const ignored = describeIgnoredKeys(unusedKeys(entries, ['t', 'v1']));
  const time = times[0];
  if (time === undefined || times.length > 1) {
    const message = 'Stripe-Signature must carry exactly one t=<unix time>';
    return failedCheck(META, 'malformed_signature', message, { signaturesFound: signatures.length, ignored });
  }
  if (signatures.length === 0) {
    return ignored.length > 0
      ? failedCheck(
          META,
          'no_supported_signature',
          `Stripe-Signature has no v1 signature (found: ${ignored.join(', ')})`,
          {
            ignored,
          },
        )
      : failedCheck(META, 'malformed_signature', 'Stripe-Signature has no v1=<hex> signature');
  }
  const outcome = checkHmac({
    hash: 'sha-256',
    encoding: 'hex',
    secrets: request.secrets,
    variants: [[time, '.', request.payload]],
    signatures,
  });
  const check = hmacCheckResult(META, outcome, signatures.length, 'every v1 signature must be 64 hex digits');
  const noPrefix = outcome.match === null && !request.secrets.some((secret) => secret.startsWith('whsec_'));
  return {
    ...check,
    ignored,
    timestamp: { value: time, allowMilliseconds: false },
    hints: noPrefix && outcome.wellFormed > 0 ? ['secret_missing_whsec_prefix'] : [],
  };
}

export const stripe: PlatformDescriptor = {
  name: 'stripe',
  kind: 'payments processor',
  scheme: META.scheme,
  algorithm: META.algorithm,
  encoding: 'hex',
  signature_header: 'Stripe-Signature',
  timestamp_header: 'Stripe-Signature',
  required_fields: ['secret', 'payload', 'signature'],
  optional_fields: ['tolerance', 'now'],
  default_tolerance_s: 300,
  rejects_future_timestamps: false,
  signature_prefixes: ['t=', 'v1='],
  payload_json_style: 'pretty2',
  verify,
};
