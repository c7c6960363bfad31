import type { BinaryLike, HashAlgorithm } from '@dus/core';
import { type CheckMeta, hmacCheckResult } from '../check.js';
import { checkHmac } from '../hmac-check.js';
import type { PlatformCheck, TextEncoding } from '../types.js';

export interface SingleHmacOptions {
  meta: CheckMeta;
  hash: HashAlgorithm;
  encoding: TextEncoding;
  secrets: readonly string[];
  /** The presented signature without any `scheme=` prefix. */
  signature: string;
  data: BinaryLike | readonly BinaryLike[];
  malformedMessage: string;
}

/** The common case: one signature header holding one HMAC of the signed bytes. */
export function verifySingleHmac(options: SingleHmacOptions): PlatformCheck {
  const outcome = checkHmac({
    hash: options.hash,
    encoding: options.encoding,
    secrets: options.secrets,
    variants: [options.data],
    signatures: [options.signature.trim()],
  });
  return hmacCheckResult(options.meta, outcome, 1, options.malformedMessage);
}
