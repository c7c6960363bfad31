import { secretsEqual } from '@dus/core';
import { failedCheck } from '../check.js';
import type { PlatformCheck, PlatformDescriptor, PlatformName, VerifyRequest } from '../types.js';

/** A platform whose header holds the configured token itself: nothing is signed. */
export interface StaticTokenScheme {
  name: PlatformName;
  kind: string;
  scheme: string;
  header: string;
}

export function staticTokenPlatform(spec: StaticTokenScheme): PlatformDescriptor {
  const meta = {
    verifiedWith: 'secret',
    scheme: spec.scheme,
    algorithm: 'static-token',
    encoding: 'text',
  } as const;
  function verify(request: VerifyRequest): PlatformCheck {
    if (request.signature === '') return failedCheck(meta, 'malformed_signature', `${spec.header} is empty`);
    let secretIndex: number | null = null;
    // Every secret is compared (no early exit), and secretsEqual hashes both sides so lengths do not leak.
    request.secrets.forEach((secret, index) => {
      if (secretsEqual(request.signature, secret) && secretIndex === null) secretIndex = index;
    });
    return {
      ...meta,
      signaturesFound: 1,
      match: secretIndex === null ? null : { signatureIndex: 0, secretIndex },
      failure: null,
      ignored: [],
      timestamp: null,
      hints: [],
    };
  }
  return {
    name: spec.name,
    kind: spec.kind,
    scheme: spec.scheme,
    algorithm: meta.algorithm,
    encoding: 'text',
    signature_header: spec.header,
    timestamp_header: null,
    required_fields: ['secret', 'payload', 'signature'],
    optional_fields: [],
    default_tolerance_s: null,
    rejects_future_timestamps: false,
    signature_prefixes: [],
    payload_json_style: null,
    verify,
  };
}
