import { createHash } from 'node:crypto';
import { blake3 } from '@noble/hashes/blake3.js';

/**
 * Digest algorithms G offers. SHA-2 and SHA-3 come from node:crypto (OpenSSL, native: the benchmark's
 * "hash libraries" rows show it several times faster than @noble/hashes at 1 KiB and 1 MiB); BLAKE3,
 * which node:crypto lacks, from @noble/hashes (audited, pure JS, checked against the official BLAKE3
 * test vectors).
 */
export const DIGEST_ALGORITHMS = ['sha-256', 'sha-384', 'sha-512', 'sha3-256', 'sha3-512', 'blake3'] as const;
export type DigestAlgorithm = (typeof DIGEST_ALGORITHMS)[number];

const NODE_NAMES: Record<Exclude<DigestAlgorithm, 'blake3'>, string> = {
  'sha-256': 'sha256',
  'sha-384': 'sha384',
  'sha-512': 'sha512',
  'sha3-256': 'sha3-256',
  'sha3-512': 'sha3-512',
};

/** Output size in bits. */
export const DIGEST_BITS: Record<DigestAlgorithm, number> = {
  'sha-256': 256,
  'sha-384': 384,
  'sha-512': 512,
  'sha3-256': 256,
  'sha3-512': 512,
  blake3: 256,
};

export function hashBytes(algorithm: DigestAlgorithm, bytes: Uint8Array): Uint8Array {
  return algorithm === 'blake3' ? blake3(bytes) : createHash(NODE_NAMES[algorithm]).update(bytes).digest();
}
