import { type HashAlgorithm, splitSchemePrefix } from '@dus/core';
import { describeIgnoredKeys, failedCheck, isBareHex } from '../check.js';
import { digestShape, HMAC_LABELS } from '../hmac-check.js';
import type {
  PlatformCheck,
  PlatformDescriptor,
  PlatformName,
  TextEncoding,
  VerifyRequest,
} from '../types.js';
import { hmacSigning } from './hmac-signing.js';
import { verifySingleHmac } from './single-hmac.js';

/** A platform whose one header holds an HMAC of the raw body, bare or as `<prefix>=<digest>`. */
export interface BodyHmacScheme {
  name: PlatformName;
  kind: string;
  scheme: string;
  header: string;
  hash: HashAlgorithm;
  encoding: TextEncoding;
  /** `sha256` for a header holding `sha256=<digest>` (matched in any case); absent for a bare digest. */
  prefix?: string;
  /** How the platform lays out its JSON bodies (for the `payload_looks_reserialized` hint). */
  payloadJsonStyle: PlatformDescriptor['payload_json_style'];
}

const BARE_BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The descriptor of a body-HMAC platform: what GET /platforms lists and how to verify it, from one table
 * row. With a prefix, no prefix is malformed and another prefix is an unsupported scheme. The messages
 * are built here, once, not per request.
 */
export function bodyHmacPlatform(spec: BodyHmacScheme): PlatformDescriptor {
  const meta = {
    verifiedWith: 'secret' as const,
    scheme: spec.scheme,
    algorithm: HMAC_LABELS[spec.hash],
    encoding: spec.encoding,
  };
  const shape = digestShape(spec.hash, spec.encoding);
  const check = (request: VerifyRequest, signature: string, malformedMessage: string) =>
    verifySingleHmac({
      meta,
      hash: spec.hash,
      encoding: spec.encoding,
      secrets: request.secrets,
      signature,
      data: request.body,
      malformedMessage,
    });
  const { prefix } = spec;
  let verify: (request: VerifyRequest) => PlatformCheck;
  if (prefix === undefined) {
    const malformed = `${spec.header} must be ${shape}`;
    verify = (request) => check(request, request.signature, malformed);
  } else {
    const noPrefix = `${spec.header} must be ${prefix}=<${shape}>`;
    const otherPrefix = `${spec.header} has no ${prefix}= signature`;
    const malformed = `a ${prefix}= signature must be ${shape}`;
    const isBare = (value: string) => (spec.encoding === 'hex' ? isBareHex(value) : BARE_BASE64.test(value));
    verify = (request) => {
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
  return {
    name: spec.name,
    kind: spec.kind,
    scheme: spec.scheme,
    algorithm: meta.algorithm,
    encoding: spec.encoding,
    signature_header: spec.header,
    timestamp_header: null,
    required_fields: ['secret', 'payload', 'signature'],
    optional_fields: [],
    default_tolerance_s: null,
    rejects_future_timestamps: false,
    signature_prefixes: prefix === undefined ? [] : [`${prefix}=`],
    payload_json_style: spec.payloadJsonStyle,
    verify,
    signing: hmacSigning({
      scheme: spec.scheme,
      hash: spec.hash,
      encoding: spec.encoding,
      prefix: prefix === undefined ? '' : `${prefix}=`,
      signed: (request) => request.body,
    }),
  };
}
