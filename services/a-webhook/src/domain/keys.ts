import { createPrivateKey, createPublicKey, type KeyObject, X509Certificate } from 'node:crypto';
import { fromBase64, fromBase64Url } from '@dus/core';
import { fromBase64OrBase64Url } from './base64-body.js';
import { invalidPublicKey } from './errors.js';

const PEM_LABEL = /^-----BEGIN ([A-Z0-9 ]+)-----/;

function pemLabel(text: string): string | null {
  return PEM_LABEL.exec(text)?.[1] ?? null;
}

/**
 * A DER key as the PEM text of the same bytes. node:crypto reads the PEM string ~16 µs faster than the
 * same DER in a `{ key, format: 'der' }` object: Node 24 first asks whether that object, and then the
 * Buffer inside it, is a KeyObject or a CryptoKey, each time by catching a thrown error.
 */
function pemOf(der: Buffer, label: 'PUBLIC KEY' | 'PRIVATE KEY'): string {
  const base64 = der.toString('base64');
  let lines = '';
  for (let at = 0; at < base64.length; at += 64) lines += `${base64.slice(at, at + 64)}\n`;
  return `-----BEGIN ${label}-----\n${lines}-----END ${label}-----\n`;
}

function tryPublicKey(create: () => KeyObject): KeyObject | undefined {
  try {
    return create();
  } catch {
    return undefined;
  }
}

/**
 * `der` when the length its outer header declares (short form, or long form `0x80 | n` then n bytes)
 * reaches exactly its last byte. OpenSSL reads a key or a certificate and ignores whatever follows it:
 * such trailing bytes are refused here, as is BER's indefinite length (`0x80`). Only the outer length is
 * read: OpenSSL checks the structure itself (missing bytes fail there).
 */
function singleDerValue(der: Buffer | undefined): Buffer | undefined {
  if (der === undefined) return undefined;
  const first = der[1] ?? 0;
  if ((first & 0x80) === 0) return der.byteLength === 2 + first ? der : undefined;
  const count = first & 0x7f;
  let length = 0;
  for (let index = 0; index < count; index++) length = length * 256 + (der[2 + index] ?? 0);
  return der.byteLength === 2 + count + length ? der : undefined;
}

/** The base64 between a PEM block's BEGIN line and its `-----END <label>-----`, decoded; the caller checked the BEGIN line. */
function pemDer(text: string, label: string): Buffer | undefined {
  const end = text.indexOf(`-----END ${label}-----`);
  if (end === -1) return undefined;
  return fromBase64(text.slice(`-----BEGIN ${label}-----`.length, end).replace(/\s/g, ''));
}

/** A DER SubjectPublicKeyInfo with nothing after it; `undefined` when it is not one. */
function spkiFromDer(der: Buffer | undefined): KeyObject | undefined {
  const single = singleDerValue(der);
  if (single === undefined) return undefined;
  return tryPublicKey(() => createPublicKey(pemOf(single, 'PUBLIC KEY')));
}

/** A PEM `PUBLIC KEY`, or the bare base64 DER SubjectPublicKeyInfo dashboards show; `undefined` if neither. */
function readSpki(text: string): KeyObject | undefined {
  const label = pemLabel(text);
  if (label === 'PUBLIC KEY') return spkiFromDer(pemDer(text, label));
  if (label !== null) return undefined;
  return spkiFromDer(fromBase64(text.replace(/\s/g, '')));
}

function rejectPrivateKey(field: 'public_key' | 'cert', text: string): void {
  if (pemLabel(text)?.includes('PRIVATE KEY')) {
    throw invalidPublicKey(field, 'is a private key; pass the public key (never share the private one)');
  }
}

/** SendGrid's verification key: EC P-256 only. */
export function parseP256PublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  rejectPrivateKey('public_key', trimmed);
  const key = readSpki(trimmed);
  if (key === undefined) {
    throw invalidPublicKey('public_key', 'must be a PEM public key or a base64 DER SubjectPublicKeyInfo');
  }
  // Only EC keys have a named curve.
  // Stryker disable next-line OptionalChaining: every public KeyObject has asymmetricKeyDetails
  if (key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw invalidPublicKey('public_key', 'must be an EC P-256 (prime256v1) public key');
  }
  return key;
}

export interface SigningCertificate {
  key: KeyObject;
  /** Validity period in unix seconds, when a certificate (not a bare key) was given. */
  validFromS: number | null;
  validToS: number | null;
}

function readCertificate(text: string): SigningCertificate | undefined {
  const der = singleDerValue(pemDer(text, 'CERTIFICATE'));
  if (der === undefined) return undefined;
  try {
    const certificate = new X509Certificate(der);
    return {
      key: certificate.publicKey,
      validFromS: Date.parse(certificate.validFrom) / 1000,
      validToS: Date.parse(certificate.validTo) / 1000,
    };
  } catch {
    return undefined;
  }
}

/** PayPal's signing certificate (PEM `CERTIFICATE`), or its RSA public key (PEM or base64 DER). */
export function parseRsaCertificate(text: string): SigningCertificate {
  const trimmed = text.trim();
  rejectPrivateKey('cert', trimmed);
  let parsed: SigningCertificate | undefined;
  if (pemLabel(trimmed) === 'CERTIFICATE') parsed = readCertificate(trimmed);
  else {
    const key = readSpki(trimmed);
    parsed = key && { key, validFromS: null, validToS: null };
  }
  if (parsed === undefined) throw invalidPublicKey('cert', 'must be a PEM certificate or an RSA public key');
  if (parsed.key.asymmetricKeyType !== 'rsa') throw invalidPublicKey('cert', 'must hold an RSA public key');
  return parsed;
}

/** Structural check of a DER ECDSA signature: SEQUENCE { INTEGER r, INTEGER s }, each 1–33 bytes. */
export function isDerEcdsaSignature(bytes: Uint8Array): boolean {
  if (bytes.length < 8 || bytes.length > 72 || bytes[0] !== 0x30 || bytes[1] !== bytes.length - 2)
    return false;
  let offset = 2;
  for (let part = 0; part < 2; part++) {
    const length = bytes[offset + 1];
    if (bytes[offset] !== 0x02 || length === undefined || length < 1 || length > 33) return false;
    offset += 2 + length;
  }
  return offset === bytes.length;
}

/** DER SubjectPublicKeyInfo header of an Ed25519 key (RFC 8410 §4): the 32 raw bytes follow. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const HEX_32_BYTES = /^[0-9a-fA-F]{64}$/;

function ed25519FromRaw(raw: Buffer): KeyObject | undefined {
  return tryPublicKey(() => createPublicKey(pemOf(Buffer.concat([ED25519_SPKI_PREFIX, raw]), 'PUBLIC KEY')));
}

/** Discord: the application's public key, 64 hex digits (32 bytes) as the developer portal shows it. */
export function parseEd25519HexKey(text: string): KeyObject {
  const trimmed = text.trim();
  const key = HEX_32_BYTES.test(trimmed) ? ed25519FromRaw(Buffer.from(trimmed, 'hex')) : undefined;
  if (key === undefined) {
    throw invalidPublicKey(
      'public_key',
      "must be the application's Ed25519 public key: 64 hex digits (32 bytes)",
    );
  }
  return key;
}

function jwkKey(text: string): KeyObject | undefined {
  let jwk: unknown;
  try {
    jwk = JSON.parse(text);
  } catch {
    return undefined;
  }
  const { kty, crv, x, d } = (jwk ?? {}) as Record<string, unknown>;
  if (d !== undefined) {
    throw invalidPublicKey(
      'public_key',
      'is a private key; pass the public key (never share the private one)',
    );
  }
  if (kty !== 'OKP' || crv !== 'Ed25519' || typeof x !== 'string') return undefined;
  // Canonical base64url of 32 bytes only (43 characters, the unused low bits zero): one key, one spelling.
  const raw = fromBase64Url(x);
  return raw?.byteLength === 32 && raw.toString('base64url') === x ? ed25519FromRaw(raw) : undefined;
}

/** Raw 32 bytes as base64 or base64url (a JWK's `x`), or a bare base64 DER SubjectPublicKeyInfo. */
function base64Key(text: string): KeyObject | undefined {
  const bytes = fromBase64OrBase64Url(text);
  if (bytes === undefined) return undefined;
  if (bytes.byteLength === 32) return ed25519FromRaw(bytes);
  return spkiFromDer(bytes);
}

/** The prefixes Standard Webhooks gives its keys: `whpk_` public, `whsk_` signing (private), `whsec_` symmetric. */
export const WEBHOOK_PUBLIC_KEY_PREFIX = 'whpk_';
export const WEBHOOK_SIGNING_KEY_PREFIX = 'whsk_';
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/**
 * Standard Webhooks v1a: `whpk_` + the base64 of the 32-byte Ed25519 public key (prefix and `=` padding
 * optional). A `whsk_` or `whsec_` value is a secret passed in the wrong member: refused, never echoed.
 */
export function parseWebhookPublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith(WEBHOOK_SIGNING_KEY_PREFIX) || trimmed.startsWith(WEBHOOK_SECRET_PREFIX)) {
    throw invalidPublicKey(
      'public_key',
      'is a secret (whsk_ or whsec_), not a public key; pass the whpk_ public key and keep the secret to yourself',
    );
  }
  const body = trimmed.startsWith(WEBHOOK_PUBLIC_KEY_PREFIX)
    ? trimmed.slice(WEBHOOK_PUBLIC_KEY_PREFIX.length)
    : trimmed;
  const raw = fromBase64(body);
  const key = raw?.byteLength === 32 ? ed25519FromRaw(raw) : undefined;
  if (key === undefined) {
    throw invalidPublicKey(
      'public_key',
      'must be whpk_ followed by the base64 of a 32-byte Ed25519 public key',
    );
  }
  return key;
}

/** PKCS #8 header of an Ed25519 private key (RFC 8410 §7): the 32-byte seed follows. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** A `whsk_` signing key (POST /sign): the base64 of a 32-byte Ed25519 seed; `undefined` otherwise. */
export function webhookSigningKey(text: string): KeyObject | undefined {
  const seed = fromBase64(text.slice(WEBHOOK_SIGNING_KEY_PREFIX.length));
  if (seed?.byteLength !== 32) return undefined;
  return createPrivateKey(pemOf(Buffer.concat([ED25519_PKCS8_PREFIX, seed]), 'PRIVATE KEY'));
}

/**
 * generic-ed25519: the public key as 64 hex digits, the raw 32 bytes in base64 or base64url, a PEM
 * `PUBLIC KEY` (or its bare base64 DER), or a JWK `{"kty":"OKP","crv":"Ed25519","x":…}`.
 */
export function parseEd25519PublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  rejectPrivateKey('public_key', trimmed);
  let key: KeyObject | undefined;
  if (HEX_32_BYTES.test(trimmed)) key = ed25519FromRaw(Buffer.from(trimmed, 'hex'));
  else if (trimmed.startsWith('{')) key = jwkKey(trimmed);
  else if (pemLabel(trimmed) !== null) key = readSpki(trimmed);
  else key = base64Key(trimmed.replace(/\s/g, ''));
  if (key === undefined) {
    throw invalidPublicKey(
      'public_key',
      'must be an Ed25519 public key: 64 hex digits, the 32 bytes in base64, a PEM public key or an OKP JWK',
    );
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw invalidPublicKey('public_key', 'must be an Ed25519 public key');
  return key;
}
