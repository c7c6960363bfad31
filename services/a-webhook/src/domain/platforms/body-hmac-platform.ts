import type { HashAlgorithm } from '@dus/core';
import { digestShape, HMAC_LABELS } from '../hmac-check.js';
import type { PlatformDescriptor, PlatformName, TextEncoding } from '../types.js';
import { verifyPrefixedHmac } from './prefixed-hmac.js';
import { verifySingleHmac } from './single-hmac.js';

/** A platform whose one header holds an HMAC of the raw body, bare or as `<prefix>=<digest>`. */
export interface BodyHmacScheme {
  name: PlatformName;
  kind: string;
  scheme: string;
  header: string;
  hash: HashAlgorithm;
  encoding: TextEncoding;
  /** `sha256` for a header holding `sha256=<digest>`; absent for a bare digest. */
  prefix?: string;
  /** How the platform lays out its JSON bodies (for the `payload_looks_reserialized` hint). */
  payloadJsonStyle: PlatformDescriptor['payload_json_style'];
}

/** The descriptor of a body-HMAC platform: what GET /platforms lists and how to verify it, from one table row. */
export function bodyHmacPlatform(spec: BodyHmacScheme): PlatformDescriptor {
  const meta = {
    verifiedWith: 'secret' as const,
    scheme: spec.scheme,
    algorithm: HMAC_LABELS[spec.hash],
    encoding: spec.encoding,
  };
  const prefix = spec.prefix;
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
    verify: (request) =>
      prefix === undefined
        ? verifySingleHmac({
            meta,
            hash: spec.hash,
            encoding: spec.encoding,
            secrets: request.secrets,
            signature: request.signature,
            data: request.body,
            malformedMessage: `${spec.header} must be ${digestShape(spec.hash, spec.encoding)}`,
          })
        : verifyPrefixedHmac(
            { meta, header: spec.header, prefix, hash: spec.hash, encoding: spec.encoding },
            request,
          ),
  };
}
