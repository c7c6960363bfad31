import type { PlatformCheck, PlatformDescriptor, VerifyRequest } from '../types.js';
import { withSignedMilliseconds } from './epoch-milliseconds.js';
import { hmacSigning } from './hmac-signing.js';
import { verifySingleHmac } from './single-hmac.js';

const META = {
  verifiedWith: 'secret',
  scheme: 'zendesk-hmac',
  algorithm: 'HMAC-SHA256',
  encoding: 'base64',
} as const;

/** An ISO 8601 UTC or offset date-time as Zendesk sends it, e.g. `2021-07-25T10:00:00Z`. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * Milliseconds since the epoch, or `undefined` when the text is not such a date-time (or is before 1970).
 * `Date.parse` refuses month 13, minute or second 60 and offsets past ±23:59, but rolls a day the month
 * lacks over (2021-02-30 reads as 2021-03-02) and 24:00 into the next day: the written date and time
 * must read back unchanged, as RFC 3339 §5.7 asks.
 */
function parseIsoDateTime(text: string): number | undefined {
  const trimmed = text.trim();
  if (!ISO_DATE_TIME.test(trimmed)) return undefined;
  const milliseconds = Date.parse(trimmed);
  if (!(Number.isFinite(milliseconds) && milliseconds >= 0)) return undefined;
  const written = trimmed.slice(0, 19);
  return new Date(`${written}Z`).toISOString().startsWith(written) ? milliseconds : undefined;
}

/** Zendesk's signed bytes: the timestamp text, then the body. */
const signed = (request: VerifyRequest) => [request.timestamp ?? '', request.body];

/**
 * `X-Zendesk-Webhook-Signature: <base64>`, HMAC-SHA256 (key: the webhook's signing secret) of the
 * `X-Zendesk-Webhook-Signature-Timestamp` text followed by the body.
 */
function verify(request: VerifyRequest): PlatformCheck {
  const timestamp = request.timestamp ?? '';
  const check = verifySingleHmac({
    meta: META,
    hash: 'sha-256',
    encoding: 'base64',
    secrets: request.secrets,
    signature: request.signature,
    data: signed(request),
    malformedMessage: 'X-Zendesk-Webhook-Signature must be the base64 of 32 bytes',
  });
  return withSignedMilliseconds(
    check,
    timestamp,
    parseIsoDateTime,
    'signature matches, but the timestamp is not an ISO 8601 date-time such as 2021-07-25T10:00:00Z',
  );
}

export const zendesk: PlatformDescriptor = {
  name: 'zendesk',
  kind: 'customer support',
  scheme: META.scheme,
  algorithm: META.algorithm,
  encoding: 'base64',
  signature_header: 'X-Zendesk-Webhook-Signature',
  timestamp_header: 'X-Zendesk-Webhook-Signature-Timestamp',
  required_fields: ['secret', 'payload', 'signature', 'timestamp'],
  optional_fields: ['tolerance', 'now'],
  default_tolerance_s: 300,
  rejects_future_timestamps: true,
  signature_prefixes: [],
  payload_json_style: null,
  verify,
  signing: hmacSigning({
    scheme: META.scheme,
    hash: 'sha-256',
    encoding: 'base64',
    signed,
    timestamp: 'iso',
  }),
};
