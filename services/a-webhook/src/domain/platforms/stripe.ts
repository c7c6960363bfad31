import type { CheckMeta } from '../check.js';
import type { PlatformCheck, PlatformDescriptor, VerifyRequest } from '../types.js';
import { timestampedListSigning, verifyTimestampedList } from './timestamped-list.js';

const META: CheckMeta = {
  verifiedWith: 'secret',
  scheme: 'stripe-v1',
  algorithm: 'HMAC-SHA256',
  encoding: 'hex',
};

const SCHEME = {
  meta: META,
  header: 'Stripe-Signature',
  separator: ',',
  timeKey: 't',
  signatureKey: 'v1',
  joiner: '.',
} as const;

/** `Stripe-Signature: t=<unix>,v1=<hex>[,v1=…][,v0=…]`; only v1 is a live-mode scheme, v0 is ignored. */
function verify(request: VerifyRequest): PlatformCheck {
  const { check, outcome } = verifyTimestampedList(request, SCHEME);
  const noPrefix =
    outcome !== undefined &&
    outcome.match === null &&
    !request.secrets.some((secret) => secret.startsWith('whsec_'));
  if (noPrefix && outcome.wellFormed > 0) check.hints = ['secret_missing_whsec_prefix'];
  return check;
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
  signing: timestampedListSigning(SCHEME),
};
