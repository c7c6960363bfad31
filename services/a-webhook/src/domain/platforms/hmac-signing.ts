import type { BinaryLike, HashAlgorithm } from '@dus/core';
import { hmacText } from '../hmac-check.js';
import type { PlatformSigning, TextEncoding, TimestampForm, VerifyRequest } from '../types.js';

export interface HmacSigningScheme {
  scheme: string;
  hash: HashAlgorithm;
  encoding: TextEncoding;
  /** What the header carries before the digest, e.g. `sha256=`. */
  prefix?: string;
  /** The signed bytes: the same function the platform's `verify` checks. */
  signed: (request: VerifyRequest) => BinaryLike | readonly BinaryLike[];
  /** The timestamp the bytes include, if any. */
  timestamp?: TimestampForm;
}

/** POST /sign for a platform whose header carries one HMAC made with its one secret. */
export function hmacSigning(spec: HmacSigningScheme): PlatformSigning {
  const prefix = spec.prefix ?? '';
  const timestamp = spec.timestamp ?? null;
  return {
    manySecrets: false,
    timestamp: () => timestamp,
    sign: (request) => ({
      scheme: spec.scheme,
      signature:
        prefix + hmacText(spec.hash, request.secrets[0] as string, spec.signed(request), spec.encoding),
    }),
  };
}
