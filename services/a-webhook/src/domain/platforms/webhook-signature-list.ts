import { fromBase64 } from '@dus/core';
import { type CheckMeta, describeIgnoredKeys, failedCheck, hmacCheckResult } from '../check.js';
import { invalidFields } from '../errors.js';
import { checkHmac } from '../hmac-check.js';
import type { PlatformCheck, VerifyRequest } from '../types.js';

/**
 * The Standard Webhooks symmetric scheme (https://www.standardwebhooks.com, spec "Standard Webhooks" v1),
 * shared by `standard-webhooks` and `svix` (whose headers are only branded `svix-*`):
 * - signed content: `${webhook_id}.${timestamp}.${body}`;
 * - key: the base64 after the `whsec_` prefix (a secret without the prefix is base64 too, as the official
 *   libraries do);
 * - signature header: space-separated `<version>,<base64>` entries; `v1` is HMAC-SHA256, other versions
 *   (e.g. the asymmetric `v1a`) are listed in `ignored`.
 */
export interface WebhookSignatureScheme {
  meta: CheckMeta;
  signatureHeader: string;
}

const SECRET_PREFIX = 'whsec_';

/** The HMAC keys: each secret's base64 (after an optional `whsec_`) decoded; 400 naming the secret otherwise. */
function webhookSecretKeys(request: VerifyRequest): Buffer[] {
  const keys: Buffer[] = [];
  const errors = [];
  for (const [index, secret] of request.secrets.entries()) {
    const text = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
    const key = fromBase64(text);
    if (key === undefined || key.byteLength === 0) {
      errors.push({
        path: request.secrets.length === 1 ? '/secret' : `/secret/${index}`,
        code: 'invalid_secret',
        message: `must be the signing secret: base64, optionally prefixed with ${SECRET_PREFIX}`,
      });
    } else keys.push(key);
  }
  if (errors.length > 0) throw invalidFields(errors);
  return keys;
}

/** The entries of the signature header. A repeated header joined with ", " leaves a comma on each entry. */
function splitEntries(header: string): { version: string; value: string }[] {
  const entries: { version: string; value: string }[] = [];
  for (const token of header.split(/\s+/)) {
    const entry = token.endsWith(',') && token.indexOf(',') < token.length - 1 ? token.slice(0, -1) : token;
    if (entry === '') continue;
    const comma = entry.indexOf(',');
    entries.push(
      comma < 0
        ? { version: '', value: entry }
        : { version: entry.slice(0, comma), value: entry.slice(comma + 1) },
    );
  }
  return entries;
}

export function verifyWebhookSignatureList(
  request: VerifyRequest,
  scheme: WebhookSignatureScheme,
): PlatformCheck {
  const { meta, signatureHeader } = scheme;
  const keys = webhookSecretKeys(request);
  const entries = splitEntries(request.signature);
  const signatures = entries.filter((entry) => entry.version === 'v1').map((entry) => entry.value);
  const ignored = describeIgnoredKeys(
    entries.filter((entry) => entry.version !== 'v1').map((e) => e.version),
  );
  if (signatures.length === 0) {
    return entries.some((entry) => entry.version !== '')
      ? failedCheck(
          meta,
          'no_supported_signature',
          `${signatureHeader} has no v1 signature (found: ${ignored.join(', ')})`,
          { ignored },
        )
      : failedCheck(meta, 'malformed_signature', `${signatureHeader} must hold v1,<base64> signatures`, {
          ignored,
        });
  }
  const outcome = checkHmac({
    hash: 'sha-256',
    encoding: 'base64',
    secrets: keys,
    variants: [[request.webhook_id ?? '', '.', request.timestamp ?? '', '.', request.body]],
    signatures,
  });
  const check = hmacCheckResult(
    meta,
    outcome,
    signatures.length,
    'every v1 signature must be the base64 of 32 bytes',
  );
  check.ignored = ignored;
  check.timestamp = { value: request.timestamp ?? '', allowMilliseconds: false };
  return check;
}
