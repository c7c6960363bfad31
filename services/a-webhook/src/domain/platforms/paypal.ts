import { verify as verifySignature } from 'node:crypto';
import { crc32, fromBase64 } from '@dus/core';
import { type CheckMeta, failedCheck, hmacCheckResult } from '../check.js';
import { checkHmac, hmacText } from '../hmac-check.js';
import { parseRsaCertificate } from '../keys.js';
import type {
  Hint,
  PlatformCheck,
  PlatformDescriptor,
  VerifyContext,
  VerifyField,
  VerifyRequest,
} from '../types.js';

const NATIVE_FIELDS: readonly VerifyField[] = [
  'payload',
  'signature',
  'cert',
  'transmission_id',
  'transmission_time',
  'webhook_id',
];
const HMAC_FIELDS: readonly VerifyField[] = ['secret', 'payload', 'signature'];
const NATIVE: CheckMeta = {
  verifiedWith: 'certificate',
  scheme: 'paypal-rsa',
  algorithm: 'RSA-SHA256',
  encoding: 'base64',
};
const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;

/** RSA-SHA256 (PKCS #1 v1.5) over `transmission_id|transmission_time|webhook_id|crc32(body)`. */
function verifyNative(request: VerifyRequest, ctx: VerifyContext): PlatformCheck {
  const { key, validFromS, validToS } = parseRsaCertificate(request.cert ?? '');
  const hints: Hint[] = [];
  if (validToS !== null && ctx.nowS > validToS) hints.push('certificate_expired');
  if (validFromS !== null && ctx.nowS < validFromS) hints.push('certificate_not_yet_valid');
  const modulusBytes = Math.ceil((key.asymmetricKeyDetails?.modulusLength ?? 0) / 8);
  const signature = fromBase64(request.signature.trim());
  if (signature === undefined || signature.byteLength !== modulusBytes) {
    const message = `PAYPAL-TRANSMISSION-SIG must be the base64 of a ${modulusBytes}-byte RSA signature`;
    return failedCheck(NATIVE, 'malformed_signature', message, { hints });
  }
  const signed = `${request.transmission_id}|${request.transmission_time}|${request.webhook_id}|${crc32(request.body)}`;
  let valid = false;
  try {
    valid = verifySignature('sha256', Buffer.from(signed), key, signature);
  } catch {
    valid = false;
  }
  return {
    ...NATIVE,
    signaturesFound: 1,
    match: valid ? { signatureIndex: 0, secretIndex: null } : null,
    failure: null,
    ignored: [],
    timestamp: null,
    hints,
  };
}

/** The documented fallback: HMAC-SHA256 of the body with a shared secret, hex or base64. */
function verifyHmac(request: VerifyRequest): PlatformCheck {
  const signature = request.signature.trim();
  const encoding = request.encoding ?? (HEX_SHA256.test(signature) ? 'hex' : 'base64');
  const outcome = checkHmac({
    hash: 'sha-256',
    encoding,
    secrets: request.secrets,
    variants: [request.body],
    signatures: [signature],
  });
  const meta: CheckMeta = {
    verifiedWith: 'secret',
    scheme: 'paypal-hmac',
    algorithm: 'HMAC-SHA256',
    encoding,
  };
  return hmacCheckResult(meta, outcome, 1, 'the signature must be 64 hex digits or the base64 of 32 bytes');
}

export const paypal: PlatformDescriptor = {
  name: 'paypal',
  kind: 'online payments',
  scheme: NATIVE.scheme,
  algorithm: NATIVE.algorithm,
  encoding: 'base64',
  signature_header: 'PAYPAL-TRANSMISSION-SIG',
  timestamp_header: null,
  header_fields: { transmission_id: 'PAYPAL-TRANSMISSION-ID', transmission_time: 'PAYPAL-TRANSMISSION-TIME' },
  required_fields: NATIVE_FIELDS,
  optional_fields: ['mode', 'secret', 'encoding'],
  default_tolerance_s: null,
  rejects_future_timestamps: false,
  signature_prefixes: [],
  payload_json_style: 'compact',
  requiredFieldsFor: (request) => (request.mode === 'hmac' ? HMAC_FIELDS : NATIVE_FIELDS),
  missingFieldNote: (request) =>
    request.mode === 'hmac'
      ? null
      : "PayPal's native check needs cert (from PAYPAL-CERT-URL), transmission_id, transmission_time and " +
        'webhook_id; to check a shared-secret HMAC of the payload instead, send mode: "hmac" with secret',
  verify: (request, ctx) => (request.mode === 'hmac' ? verifyHmac(request) : verifyNative(request, ctx)),
  // The native scheme needs PayPal's private RSA key: only the HMAC fallback is signed (hex unless `encoding`).
  signing: {
    manySecrets: false,
    timestamp: () => null,
    signable: (request) => request.mode === 'hmac',
    sign: (request) => ({
      scheme: 'paypal-hmac',
      signature: hmacText('sha-256', request.secrets[0] as string, request.body, request.encoding ?? 'hex'),
    }),
  },
};
