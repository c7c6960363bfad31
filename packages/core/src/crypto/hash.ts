import { createHash, createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';

/** Hash names as used on the wire (RFC 9530 / IANA style) mapped to node:crypto names. */
export const HASH_ALGORITHMS = {
  'sha-1': 'sha1',
  'sha-256': 'sha256',
  'sha-384': 'sha384',
  'sha-512': 'sha512',
} as const;
export type HashAlgorithm = keyof typeof HASH_ALGORITHMS;

export type BinaryLike = string | Uint8Array;

/** Digest of `data` (a string is hashed as UTF-8). node:crypto is native and far faster than any JS hash. */
export function digest(algorithm: HashAlgorithm, data: BinaryLike): Buffer {
  return createHash(HASH_ALGORITHMS[algorithm]).update(data).digest();
}

/**
 * HMAC of `data` under `key` (strings as UTF-8). A byte key goes in as a KeyObject: given raw bytes,
 * Node 24's `createHmac` first asks whether they are a KeyObject or a CryptoKey by catching an error
 * thrown by each check, ~10 µs an HMAC; a KeyObject (or a string) skips that (bench: G's hash rows).
 */
export function hmac(
  algorithm: HashAlgorithm,
  key: BinaryLike,
  data: BinaryLike | readonly BinaryLike[],
): Buffer {
  // Stryker disable next-line ConditionalExpression,StringLiteral: a string key made a KeyObject gives the same HMAC (strings are left as they are only because they are fast already); a raw byte key is caught by hmac-key-form.test.ts
  const mac = createHmac(HASH_ALGORITHMS[algorithm], typeof key === 'string' ? key : createSecretKey(key));
  if (Array.isArray(data)) for (const part of data as readonly BinaryLike[]) mac.update(part);
  else mac.update(data as BinaryLike);
  return mac.digest();
}

/**
 * Constant-time equality of two byte strings. The length check comes first and is not secret
 * (callers compare against a value whose length is public, e.g. a digest).
 */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && timingSafeEqual(a, b);
}

/**
 * Constant-time equality of two secrets of possibly different, secret lengths: both are hashed
 * first, so neither the content nor the length of the expected value leaks through timing.
 */
export function secretsEqual(presented: BinaryLike, expected: BinaryLike): boolean {
  return timingSafeEqual(digest('sha-256', presented), digest('sha-256', expected));
}
