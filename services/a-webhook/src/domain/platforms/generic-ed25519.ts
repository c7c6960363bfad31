import { fromHex } from '@dus/core';
import { fromBase64OrBase64Url } from '../base64-body.js';
import type { CheckMeta } from '../check.js';
import { parseEd25519PublicKey } from '../keys.js';
import { renderTemplate, signedTimestamp, TEMPLATE_OPTIONAL_FIELDS } from '../signed-content.js';
import type { PlatformCheck, PlatformDescriptor, TextEncoding, VerifyRequest } from '../types.js';
import { checkEd25519, ED25519_SIGNATURE_BYTES } from './ed25519-check.js';

/** `encoding` if given; otherwise by length, which is unambiguous for 64 bytes: 128 hex digits, else base64. */
function signatureEncoding(request: VerifyRequest, text: string): TextEncoding {
  return request.encoding ?? (text.length === ED25519_SIGNATURE_BYTES * 2 ? 'hex' : 'base64');
}

function decode(text: string, encoding: TextEncoding): Buffer | undefined {
  return encoding === 'hex' ? fromHex(text) : fromBase64OrBase64Url(text);
}

/** Ed25519 over the body (or the `signed_content` template) with `public_key` in any common format. */
function verify(request: VerifyRequest): PlatformCheck {
  const key = parseEd25519PublicKey(request.public_key ?? '');
  const text = request.signature.trim();
  const encoding = signatureEncoding(request, text);
  const meta: CheckMeta = {
    verifiedWith: 'public_key',
    scheme: 'generic-ed25519',
    algorithm: 'Ed25519',
    encoding,
  };
  const parts =
    request.signed_content === null ? [request.body] : renderTemplate(request.signed_content, request);
  const shape = encoding === 'hex' ? '128 hex digits' : 'the base64 of 64 bytes';
  return checkEd25519(
    meta,
    key,
    decode(text, encoding),
    parts,
    `the signature must be ${shape} (an Ed25519 signature)`,
    signedTimestamp(request),
  );
}

export const genericEd25519: PlatformDescriptor = {
  name: 'generic-ed25519',
  kind: 'generic Ed25519',
  scheme: 'generic-ed25519',
  algorithm: 'Ed25519',
  encoding: 'hex',
  signature_header: null,
  timestamp_header: null,
  required_fields: ['public_key', 'payload', 'signature'],
  optional_fields: ['encoding', ...TEMPLATE_OPTIONAL_FIELDS],
  default_tolerance_s: null,
  optional_window: true,
  rejects_future_timestamps: true,
  signature_prefixes: [],
  payload_json_style: null,
  verify,
};
