import { verify as verifySignature } from 'node:crypto';
import { fromBase64 } from '@dus/core';
import { failedCheck } from '../check.js';
import { isDerEcdsaSignature, parseP256PublicKey } from '../keys.js';
import type { PlatformCheck, PlatformDescriptor, VerifyRequest } from '../types.js';

const META = {
  verifiedWith: 'public_key',
  scheme: 'sendgrid-ecdsa',
  algorithm: 'ECDSA-P256-SHA256',
  encoding: 'base64',
} as const;

/** Base64 DER ECDSA P-256 / SHA-256 signature over `<timestamp><body>`, verified with the dashboard's key. */
function verify(request: VerifyRequest): PlatformCheck {
  const key = parseP256PublicKey(request.public_key ?? '');
  const timestamp = request.timestamp ?? '';
  const signature = fromBase64(request.signature.trim());
  if (signature === undefined || !isDerEcdsaSignature(signature)) {
    const message = 'X-Twilio-Email-Event-Webhook-Signature must be a base64 DER ECDSA signature';
    return failedCheck(META, 'malformed_signature', message);
  }
  let valid = false;
  try {
    // DER is node:crypto's default signature encoding; the KeyObject alone (not `{ key, dsaEncoding }`)
    // spares Node 24 two thrown and caught errors (~10 µs).
    valid = verifySignature(
      'sha256',
      Buffer.concat([Buffer.from(timestamp), Buffer.from(request.body)]),
      key,
      signature,
    );
  } catch {
    valid = false;
  }
  return {
    ...META,
    signaturesFound: 1,
    match: valid ? { signatureIndex: 0, secretIndex: null } : null,
    failure: null,
    ignored: [],
    timestamp: { value: timestamp, allowMilliseconds: false },
    hints: [],
  };
}

export const sendgrid: PlatformDescriptor = {
  name: 'sendgrid',
  kind: 'email delivery',
  scheme: META.scheme,
  algorithm: META.algorithm,
  encoding: 'base64',
  signature_header: 'X-Twilio-Email-Event-Webhook-Signature',
  timestamp_header: 'X-Twilio-Email-Event-Webhook-Timestamp',
  required_fields: ['public_key', 'payload', 'signature', 'timestamp'],
  optional_fields: ['tolerance', 'now'],
  default_tolerance_s: 300,
  // SendGrid documents no direction; a symmetric window also bounds replays of forward-dated deliveries.
  rejects_future_timestamps: true,
  signature_prefixes: [],
  payload_json_style: 'compact',
  verify,
};
