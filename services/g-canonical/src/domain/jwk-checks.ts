// What a JWK must hold before G signs or verifies with it, beyond what node:crypto checks on import:
// its intended use (RFC 7517 §4.2 `use`, §4.3 `key_ops`), a bounded RSA public exponent, and a private
// part that belongs to its public part (node:crypto imports an EC `d` of 0 or n, or an Ed25519 `d` of
// another key, and signs with it; the JWS then fails with the JWK's own public key).
import { createECDH, type KeyObject } from 'node:crypto';
import { ProblemError } from '@dus/core';

/** A JWK as received: `kty` and string members; anything else is passed over. */
export type Jwk = { kty: string } & Record<string, unknown>;

/** 422 `invalid_key` at `at` (`/key` or one of its members), with fixed words only (never key material). */
export function invalidKey(message: string, at = '/key'): ProblemError {
  return new ProblemError({
    status: 422,
    code: 'invalid_key',
    detail: `${at.slice(1).replace('/', '.')}: ${message}`,
    errors: [{ path: at, code: 'invalid_key', message }],
  });
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Decodes base64url (no padding), or undefined when the text is not base64url. */
export function fromBase64Url(text: string): Buffer | undefined {
  return BASE64URL.test(text) && text.length % 4 !== 1 ? Buffer.from(text, 'base64url') : undefined;
}

const bigIntOf = (bytes: Buffer) => (bytes.byteLength === 0 ? 0n : BigInt(`0x${bytes.toString('hex')}`));
/** A member's base64url text as an unsigned integer (-1 when it is not base64url). */
const intOf = (text: unknown) => {
  // Stryker disable next-line all: node:crypto imported the key first, so its members are base64url strings
  const bytes = typeof text === 'string' ? fromBase64Url(text) : undefined;
  // Stryker disable next-line all: as above
  return bytes === undefined ? -1n : bigIntOf(bytes);
};

/**
 * The operation a key is used for: its `key_ops` (RFC 7517 §4.3), when given, must list it, and its
 * `use` (§4.2), when given, must be `sig` (`enc` keys encrypt; no other value means signatures).
 */
export function checkIntendedUse(jwk: Jwk, operation: 'sign' | 'verify'): void {
  if (Array.isArray(jwk.key_ops) && !jwk.key_ops.includes(operation)) {
    throw invalidKey(`key_ops does not list "${operation}"`, '/key/key_ops');
  }
  if (jwk.use !== undefined && jwk.use !== 'sig')
    throw invalidKey('use must be "sig" to sign or verify', '/key/use');
}

/** 2^16 < e < 2^256, odd (FIPS 186-5 §A.1.1; RFC 8017 §3.1 asks odd and ≥ 3). */
export const RSA_EXPONENT_BITS = 256;

/**
 * An RSA public exponent within FIPS 186-5's bounds, read from its text before any key is built: a
 * signature (OpenSSL's blinding) and a verification each raise to `e`, so a 64 KB `e` cost 4 s of CPU.
 */
export function checkRsaExponent(jwk: Jwk): void {
  if (jwk.kty !== 'RSA' || typeof jwk.e !== 'string') return;
  const bytes = fromBase64Url(jwk.e);
  // Leading zero bytes aside, 2^256 needs 33 bytes: a longer text cannot be in bounds (43 characters
  // hold 32 bytes; a few leading zeros are tolerated).
  const e = bytes === undefined || jwk.e.length > 64 ? undefined : bigIntOf(bytes);
  if (e === undefined || e < 65_537n || e > (1n << BigInt(RSA_EXPONENT_BITS)) - 1n || e % 2n === 0n) {
    throw invalidKey('e must be an odd integer above 65536 and below 2^256 (FIPS 186-5 §A.1.1)', '/key/e');
  }
}

/** The order n of P-256's base point (SEC 2 §2.4.2, FIPS 186-5). */
const P256_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;

/**
 * A private key's `d` belongs to its public part: EC P-256 `d` in 1 … n − 1 with d·G = (x, y); Ed25519
 * `d` whose public key is `x`. (RSA keys are checked by verifying what was signed.)
 */
export function checkPrivatePart(jwk: Jwk, key: KeyObject): void {
  if (jwk.kty === 'EC') {
    const d = intOf(jwk.d);
    if (d < 1n || d >= P256_ORDER) throw invalidKey('d must be 1 … n − 1 of P-256', '/key/d');
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(d.toString(16).padStart(64, '0'), 'hex'));
    const point = ecdh.getPublicKey();
    const x = bigIntOf(point.subarray(1, 33));
    const y = bigIntOf(point.subarray(33));
    if (x !== intOf(jwk.x) || y !== intOf(jwk.y)) {
      throw invalidKey('d does not match x and y', '/key/d');
    }
  } else if (jwk.kty === 'OKP') {
    if (intOf(jwk.x) !== bigIntOf(publicX(key))) {
      throw invalidKey('d does not match x', '/key/d');
    }
  }
}

/** The `x` of an Ed25519 private key's public key, as bytes. */
function publicX(key: KeyObject): Buffer {
  const exported = key.export({ format: 'jwk' }) as { x: string };
  return Buffer.from(exported.x, 'base64url');
}
