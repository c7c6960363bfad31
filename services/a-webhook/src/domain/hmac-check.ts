import {
  type BinaryLike,
  decodeSignatureOfLength,
  findSignatureMatch,
  type HashAlgorithm,
  hmac,
} from '@dus/core';
import type { TextEncoding } from './types.js';

export const DIGEST_BYTES: Record<HashAlgorithm, number> = {
  'sha-1': 20,
  'sha-256': 32,
  'sha-384': 48,
  'sha-512': 64,
};

export const HMAC_LABELS: Record<HashAlgorithm, string> = {
  'sha-1': 'HMAC-SHA1',
  'sha-256': 'HMAC-SHA256',
  'sha-384': 'HMAC-SHA384',
  'sha-512': 'HMAC-SHA512',
};

export interface HmacCheckInput {
  hash: HashAlgorithm;
  encoding: TextEncoding;
  secrets: readonly BinaryLike[];
  /** The signed bytes; with several variants (Twilio's URL with and without port) any may match. */
  variants: readonly (BinaryLike | readonly BinaryLike[])[];
  /** Presented signatures, already stripped of any `scheme=` prefix. */
  signatures: readonly string[];
}

export interface HmacOutcome {
  /** How many signatures decode to exactly one digest; none means the signature is malformed. */
  wellFormed: number;
  match: { signatureIndex: number; secretIndex: number; variantIndex: number } | null;
}

/**
 * Checks the signatures against the HMAC of every (secret, variant) pair. Comparisons are constant
 * time over decoded bytes, and no HMAC is computed when no signature is even well formed.
 */
export function checkHmac(input: HmacCheckInput): HmacOutcome {
  const length = DIGEST_BYTES[input.hash];
  const decoded = input.signatures.map((text) => decodeSignatureOfLength(text, input.encoding, length));
  const wellFormed = decoded.filter((bytes) => bytes !== undefined).length;
  if (wellFormed === 0) return { wellFormed, match: null };
  const expected: Buffer[] = [];
  for (const secret of input.secrets)
    for (const variant of input.variants) expected.push(hmac(input.hash, secret, variant));
  const found = findSignatureMatch(decoded, expected);
  if (found === null) return { wellFormed, match: null };
  const perSecret = input.variants.length;
  return {
    wellFormed,
    match: {
      signatureIndex: found.signatureIndex,
      secretIndex: Math.floor(found.expectedIndex / perSecret),
      variantIndex: found.expectedIndex % perSecret,
    },
  };
}

/** How a well-formed signature looks, for `malformed_signature` messages. */
export function digestShape(hash: HashAlgorithm, encoding: TextEncoding): string {
  const bytes = DIGEST_BYTES[hash];
  return encoding === 'hex' ? `${bytes * 2} hex digits` : `the base64 of ${bytes} bytes`;
}

/** One HMAC as a header carries it: hex in lower case, base64 padded (POST /sign). */
export function hmacText(
  hash: HashAlgorithm,
  secret: BinaryLike,
  data: BinaryLike | readonly BinaryLike[],
  encoding: TextEncoding,
): string {
  return hmac(hash, secret, data).toString(encoding);
}
