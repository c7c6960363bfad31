import type { PlatformDescriptor, PlatformName } from '../types.js';
import { timestampedListSigning, verifyTimestampedList } from './timestamped-list.js';

/**
 * A `t=<unix>,<version>=<hex>[,<version>=…]` header read as Stripe's (ElevenLabs, Calendly, Mux): HMAC-SHA256
 * of `t + "." + body`, any entry may match, other versions are `ignored`; timestamps only too old fail.
 * POST /sign writes one entry, for one secret.
 */
export interface TListScheme {
  name: PlatformName;
  kind: string;
  scheme: string;
  header: string;
  version: 'v0' | 'v1';
  toleranceS: number;
}

export function tListPlatform(spec: TListScheme): PlatformDescriptor {
  const list = {
    meta: { verifiedWith: 'secret', scheme: spec.scheme, algorithm: 'HMAC-SHA256', encoding: 'hex' },
    header: spec.header,
    separator: ',',
    timeKey: 't',
    signatureKey: spec.version,
    joiner: '.',
  } as const;
  return {
    name: spec.name,
    kind: spec.kind,
    scheme: spec.scheme,
    algorithm: list.meta.algorithm,
    encoding: 'hex',
    signature_header: spec.header,
    timestamp_header: spec.header,
    required_fields: ['secret', 'payload', 'signature'],
    optional_fields: ['tolerance', 'now'],
    default_tolerance_s: spec.toleranceS,
    rejects_future_timestamps: false,
    signature_prefixes: [`${spec.version}=`],
    payload_json_style: 'compact',
    verify: (request) => verifyTimestampedList(request, list).check,
    signing: timestampedListSigning(list, false),
  };
}
