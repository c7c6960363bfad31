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
  'generic',
] as const;
export type PlatformName = (typeof PLATFORM_NAMES)[number];

export const GENERIC_ALGORITHMS = ['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512'] as const;
export type GenericAlgorithm = (typeof GENERIC_ALGORITHMS)[number];

export const TEXT_ENCODINGS = ['hex', 'base64'] as const;
export type TextEncoding = (typeof TEXT_ENCODINGS)[number];

export const PAYPAL_MODES = ['hmac', 'native'] as const;
export type PaypalMode = (typeof PAYPAL_MODES)[number];

/** The body of POST /verify, as the caller sends it. */
export interface VerifyInput {
  platform: string;
  secret?: string | string[] | undefined;
  payload?: string | undefined;
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
}

export type VerifyField = Exclude<keyof VerifyInput, 'platform'>;

/** The request after validation: absent optional fields are `null`, `secret` is always a list. */
export interface VerifyRequest {
  platform: PlatformName;
  /** Candidate secrets in the caller's order (empty when none was given). */
  secrets: string[];
  payload: string;
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
}

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
  verifiedWith: 'secret' | 'public_key' | 'certificate';
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

/** One platform, declared in one place: what GET /platforms lists, and how to verify it. */
export interface PlatformDescriptor {
  name: PlatformName;
  kind: string;
  scheme: string;
  algorithm: string;
  encoding: 'hex' | 'base64' | 'text';
  signature_header: string | null;
  timestamp_header: string | null;
  required_fields: readonly VerifyField[];
  optional_fields: readonly VerifyField[];
  default_tolerance_s: number | null;
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
}

/** The result of POST /verify. */
export interface VerifyResult {
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
