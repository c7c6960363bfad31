import { hmacCheckResult } from '../check.js';
import { invalidField } from '../errors.js';
import { checkHmac } from '../hmac-check.js';
import { MAX_FORM_PARAMETERS } from '../limits.js';
import type { PlatformCheck, PlatformDescriptor, VerifyRequest } from '../types.js';
import { formParameterVariants } from './twilio-signing.js';

const META = {
  verifiedWith: 'secret',
  scheme: 'mandrill-sha1',
  algorithm: 'HMAC-SHA1',
  encoding: 'base64',
} as const;

/**
 * Mailchimp Transactional (Mandrill): `X-Mandrill-Signature: <base64>`, HMAC-SHA1 (key: the webhook's
 * key) of the webhook URL followed by each POST parameter's name and value, sorted by name.
 */
function verify(request: VerifyRequest): PlatformCheck {
  const parameters = formParameterVariants(request.payload);
  if (parameters === undefined) {
    throw invalidField(
      'payload',
      'too_many_parameters',
      `must be a form body of at most ${MAX_FORM_PARAMETERS} parameters`,
    );
  }
  const outcome = checkHmac({
    hash: 'sha-1',
    encoding: 'base64',
    secrets: request.secrets,
    // Only the body as sent: Mandrill posts one parameter (mandrill_events), never a repeated pair.
    variants: [[request.url ?? '', parameters[0]!]],
    signatures: [request.signature.trim()],
  });
  return hmacCheckResult(META, outcome, 1, 'X-Mandrill-Signature must be the base64 of 20 bytes (HMAC-SHA1)');
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
};
