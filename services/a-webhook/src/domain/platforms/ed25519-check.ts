import { type KeyObject, verify as verifySignature } from 'node:crypto';
import type { BinaryLike } from '@dus/core';
import { type CheckMeta, failedCheck } from '../check.js';
import type { PlatformCheck, TimestampSource } from '../types.js';

export const ED25519_SIGNATURE_BYTES = 64;

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
  const data = Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
  let valid = false;
  try {
    valid = verifySignature(null, data, key, signature);
  } catch {
    valid = false;
  }
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
