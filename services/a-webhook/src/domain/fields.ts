import {
  FAILURE_REASONS,
  type FailureReason,
  GENERIC_ALGORITHMS,
  HINTS,
  type Hint,
  PAYPAL_MODES,
  PLATFORM_NAMES,
  AUTO_PLATFORM,
  TEXT_ENCODINGS,
  type VerifyInput,
} from './types.js';
import { MAX_HEADER_NAME_CHARS, MAX_HEADERS, MAX_SIGNATURE_CHARS } from './limits.js';
import { MAX_SECRETS } from './validate.js';

/** A schema-library-free description of one request field, for the OpenAPI and MCP layers. */
export interface FieldDescription {
  name: keyof VerifyInput;
  /** JSON types accepted, e.g. `['string']`, `['string', 'array']` (array items are strings). */
  types: readonly ('string' | 'integer' | 'number' | 'array' | 'object')[];
  /** `always`, or `platform` when the platform decides (see each platform's required_fields). */
  required: 'always' | 'platform' | 'never';
  description: string;
  enum?: readonly string[];
  minimum?: number;
  /** For arrays: item count bounds. */
  minItems?: number;
  maxItems?: number;
  format?: 'uri';
  example?: unknown;
}

export const VERIFY_FIELDS: readonly FieldDescription[] = [
  {
    name: 'platform',
    types: ['string'],
    required: 'always',
    enum: [...PLATFORM_NAMES, AUTO_PLATFORM],
    description:
      'Which platform signed the delivery, or "auto" to take it from `headers` (the header that names it, e.g. ' +
      'Stripe-Signature → stripe; the answer adds detected_platform).',
    example: 'github',
  },
  {
    name: 'secret',
    types: ['string', 'array'],
    required: 'platform',
    minItems: 1,
    maxItems: MAX_SECRETS,
    description:
      'The signing secret (Stripe: the whole whsec_… string; Twilio: the auth token; Notion: the verification ' +
      'token; Cloudflare and GitLab: the static token; standard-webhooks and svix: the whsec_… secret, whose ' +
      `base64 part is the key), or an array of 1–${MAX_SECRETS} secrets during rotation (valid if any matches; ` +
      'the result names which). Required except for the public-key platforms (sendgrid, native paypal, ' +
      'discord, generic-ed25519; standard-webhooks and svix given a public_key). openai: whsec_… (its base64 ' +
      'part) or any other text (its bytes); replicate: as standard-webhooks; polar: the polar_whs_… secret. An ' +
      'empty secret, or one empty after whsec_, is refused. Never echoed.',
    example: "It's a Secret to Everybody",
  },
  {
    name: 'payload',
    types: ['string'],
    required: 'platform',
    description:
      'The raw request body exactly as received (before any JSON parsing), as text. May be empty. ' +
      'Exactly one of payload or payload_base64 is required.',
    example: 'Hello, World!',
  },
  {
    name: 'payload_base64',
    types: ['string'],
    required: 'platform',
    description:
      'The raw body as base64, for bodies that are not UTF-8 text: standard or URL-safe alphabet (not mixed), ' +
      '= padding optional, no whitespace. The decoded bytes are what is verified. Exactly one of payload or ' +
      'payload_base64 is required.',
    example: 'SGVsbG8sIFdvcmxkIQ==',
  },
  {
    name: 'headers',
    types: ['object'],
    required: 'never',
    description:
      'The received request headers, names in any case; a value is a string, or an array of strings for a ' +
      'repeated header (joined with ", "). The platform takes the fields it needs from them (signature, ' +
      "timestamp, ids: see each platform's signature_header / timestamp_header); a field given explicitly " +
      `wins. At most ${MAX_HEADERS} headers, names of at most ${MAX_HEADER_NAME_CHARS} characters, values of ` +
      `at most ${MAX_SIGNATURE_CHARS}. Not every field is a header: Twilio's url, keys and secrets stay fields.`,
    example: {
      'X-Hub-Signature-256': 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
    },
  },
  {
    name: 'signature',
    types: ['string'],
    required: 'platform',
    description:
      "The signature header's value (e.g. Stripe-Signature, X-Hub-Signature-256, Paddle-Signature, " +
      'PAYPAL-TRANSMISSION-SIG, cf-webhook-auth, webhook-signature). Required, unless `headers` carries it.',
    example: 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
  },
  {
    name: 'timestamp',
    types: ['string', 'integer'],
    required: 'platform',
    description:
      'The timestamp header (Slack X-Slack-Request-Timestamp, SendGrid X-Twilio-Email-Event-Webhook-Timestamp, ' +
      'standard-webhooks, openai, replicate and polar webhook-timestamp, svix svix-timestamp, discord ' +
      'X-Signature-Timestamp, zoom x-zm-request-timestamp, webflow x-webflow-timestamp (milliseconds), twitch ' +
      'Twitch-Eventsub-Message-Timestamp (RFC 3339); generic: the ' +
      "value of {timestamp}; Linear optional: otherwise the payload's webhookTimestamp; Linear values above " +
      '10^12 are milliseconds).',
    example: '1700000000',
  },
  {
    name: 'url',
    types: ['string'],
    required: 'platform',
    format: 'uri',
    description: 'Twilio: the full URL Twilio requested, with its query string (absolute http or https).',
    example: 'https://mycompany.com/myapp.php?foo=1&bar=2',
  },
  {
    name: 'content_type',
    types: ['string'],
    required: 'never',
    enum: ['application/x-www-form-urlencoded', 'application/json'],
    description:
      "Twilio: the delivery's Content-Type. Default: form, or JSON when the url carries bodySHA256.",
  },
  {
    name: 'public_key',
    types: ['string'],
    required: 'platform',
    description:
      "SendGrid: the verification key, PEM or the dashboard's bare base64 DER; must be EC P-256. standard-webhooks " +
      'and svix: the whpk_ Ed25519 public key (base64 of 32 bytes) that checks v1a signatures. discord: the ' +
      "application's Ed25519 public key, 64 hex digits. generic-ed25519: an Ed25519 key as 64 hex digits, the " +
      '32 bytes in base64 or base64url, a PEM (or bare base64 DER) public key, or an OKP JWK.',
  },
  {
    name: 'mode',
    types: ['string'],
    required: 'never',
    enum: PAYPAL_MODES,
    description:
      'PayPal only: "hmac" checks an HMAC-SHA256 of the payload with secret instead of the native certificate ' +
      'scheme. Any other platform rejects this field.',
  },
  {
    name: 'algo',
    types: ['string'],
    required: 'never',
    enum: GENERIC_ALGORITHMS,
    description: 'generic: the HMAC hash (default SHA-256).',
  },
  {
    name: 'encoding',
    types: ['string'],
    required: 'never',
    enum: TEXT_ENCODINGS,
    description:
      'generic, generic-ed25519 and paypal mode "hmac": the signature encoding (generic default hex; ' +
      'generic-ed25519 default: 128 characters are hex, others base64).',
  },
  {
    name: 'tolerance',
    types: ['integer'],
    required: 'never',
    minimum: 0,
    description: "Seconds a timestamp may be off (default: the platform's); 0 disables the window.",
    example: 300,
  },
  {
    name: 'now',
    types: ['number'],
    required: 'never',
    minimum: 0,
    description: 'Unix seconds to judge timestamps against, for replaying or testing old deliveries.',
    example: 1700000000,
  },
  {
    name: 'cert',
    types: ['string'],
    required: 'platform',
    description:
      'PayPal native: the PEM certificate fetched from PAYPAL-CERT-URL (or its RSA public key). Its chain is not ' +
      'checked here: fetch it only from a PayPal host.',
  },
  {
    name: 'transmission_id',
    types: ['string'],
    required: 'platform',
    description: 'PayPal native: PAYPAL-TRANSMISSION-ID.',
  },
  {
    name: 'transmission_time',
    types: ['string'],
    required: 'platform',
    description: 'PayPal native: PAYPAL-TRANSMISSION-TIME, exactly as received.',
  },
  {
    name: 'webhook_id',
    types: ['string'],
    required: 'platform',
    description:
      'PayPal native: the webhook ID from the developer dashboard. standard-webhooks, svix, openai, replicate, ' +
      'polar and twitch: the message id header (webhook-id, svix-id, Twitch-Eventsub-Message-Id), which is ' +
      'signed. generic: the value of {id} in signed_content.',
  },
  {
    name: 'method',
    types: ['string'],
    required: 'never',
    description:
      'The HTTP method of the delivery, for schemes that sign it (hubspot v3, generic {method}); an HTTP ' +
      'method token, compared upper-cased. Default POST.',
    example: 'POST',
  },
  {
    name: 'signed_content',
    types: ['string'],
    required: 'never',
    description:
      'generic and generic-ed25519: what was signed, as a template, e.g. "{timestamp}.{body}" or ' +
      '"{id}.{timestamp}.{body}". Placeholders {body} (required), {timestamp}, {id} (webhook_id), {method}, ' +
      '{url}; other text is literal; {{ and }} stand for a brace. Default: the body alone. With {timestamp}, ' +
      'the timestamp is judged only when tolerance is given.',
    example: '{timestamp}.{body}',
  },
  {
    name: 'signature_header',
    types: ['string'],
    required: 'never',
    description: 'generic and generic-ed25519: which of `headers` carries the signature.',
    example: 'X-Signature',
  },
  {
    name: 'timestamp_header',
    types: ['string'],
    required: 'never',
    description: 'generic and generic-ed25519: which of `headers` carries the timestamp.',
    example: 'X-Timestamp',
  },
];

export const REASON_DESCRIPTIONS: Record<FailureReason, string> = {
  signature_mismatch: 'the signature is well formed but does not match',
  malformed_signature:
    'the signature header cannot be parsed, or a signature has the wrong encoding or length',
  no_supported_signature:
    'the header holds only signature schemes this service does not check (e.g. Stripe v0)',
  timestamp_too_old: 'the signature matches, but the timestamp is older than the tolerance',
  timestamp_in_future: 'the signature matches, but the timestamp is further in the future than the tolerance',
  invalid_timestamp: 'the signature matches, but the timestamp is not an integer unix time',
  body_hash_mismatch:
    "Twilio JSON: the signature matches the URL, but its bodySHA256 is not the payload's hash",
  missing_body_hash: 'Twilio JSON: the url has no bodySHA256 parameter, so the payload is not covered',
};

export const HINT_DESCRIPTIONS: Record<Hint, string> = {
  secret_has_whitespace: 'a secret contains whitespace; copied with a newline or a space?',
  secret_missing_whsec_prefix: 'Stripe signs with the whole secret, whsec_ prefix included',
  payload_looks_reserialized: 'the payload is JSON laid out unlike the platform sends it; pass the raw body',
  payload_has_trailing_newline: 'the payload ends with a newline the platform probably did not send',
  signature_has_prefix_of_other_platform:
    "the signature starts with another platform's prefix; wrong platform?",
  signature_missing_prefix: 'the signature lacks its scheme prefix (e.g. sha256= or v0=)',
  signature_looks_hex: 'the platform sends base64, but the signature is hex',
  signature_looks_base64: 'the platform sends hex, but the signature is base64',
  signature_prefix_names_other_algorithm: 'the signature prefix names another hash than algo',
  timestamp_looks_like_milliseconds: 'the timestamp looks like milliseconds; the platform uses seconds',
  timestamp_differs_from_payload: "Linear: timestamp differs from the payload's signed webhookTimestamp",
  no_timestamp_checked: 'Linear: no timestamp given or found in the payload, so no replay window was applied',
  url_default_port_adjusted:
    "Twilio: the signature matched the URL with the scheme's default port added or removed",
  certificate_expired: 'PayPal: the certificate has expired',
  certificate_not_yet_valid: 'PayPal: the certificate is not valid yet',
};

/** The 4xx problem codes of POST /verify (each problem also carries `valid: false`). */
export const VERIFY_ERROR_CODES = {
  unknown_platform: 'platform is missing or not one of the supported names (400; lists them)',
  missing_field: 'a field the platform needs is absent (400; errors[] names each)',
  validation_failed: 'a field has the wrong type or value (400; errors[] names each)',
  invalid_public_key: 'public_key or cert cannot be read, or is not the required key type (400)',
  platform_not_detected: 'platform "auto": no header names a platform (422; lists headers_seen)',
  ambiguous_platform:
    'platform "auto": the headers name several platforms (422; lists candidates, headers_seen)',
} as const;

export { FAILURE_REASONS, HINTS };

/** POST /sign's wording where a member means something else than in /verify. */
export const SIGN_FIELD_DESCRIPTIONS = {
  platform: 'The platform whose headers to produce: an HMAC platform, or paypal with mode "hmac".',
  secret:
    'Your signing secret (never echoed). stripe, paddle, standard-webhooks and svix: also an array of 1–10, one ' +
    'signature each, in order. standard-webhooks and svix: a whsec_ secret signs v1, a whsk_ key (the base64 of ' +
    'a 32-byte Ed25519 seed) v1a.',
  timestamp:
    'The timestamp to sign, sent as given (1–64 letters, digits or ":.+-"). Default: now, as the platform ' +
    'writes it (unix seconds; hubspot and webflow milliseconds; zendesk and twitch ISO 8601 with Z).',
  webhook_id:
    'standard-webhooks, svix, twitch, openai, replicate and polar: the message id to sign (required, 1–256 ' +
    'characters, no "."). generic: the ' +
    'value of {id}.',
} as const;
