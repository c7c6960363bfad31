import { defineOperation, z } from '@dus/core';
import {
  FAILURE_REASONS,
  type FieldDescription,
  HINT_DESCRIPTIONS,
  HINTS,
  listPlatforms,
  MAX_SECRETS,
  PLATFORM_NAMES,
  PLATFORMS,
  type PlatformDescriptor,
  REASON_DESCRIPTIONS,
  VERIFY_ERROR_CODES,
  VERIFY_FIELDS,
  type VerifyInput,
  verifyWebhook,
} from './domain/index.js';

// ---------------------------------------------------------------------------------------------------------
// Request schema. Every description, enumeration and example comes from the domain's VERIFY_FIELDS, so the
// OpenAPI document, the MCP tool and the domain cannot drift apart. `.meta()` (not `.openapi()`) is used
// because only zod's own registry reaches both the OpenAPI generator and the MCP tool's JSON Schema.
//
// The schema checks JSON types and ranges. Which fields a platform needs, and the platform name itself, are
// the domain's to judge: it answers `missing_field` (naming every absent field, with PayPal's `mode: "hmac"`
// hint) and `unknown_platform` (listing the 13 names), where a generic schema error would say less. So every
// member is optional to zod, and the document's `required` list is set from VERIFY_FIELDS instead. Likewise
// `platform`, `mode`, `algo` and `encoding` are strings documented with their `enum`: the domain accepts the
// names in any case (`GitHub`, `sha512`) and rejects others with its own codes.
// ---------------------------------------------------------------------------------------------------------

const FIELDS = new Map<string, FieldDescription>(VERIFY_FIELDS.map((field) => [field.name, field]));

function field(name: keyof VerifyInput): FieldDescription {
  const found = FIELDS.get(name);
  if (found === undefined) throw new Error(`VERIFY_FIELDS lacks ${name}`);
  return found;
}

/** Documentation of one request member: description, example, and (unless `enumInText`) its enum. */
function fieldMeta(name: keyof VerifyInput, options: { enumInText?: boolean } = {}) {
  const { description, enum: values, format, example } = field(name);
  const listed =
    options.enumInText && values ? ` One of: ${values.join(', ')} (parameters are ignored).` : '';
  return {
    description: description + listed,
    ...(values && !options.enumInText ? { enum: [...values] } : {}),
    ...(format ? { format } : {}),
    ...(example !== undefined ? { example } : {}),
  };
}

function isHttpUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const { protocol } = new URL(text);
  return protocol === 'https:' || protocol === 'http:';
}

const text = (name: keyof VerifyInput, options?: { enumInText?: boolean }) =>
  z.string({ error: 'must be a string' }).optional().meta(fieldMeta(name, options));

const secretItem = z.string({ error: 'must be a string' }).min(1, { error: 'must not be empty' });

export const verifyInput = z
  .strictObject({
    platform: text('platform'),
    secret: z
      .union([secretItem, z.array(secretItem).min(1).max(MAX_SECRETS)], {
        error: `must be a string or an array of 1 to ${MAX_SECRETS} strings`,
      })
      .optional()
      .meta(fieldMeta('secret')),
    payload: text('payload'),
    signature: text('signature'),
    // Any JSON number is accepted: one that is not an integer unix time is a 200 with `invalid_timestamp`.
    timestamp: z
      .union([z.string(), z.number()], { error: 'must be a string or a number' })
      .optional()
      .meta(fieldMeta('timestamp')),
    url: z
      .string({ error: 'must be a string' })
      .refine(isHttpUrl, { message: 'must be an absolute http(s) URL', params: { code: 'invalid_url' } })
      .optional()
      .meta(fieldMeta('url')),
    content_type: text('content_type', { enumInText: true }),
    public_key: text('public_key'),
    mode: text('mode'),
    algo: text('algo'),
    encoding: text('encoding'),
    tolerance: z
      .number({ error: 'must be an integer ≥ 0' })
      .int({ error: 'must be an integer ≥ 0' })
      .min(0, { error: 'must be an integer ≥ 0' })
      .optional()
      .meta(fieldMeta('tolerance')),
    now: z
      .number({ error: 'must be a number ≥ 0 (unix seconds)' })
      .min(0, { error: 'must be a number ≥ 0 (unix seconds)' })
      .optional()
      .meta(fieldMeta('now')),
    cert: text('cert'),
    transmission_id: text('transmission_id'),
    transmission_time: text('transmission_time'),
    webhook_id: text('webhook_id'),
  })
  .meta({
    required: VERIFY_FIELDS.filter((f) => f.required === 'always').map((f) => f.name),
    description:
      'What the webhook delivery carried. Which members a platform needs is in its `required_fields` (GET /platforms).',
  });

// ---------------------------------------------------------------------------------------------------------
// Response schemas: exactly what the domain returns (MCP clients validate structuredContent against them).
// ---------------------------------------------------------------------------------------------------------

const codeList = (entries: Record<string, string>) =>
  Object.entries(entries)
    .map(([code, meaning]) => `\`${code}\`: ${meaning}`)
    .join('; ');

const nullableInt = (description: string) => z.number().int().nullable().meta({ description });

export const verifyOutput = z.object({
  valid: z
    .boolean()
    .meta({ description: 'true only when the signature matches and the timestamp is in the window' }),
  platform: z.enum(PLATFORM_NAMES),
  scheme: z
    .string()
    .meta({ description: 'the scheme checked, e.g. stripe-v1, github-sha1, twilio-json, paypal-hmac' }),
  algorithm: z
    .string()
    .meta({ description: 'e.g. HMAC-SHA256, ECDSA-P256-SHA256, RSA-SHA256, static-token' }),
  encoding: z.string().meta({ description: 'signature encoding: hex, base64 or text' }),
  reason: z
    .enum(FAILURE_REASONS)
    .nullable()
    .meta({
      description:
        'null when valid. Checks run in order (header, signature, timestamp), so a timestamp_* reason means ' +
        `the signature itself matched. ${codeList(REASON_DESCRIPTIONS)}.`,
    }),
  message: z
    .string()
    .meta({ description: 'one human sentence; never contains a secret or an expected signature' }),
  timestamp: z
    .number()
    .nullable()
    .meta({ description: 'the delivery time checked, unix seconds (null: none)' }),
  timestamp_age_s: z
    .number()
    .nullable()
    .meta({ description: 'now − timestamp in seconds; negative in the future' }),
  tolerance_s: nullableInt(
    'the window applied in seconds (0: disabled; null: the platform has no timestamp)',
  ),
  signatures_found: z
    .number()
    .int()
    .min(0)
    .meta({ description: 'signatures of the supported scheme in the header' }),
  matched_signature_index: nullableInt('0-based index of the signature that matched'),
  matched_secret_index: nullableInt(
    '0-based index in `secret` (an array during rotation) of the secret that matched',
  ),
  ignored: z.array(z.string()).meta({ description: 'header entries not checked, e.g. Stripe v0' }),
  hints: z
    .array(z.enum(HINTS))
    .meta({ description: `diagnostics worth a human's time: ${codeList(HINT_DESCRIPTIONS)}.` }),
});

const fieldName = z.enum(
  VERIFY_FIELDS.map((f) => f.name).filter((name) => name !== 'platform') as [string, ...string[]],
);

export const platformsOutput = z.object({
  platforms: z.array(
    z.object({
      name: z.enum(PLATFORM_NAMES),
      kind: z.string(),
      scheme: z.string(),
      algorithm: z.string(),
      encoding: z.string().meta({ description: 'hex, base64, or text (a static token)' }),
      signature_header: z.string().nullable(),
      timestamp_header: z.string().nullable(),
      required_fields: z.array(fieldName),
      optional_fields: z.array(fieldName),
      default_tolerance_s: nullableInt(
        'default window in seconds; null when the platform signs no timestamp',
      ),
    }),
  ),
  count: z.number().int(),
});

// ---------------------------------------------------------------------------------------------------------
// Descriptions derived from the platform descriptors (one place).
// ---------------------------------------------------------------------------------------------------------

function timestampText(platform: PlatformDescriptor): string {
  if (platform.default_tolerance_s === null) return 'no timestamp';
  const source = platform.timestamp_header ? `\`${platform.timestamp_header}\`` : 'the request';
  const direction = platform.rejects_future_timestamps ? 'too old or too far in the future' : 'only too old';
  return `timestamp from ${source}, default tolerance ${platform.default_tolerance_s} s, rejects ${direction}`;
}

/** One Markdown line per platform, e.g. for the OpenAPI description of POST /verify. */
export function platformLine(platform: PlatformDescriptor): string {
  const header = platform.signature_header ? `\`${platform.signature_header}\`` : 'the signature';
  const optional =
    platform.optional_fields.length > 0 ? `; optional: ${platform.optional_fields.join(', ')}` : '';
  return (
    `- \`${platform.name}\` (${platform.kind}): ${header}, ${platform.algorithm} → ${platform.encoding} ` +
    `(scheme \`${platform.scheme}\`); ${timestampText(platform)}; needs ${platform.required_fields.join(', ')}` +
    `${optional}.`
  );
}

const VERIFY_DESCRIPTION = [
  'Verifies one webhook delivery: pass the raw body as `payload`, the signature header as `signature`, and the ' +
    "platform's secret (or public key / certificate). Answers 200 with `valid` and a `reason` for every request " +
    'that can be evaluated; bad input is a 400 problem that also carries `valid: false`, so a client that only ' +
    'reads `valid` fails closed.',
  'Checks run in order: parse the header, compare the signature (constant time, over decoded bytes, length ' +
    'first), then judge the timestamp — so a `timestamp_*` reason means the signature itself matched. Extensions ' +
    'on every platform: `tolerance` (seconds; 0 disables the window), `now` (the clock to judge timestamps ' +
    `against), and \`secret\` as an array of 1–${MAX_SECRETS} secrets during rotation (\`matched_secret_index\` ` +
    'says which matched). The response never contains the secret or the expected signature.',
  `Platforms:\n\n${PLATFORMS.map(platformLine).join('\n')}`,
  'Twilio: form bodies are signed as `url` + each parameter name (sorted) + value; JSON bodies sign the `url` ' +
    "alone, whose `bodySHA256` must be the SHA-256 of the payload. Linear: without `timestamp`, the payload's " +
    '`webhookTimestamp` (milliseconds) is the delivery time; with neither, a matching signature is valid with the ' +
    'hint `no_timestamp_checked`.',
  'PayPal: without `mode`, the native RSA-SHA256 scheme over `transmission_id|transmission_time|webhook_id|crc32` ' +
    'is checked offline with `cert` (from PAYPAL-CERT-URL); `mode: "hmac"` checks an HMAC-SHA256 of the payload ' +
    'with `secret` instead. `mode` on any other platform is a 400.',
].join('\n\n');

/**
 * Webhook bodies can be large: GitHub caps deliveries at 25 MB, and the payload arrives here as a JSON string
 * (quotes and backslashes escaped), so /verify accepts bodies up to 32 MiB instead of the 1 MiB default.
 */
export const VERIFY_MAX_BODY_BYTES = 32 * 1024 * 1024;

export const GITHUB_EXAMPLE = {
  platform: 'github',
  secret: "It's a Secret to Everybody",
  payload: 'Hello, World!',
  signature: 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
} as const;

export const verifyOperation = defineOperation({
  name: 'verify_webhook',
  summary: 'Verify a webhook signature (12 platforms + generic HMAC)',
  description: VERIFY_DESCRIPTION,
  tags: ['webhooks'],
  method: 'POST',
  path: '/verify',
  input: verifyInput,
  output: verifyOutput,
  errors: (['unknown_platform', 'missing_field', 'invalid_public_key'] as const).map((code) => ({
    status: 400,
    code,
    description: VERIFY_ERROR_CODES[code],
  })),
  maxBodyBytes: VERIFY_MAX_BODY_BYTES,
  example: {
    // GitHub's documented test vector.
    input: GITHUB_EXAMPLE,
    output: {
      valid: true,
      platform: 'github',
      scheme: 'github-sha256',
      algorithm: 'HMAC-SHA256',
      encoding: 'hex',
      reason: null,
      message: 'signature matches',
      timestamp: null,
      timestamp_age_s: null,
      tolerance_s: null,
      signatures_found: 1,
      matched_signature_index: 0,
      matched_secret_index: 0,
      ignored: [],
      hints: [],
    },
  },
  // All members are optional to zod (see above); the domain checks presence and the platform name.
  handler: (input) => verifyWebhook(input as VerifyInput),
});

const PLATFORMS_BODY = listPlatforms();

export const listPlatformsOperation = defineOperation({
  name: 'list_platforms',
  summary: 'List the 13 supported platforms and the fields each needs',
  description:
    'For each platform: its kind, signature scheme, algorithm and encoding, the headers that carry the ' +
    'signature and timestamp, the request members it requires and accepts, and its default timestamp tolerance.',
  tags: ['webhooks'],
  method: 'GET',
  path: '/platforms',
  input: z.object({}),
  output: platformsOutput,
  example: { input: {}, output: PLATFORMS_BODY },
  handler: () => PLATFORMS_BODY,
});

export const operations = [verifyOperation, listPlatformsOperation];
