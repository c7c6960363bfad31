import { toBase64, toBase64Url, toHex } from '@dus/core';
import { type DigestAlgorithm, hashBytes } from './hashes.js';

/** RFC 9530 registers only these for Content-Digest / Repr-Digest (IANA "HTTP Digest Algorithm Values"). */
const CONTENT_DIGEST_ALGORITHMS: ReadonlySet<DigestAlgorithm> = new Set(['sha-256', 'sha-512']);

export interface DigestResult {
  algorithm: DigestAlgorithm;
  bytes: number;
  hex: string;
  base64: string;
  base64url: string;
  /** RFC 9530 field value (`sha-256=:<base64>:`), or null for algorithms outside its registry. */
  content_digest: string | null;
  warnings: string[];
}

export function digestOf(input: string | Uint8Array, algorithm: DigestAlgorithm): DigestResult {
  // Stryker disable next-line ConditionalExpression,StringLiteral: Buffer.from copies bytes as they are and reads text as UTF-8 by default
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  const hash = hashBytes(algorithm, bytes);
  const base64 = toBase64(hash);
  const registered = CONTENT_DIGEST_ALGORITHMS.has(algorithm);
  return {
    algorithm,
    bytes: bytes.byteLength,
    hex: toHex(hash),
    base64,
    base64url: toBase64Url(hash),
    content_digest: registered ? `${algorithm}=:${base64}:` : null,
    warnings: registered
      ? []
      : [
          `${algorithm} is not in the RFC 9530 HTTP Digest Algorithm registry (only sha-256 and sha-512 are active there), so no Content-Digest value is given.`,
        ],
  };
}
