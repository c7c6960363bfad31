import { type HashAlgorithm, splitSchemePrefix } from '@dus/core';
import { digestShape, HMAC_LABELS } from '../hmac-check.js';
import type { GenericAlgorithm, Hint, PlatformCheck, PlatformDescriptor, VerifyRequest } from '../types.js';
import { renderTemplate, signedTimestamp, TEMPLATE_OPTIONAL_FIELDS } from '../signed-content.js';
import { hmacText } from '../hmac-check.js';
import { verifySingleHmac } from './single-hmac.js';

const HASHES: Record<GenericAlgorithm, HashAlgorithm> = {
  'SHA-1': 'sha-1',
  'SHA-256': 'sha-256',
  'SHA-384': 'sha-384',
  'SHA-512': 'sha-512',
};

const ALGO_PREFIX = /^sha-?(1|256|384|512)$/i;

/** The signed bytes: the body, or the `signed_content` template rendered. */
const signed = (request: VerifyRequest) =>
  request.signed_content === null ? request.body : renderTemplate(request.signed_content, request);

/**
 * Any HMAC of the body, or of the `signed_content` template: `algo` (SHA-256 by default), `encoding` (hex by
 * default), optional `sha256=` prefix. A template that signs `{timestamp}` has it judged when `tolerance` is given.
 */
function verify(request: VerifyRequest): PlatformCheck {
  const hash = HASHES[request.algo ?? 'SHA-256'];
  const encoding = request.encoding ?? 'hex';
  const { scheme, value } = splitSchemePrefix(request.signature);
  const prefix = scheme === null ? null : ALGO_PREFIX.exec(scheme);
  const hints: Hint[] = [];
  if (prefix && `sha-${prefix[1]}` !== hash) hints.push('signature_prefix_names_other_algorithm');
  const check = verifySingleHmac({
    meta: { verifiedWith: 'secret', scheme: 'generic-hmac', algorithm: HMAC_LABELS[hash], encoding },
    hash,
    encoding,
    secrets: request.secrets,
    signature: prefix ? value : request.signature,
    data: signed(request),
    malformedMessage: `the signature must be ${digestShape(hash, encoding)} (${HMAC_LABELS[hash]})`,
  });
  return { ...check, hints, timestamp: signedTimestamp(request) };
}

export const generic: PlatformDescriptor = {
  name: 'generic',
  kind: 'generic HMAC',
  scheme: 'generic-hmac',
  algorithm: 'HMAC-SHA256',
  encoding: 'hex',
  signature_header: null,
  timestamp_header: null,
  required_fields: ['secret', 'payload', 'signature'],
  optional_fields: ['algo', 'encoding', ...TEMPLATE_OPTIONAL_FIELDS],
  default_tolerance_s: null,
  optional_window: true,
  rejects_future_timestamps: true,
  signature_prefixes: [
    'sha1=',
    'sha256=',
    'sha384=',
    'sha512=',
    'sha-1=',
    'sha-256=',
    'sha-384=',
    'sha-512=',
  ],
  payload_json_style: null,
  verify,
  // The bare digest (no prefix), with `algo` and `encoding`; a `{timestamp}` template signs one.
  signing: {
    manySecrets: false,
    timestamp: (request) => (signedTimestamp(request) === null ? null : 'unix_s'),
    sign: (request) => {
      const hash = HASHES[request.algo ?? 'SHA-256'];
      const text = hmacText(hash, request.secrets[0] as string, signed(request), request.encoding ?? 'hex');
      return { scheme: 'generic-hmac', signature: text };
    },
  },
};
