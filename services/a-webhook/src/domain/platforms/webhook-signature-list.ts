import { decodeSignatureOfLength } from '@dus/core';
import { type CheckMeta, describeIgnoredKeys, failedCheck } from '../check.js';
import { invalidFields } from '../errors.js';
import { checkHmac, hmacText } from '../hmac-check.js';
import { parseWebhookPublicKey, WEBHOOK_SIGNING_KEY_PREFIX, webhookSigningKey } from '../keys.js';
import type { PlatformCheck, PlatformSigning, VerifyRequest } from '../types.js';
import { ED25519_SIGNATURE_BYTES, signEd25519, verifiesEd25519 } from './ed25519-check.js';
import type { SecretKeyRule } from './webhook-secret-keys.js';

/**
 * The Standard Webhooks scheme (https://www.standardwebhooks.com, spec "Standard Webhooks" v1.0.0), shared
 * by `standard-webhooks` and `svix` (whose headers are only branded `svix-*`):
 * - signed content: `${webhook_id}.${timestamp}.${body}`, for both versions;
 * - `v1`: HMAC-SHA256 keyed with the base64 after the `whsec_` prefix (a secret without the prefix is base64
 *   too, as the official libraries do), the base64 of 32 bytes;
 * - `v1a`: Ed25519 with the `whpk_` public key, the base64 of 64 bytes;
 * - signature header: space-separated `<version>,<base64>` entries. The versions checked follow the keys
 *   given (secret → v1, public_key → v1a, both → either); entries of other versions are listed in `ignored`.
 */
export interface WebhookSignatureScheme {
  /** `<platform>-v1`, HMAC-SHA256. */
  meta: CheckMeta;
  /** `<platform>-v1a`, Ed25519. */
  asymmetricMeta: CheckMeta;
  signatureHeader: string;
  /** Whether `v1a` (Ed25519 with a `whpk_` public key, `whsk_` keys on /sign) is part of the scheme. */
  asymmetric: boolean;
  /** How a secret becomes HMAC keys. */
  secrets: SecretKeyRule;
}

const V1 = 'v1';
const V1A = 'v1a';
const HMAC_BYTES = 32;

const secretPath = (request: VerifyRequest, index: number) =>
  request.secrets.length === 1 ? '/secret' : `/secret/${index}`;

const NOT_A_SIGNING_KEY = `a ${WEBHOOK_SIGNING_KEY_PREFIX} key must be the base64 of a 32-byte Ed25519 seed`;
const EMPTY_SIGNING_KEY = `must not be empty after the ${WEBHOOK_SIGNING_KEY_PREFIX} prefix`;

/** A refused secret: `too_small` when its key is empty, `invalid_secret` otherwise. */
function secretError(path: string, message: string) {
  return { path, code: message.includes('empty') ? 'too_small' : 'invalid_secret', message };
}

/** The HMAC keys of every secret, and the secret each stands for; 400 naming each refused secret. */
function webhookSecretKeys(
  request: VerifyRequest,
  scheme: WebhookSignatureScheme,
): { keys: Buffer[]; owners: number[] } {
  const keys: Buffer[] = [];
  const owners: number[] = [];
  const errors = [];
  for (const [index, secret] of request.secrets.entries()) {
    const path = secretPath(request, index);
    if (scheme.asymmetric && secret.startsWith(WEBHOOK_SIGNING_KEY_PREFIX)) {
      errors.push({
        path,
        code: 'invalid_secret',
        message: `is a ${WEBHOOK_SIGNING_KEY_PREFIX} signing key: verify v1a with its whpk_ public key as public_key`,
      });
      continue;
    }
    const found = scheme.secrets.verify(secret);
    if (typeof found === 'string') errors.push(secretError(path, found));
    else
      for (const key of found) {
        keys.push(key);
        owners.push(index);
      }
  }
  if (errors.length > 0) throw invalidFields(errors);
  return { keys, owners };
}

interface Entry {
  version: string;
  value: string;
}

/** The entries of the signature header. A repeated header joined with ", " leaves a comma on each entry. */
function splitEntries(header: string): Entry[] {
  const entries: Entry[] = [];
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

const SHAPES: Record<string, string> = {
  [V1]: `every v1 signature must be the base64 of ${HMAC_BYTES} bytes`,
  [V1A]: `every v1a signature must be the base64 of ${ED25519_SIGNATURE_BYTES} bytes`,
};

/** What the checked entries are compared with: the secrets for v1, the public key for v1a. */
interface Checked {
  versions: readonly string[];
  verifiedWith: PlatformCheck['verifiedWith'];
}

function checkedVersions(hasSecret: boolean, hasKey: boolean): Checked {
  if (!hasKey) return { versions: [V1], verifiedWith: 'secret' };
  return hasSecret
    ? { versions: [V1, V1A], verifiedWith: 'secret_or_public_key' }
    : { versions: [V1A], verifiedWith: 'public_key' };
}

/** The bytes both versions sign: `${webhook_id}.${timestamp}.${body}`. */
const signedContent = (request: VerifyRequest) =>
  [request.webhook_id ?? '', '.', request.timestamp ?? '', '.', request.body] as const;

/**
 * POST /sign: one entry per secret, in order, joined by a space — `v1,<base64 HMAC>` for a `whsec_` secret,
 * `v1a,<base64 Ed25519>` for a `whsk_` key (the base64 of a 32-byte seed); 400 naming any other secret.
 */
export function webhookSignatureListSigning(scheme: WebhookSignatureScheme): PlatformSigning {
  return {
    // One signature per secret where the scheme's spec allows several (Standard Webhooks, Svix).
    manySecrets: scheme.asymmetric,
    timestamp: () => 'unix_s',
    sign: (request) => {
      const signed = signedContent(request);
      const entries: string[] = [];
      const errors = [];
      for (const [index, secret] of request.secrets.entries()) {
        const path = secretPath(request, index);
        if (scheme.asymmetric && secret.startsWith(WEBHOOK_SIGNING_KEY_PREFIX)) {
          const key = webhookSigningKey(secret);
          if (secret === WEBHOOK_SIGNING_KEY_PREFIX) errors.push(secretError(path, EMPTY_SIGNING_KEY));
          else if (key === undefined) errors.push(secretError(path, NOT_A_SIGNING_KEY));
          else entries.push(`${V1A},${signEd25519(key, signed).toString('base64')}`);
        } else {
          const key = scheme.secrets.sign(secret);
          if (typeof key === 'string') errors.push(secretError(path, key));
          else entries.push(`${V1},${hmacText('sha-256', key, signed, 'base64')}`);
        }
      }
      if (errors.length > 0) throw invalidFields(errors);
      const first = entries[0]!.startsWith(`${V1A},`) ? scheme.asymmetricMeta : scheme.meta;
      return { scheme: first.scheme, signature: entries.join(' ') };
    },
  };
}

export function verifyWebhookSignatureList(
  request: VerifyRequest,
  scheme: WebhookSignatureScheme,
): PlatformCheck {
  const { signatureHeader } = scheme;
  const publicKey =
    request.public_key === null || !scheme.asymmetric ? null : parseWebhookPublicKey(request.public_key);
  const { keys, owners } = webhookSecretKeys(request, scheme);
  const { versions, verifiedWith } = checkedVersions(keys.length > 0, publicKey !== null);
  const entries = splitEntries(request.signature);
  const checked = entries.filter((entry) => versions.includes(entry.version));
  const ignored = describeIgnoredKeys(
    entries.filter((entry) => !versions.includes(entry.version)).map((e) => e.version),
  );
  const metaOf = (version: string | undefined): CheckMeta => ({
    ...(version === V1A ? scheme.asymmetricMeta : scheme.meta),
    verifiedWith,
  });
  const first = checked[0];
  if (first === undefined) {
    const wanted = versions.join(' or ');
    const meta = metaOf(versions.length === 1 ? versions[0] : V1);
    return entries.some((entry) => entry.version !== '')
      ? failedCheck(
          meta,
          'no_supported_signature',
          `${signatureHeader} has no ${wanted} signature (found: ${ignored.join(', ')})`,
          { ignored },
        )
      : failedCheck(
          meta,
          'malformed_signature',
          `${signatureHeader} must hold ${wanted},<base64> signatures`,
          {
            ignored,
          },
        );
  }
  const signed = signedContent(request);
  // Header positions of the v1 entries, so that an HMAC match is reported in header order.
  const v1Positions: number[] = [];
  checked.forEach((entry, position) => {
    if (entry.version === V1) v1Positions.push(position);
  });
  const hmac =
    v1Positions.length > 0
      ? checkHmac({
          hash: 'sha-256',
          encoding: 'base64',
          secrets: keys,
          variants: [signed],
          signatures: v1Positions.map((position) => checked[position]!.value),
        })
      : { wellFormed: 0, match: null };
  let wellFormed = hmac.wellFormed;
  let edMatch: number | null = null;
  if (publicKey !== null) {
    checked.forEach((entry, position) => {
      if (entry.version !== V1A) return;
      const bytes = decodeSignatureOfLength(entry.value, 'base64', ED25519_SIGNATURE_BYTES);
      if (bytes === undefined) return;
      wellFormed += 1;
      if (edMatch === null && verifiesEd25519(publicKey, bytes, signed)) edMatch = position;
    });
  }
  const hmacMatch = hmac.match === null ? null : (v1Positions[hmac.match.signatureIndex] as number);
  const base = {
    signaturesFound: checked.length,
    ignored,
    timestamp: { value: request.timestamp ?? '', allowMilliseconds: false },
    hints: [],
  };
  if (wellFormed === 0) {
    const message = versions.map((version) => SHAPES[version]).join('; ');
    return {
      ...metaOf(first.version),
      ...base,
      match: null,
      failure: { reason: 'malformed_signature', message },
    };
  }
  // Both versions can match: the entry first in header order is reported.
  if (hmacMatch !== null && (edMatch === null || hmacMatch < edMatch)) {
    const secretIndex = hmac.match === null ? null : (owners[hmac.match.secretIndex] as number);
    return { ...metaOf(V1), ...base, match: { signatureIndex: hmacMatch, secretIndex }, failure: null };
  }
  if (edMatch !== null) {
    return { ...metaOf(V1A), ...base, match: { signatureIndex: edMatch, secretIndex: null }, failure: null };
  }
  return { ...metaOf(first.version), ...base, match: null, failure: null };
}
