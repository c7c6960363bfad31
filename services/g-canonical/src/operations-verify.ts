import {
  canonicalizeToBytes,
  defineOperation,
  digest,
  exactlyOneOf,
  exactlyOnePresent,
  hmac,
  toBase64,
  toBase64Url,
  toHex,
  validationFailed,
  z,
} from '@dus/core';
import { documentOf, jsonText, jsonValue, sideText, sideValue } from './document.js';
import {
  DIGEST_ALGORITHMS,
  type DigestAlgorithm,
  decodeDigest,
  firstDifference,
  parseDigestField,
  verifyDigests,
} from './domain/index.js';

const text = z.string().meta({ description: 'the document as raw text, taken as given' });

/** The bytes a document input stands for: raw text as given, else the canonical form. */
const bytesOf = (input: { value?: unknown; json?: string | undefined; text?: string | undefined }) =>
  input.text !== undefined ? new TextEncoder().encode(input.text) : canonicalizeToBytes(documentOf(input));

const DOCUMENT_HINT = '"value" (any JSON), "json" (JSON text) or "text" (a string)';

/** Checks the document's bytes against a Content-Digest field value or a bare digest. */
function verification(input: {
  value?: unknown;
  json?: string | undefined;
  text?: string | undefined;
  content_digest?: string | undefined;
  digest?: string | undefined;
  algorithm?: DigestAlgorithm | undefined;
}) {
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
}

const verifyExample = {
  text: '{"hello": "world"}',
  content_digest: 'sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:',
};

export const verifyDigestOperation = defineOperation({
  name: 'verify_digest',
  summary: 'Check a document against an RFC 9530 Content-Digest field or a bare digest',
  description:
    'The document is `value` or `json` (digested in canonical form) or `text` (digested as given). `content_digest` is a Content-Digest / Repr-Digest field value (several algorithms allowed; unknown ones are listed in `unsupported`); `digest` is a bare hex, base64 or base64url digest, of `algorithm` if given, else of any algorithm of its length. `matches` is true when at least one digest was checked and all checked matched. Comparisons are constant-time.',
  toolDescription:
    'Checks a document (`value` or `json`, in RFC 8785 canonical form, or raw `text`) against an RFC 9530 `content_digest` or a bare `digest`. Returns `matches`, each check, and the algorithms it does not support.',
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
        .meta({
          description: 'Content-Digest or Repr-Digest value',
          examples: ['sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:'],
        }),
      digest: z.string().max(1024).optional().meta({ description: 'bare digest: hex, base64 or base64url' }),
      algorithm: z
        .enum(DIGEST_ALGORITHMS)
        .optional()
        .meta({ description: "the digest's algorithm (default: any of its length)" }),
    })
    .meta({
      allOf: [exactlyOneOf(['value'], ['json'], ['text']), exactlyOneOf(['content_digest'], ['digest'])],
    })
    .check(exactlyOnePresent(['value', 'json', 'text'], DOCUMENT_HINT))
    .check(
      exactlyOnePresent(
        ['content_digest', 'digest'],
        '"content_digest" (an RFC 9530 field value) or "digest"',
      ),
    ),
  output: z.object({
    matches: z.boolean().meta({ description: 'some digest checked, and all matched' }),
    algorithm: z.enum(DIGEST_ALGORITHMS).nullable().meta({ description: 'an algorithm that matched' }),
    checked: z
      .array(
        z.object({
          algorithm: z.enum(DIGEST_ALGORITHMS).meta({ description: 'algorithm checked' }),
          matches: z.boolean().meta({ description: 'whether it matched' }),
        }),
      )
      .meta({ description: 'the digests checked, in order' }),
    unsupported: z.array(z.string()).meta({ description: 'algorithms not checked' }),
  }),
  example: { input: verifyExample, output: () => verification(verifyExample) },
  handler: verification,
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
  toolDescription:
    'Compares two JSON documents (`a` or `a_json`, `b` or `b_json`) by their RFC 8785 canonical forms, so member order and number spelling do not matter. Returns whether they are equal, the JSON Pointer of the first difference, and the SHA-256 of each.',
  tags: ['canonical'],
  method: 'POST',
  path: '/v1/compare',
  input: z
    .strictObject({
      a: sideValue('a', { id: 1, tags: ['x', 'y'] }).optional(),
      a_json: sideText('a', '{"id":1,"tags":["x","y"]}').optional(),
      b: sideValue('b', { tags: ['x', 'y'], id: 1 }).optional(),
      b_json: sideText('b', '{"tags":["x","z"],"id":1.0}').optional(),
    })
    .meta({ allOf: [exactlyOneOf(['a'], ['a_json']), exactlyOneOf(['b'], ['b_json'])] })
    .check(exactlyOnePresent(['a', 'a_json'], '"a" or "a_json"'))
    .check(exactlyOnePresent(['b', 'b_json'], '"b" or "b_json"')),
  output: z.object({
    equal: z.boolean().meta({ description: 'canonical forms equal' }),
    first_difference: z.string().nullable().meta({ description: 'JSON Pointer, in canonical order' }),
    a_sha256: z.string().meta({ description: 'SHA-256 hex of canonical a' }),
    b_sha256: z.string().meta({ description: 'SHA-256 hex of canonical b' }),
  }),
  example: { input: compareExample, output: () => compareDocuments(compareExample) },
  handler: (input) => compareDocuments(input),
});

/** HMAC of the document's bytes under the secret. */
function keyedDigest(input: {
  value?: unknown;
  json?: string | undefined;
  text?: string | undefined;
  secret: string;
  algorithm: 'sha-256' | 'sha-384' | 'sha-512';
}) {
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
}

const keyedExample = { text: 'what do ya want for nothing?', secret: 'Jefe' };

export const keyedDigestOperation = defineOperation({
  name: 'keyed_digest',
  summary: 'HMAC-SHA-256/384/512 of canonical JSON or of raw text, with a secret',
  description:
    'HMAC (RFC 2104) under `secret` (its UTF-8 bytes, 1–4096 characters) of the canonical form of `value`/`json`, or of `text` as given, by `algorithm` (sha-256 default, sha-384 or sha-512). The secret is never echoed, logged or stored.',
  toolDescription:
    'HMAC (RFC 2104) under `secret` of a JSON document (`value` or `json`, in RFC 8785 canonical form) or of raw `text` (as given): hex, base64 and base64url. The secret is never echoed.',
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
        .meta({ description: 'HMAC key (UTF-8), never echoed' }),
      algorithm: z
        .enum(['sha-256', 'sha-384', 'sha-512'])
        .default('sha-256')
        .meta({ description: 'HMAC hash' }),
    })
    .meta(exactlyOneOf(['value'], ['json'], ['text']))
    .check(exactlyOnePresent(['value', 'json', 'text'], DOCUMENT_HINT)),
  output: z.object({
    algorithm: z.string().meta({ description: 'e.g. hmac-sha-256' }),
    input: z.enum(['value', 'json', 'text']).meta({ description: 'which input was MACed' }),
    bytes: z.int().meta({ description: 'bytes MACed' }),
    hex: z.string().meta({ description: 'lowercase hex' }),
    base64: z.string().meta({ description: 'base64, padded' }),
    base64url: z.string().meta({ description: 'base64url, unpadded' }),
  }),
  example: { input: keyedExample, output: () => keyedDigest({ ...keyedExample, algorithm: 'sha-256' }) },
  handler: keyedDigest,
});
