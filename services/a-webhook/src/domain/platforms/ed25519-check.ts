import { type KeyObject, sign as signData, verify as verifySignature } from 'node:crypto';
import type { BinaryLike } from '@dus/core';
import { type CheckMeta, failedCheck } from '../check.js';
import type { PlatformCheck, TimestampSource } from '../types.js';

export const ED25519_SIGNATURE_BYTES = 64;

const bytesOf = (parts: readonly BinaryLike[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));

/** The Ed25519 signature (64 bytes) of the concatenated parts with a private key (POST /sign). */
export function signEd25519(key: KeyObject, parts: readonly BinaryLike[]): Buffer {
  return signData(null, bytesOf(parts), key);
}

/** Whether the 64-byte `signature` is Ed25519 (RFC 8032, pure) of the concatenated parts under `key`. */
export function verifiesEd25519(key: KeyObject, signature: Buffer, parts: readonly BinaryLike[]): boolean {
  try {
    return verifySignature(null, bytesOf(parts), key, signature);
  } catch {
    return false;
  }
}

/** Ed25519 (RFC 8032, pure) over the concatenated parts; `signature` must already be 64 decoded bytes. */
export function checkEd25519(
  meta: CheckMeta,
  key: KeyObject,
  signature: Buffer | undefined,
  parts: readonly BinaryLike[],
  malformedMessage: string,
  timestamp: TimestampSource | null,
): PlatformCheck {
  if (signature === undefined || signature.byteLength !== ED25519_SIGNATURE_BYTES) {
    return failedCheck(meta, 'malformed_signature', malformedMessage);
  }
  const valid = verifiesEd25519(key, signature, parts);
  return {
    verifiedWith: meta.verifiedWith,
    scheme: meta.scheme,
    algorithm: meta.algorithm,
    encoding: meta.encoding,
    signaturesFound: 1,
    match: valid ? { signatureIndex: 0, secretIndex: null } : null,
    failure: null,
    ignored: [],
    timestamp,
    hints: [],
  };
}
