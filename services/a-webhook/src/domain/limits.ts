import { ProblemError } from '@dus/core';
import type { PlatformName } from './types.js';

/**
 * Bounds that keep every request cheap (no single request holds the event loop for long or the heap
 * for much more than its own size), far above what any platform really sends.
 */

/** A signature header longer than this is refused (400): the longest real one (PayPal's RSA-4096 base64,
 * a Stripe header with several v1 during secret rotation) is well under 2 KiB. Checked before any parsing. */
export const MAX_SIGNATURE_CHARS = 8192;

/** A PEM public key or certificate (with its chain) longer than this is refused (400). */
export const MAX_KEY_CHARS = 64 * 1024;

/** The `headers` input: at most this many names (and values per repeated header)… */
export const MAX_HEADERS = 100;

/** …each name at most this long (values are held to MAX_SIGNATURE_CHARS). */
export const MAX_HEADER_NAME_CHARS = 256;

/** generic's `signed_content` template, and the `method` token. */
export const MAX_TEMPLATE_CHARS = 256;
export const MAX_METHOD_CHARS = 32;

/** Twilio form deliveries carry a few dozen parameters. */
export const MAX_FORM_PARAMETERS = 1000;

/** The payload-layout hint re-parses JSON payloads only up to this size (it is advice, not verification). */
export const MAX_HINT_PARSE_BYTES = 1024 * 1024;

const MiB = 1024 * 1024;
/**
 * The largest payload each platform is accepted with. GitHub documents payloads capped at 25 MB; the
 * others send small JSON or form bodies, and Linear's payload is parsed (for `webhookTimestamp`), so it
 * is held to 1 MiB. HMAC over the bytes is linear and cheap at these sizes. A platform not listed here
 * gets DEFAULT_MAX_PAYLOAD_BYTES.
 */
const DEFAULT_MAX_PAYLOAD_BYTES = 5 * MiB;

export const MAX_PAYLOAD_BYTES: Readonly<Partial<Record<PlatformName, number>>> = {
  github: 25 * MiB,
  stripe: 5 * MiB,
  shopify: 5 * MiB,
  slack: 5 * MiB,
  twilio: 1 * MiB,
  sendgrid: 5 * MiB,
  paddle: 5 * MiB,
  paypal: 5 * MiB,
  linear: 1 * MiB,
  notion: 5 * MiB,
  vercel: 5 * MiB,
  cloudflare: 5 * MiB,
  'generic-ed25519': 25 * MiB,
  generic: 25 * MiB,
};

function fitsIn(body: string | Uint8Array, limit: number): boolean {
  if (typeof body !== 'string') return body.byteLength <= limit;
  // UTF-8 is at most 3 bytes per UTF-16 unit: skip the exact count while that bound is under the limit.
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a shortcut (false, or < for <=, only computes the exact count below, which then holds too)
  if (body.length * 3 <= limit) return true;
  return Buffer.byteLength(body) <= limit;
}

/** 413 naming the platform's payload limit; `body` is the text payload or the decoded `payload_base64`. */
export function checkPayloadSize(platform: PlatformName, body: string | Uint8Array): void {
  const limit = MAX_PAYLOAD_BYTES[platform] ?? DEFAULT_MAX_PAYLOAD_BYTES;
  if (fitsIn(body, limit)) return;
  throw new ProblemError({
    status: 413,
    code: 'payload_too_large',
    detail: `The ${platform} payload exceeds ${limit} bytes, the most this service verifies for ${platform}.`,
    extensions: { limit_bytes: limit, platform },
  });
}
