import { canonicalize, canonicalizeToBytes, defineOperation, parseJsonPointer, z } from '@dus/core';
import { ALWAYS, documentOf, exactlyOne, jsonText, jsonValue } from './document.js';
import { compareOperation, keyedDigestOperation, verifyDigestOperation } from './operations-verify.js';
import { DEFAULT_KEY_LENGTH, DIGEST_ALGORITHMS, digestOf, idempotencyKey } from './domain/index.js';

const algorithm = z.enum(DIGEST_ALGORITHMS).default('sha-256').meta({
  description:
    'Digest algorithm: sha-256 (default), sha-384, sha-512, sha3-256, sha3-512 or blake3. content_digest is given only for sha-256 and sha-512, the RFC 9530 registry.',
});

const digestFields = {
  hex: z.string(),
  base64: z.string(),
  base64url: z.string().meta({ description: 'base64url without padding' }),
  content_digest: z.string().nullable().meta({
    description: 'RFC 9530 Content-Digest member; null for sha-384 (not in the RFC 9530 registry).',
  }),
  warnings: z.array(z.string()),
};

export const canonicalizeOperation = defineOperation({
  name: 'canonicalize',
  summary: 'Canonicalize JSON (RFC 8785 JCS)',
  description:
    'Returns the RFC 8785 canonical form of `value`: members sorted by UTF-16 code units, no whitespace, minimal string escapes, ECMAScript number formatting. The body is parsed as strict I-JSON: duplicate names, lone surrogates and numbers that would lose their value are rejected.',
  tags: ['canonical'],
  method: 'POST',
  path: '/v1/canonicalize',
  input: z
    .strictObject({ value: jsonValue.optional(), json: jsonText.optional() })
    .superRefine(exactlyOne(['value', 'json'], '"value" (any JSON) or "json" (JSON text)'), ALWAYS),
  output: z.object({
    canonical: z.string(),
    bytes: z.number().int().meta({ description: 'UTF-8 length of `canonical`' }),
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
  example: { input: { value: { b: 2, a: 1 } }, output: { canonical: '{"a":1,"b":2}', bytes: 13 } },
  handler: (input) => {
    const canonical = canonicalize(documentOf(input));
    return { canonical, bytes: Buffer.byteLength(canonical, 'utf8') };
  },
});

export const digestOperation = defineOperation({
  name: 'digest',
  summary: 'SHA-2 digest of canonical JSON or of raw text',
  description:
    'With `value`: digest of the UTF-8 of its RFC 8785 canonical form. With `text`: digest of the UTF-8 of the string exactly as given (not parsed, not normalised). Returns hex, base64, base64url and the RFC 9530 `Content-Digest` field value.',
  tags: ['canonical'],
  method: 'POST',
  path: '/v1/digest',
  input: z
    .strictObject({
      value: jsonValue.optional(),
      json: jsonText.optional(),
      text: z.string().optional().meta({ description: 'Raw text to digest as UTF-8 bytes, as given.' }),
      algorithm,
    })
    .superRefine(
      exactlyOne(['value', 'json', 'text'], '"value" (any JSON), "json" (JSON text) or "text" (a string)'),
      ALWAYS,
    ),
  output: z.object({
    algorithm: z.enum(DIGEST_ALGORITHMS),
    input: z.enum(['value', 'json', 'text']),
    bytes: z.number().int().meta({ description: 'Number of bytes digested' }),
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
  example: {
    input: { text: '{"hello": "world"}', algorithm: 'sha-256' },
    output: {
      algorithm: 'sha-256',
      input: 'text',
      bytes: 18,
      hex: '5f8f04f6a3a892aaabbddb6cf273894493773960d4a325b105fee46eef4304f1',
      base64: 'X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=',
      base64url: 'X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE',
      content_digest: 'sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:',
      warnings: [],
    },
  },
  handler: (input) => {
    const source = input.text !== undefined ? 'text' : input.json !== undefined ? 'json' : 'value';
    const kind = source as 'value' | 'json' | 'text';
    const bytes = input.text ?? canonicalizeToBytes(documentOf(input));
    const { algorithm: used, ...rest } = digestOf(bytes, input.algorithm);
    return { algorithm: used, input: kind, ...rest };
  },
});

const pointerOrName = z.string().superRefine((field, ctx) => {
  if (!field.startsWith('/')) return;
  try {
    parseJsonPointer(field);
  } catch (error) {
    ctx.addIssue({
      code: 'custom',
      message: `is not a valid JSON Pointer: ${(error as Error).message}`,
      params: { code: 'invalid_pointer' },
    });
  }
});

export const idempotencyKeyOperation = defineOperation({
  name: 'idempotency_key',
  summary: 'Stable idempotency key for a JSON request',
  description:
    "Key = `prefix` + the first `length` characters of base64url(hash(JCS(projected value))), the hash being `algorithm` (default sha-256). Without `fields` the projection is `value` itself, so the key can be reproduced from `/v1/digest`. `fields` selects top-level member names, or RFC 6901 pointers when they start with `/`; containers on a pointer's way are rebuilt as objects keyed by the pointer tokens; missing members are omitted; order and duplicates in `fields` do not change the key.",
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
          description: '1–64 distinct member names or JSON Pointers',
          example: ['amount', '/customer/id'],
        }),
      prefix: z
        .string()
        .max(64)
        .regex(/^[A-Za-z0-9_.:-]*$/, 'may only contain A-Z a-z 0-9 _ . : -')
        .default('')
        .meta({
          description: 'Text put in front of the key, as given (0–64 of A-Z a-z 0-9 _ . : -); not hashed.',
          examples: ['pay_'],
        }),
      length: z
        .number()
        .int()
        .min(16)
        .max(43)
        .default(DEFAULT_KEY_LENGTH)
        .meta({ description: 'Characters of base64url kept (16–43)' }),
      algorithm: algorithm.optional(),
    })
    .superRefine(exactlyOne(['value', 'json'], '"value" (any JSON) or "json" (JSON text)'), ALWAYS),
  output: z.object({
    key: z.string(),
    header: z.string().meta({ description: 'RFC 8941 sf-string form for an Idempotency-Key header' }),
    algorithm: z.enum(DIGEST_ALGORITHMS),
    encoding: z.literal('base64url'),
    length: z.number().int(),
    prefix: z.string(),
    fields: z.array(z.string()).nullable(),
    missing_fields: z.array(z.string()),
    collision_bits: z.number().int(),
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
    output: {
      key: 'pay_z84h9CNeqHOIgMT3f30FxGbaLpkmPm1m',
      header: '"pay_z84h9CNeqHOIgMT3f30FxGbaLpkmPm1m"',
      algorithm: 'sha-256',
      encoding: 'base64url',
      length: 32,
      prefix: 'pay_',
      fields: null,
      missing_fields: [],
      collision_bits: 192,
    },
  },
  handler: (input) => idempotencyKey({ ...input, value: documentOf(input) }),
});

export const operations = [
  canonicalizeOperation,
  digestOperation,
  idempotencyKeyOperation,
  verifyDigestOperation,
  compareOperation,
  keyedDigestOperation,
];
