import { type BinaryLike, parseUnixTimestamp } from '@dus/core';
import { HMAC_LABELS } from '../hmac-check.js';
import type {
  PlatformCheck,
  PlatformDescriptor,
  PlatformName,
  TextEncoding,
  TimestampForm,
  VerifyField,
  VerifyRequest,
} from '../types.js';
import { withSignedMilliseconds } from './epoch-milliseconds.js';
import { hmacSigning } from './hmac-signing.js';
import { prefixedHmacVerify } from './prefixed-hmac.js';
import { parseRfc3339 } from './rfc3339.js';

/**
 * A platform whose signature header holds one HMAC-SHA256 of bytes that include a timestamp sent in a header
 * of its own (Zoom, Twitch, Webflow), judged in a window once the signature matched.
 */
export interface TimestampedHmacScheme {
  name: PlatformName;
  kind: string;
  scheme: string;
  header: string;
  timestampHeader: string;
  /** The header carrying the message id that is signed too (Twitch). */
  idHeader?: string;
  encoding: TextEncoding;
  /** `v0` for `v0=<digest>`; absent for a bare digest. */
  prefix?: string;
  signed: (request: VerifyRequest) => BinaryLike[];
  /** How the timestamp is written: unix seconds, unix milliseconds, or an RFC 3339 date-time. */
  time: TimestampForm;
  toleranceS: number;
  rejectsFuture: boolean;
}

const INVALID_TIME: Record<Exclude<TimestampForm, 'unix_s'>, string> = {
  unix_ms: 'signature matches, but the timestamp is not an integer unix time in milliseconds',
  iso: 'signature matches, but the timestamp is not an RFC 3339 date-time such as 2023-11-14T22:13:20.123Z',
};

export function timestampedHmacPlatform(spec: TimestampedHmacScheme): PlatformDescriptor {
  const meta = {
    verifiedWith: 'secret',
    scheme: spec.scheme,
    algorithm: HMAC_LABELS['sha-256'],
    encoding: spec.encoding,
  } as const;
  const { prefix, time } = spec;
  const check = prefixedHmacVerify({
    meta,
    header: spec.header,
    hash: 'sha-256',
    encoding: spec.encoding,
    ...(prefix === undefined ? {} : { prefix }),
    signed: spec.signed,
  });
  const verify = (request: VerifyRequest): PlatformCheck => {
    const result = check(request);
    // A required field of every such platform.
    const timestamp = request.timestamp as string;
    if (time === 'unix_s') return { ...result, timestamp: { value: timestamp, allowMilliseconds: false } };
    const parse = time === 'unix_ms' ? parseUnixTimestamp : parseRfc3339;
    return withSignedMilliseconds(result, timestamp, parse, INVALID_TIME[time]);
  };
  const required: VerifyField[] = ['secret', 'payload', 'signature', 'timestamp'];
  if (spec.idHeader !== undefined) required.push('webhook_id');
  return {
    name: spec.name,
    kind: spec.kind,
    scheme: spec.scheme,
    algorithm: meta.algorithm,
    encoding: spec.encoding,
    signature_header: spec.header,
    timestamp_header: spec.timestampHeader,
    ...(spec.idHeader === undefined ? {} : { header_fields: { webhook_id: spec.idHeader } }),
    required_fields: required,
    optional_fields: ['tolerance', 'now'],
    default_tolerance_s: spec.toleranceS,
    rejects_future_timestamps: spec.rejectsFuture,
    signature_prefixes: prefix === undefined ? [] : [`${prefix}=`],
    payload_json_style: 'compact',
    verify,
    signing: hmacSigning({
      scheme: spec.scheme,
      hash: 'sha-256',
      encoding: spec.encoding,
      prefix: prefix === undefined ? '' : `${prefix}=`,
      signed: spec.signed,
      timestamp: time,
    }),
  };
}
