import type { PlatformCheck, PlatformDescriptor, VerifyRequest } from '../types.js';
import { hmacSigning } from './hmac-signing.js';
import { verifySingleHmac } from './single-hmac.js';
import { formParameterVariants } from './twilio-signing.js';

const META = {
  verifiedWith: 'secret',
  scheme: 'mandrill-sha1',
  algorithm: 'HMAC-SHA1',
  encoding: 'base64',
} as const;

/** Only the body as sent: Mandrill posts one parameter (mandrill_events), never a repeated pair. */
const signed = (request: VerifyRequest) => [request.url ?? '', formParameterVariants(request.payload)[0]!];

/**
 * Mailchimp Transactional (Mandrill): `X-Mandrill-Signature: <base64>`, HMAC-SHA1 (key: the webhook's
 * key) of the webhook URL followed by each POST parameter's name and value, sorted by name.
 */
function verify(request: VerifyRequest): PlatformCheck {
  return verifySingleHmac({
    meta: META,
    hash: 'sha-1',
    encoding: 'base64',
    secrets: request.secrets,
    signature: request.signature,
    data: signed(request),
    malformedMessage: 'X-Mandrill-Signature must be the base64 of 20 bytes (HMAC-SHA1)',
  });
}

export const mailchimp: PlatformDescriptor = {
  name: 'mailchimp',
  kind: 'transactional email',
  scheme: META.scheme,
  algorithm: META.algorithm,
  encoding: 'base64',
  signature_header: 'X-Mandrill-Signature',
  timestamp_header: null,
  required_fields: ['secret', 'payload', 'signature', 'url'],
  optional_fields: [],
  default_tolerance_s: null,
  rejects_future_timestamps: false,
  signature_prefixes: [],
  payload_json_style: null,
  verify,
  signing: hmacSigning({ scheme: META.scheme, hash: 'sha-1', encoding: 'base64', signed }),
};
