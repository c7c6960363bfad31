import { type BinaryLike, type HashAlgorithm, splitSchemePrefix } from '@dus/core';
import { type CheckMeta, describeIgnoredKeys, failedCheck, isBareHex } from '../check.js';
import { digestShape } from '../hmac-check.js';
import type { PlatformCheck, TextEncoding, VerifyRequest } from '../types.js';
import { verifySingleHmac } from './single-hmac.js';

/** A header holding one HMAC, bare or as `<prefix>=<digest>` (the prefix matched in any case). */
export interface PrefixedHmacScheme {
  meta: CheckMeta;
  header: string;
  hash: HashAlgorithm;
  encoding: TextEncoding;
  /** e.g. `sha256` for `sha256=<digest>`; absent for a bare digest. */
  prefix?: string;
  /** The signed bytes. */
  signed: (request: VerifyRequest) => BinaryLike | readonly BinaryLike[];
}

const BARE_BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The check of such a header. With a prefix, none is `malformed_signature` (with the hint
 * `signature_missing_prefix` when a bare digest was sent) and another one `no_supported_signature`. The
 * messages are built here, once, not per request.
 */
export function prefixedHmacVerify(spec: PrefixedHmacScheme): (request: VerifyRequest) => PlatformCheck {
  const { meta, prefix } = spec;
  const shape = digestShape(spec.hash, spec.encoding);
  const check = (request: VerifyRequest, signature: string, malformedMessage: string) =>
    verifySingleHmac({
      meta,
      hash: spec.hash,
      encoding: spec.encoding,
      secrets: request.secrets,
      signature,
      data: spec.signed(request),
      malformedMessage,
    });
  if (prefix === undefined) {
    const malformed = `${spec.header} must be ${shape}`;
    return (request) => check(request, request.signature, malformed);
  }
  const noPrefix = `${spec.header} must be ${prefix}=<${shape}>`;
  const otherPrefix = `${spec.header} has no ${prefix}= signature`;
  const malformed = `a ${prefix}= signature must be ${shape}`;
  const isBare = (value: string) => (spec.encoding === 'hex' ? isBareHex(value) : BARE_BASE64.test(value));
  return (request) => {
    const { scheme: found, value } = splitSchemePrefix(request.signature);
    if (found === null) {
      return failedCheck(meta, 'malformed_signature', noPrefix, {
        hints: isBare(value) ? ['signature_missing_prefix'] : [],
      });
    }
    if (found.toLowerCase() !== prefix) {
      return failedCheck(meta, 'no_supported_signature', otherPrefix, {
        ignored: describeIgnoredKeys([found]),
      });
    }
    return check(request, value, malformed);
  };
}
