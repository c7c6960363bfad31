import { type HashAlgorithm, splitSchemePrefix } from '@dus/core';
import { type CheckMeta, describeIgnoredKeys, failedCheck } from '../check.js';
import { digestShape } from '../hmac-check.js';
import type { PlatformCheck, TextEncoding, VerifyRequest } from '../types.js';
import { verifySingleHmac } from './single-hmac.js';

/** A header holding `<prefix>=<digest>` of the raw body, such as `sha256=<base64>` or `sha1=<hex>`. */
export interface PrefixedHmacScheme {
  meta: CheckMeta;
  header: string;
  /** The scheme token before `=`, matched in any case. */
  prefix: string;
  hash: HashAlgorithm;
  encoding: TextEncoding;
}

const BARE_DIGEST: Record<TextEncoding, RegExp> = {
  hex: /^[0-9a-fA-F]+$/,
  base64: /^[A-Za-z0-9+/]+={0,2}$/,
};

/** Verifies `<prefix>=<digest>`: no prefix is malformed, another prefix is an unsupported scheme. */
export function verifyPrefixedHmac(scheme: PrefixedHmacScheme, request: VerifyRequest): PlatformCheck {
  const shape = digestShape(scheme.hash, scheme.encoding);
  const { scheme: found, value } = splitSchemePrefix(request.signature);
  if (found === null) {
    const message = `${scheme.header} must be ${scheme.prefix}=<${shape}>`;
    return failedCheck(scheme.meta, 'malformed_signature', message, {
      hints: BARE_DIGEST[scheme.encoding].test(value) ? ['signature_missing_prefix'] : [],
    });
  }
  if (found.toLowerCase() !== scheme.prefix) {
    const message = `${scheme.header} has no ${scheme.prefix}= signature`;
    return failedCheck(scheme.meta, 'no_supported_signature', message, {
      ignored: describeIgnoredKeys([found]),
    });
  }
  return verifySingleHmac({
    meta: scheme.meta,
    hash: scheme.hash,
    encoding: scheme.encoding,
    secrets: request.secrets,
    signature: value,
    data: request.body,
    malformedMessage: `a ${scheme.prefix}= signature must be ${shape}`,
  });
}
