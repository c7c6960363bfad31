import { defineOperation, z } from '@dus/core';
import {
  FAILURE_REASONS,
  type FieldDescription,
  HINT_DESCRIPTIONS,
  HINTS,
  listPlatforms,
  MAX_SECRETS,
  PLATFORMS,
  type PlatformDescriptor,
  REASON_DESCRIPTIONS,
  SIGN_FIELD_DESCRIPTIONS,
  SIGN_MEMBERS,
  SIGNABLE_PLATFORMS,
  type SignInput,
  type SignMember,
  signWebhook,
  VERIFY_ERROR_CODES,
  VERIFY_FIELDS,
  type VerifyInput,
  verifyWebhook,
} from './domain/index.js';
import { handshakeOperationFrom } from './handshake-operation.js';

// ---------------------------------------------------------------------------------------------------------
// Request schema. Every description, enumeration and example comes from the domain's VERIFY_FIELDS, so the
// OpenAPI document, the MCP tool and the domain cannot drift apart. `.meta()` (not `.openapi()`) is used
// because only zod's own registry reaches both the OpenAPI generator and the MCP tool's JSON Schema.
//
// The schema checks JSON types and ranges. Which fields a platform needs, and the platform name itself, are
// the domain's to judge: it answers `missing_field` (naming every absent field, with PayPal's `mode: "hmac"`
// hint) and `unknown_platform` (listing the supported names), where a generic schema error would say less. So every
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
export function fieldMeta(name: keyof VerifyInput, options: { enumInText?: boolean } = {}) {
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

/** What documents one request member: its OpenAPI and MCP metadata by name. */
export type MemberMeta = (
  name: keyof VerifyInput,
  options?: { enumInText?: boolean },
) => Record<string, unknown>;

const secretItem = z.string({ error: 'must be a string' }).min(1, { error: 'must not be empty' });

/**
 * The request schema, documented by `meta`: the REST body carries the domain's full descriptions and examples
 * (`fieldMeta`); the MCP tool's arguments validate the same way but carry a short phrase each (`toolMeta`),
 * since a tool list is paid for on every conversation and list_platforms says what each platform needs.
 */
export function requestMembers(meta: MemberMeta) {
  const text = (name: keyof VerifyInput, options?: { enumInText?: boolean }) =>
    z.string({ error: 'must be a string' }).optional().meta(meta(name, options));
  return {
    platform: text('platform'),
    secret: z
      .union([secretItem, z.array(secretItem).min(1).max(MAX_SECRETS)], {
        error: `must be a string or an array of 1 to ${MAX_SECRETS} strings`,
      })
      .optional()
      .meta(meta('secret')),
    payload: text('payload'),
    payload_base64: text('payload_base64'),
    headers: z
      .record(z.string(), z.union([z.string(), z.array(z.string())]), {
        error: 'must be an object of header names to strings (or arrays of strings)',
      })
      .optional()
      .meta(meta('headers')),
    signature: text('signature'),
    // Any JSON number is accepted: one that is not an integer unix time is a 200 with `invalid_timestamp`.
    timestamp: z
      .union([z.string(), z.number()], { error: 'must be a string or a number' })
      .optional()
      .meta(meta('timestamp')),
    url: z
      .string({ error: 'must be a string' })
      .refine(isHttpUrl, { message: 'must be an absolute http(s) URL', params: { code: 'invalid_url' } })
      .optional()
      .meta(meta('url')),
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
      .meta(meta('tolerance')),
    now: z
      .number({ error: 'must be a number ≥ 0 (unix seconds)' })
      .min(0, { error: 'must be a number ≥ 0 (unix seconds)' })
      .optional()
      .meta(meta('now')),
    cert: text('cert'),
    transmission_id: text('transmission_id'),
    transmission_time: text('transmission_time'),
    webhook_id: text('webhook_id'),
    method: text('method'),
    signed_content: text('signed_content'),
    signature_header: text('signature_header'),
    timestamp_header: text('timestamp_header'),
  };
}

const onePayload = {
  message: 'give exactly one of payload or payload_base64, not both',
  path: ['payload_base64'],
  params: { code: 'not_allowed' },
};

function verifyInputSchema(meta: MemberMeta, description: string) {
  return z
    .strictObject(requestMembers(meta))
    .refine((input) => input.payload === undefined || input.payload_base64 === undefined, onePayload)
    .meta({
      required: VERIFY_FIELDS.filter((f) => f.required === 'always').map((f) => f.name),
      description,
    });
}

/** POST /sign's members: those of /verify that it takes (SIGN_MEMBERS), with their own wording where it differs. */
function signInputSchema(
  meta: MemberMeta,
  overrides: Partial<Record<SignMember, string>>,
  description: string,
) {
  // `platform` lists only the signable names; other members keep /verify's documentation unless overridden.
  const signMeta: MemberMeta = (name, options) => {
    const text = overrides[name as SignMember];
    const base = meta(name, options);
    const described = text === undefined ? base : { ...base, description: text };
    return name === 'platform' ? { ...described, enum: [...SIGNABLE_PLATFORMS] } : described;
  };
  const members = requestMembers(signMeta);
  const picked = Object.fromEntries(SIGN_MEMBERS.map((name) => [name, members[name]])) as Pick<
    typeof members,
    SignMember
  >;
  return z
    .strictObject(picked)
    .refine((input) => input.payload === undefined || input.payload_base64 === undefined, onePayload)
    .meta({ required: ['platform', 'secret'], description });
}

export const verifyInput = verifyInputSchema(
  fieldMeta,
  'What the webhook delivery carried. Which members a platform needs is in its `required_fields` (GET /platforms).',
);

/** The MCP argument descriptions: a phrase each; which platform reads which member is list_platforms' part. */
const TOOL_MEMBER_DESCRIPTIONS: Record<keyof VerifyInput, string> = {
  platform: 'platform name, or auto (from headers)',
  secret: `signing secret, or 1–${MAX_SECRETS} during rotation`,
  payload: 'raw body exactly as received',
  payload_base64: 'raw body as base64 (non-text bodies)',
  headers: 'received headers, name → value (or array)',
  signature: 'signature header value',
  timestamp: 'timestamp header value',
  url: 'full URL the platform called',
  content_type: 'twilio: the Content-Type',
  public_key: 'public key: PEM, base64, hex or JWK',
  mode: 'paypal: hmac or native',
  algo: 'generic: HMAC hash',
  encoding: 'signature encoding',
  tolerance: 'replay window in s (0: off)',
  now: 'unix s to judge timestamps against',
  cert: 'paypal: PEM certificate',
  transmission_id: 'PAYPAL-TRANSMISSION-ID',
  transmission_time: 'PAYPAL-TRANSMISSION-TIME',
  webhook_id: 'webhook or message id',
  method: 'HTTP method (default POST)',
  signed_content: 'template, e.g. {timestamp}.{body}',
  signature_header: 'header with the signature',
  timestamp_header: 'header with the timestamp',
};

export function toolMeta(name: keyof VerifyInput) {
  const { enum: values, format } = field(name);
  return {
    description: TOOL_MEMBER_DESCRIPTIONS[name],
    ...(values && name !== 'content_type' ? { enum: [...values] } : {}),
    ...(format ? { format } : {}),
  };
}

/** The MCP tool's arguments: `verifyInput`'s validation, briefly described. */
export const verifyToolInput = verifyInputSchema(toolMeta, 'a webhook delivery');

// ---------------------------------------------------------------------------------------------------------
// Response schemas: exactly what the domain returns (MCP clients validate structuredContent against them).
// ---------------------------------------------------------------------------------------------------------

const codeList = (entries: Record<string, string>) =>
  Object.entries(entries)
    .map(([code, meaning]) => `\`${code}\`: ${meaning}`)
    .join('; ');

const nullableInt = (description: string) => z.number().int().nullable().meta({ description });

export const verifyOutput = z.object({
  valid: z.boolean().meta({ description: 'signature matches and timestamp in the window' }),
  platform: z.string().meta({ description: 'the platform checked' }),
  scheme: z.string().meta({ description: 'scheme checked, e.g. stripe-v1' }),
  algorithm: z.string().meta({ description: 'e.g. HMAC-SHA256, Ed25519' }),
  encoding: z.string().meta({ description: 'hex, base64 or text' }),
  reason: z
    .enum(FAILURE_REASONS)
    .nullable()
    .meta({ description: 'why not valid (null when valid); timestamp_*: the signature matched' }),
  message: z.string().meta({ description: 'one sentence; never a secret' }),
  timestamp: z.number().nullable().meta({ description: 'delivery time checked, unix s' }),
  timestamp_age_s: z.number().nullable().meta({ description: 'now − timestamp, s' }),
  tolerance_s: nullableInt('window applied, s (0: off)'),
  signatures_found: z.number().int().min(0).meta({ description: 'signatures of the scheme found' }),
  matched_signature_index: nullableInt('which signature matched'),
  matched_secret_index: nullableInt('which secret matched'),
  ignored: z.array(z.string()).meta({ description: 'header entries not checked, e.g. Stripe v0' }),
  hints: z.array(z.enum(HINTS)).meta({ description: 'likely causes of a failure' }),
  detected_platform: z.string().optional().meta({ description: 'platform "auto": the one detected' }),
});

const fieldName = z
  .enum(VERIFY_FIELDS.map((f) => f.name).filter((name) => name !== 'platform') as [string, ...string[]])
  .meta({ id: 'RequestMember', description: 'a verify_webhook argument' });

export const platformsOutput = z.object({
  platforms: z
    .array(
      z.object({
        name: z.string().meta({ description: 'value for verify_webhook `platform`' }),
        kind: z.string().meta({ description: 'e.g. payments processor' }),
        scheme: z.string().meta({ description: 'signature scheme' }),
        algorithm: z.string().meta({ description: 'e.g. HMAC-SHA256' }),
        encoding: z.string().meta({ description: 'hex, base64 or text' }),
        signature_header: z.string().nullable().meta({ description: 'header with the signature' }),
        timestamp_header: z.string().nullable().meta({ description: 'header with the timestamp' }),
        required_fields: z.array(fieldName).meta({ description: 'arguments it needs' }),
        optional_fields: z.array(fieldName).meta({ description: 'arguments it also reads' }),
        default_tolerance_s: nullableInt('default window, s (null: no timestamp)'),
      }),
    )
    .meta({ description: 'in a fixed order' }),
  count: z.number().int().meta({ description: 'platforms listed' }),
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
  'Result: indexes are 0-based (`matched_secret_index` into `secret` when it is an array); `timestamp_age_s` is ' +
    'now − timestamp (negative in the future); `tolerance_s` 0 means the window is off, null that the platform ' +
    'signs no timestamp; `message` is one human sentence.',
  `Reasons (\`reason\`): ${codeList(REASON_DESCRIPTIONS)}.`,
  `Hints (\`hints\`, diagnostics worth a human's time): ${codeList(HINT_DESCRIPTIONS)}.`,
  `Platforms:\n\n${PLATFORMS.map(platformLine).join('\n')}`,
  'Twilio: form bodies are signed as `url` + each parameter name (sorted) + value; JSON bodies sign the `url` ' +
    "alone, whose `bodySHA256` must be the SHA-256 of the payload. Linear: without `timestamp`, the payload's " +
    '`webhookTimestamp` (milliseconds) is the delivery time; with neither, a matching signature is valid with the ' +
    'hint `no_timestamp_checked`.',
  'PayPal: without `mode`, the native RSA-SHA256 scheme over `transmission_id|transmission_time|webhook_id|crc32` ' +
    'is checked offline with `cert` (from PAYPAL-CERT-URL); `mode: "hmac"` checks an HMAC-SHA256 of the payload ' +
    'with `secret` instead. `mode` on any other platform is a 400.',
  '`headers`: instead of copying header values into `signature`, `timestamp`, `webhook_id`…, pass the received ' +
    'headers as an object (names in any case; a repeated header as an array, joined with ", "): each platform takes ' +
    'the fields it needs from the headers it declares (`signature_header`, `timestamp_header` in GET /platforms, ' +
    'plus `webhook-id` / `svix-id` for standard-webhooks / svix and the PAYPAL-TRANSMISSION-* headers). Fields ' +
    'given explicitly win. A needed header that is absent is a `missing_field` naming the field and the header. ' +
    '`payload_base64` carries a body that is not UTF-8 text (exactly one of `payload` and `payload_base64`).',
  'standard-webhooks and svix: HMAC-SHA256 over `webhook_id.timestamp.body` with the base64 key after `whsec_`; ' +
    'the header holds space-separated `v1,<base64>` signatures. With a `whpk_` `public_key`, `v1a,<base64>` ' +
    'Ed25519 signatures of the same bytes are checked too (key only: v1a alone; key and secret: either); other ' +
    'versions are listed in `ignored`. discord: ' +
    'Ed25519 over `timestamp + body` with the hex application public key. generic-ed25519: Ed25519 over the body ' +
    '(or `signed_content`) with `public_key` as hex, base64, PEM or JWK. generic: `signed_content` templates such ' +
    'as `{timestamp}.{body}`, and `signature_header` / `timestamp_header` to read them from `headers`.',
  'openai, replicate and polar: Standard Webhooks v1 under the `webhook-*` headers (no v1a), each with its own ' +
    "secret: openai's `whsec_` base64 or any other text's bytes, replicate's as standard-webhooks, polar's " +
    '`polar_whs_…` bytes (or a `whsec_` base64). `auto` cannot tell them from standard-webhooks: name them. An ' +
    'empty secret, or one empty after `whsec_`, is a 400 on `/secret`.',
].join('\n\n');

/** The platforms that sign the request URL, which is not a header and must be passed as `url`. */
const URL_PLATFORMS = PLATFORMS.filter((p) => p.required_fields.includes('url')).map((p) => p.name);

const listed = (names: readonly string[]) =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

const VERIFY_TOOL_DESCRIPTION =
  'Checks that a webhook delivery was signed by its platform (HMAC, Ed25519, ECDSA or RSA, plus the replay ' +
  'window). Pass `platform`, the raw body as `payload` (or `payload_base64`), the key (`secret`, `public_key` or ' +
  '`cert`) and the received `headers`: the tool picks what it needs from them. list_platforms tells which ' +
  `arguments each platform needs (${listed(URL_PLATFORMS)} also need \`url\`). Returns \`valid\`, a \`reason\` ` +
  'when not, and `hints`; input it cannot evaluate is a tool error naming the field.';

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
  summary: `Verify a webhook signature (${PLATFORMS.length} platforms, generic HMAC and Ed25519 included)`,
  description: VERIFY_DESCRIPTION,
  toolDescription: VERIFY_TOOL_DESCRIPTION,
  tags: ['webhooks'],
  method: 'POST',
  path: '/verify',
  input: verifyInput,
  mcpInput: verifyToolInput,
  output: verifyOutput,
  errors: [
    ...(['unknown_platform', 'missing_field', 'invalid_public_key'] as const).map((code) => ({
      status: 400,
      code,
      description: VERIFY_ERROR_CODES[code],
    })),
    ...(['platform_not_detected', 'ambiguous_platform'] as const).map((code) => ({
      status: 422,
      code,
      description: VERIFY_ERROR_CODES[code],
    })),
  ],
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
  summary: `List the ${PLATFORMS.length} supported platforms and the fields each needs`,
  description:
    'For each platform: its kind, signature scheme, algorithm and encoding, the headers that carry the ' +
    'signature and timestamp, the request members it requires and accepts, and its default timestamp tolerance.',
  toolDescription:
    `Lists the ${PLATFORMS.length} webhook platforms verify_webhook supports: for each its scheme, the ` +
    'headers that carry signature and timestamp, the verify_webhook arguments it needs and reads, and its ' +
    'default replay window.',
  tags: ['webhooks'],
  method: 'GET',
  path: '/platforms',
  input: z.object({}),
  output: platformsOutput,
  example: { input: {}, output: PLATFORMS_BODY },
  handler: () => PLATFORMS_BODY,
});

// ---------------------------------------------------------------------------------------------------------
// POST /sign (MCP sign_webhook): the headers a platform would send, for the caller's own receiver tests.
// ---------------------------------------------------------------------------------------------------------

export const signInput = signInputSchema(
  fieldMeta,
  SIGN_FIELD_DESCRIPTIONS,
  'A delivery to sign with your own secret: the members /verify takes, without the signature.',
);

/** The MCP argument phrases where signing differs from verifying. */
const SIGN_TOOL_DESCRIPTIONS: Partial<Record<SignMember, string>> = {
  platform: 'platform to sign for',
  secret: 'your secret; stripe, paddle, svix, standard-webhooks: 1–10 (whsk_ key: v1a)',
  timestamp: 'to sign (default now)',
  webhook_id: 'message id (svix, standard-webhooks, twitch, openai, replicate, polar)',
};

export const signToolInput = signInputSchema(toolMeta, SIGN_TOOL_DESCRIPTIONS, 'a delivery to sign');

export const signOutput = z.object({
  platform: z.string().meta({ description: 'the platform signed for' }),
  scheme: z.string().meta({ description: 'scheme, as verify_webhook reports it' }),
  signature: z.string().meta({ description: 'the signature header value' }),
  headers: z.record(z.string(), z.string()).meta({ description: 'headers to send, name → value' }),
  timestamp: z.string().nullable().meta({ description: 'timestamp signed (null: none)' }),
  webhook_id: z.string().nullable().meta({ description: 'message id signed (null: none)' }),
});

/** GitHub's documented test vector, signed: the known answer of /verify's example. */
export const SIGN_EXAMPLE = {
  platform: 'github',
  secret: "It's a Secret to Everybody",
  payload: 'Hello, World!',
} as const;

export const signOperation = defineOperation({
  name: 'sign_webhook',
  summary: 'Sign a test delivery as its platform would',
  description:
    'Produces the headers a platform would send with `payload`, signed with your own `secret`, as fixtures ' +
    'for your receiver tests: the same bytes, algorithm and encoding /verify checks (hex lower case, base64 ' +
    `padded), so /verify finds them valid with the same inputs. Signable: ${SIGNABLE_PLATFORMS.join(', ')} ` +
    '(paypal with `mode: "hmac"`; github as X-Hub-Signature-256). stripe, paddle, standard-webhooks and svix ' +
    'take 1–10 secrets (one signature each, in order); a `whsec_` secret gives `v1,…`, a `whsk_` key ' +
    '(base64 of a 32-byte Ed25519 seed) `v1a,…`. `timestamp` defaults to now (unix s; HubSpot and Webflow ms; Zendesk and Twitch ' +
    'ISO 8601 Z). The answer never contains the secret. Other platforms are 422 `not_signable`.',
  toolDescription:
    'Makes the headers a platform would send with `payload`, signed with your own `secret`, to test your ' +
    'webhook receiver (verify_webhook accepts them). Returns `headers` to send as they are.',
  tags: ['webhooks'],
  method: 'POST',
  path: '/sign',
  input: signInput,
  mcpInput: signToolInput,
  output: signOutput,
  errors: [
    { status: 400, code: 'unknown_platform', description: VERIFY_ERROR_CODES.unknown_platform },
    { status: 400, code: 'missing_field', description: VERIFY_ERROR_CODES.missing_field },
    { status: 422, code: 'not_signable', description: 'the platform is verified with a public key (422)' },
  ],
  maxBodyBytes: VERIFY_MAX_BODY_BYTES,
  example: { input: SIGN_EXAMPLE, output: () => signWebhook(SIGN_EXAMPLE) },
  handler: (input) => signWebhook(input as SignInput),
});

/** POST /handshake (MCP answer_handshake), built from the same members as /verify (its own file). */
export const handshakeOperation = handshakeOperationFrom(requestMembers(fieldMeta), requestMembers(toolMeta));

export const operations = [verifyOperation, listPlatformsOperation, signOperation, handshakeOperation];
