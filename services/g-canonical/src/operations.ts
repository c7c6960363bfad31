import {
  anyJson,
  canonicalize,
  canonicalizeToBytes,
  defineOperation,
  exactlyOneOf,
  exactlyOnePresent,
  type JsonValue,
  parseJsonPointer,
  refinement,
  z,
} from '@dus/core';
import { anyValue, documentOf, jsonText, jsonValue } from './document.js';
import {
  DEFAULT_KEY_LENGTH,
  DIGEST_ALGORITHMS,
  type DigestAlgorithm,
  diffJson,
  MAX_PATCH_PATH_CHARS,
  digestOf,
  idempotencyKey,
} from './domain/index.js';
import { signOperation, verifySignatureOperation } from './operations-jws.js';
import { compareOperation, keyedDigestOperation, verifyDigestOperation } from './operations-verify.js';

const algorithm = z.enum(DIGEST_ALGORITHMS).default('sha-256').meta({ description: 'digest algorithm' });

const digestFields = {
  hex: z.string().meta({ description: 'lowercase hex' }),
  base64: z.string().meta({ description: 'base64, padded' }),
  base64url: z.string().meta({ description: 'base64url, unpadded' }),
  content_digest: z
    .string()
    .nullable()
    .meta({ description: 'RFC 9530 Content-Digest value (sha-256, sha-512 only)' }),
  warnings: z.array(z.string()).meta({ description: 'why content_digest is null' }),
};

const inputKind = z.enum(['value', 'json', 'text']).meta({ description: 'which input was digested' });

function canonicalForm(input: { value?: unknown; json?: string | undefined }) {
  const canonical = canonicalize(documentOf(input));
  return { canonical, bytes: Buffer.byteLength(canonical, 'utf8') };
}

export const canonicalizeOperation = defineOperation({
  name: 'canonicalize',
  summary: 'Canonicalize JSON (RFC 8785 JCS)',
  description:
    'Returns the RFC 8785 canonical form of `value`: members sorted by UTF-16 code units, no whitespace, minimal string escapes, ECMAScript number formatting. The body is parsed as strict I-JSON: duplicate names, lone surrogates and numbers that would lose their value are rejected.',
  toolDescription:
    'RFC 8785 (JCS) canonical form of a JSON document, given as exactly one of `value` or `json`. Duplicate names, lone surrogates and numbers that would lose their value are refused.',
  tags: ['canonical'],
  method: 'POST',
  path: '/v1/canonicalize',
  input: z
    .strictObject({ value: jsonValue.optional(), json: jsonText.optional() })
    .meta(exactlyOneOf(['value'], ['json']))
    .check(exactlyOnePresent(['value', 'json'], '"value" (any JSON) or "json" (JSON text)')),
  output: z.object({
    canonical: z.string().meta({ description: 'canonical JSON text' }),
    bytes: z.number().int().meta({ description: 'its UTF-8 length' }),
  }),
  errors: [
    {
      status: 422,
      code: 'duplicate_key',
      description: 'A member name appears twice in one object (compared after unescaping).',
    },
    { status: 422, code: 'invalid_unicode', description: 'A `\\u` escape leaves a lone surrogate.' },
    {
      status: 422,
      code: 'number_out_of_range',
      description:
        'A number overflows, underflows to 0, or is an integer beyond 2^53 that a double cannot hold (send it as a string).',
    },
  ],
  example: { input: { value: { b: 2, a: 1 } }, output: () => canonicalForm({ value: { b: 2, a: 1 } }) },
  handler: canonicalForm,
});

function digestAnswer(input: {
  value?: unknown;
  json?: string | undefined;
  text?: string | undefined;
  algorithm: DigestAlgorithm;
}) {
  const kind = input.text !== undefined ? 'text' : input.json !== undefined ? 'json' : 'value';
  const bytes = input.text ?? canonicalizeToBytes(documentOf(input));
  const { algorithm: used, ...rest } = digestOf(bytes, input.algorithm);
  return { algorithm: used, input: kind as 'value' | 'json' | 'text', ...rest };
}

const digestExample = { text: '{"hello": "world"}', algorithm: 'sha-256' as const };

export const digestOperation = defineOperation({
  name: 'digest',
  summary: `Digest (${DIGEST_ALGORITHMS.join(', ')}) of canonical JSON or of raw text`,
  description:
    'With `value`: digest of the UTF-8 of its RFC 8785 canonical form. With `text`: digest of the UTF-8 of the string exactly as given (not parsed, not normalised). Returns hex, base64, base64url and the RFC 9530 `Content-Digest` field value. `algorithm`: sha-256 (default), sha-384, sha-512, sha3-256, sha3-512 or blake3; `content_digest` is given only for sha-256 and sha-512, the RFC 9530 registry, else it is null with a warning.',
  toolDescription:
    'Digest of a JSON document (`value` or `json`, hashed in RFC 8785 canonical form) or of raw `text` (hashed as given), by `algorithm`: hex, base64, base64url and the RFC 9530 Content-Digest value.',
  tags: ['canonical'],
  method: 'POST',
  path: '/v1/digest',
  input: z
    .strictObject({
      value: jsonValue.optional(),
      json: jsonText.optional(),
      text: z.string().optional().meta({ description: 'raw text, digested as given' }),
      algorithm,
    })
    .meta(exactlyOneOf(['value'], ['json'], ['text']))
    .check(
      exactlyOnePresent(
        ['value', 'json', 'text'],
        '"value" (any JSON), "json" (JSON text) or "text" (a string)',
      ),
    ),
  output: z.object({
    algorithm: z.enum(DIGEST_ALGORITHMS).meta({ description: 'algorithm used' }),
    input: inputKind,
    bytes: z.number().int().meta({ description: 'bytes digested' }),
    ...digestFields,
  }),
  errors: [
    { status: 422, code: 'duplicate_key', description: 'A member name appears twice in one object.' },
    { status: 422, code: 'invalid_unicode', description: 'A `\\u` escape leaves a lone surrogate.' },
    {
      status: 422,
      code: 'number_out_of_range',
      description: 'A number cannot be represented exactly enough to digest.',
    },
  ],
  example: { input: digestExample, output: () => digestAnswer(digestExample) },
  handler: digestAnswer,
});

const pointerOrName = z.string().check(
  refinement<string>((field, ctx) => {
    if (!field.startsWith('/')) return;
    try {
      parseJsonPointer(field);
    } catch (error) {
      ctx.addIssue({
        message: `is not a valid JSON Pointer: ${(error as Error).message}`,
        params: { code: 'invalid_pointer' },
      });
    }
  }),
);

export const idempotencyKeyOperation = defineOperation({
  name: 'idempotency_key',
  summary: 'Stable idempotency key for a JSON request',
  description:
    "Key = `prefix` + the first `length` characters of base64url(hash(JCS(projected value))), the hash being `algorithm` (default sha-256). Without `fields` the projection is `value` itself, so the key can be reproduced from `/v1/digest`. `fields` selects top-level member names, or RFC 6901 pointers when they start with `/`; containers on a pointer's way are rebuilt as objects keyed by the pointer tokens; missing members are omitted; order and duplicates in `fields` do not change the key (1–64 distinct fields; `missing_fields` lists those that matched nothing). `length`: 16–43 characters of base64url (default 32); `prefix`: 0–64 of A-Z a-z 0-9 _ . : -, not hashed; `collision_bits`: 6 per character, at most the digest's size. `header` is the key as an RFC 8941 sf-string for an Idempotency-Key header.",
  toolDescription:
    'Stable idempotency key for a JSON request (`value` or `json`): `prefix` + the first `length` base64url characters of the hash of its RFC 8785 canonical form, or of just its `fields`. Returns the key and its Idempotency-Key header form.',
  tags: ['idempotency'],
  method: 'POST',
  path: '/v1/idempotency-key',
  input: z
    .strictObject({
      value: jsonValue.optional(),
      json: jsonText.optional(),
      fields: z
        .array(pointerOrName)
        .min(1)
        .max(256)
        .refine((fields) => new Set(fields).size <= 64, { message: 'at most 64 distinct fields' })
        .optional()
        .meta({
          description: 'member names or JSON Pointers to key on',
          example: ['amount', '/customer/id'],
        }),
      prefix: z
        .string()
        .max(64)
        .regex(/^[A-Za-z0-9_.:-]*$/, 'may only contain A-Z a-z 0-9 _ . : -')
        .default('')
        .meta({ description: 'text before the key, not hashed', examples: ['pay_'] }),
      length: z
        .number()
        .int()
        .min(16)
        .max(43)
        .default(DEFAULT_KEY_LENGTH)
        .meta({ description: 'base64url characters kept' }),
      algorithm: algorithm.optional(),
    })
    .meta(exactlyOneOf(['value'], ['json']))
    .check(exactlyOnePresent(['value', 'json'], '"value" (any JSON) or "json" (JSON text)')),
  output: z.object({
    key: z.string().meta({ description: 'the key' }),
    header: z.string().meta({ description: 'Idempotency-Key header value (sf-string)' }),
    algorithm: z.enum(DIGEST_ALGORITHMS).meta({ description: 'hash used' }),
    encoding: z.literal('base64url').meta({ description: 'encoding of the hashed part' }),
    length: z.number().int().meta({ description: 'base64url characters in the key' }),
    prefix: z.string().meta({ description: 'the prefix' }),
    fields: z.array(z.string()).nullable().meta({ description: 'fields keyed on, sorted (null: all)' }),
    missing_fields: z.array(z.string()).meta({ description: 'fields that matched nothing' }),
    collision_bits: z.number().int().meta({ description: 'bits of hash in the key' }),
  }),
  errors: [
    {
      status: 422,
      code: 'fields_not_applicable',
      description: '`fields` was given but `value` is not an object.',
    },
    { status: 422, code: 'duplicate_key', description: 'A member name appears twice in one object.' },
    {
      status: 422,
      code: 'number_out_of_range',
      description: 'A number cannot be represented exactly enough to hash.',
    },
  ],
  example: {
    input: { value: { amount: 500, currency: 'USD' }, prefix: 'pay_' },
    output: () => idempotencyKey({ value: { amount: 500, currency: 'USD' }, prefix: 'pay_' }),
  },
  handler: (input) => idempotencyKey({ ...input, value: documentOf(input) }),
});

function patchOf(input: { from?: unknown; to?: unknown }) {
  const patch = diffJson(input.from as JsonValue, input.to as JsonValue);
  return { patch, operations: patch.length };
}

const patchExample = { from: { a: 1, b: 2 }, to: { a: 1, b: 3 } };

export const patchOperation = defineOperation({
  name: 'json_patch',
  summary: 'RFC 6902 JSON Patch from one JSON document to another',
  description:
    'An RFC 6902 patch (`add`, `remove`, `replace` only) whose operations, applied in order to `from`, give a document with the RFC 8785 canonical form of `to`: equal canonical forms give `[]`. Member names in UTF-16 code-unit order over both sides; array items by index, then surplus indices removed from the last down or missing ones added ascending; a change of type is a `replace`. Paths are RFC 6901 pointers.',
  toolDescription:
    'RFC 6902 JSON Patch (add, remove, replace) turning `from` into `to`, compared by RFC 8785 canonical form (member order, 1 vs 1.0 do not count). Members in code-unit order, array items by index.',
  tags: ['canonical'],
  method: 'POST',
  path: '/v1/patch',
  input: z.strictObject({
    from: anyValue('The original document (any JSON).', patchExample.from),
    to: anyValue('The target document (any JSON).', patchExample.to),
  }),
  output: z.object({
    patch: z
      .array(
        z.object({
          op: z.enum(['add', 'remove', 'replace']).meta({ description: 'Operation' }),
          path: z.string().meta({ description: 'RFC 6901 pointer' }),
          value: z.unknown().optional().meta(anyJson('New value (not for remove)')),
        }),
      )
      .meta({ description: 'Operations, applied in order' }),
    operations: z.int().meta({ description: 'Length of patch' }),
  }),
  errors: [
    {
      status: 422,
      code: 'patch_too_large',
      description: `The patch's paths would add up to more than ${MAX_PATCH_PATH_CHARS} characters (refused before it is built).`,
    },
  ],
  example: { input: patchExample, output: () => patchOf(patchExample) },
  handler: patchOf,
});

/**
 * Every operation parses, canonicalises and hashes its whole body: from 1 MiB (reached when
 * MAX_BODY_BYTES is raised above its default) it runs in the worker pool (docs/conventions.md §11).
 */
const HEAVY = { minBytes: 1024 * 1024 };

export const operations = [
  canonicalizeOperation,
  digestOperation,
  idempotencyKeyOperation,
  verifyDigestOperation,
  compareOperation,
  keyedDigestOperation,
  patchOperation,
  signOperation,
  verifySignatureOperation,
].map((operation) => ({ ...operation, heavy: HEAVY }));
