import { canonicalizeToBytes, type JsonValue, toBase64Url } from '@dus/core';
import { DIGEST_BITS, type DigestAlgorithm, hashBytes } from './hashes.js';
import { project } from './projection.js';

export const DEFAULT_KEY_LENGTH = 32;

export interface IdempotencyKeyRequest {
  value: JsonValue;
  fields?: readonly string[] | undefined;
  prefix?: string | undefined;
  length?: number | undefined;
  algorithm?: DigestAlgorithm | undefined;
}

export interface IdempotencyKeyResult {
  key: string;
  /** RFC 8941 sf-string, ready for an `Idempotency-Key` header. */
  header: string;
  algorithm: DigestAlgorithm;
  encoding: 'base64url';
  length: number;
  prefix: string;
  fields: string[] | null;
  missing_fields: string[];
  collision_bits: number;
}

/** RFC 8941 §3.3.3 sf-string: printable ASCII, with `"` and `\` escaped. */
export function toSfString(text: string): string {
  return `"${text.replace(/[\\"]/g, (ch) => `\\${ch}`)}"`;
}

/** Key = prefix + the first `length` characters of base64url(hash(UTF-8(JCS(projected value)))), SHA-256 by default. */
export function idempotencyKey(request: IdempotencyKeyRequest): IdempotencyKeyResult {
  const length = request.length ?? DEFAULT_KEY_LENGTH;
  const prefix = request.prefix ?? '';
  const projection = request.fields ? project(request.value, request.fields) : undefined;
  const algorithm = request.algorithm ?? 'sha-256';
  const hashed = hashBytes(algorithm, canonicalizeToBytes(projection ? projection.value : request.value));
  const key = prefix + toBase64Url(hashed).slice(0, length);
  return {
    key,
    header: toSfString(key),
    algorithm,
    encoding: 'base64url',
    length,
    prefix,
    fields: projection ? projection.fields : null,
    missing_fields: projection ? projection.missing : [],
    // Each base64url character carries 6 bits, up to the digest's own size.
    collision_bits: Math.min(length * 6, DIGEST_BITS[algorithm]),
  };
}
