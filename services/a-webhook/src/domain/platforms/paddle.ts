import type { CheckMeta } from '../check.js';
import type { PlatformCheck, PlatformDescriptor, VerifyRequest } from '../types.js';
import { timestampedListSigning, verifyTimestampedList } from './timestamped-list.js';

const META: CheckMeta = {
  verifiedWith: 'secret',
  scheme: 'paddle-h1',
  algorithm: 'HMAC-SHA256',
  encoding: 'hex',
};

const SCHEME = {
  meta: META,
  header: 'Paddle-Signature',
  separator: ';',
  timeKey: 'ts',
  signatureKey: 'h1',
  joiner: ':',
} as const;

/** `Paddle-Signature: ts=<unix>;h1=<hex>[;h1=…]` over `<ts>:<body>` (several h1 during secret rotation). */
function verify(request: VerifyRequest): PlatformCheck {
  return verifyTimestampedList(request, SCHEME).check;
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
  signing: timestampedListSigning(SCHEME),
};
