import type { BinaryLike } from '@dus/core';
import type { Placeholder } from './signed-content.js';

/** Types of the verification domain: the request as received, as checked, and the result. */

export const PLATFORM_NAMES = [
  'stripe',
  'github',
  'shopify',
  'slack',
  'twilio',
  'sendgrid',
  'paddle',
  'paypal',
  'linear',
  'notion',
  'vercel',
  'cloudflare',
  'standard-webhooks',
  'svix',
  'discord',
  'gitlab',
  'hubspot',
  'square',
  'zendesk',
  'typeform',
  'mailchimp',
  'intercom',
  'segment',
  'meta',
  'zoom',
  'twitch',
  'woocommerce',
  'lemonsqueezy',
  'elevenlabs',
  'webflow',
  'calendly',
  'mux',
  'openai',
  'replicate',
  'polar',
  'generic-ed25519',
  'generic',
] as const;
export type PlatformName = (typeof PLATFORM_NAMES)[number];

/** `platform: "auto"` (POST /verify): the platform is the one the received headers name. */
export const AUTO_PLATFORM = 'auto';

export const GENERIC_ALGORITHMS = ['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512'] as const;
export type GenericAlgorithm = (typeof GENERIC_ALGORITHMS)[number];

export const TEXT_ENCODINGS = ['hex', 'base64'] as const;
export type TextEncoding = (typeof TEXT_ENCODINGS)[number];

export const PAYPAL_MODES = ['hmac', 'native'] as const;
export type PaypalMode = (typeof PAYPAL_MODES)[number];

/** A received header's value: a string, or the values of a repeated header (joined with ", " as HTTP does). */
export type HeaderValue = string | string[];

/** The body of POST /verify, as the caller sends it. */
export interface VerifyInput {
  platform: string;
  secret?: string | string[] | undefined;
  payload?: string | undefined;
  /** The body as base64 (standard or URL-safe alphabet, padding optional); exclusive with `payload`. */
  payload_base64?: string | undefined;
  /** The received request headers (names in any case); fields a platform needs are picked from them. */
  headers?: Record<string, HeaderValue> | undefined;
  signature?: string | undefined;
  timestamp?: string | number | undefined;
  url?: string | undefined;
  content_type?: string | undefined;
  public_key?: string | undefined;
  mode?: string | undefined;
  algo?: string | undefined;
  encoding?: string | undefined;
  tolerance?: number | undefined;
  now?: number | undefined;
  cert?: string | undefined;
  transmission_id?: string | undefined;
  transmission_time?: string | undefined;
  webhook_id?: string | undefined;
  /** The HTTP method of the delivery (HubSpot v3, generic `{method}`); default POST. */
  method?: string | undefined;
  /** generic: the signed-content template, e.g. `{timestamp}.{body}`. */
  signed_content?: string | undefined;
  /** generic: the header that carries the signature, for `headers`. */
  signature_header?: string | undefined;
  /** generic: the header that carries the timestamp, for `headers`. */
  timestamp_header?: string | undefined;
}

export type VerifyField = Exclude<keyof VerifyInput, 'platform'>;

/** The request after validation: absent optional fields are `null`, `secret` is always a list. */
export interface VerifyRequest {
  platform: PlatformName;
  /** Candidate secrets in the caller's order (empty when none was given). */
  secrets: string[];
  /** The body as text, for the platforms that parse it and for hints (a binary body decodes lossily). */
  payload: string;
  /** The exact bytes delivered, which every platform signs: `payload` itself, or `payload_base64` decoded. */
  body: BinaryLike;
  signature: string;
  /** The timestamp exactly as received (numbers as their decimal text), so it can be signed as is. */
  timestamp: string | null;
  url: string | null;
  content_type: string | null;
  public_key: string | null;
  mode: PaypalMode | null;
  algo: GenericAlgorithm | null;
  encoding: TextEncoding | null;
  tolerance: number | null;
  now: number | null;
  cert: string | null;
  transmission_id: string | null;
  transmission_time: string | null;
  webhook_id: string | null;
  /** Upper-cased; POST when not given. */
  method: string;
  /** generic: the parsed `signed_content` template (null: the body alone is signed). */
  signed_content: SignedContentPart[] | null;
}

/** One piece of a signed-content template: literal text or a request value. */
export type SignedContentPart = { literal: string } | { placeholder: Placeholder };

export interface VerifyContext {
  /** The clock, unix seconds. */
  nowS: number;
}

export const FAILURE_REASONS = [
  'signature_mismatch',
  'malformed_signature',
  'no_supported_signature',
  'timestamp_too_old',
  'timestamp_in_future',
  'invalid_timestamp',
  'body_hash_mismatch',
  'missing_body_hash',
] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

export const HINTS = [
  'secret_has_whitespace',
  'secret_missing_whsec_prefix',
  'payload_looks_reserialized',
  'payload_has_trailing_newline',
  'signature_has_prefix_of_other_platform',
  'signature_missing_prefix',
  'signature_looks_hex',
  'signature_looks_base64',
  'signature_prefix_names_other_algorithm',
  'timestamp_looks_like_milliseconds',
  'timestamp_differs_from_payload',
  'no_timestamp_checked',
  'url_default_port_adjusted',
  'certificate_expired',
  'certificate_not_yet_valid',
] as const;
export type Hint = (typeof HINTS)[number];

/** Where a platform found the timestamp, before the window check. */
export interface TimestampSource {
  /** The value as found (text or number); invalid values are reported as `invalid_timestamp`. */
  value: string | number;
  /** Linear sends milliseconds; values above 10^12 are divided by 1000. */
  allowMilliseconds: boolean;
}

/** What a platform module found, before the central timestamp check and message wording. */
export interface PlatformCheck {
  /** What the signature was checked with, for the wording of a mismatch. */
  verifiedWith: 'secret' | 'public_key' | 'secret_or_public_key' | 'certificate';
  scheme: string;
  algorithm: string;
  encoding: string;
  signaturesFound: number;
  /** The signature and secret that matched (`secretIndex` is null for public-key schemes). */
  match: { signatureIndex: number; secretIndex: number | null } | null;
  /** A failure found by the platform itself (malformed header, body hash…), with a message. */
  failure: { reason: FailureReason; message: string } | null;
  ignored: string[];
  timestamp: TimestampSource | null;
  hints: Hint[];
}

/**
 * One platform, declared in one place: what GET /platforms lists, and how to verify it.
 *
 * The `headers` input relies on this contract: a request field the platform needs is taken from the
 * received headers (matched case-insensitively) when the caller did not give the field itself —
 * `signature` from `signature_header`; `timestamp` from `timestamp_header`, but only when `timestamp` is one
 * of the platform's required or optional fields (Stripe's timestamp lives inside its signature header);
 * and any other field from `header_fields` (e.g. Svix's `webhook_id` from `svix-id`). So a platform that
 * declares its exact header names works with `headers` without any code of its own. Fields that no header
 * carries (Twilio's `url`, PayPal's `webhook_id`, keys and secrets) must still be given as fields.
 */
export interface PlatformDescriptor {
  name: PlatformName;
  kind: string;
  scheme: string;
  algorithm: string;
  encoding: 'hex' | 'base64' | 'text';
  signature_header: string | null;
  timestamp_header: string | null;
  /** Other fields carried by a header, for `headers` (field → header name, any case). */
  header_fields?: Readonly<Partial<Record<VerifyField, string>>>;
  required_fields: readonly VerifyField[];
  optional_fields: readonly VerifyField[];
  /**
   * The window applied by default; null: none. Platforms whose check reports a timestamp but that apply no
   * window of their own (Discord, generic templates) set null and `optional_window`: `tolerance` then applies one.
   */
  default_tolerance_s: number | null;
  /** With `default_tolerance_s` null: a `tolerance` given by the caller is applied to the timestamp found. */
  optional_window?: boolean;
  /** Whether a timestamp too far in the future fails too (otherwise only too old ones do). */
  rejects_future_timestamps: boolean;
  /** Signature prefixes that belong to this platform (for the `signature_has_prefix_of_other_platform` hint). */
  signature_prefixes: readonly string[];
  /** The platform's own JSON layout, for the `payload_looks_reserialized` hint. */
  payload_json_style: 'compact' | 'pretty2' | null;
  /** Required fields when they depend on the request (PayPal's modes); defaults to `required_fields`. */
  requiredFieldsFor?: (request: VerifyRequest) => readonly VerifyField[];
  /** Extra sentence for a `missing_field` error. */
  missingFieldNote?: (request: VerifyRequest) => string | null;
  verify: (request: VerifyRequest, ctx: VerifyContext) => PlatformCheck;
  /**
   * `platform: "auto"`: the headers that name this platform (default: its `signature_header`; the first one
   * present is the signature read; none: never detected), a candidate only beside one of `beside` when given,
   * and the candidates it overrules — always, or only beside one of `when` (a name ending in `*` is a prefix).
   */
  detection?: {
    headers?: readonly string[];
    beside?: readonly string[];
    overrules?: readonly { platforms: readonly PlatformName[]; when?: readonly string[] }[];
  };
  /** How POST /sign produces this platform's signature (HMAC platforms only; absent: not signable). */
  signing?: PlatformSigning;
}

/** The form of a timestamp signed when the caller gives none: unix seconds, milliseconds, or ISO 8601 `Z`. */
export type TimestampForm = 'unix_s' | 'unix_ms' | 'iso';

/** What POST /sign needs from a platform; the bytes are those its `verify` checks. */
export interface PlatformSigning {
  /** Whether `secret` may be a list (one signature each, in order). */
  manySecrets: boolean;
  /** The timestamp form the request signs (null: no timestamp is signed). */
  timestamp: (request: VerifyRequest) => TimestampForm | null;
  /** Whether this request can be signed (PayPal: only `mode: "hmac"`); default: always. */
  signable?: (request: VerifyRequest) => boolean;
  /** The signature header's value from `request.secrets` (and the timestamp, now always set when signed). */
  sign: (request: VerifyRequest) => { scheme: string; signature: string };
}

/** The result of POST /verify. */
export interface VerifyResult {
  /** With `platform: "auto"`: the platform the headers named. */
  detected_platform?: PlatformName;
  valid: boolean;
  platform: PlatformName;
  scheme: string;
  algorithm: string;
  encoding: string;
  reason: FailureReason | null;
  message: string;
  timestamp: number | null;
  timestamp_age_s: number | null;
  tolerance_s: number | null;
  signatures_found: number;
  matched_signature_index: number | null;
  matched_secret_index: number | null;
  ignored: string[];
  hints: Hint[];
}

/** The public part of a descriptor, as GET /platforms lists it. */
export interface PlatformInfo {
  name: PlatformName;
  kind: string;
  scheme: string;
  algorithm: string;
  encoding: string;
  signature_header: string | null;
  timestamp_header: string | null;
  required_fields: VerifyField[];
  optional_fields: VerifyField[];
  default_tolerance_s: number | null;
}
