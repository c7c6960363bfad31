import type { HashAlgorithm } from '@dus/core';
import { HMAC_LABELS } from '../hmac-check.js';
import type { PlatformDescriptor, PlatformName, TextEncoding } from '../types.js';
import { hmacSigning } from './hmac-signing.js';
import { prefixedHmacVerify } from './prefixed-hmac.js';

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
  /** `platform: "auto"`, when the signature header alone does not say (see PlatformDescriptor). */
  detection?: PlatformDescriptor['detection'];
}

/**
 * The descriptor of a body-HMAC platform: what GET /platforms lists and how to verify it, from one table
 * row. With a prefix, no prefix is malformed and another prefix is an unsupported scheme.
 */
export function bodyHmacPlatform(spec: BodyHmacScheme): PlatformDescriptor {
  const meta = {
    verifiedWith: 'secret' as const,
    scheme: spec.scheme,
    algorithm: HMAC_LABELS[spec.hash],
    encoding: spec.encoding,
  };
  const { prefix } = spec;
  const verify = prefixedHmacVerify({
    meta,
    header: spec.header,
    hash: spec.hash,
    encoding: spec.encoding,
    ...(prefix === undefined ? {} : { prefix }),
    signed: (request) => request.body,
  });
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
    ...(spec.detection === undefined ? {} : { detection: spec.detection }),
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
