import { constantTimeEqual, digest, fromHex } from '@dus/core';
import { type CheckMeta, failedCheck, hmacCheckResult } from '../check.js';
import { invalidField } from '../errors.js';
import { checkHmac, hmacText } from '../hmac-check.js';
import type { Hint, PlatformCheck, PlatformDescriptor, VerifyRequest } from '../types.js';
import { bodyHashParameter, formParameterVariants, urlVariants } from './twilio-signing.js';

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';
const MALFORMED = 'X-Twilio-Signature must be the base64 of 20 bytes (HMAC-SHA1)';

function meta(body: 'form' | 'json'): CheckMeta {
  return { verifiedWith: 'secret', scheme: `twilio-${body}`, algorithm: 'HMAC-SHA1', encoding: 'base64' };
}

/** Form unless `content_type` says JSON; without `content_type`, a URL carrying bodySHA256 means JSON. */
function bodyKind(request: VerifyRequest): 'form' | 'json' {
  if (request.content_type === null) return bodyHashParameter(request.url ?? '') === null ? 'form' : 'json';
  const media = request.content_type.split(';')[0]!.trim().toLowerCase();
  if (media === FORM) return 'form';
  if (media === JSON_TYPE) return 'json';
  throw invalidField('content_type', 'invalid_value', `must be ${FORM} or ${JSON_TYPE}`);
}

function verifyForm(request: VerifyRequest, urls: string[]): PlatformCheck {
  const parameters = formParameterVariants(request.payload);
  const variants = urls.flatMap((url) => parameters.map((params) => [url, params]));
  const outcome = checkHmac({
    hash: 'sha-1',
    encoding: 'base64',
    secrets: request.secrets,
    variants,
    signatures: [request.signature.trim()],
  });
  const check = hmacCheckResult(meta('form'), outcome, 1, MALFORMED);
  const urlIndex = outcome.match === null ? 0 : Math.floor(outcome.match.variantIndex / parameters.length);
  return { ...check, hints: urlIndex > 0 ? ['url_default_port_adjusted'] : [] };
}

function verifyJson(request: VerifyRequest, urls: string[]): PlatformCheck {
  const declared = bodyHashParameter(urls[0]!);
  if (declared === null) {
    const message = 'url has no bodySHA256 query parameter; Twilio adds it to the URL of JSON deliveries';
    return failedCheck(meta('json'), 'missing_body_hash', message, { signaturesFound: 1 });
  }
  const outcome = checkHmac({
    hash: 'sha-1',
    encoding: 'base64',
    secrets: request.secrets,
    variants: urls,
    signatures: [request.signature.trim()],
  });
  const check = hmacCheckResult(meta('json'), outcome, 1, MALFORMED);
  if (outcome.match === null) return check;
  const hints: Hint[] = outcome.match.variantIndex > 0 ? ['url_default_port_adjusted'] : [];
  // The signature covers the URL only; the body is bound to it through bodySHA256.
  const declaredBytes = fromHex(declared);
  const actual = digest('sha-256', request.body);
  if (declaredBytes === undefined || !constantTimeEqual(declaredBytes, actual)) {
    const message = 'signature matches the URL, but its bodySHA256 is not the SHA-256 of the payload';
    return { ...check, hints, failure: { reason: 'body_hash_mismatch', message } };
  }
  return { ...check, hints };
}

/** `X-Twilio-Signature`: base64 HMAC-SHA1 (key = auth token) of the URL plus, for forms, the parameters. */
function verify(request: VerifyRequest): PlatformCheck {
  const kind = bodyKind(request);
  const urls = urlVariants(request.url ?? '');
  return kind === 'form' ? verifyForm(request, urls) : verifyJson(request, urls);
}

/**
 * POST /sign: a form body signs the URL and its parameters; a JSON body signs the URL alone, which must then
 * carry `bodySHA256=<hex SHA-256 of the payload>` (Twilio adds it; it is what binds the body), else 400.
 */
function sign(request: VerifyRequest): { scheme: string; signature: string } {
  const kind = bodyKind(request);
  const url = request.url ?? '';
  if (kind === 'json') {
    const declared = fromHex(bodyHashParameter(url) ?? '');
    if (declared === undefined || !constantTimeEqual(declared, digest('sha-256', request.body))) {
      throw invalidField(
        'url',
        'missing_body_hash',
        'a JSON delivery must carry bodySHA256=<hex SHA-256 of the payload>',
      );
    }
  }
  const data = kind === 'form' ? [url, formParameterVariants(request.payload)[0]!] : url;
  return {
    scheme: meta(kind).scheme,
    signature: hmacText('sha-1', request.secrets[0] as string, data, 'base64'),
  };
}

export const twilio: PlatformDescriptor = {
  name: 'twilio',
  kind: 'telephony',
  scheme: 'twilio-form',
  algorithm: 'HMAC-SHA1',
  encoding: 'base64',
  signature_header: 'X-Twilio-Signature',
  timestamp_header: null,
  header_fields: { content_type: 'Content-Type' },
  required_fields: ['secret', 'payload', 'signature', 'url'],
  optional_fields: ['content_type'],
  default_tolerance_s: null,
  rejects_future_timestamps: false,
  signature_prefixes: [],
  payload_json_style: null,
  verify,
  signing: { manySecrets: false, timestamp: () => null, sign },
};
