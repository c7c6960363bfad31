import {
  canonicalizeToBytes,
  defineOperation,
  digest,
  hmac,
  toBase64,
  toBase64Url,
  toHex,
  validationFailed,
  z,
} from '@dus/core';
import { ALWAYS, documentOf, exactlyOne, jsonText, jsonValue } from './document.js';
import {
  decodeDigest,
  DIGEST_ALGORITHMS,
  firstDifference,
  parseDigestField,
  verifyDigests,
} from './domain/index.js';

const text = z.string().meta({ description: 'Raw text, taken as its UTF-8 bytes exactly as given.' });

/** The bytes a document input stands for: raw text as given, else the canonical form. */
const bytesOf = (input: { value?: unknown; json?: string | undefined; text?: string | undefined }) =>
  input.text !== undefined ? new TextEncoder().encode(input.text) : canonicalizeToBytes(documentOf(input));

const DOCUMENT_HINT = '"value" (any JSON), "json" (JSON text) or "text" (a string)';

export const verifyDigestOperation = defineOperation({
  name: 'verify_digest',
  summary: 'Check a document against an RFC 9530 Content-Digest field or a bare digest',
  description:
    'The document is `value` or `json` (digested in canonical form) or `text` (digested as given). `content_digest` is a Content-Digest / Repr-Digest field value (several algorithms allowed; unknown ones are listed in `unsupported`); `digest` is a bare hex, base64 or base64url digest, of `algorithm` if given, else of any algorithm of its length. `matches` is true when at least one digest was checked and all checked matched. Comparisons are constant-time.',
  tags: ['digest'],
  method: 'POST',
  path: '/v1/verify-digest',
  input: z
    .strictObject({
      value: jsonValue.optional(),
      json: jsonText.optional(),
      text: text.optional(),
      content_digest: z
        .string()
        .max(8192)
        .optional()
        .meta({ examples: ['sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:'] }),
      digest: z
        .string()
        .max(1024)
        .optional()
        .meta({ description: 'A bare digest: hex, base64 or base64url.' }),
      algorithm: z
        .enum(DIGEST_ALGORITHMS)
        .optional()
        .meta({ description: "The bare digest's algorithm (default: any of its length)." }),
    })
    .superRefine(exactlyOne(['value', 'json', 'text'], DOCUMENT_HINT), ALWAYS)
    .superRefine(
      exactlyOne(['content_digest', 'digest'], '"content_digest" (an RFC 9530 field value) or "digest"'),
      ALWAYS,
    ),
  output: z.object({
    matches: z.boolean(),
    algorithm: z
      .enum(DIGEST_ALGORITHMS)
      .nullable()
      .meta({ description: 'An algorithm that matched, when all did' }),
    checked: z.array(z.object({ algorithm: z.enum(DIGEST_ALGORITHMS), matches: z.boolean() })),
    unsupported: z.array(z.string()),
  }),
  example: {
    input: {
      text: '{"hello": "world"}',
      content_digest: 'sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:',
    },
    output: {
      matches: true,
      algorithm: 'sha-256',
      checked: [{ algorithm: 'sha-256', matches: true }],
      unsupported: [],
    },
  },
  handler: (input) => {
    let candidates: Array<{ algorithm: string | undefined; digest: Buffer }>;
    if (input.content_digest !== undefined) {
      const members = parseDigestField(input.content_digest);
      if (typeof members === 'string') {
        throw validationFailed([{ path: '/content_digest', code: 'invalid_digest_field', message: members }]);
      }
      candidates = members;
    } else {
      const digest = decodeDigest(input.digest!);
      if (digest === undefined) {
        throw validationFailed([
          { path: '/digest', code: 'invalid_digest', message: 'is not hex, base64 or base64url' },
        ]);
      }
      candidates = [{ algorithm: input.algorithm, digest }];
    }
    return verifyDigests(bytesOf(input), candidates);
  },
});

interface CompareInput {
  a?: unknown;
  a_json?: string | undefined;
  b?: unknown;
  b_json?: string | undefined;
}

function compareDocuments(input: CompareInput) {
  const a = documentOf({ value: input.a, json: input.a_json });
  const b = documentOf({ value: input.b, json: input.b_json });
  const difference = firstDifference(a, b);
  return {
    equal: difference === null,
    first_difference: difference,
    a_sha256: toHex(digest('sha-256', canonicalizeToBytes(a))),
    b_sha256: toHex(digest('sha-256', canonicalizeToBytes(b))),
  };
}

const compareExample = { a: { id: 1, tags: ['x', 'y'] }, b_json: '{"tags":["x","z"],"id":1.0}' };

export const compareOperation = defineOperation({
  name: 'compare_documents',
  summary: 'Compare two JSON documents canonically: equal or not, and the first differing JSON Pointer',
  description:
    'Each side is a JSON value (`a`, `b`) or JSON text (`a_json`, `b_json`, strictly parsed). Equal iff the RFC 8785 canonical forms are equal (member order and number spelling do not matter). `first_difference` walks both in canonical order: members by UTF-16 code units, items by index.',
  tags: ['canonical'],
  method: 'POST',
  path: '/v1/compare',
  input: z
    .strictObject({
      a: jsonValue.optional(),
      a_json: jsonText.optional(),
      b: jsonValue.optional(),
      b_json: jsonText.optional(),
    })
    .superRefine(exactlyOne(['a', 'a_json'], '"a" or "a_json"'), ALWAYS)
    .superRefine(exactlyOne(['b', 'b_json'], '"b" or "b_json"'), ALWAYS),
  output: z.object({
    equal: z.boolean(),
    first_difference: z.string().nullable().meta({ description: 'JSON Pointer; null when equal' }),
    a_sha256: z.string(),
    b_sha256: z.string(),
  }),
  example: { input: compareExample, output: compareDocuments(compareExample) },
  handler: (input) => compareDocuments(input),
});

export const keyedDigestOperation = defineOperation({
  name: 'keyed_digest',
  summary: 'HMAC-SHA-256/384/512 of canonical JSON or of raw text, with a secret',
  description:
    'HMAC (RFC 2104) under `secret` (its UTF-8 bytes) of the canonical form of `value`/`json`, or of `text` as given. The secret is never echoed, logged or stored.',
  tags: ['digest'],
  method: 'POST',
  path: '/v1/keyed-digest',
  input: z
    .strictObject({
      value: jsonValue.optional(),
      json: jsonText.optional(),
      text: text.optional(),
      secret: z
        .string()
        .min(1, 'must not be empty')
        .max(4096)
        .meta({ description: 'The HMAC key (UTF-8). Never echoed.' }),
      algorithm: z
        .enum(['sha-256', 'sha-384', 'sha-512'])
        .default('sha-256')
        .meta({ description: 'HMAC hash (default sha-256).' }),
    })
    .superRefine(exactlyOne(['value', 'json', 'text'], DOCUMENT_HINT), ALWAYS),
  output: z.object({
    algorithm: z.string().meta({ examples: ['hmac-sha-256'] }),
    input: z.enum(['value', 'json', 'text']),
    bytes: z.int(),
    hex: z.string(),
    base64: z.string(),
    base64url: z.string(),
  }),
  example: {
    input: { text: 'what do ya want for nothing?', secret: 'Jefe' },
    output: {
      algorithm: 'hmac-sha-256',
      input: 'text',
      bytes: 28,
      hex: '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
      base64: 'W9zBRr9gdU5qBCQmCJV1x1oAPwidJzmDnexYuWTsOEM=',
      base64url: 'W9zBRr9gdU5qBCQmCJV1x1oAPwidJzmDnexYuWTsOEM',
    },
  },
  handler: (input) => {
    const bytes = bytesOf(input);
    const mac = hmac(input.algorithm, input.secret, bytes);
    return {
      algorithm: `hmac-${input.algorithm}`,
      input:
        input.text !== undefined
          ? ('text' as const)
          : input.json !== undefined
            ? ('json' as const)
            : ('value' as const),
      bytes: bytes.byteLength,
      hex: toHex(mac),
      base64: toBase64(mac),
      base64url: toBase64Url(mac),
    };
  },
});
