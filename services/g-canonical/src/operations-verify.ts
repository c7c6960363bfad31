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

const text = z.string().meta({
  description: 'The document as raw text, taken as its UTF-8 bytes exactly as given (not parsed).',
  examples: ['{"hello": "world"}'],
});

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
    'Checks a document against a digest. The document is exactly one of `value` (the JSON itself) or `json` (JSON text), both hashed in RFC 8785 canonical form, or `text` (hashed as given). The digest is exactly one of `content_digest` (an RFC 9530 Content-Digest or Repr-Digest value, e.g. "sha-256=:…=:", several algorithms allowed) or `digest` (bare hex, base64 or base64url; `algorithm` optional, else any algorithm of its length). Returns `matches` (every supported digest matched), each check, and algorithms it does not support.',
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
          description:
            'An RFC 9530 Content-Digest or Repr-Digest field value: `<algorithm>=:<base64>:` members, comma-separated.',
          examples: ['sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:'],
        }),
      digest: z
        .string()
        .max(1024)
        .optional()
        .meta({
          description: 'A bare digest: hex, base64 or base64url.',
          examples: ['5f8f04f6a3a892aaabbddb6cf273894493773960d4a325b105fee46eef4304f1'],
        }),
      algorithm: z
        .enum(DIGEST_ALGORITHMS)
        .optional()
        .meta({
          description: "The bare digest's algorithm (default: any of its length).",
          examples: ['sha-256'],
        }),
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
    matches: z
      .boolean()
      .meta({ description: 'True when at least one digest was checked and every check matched' }),
    algorithm: z
      .enum(DIGEST_ALGORITHMS)
      .nullable()
      .meta({ description: 'An algorithm that matched, when all did; else null' }),
    checked: z
      .array(
        z.object({
          algorithm: z.enum(DIGEST_ALGORITHMS).meta({ description: 'The algorithm checked' }),
          matches: z.boolean().meta({ description: 'Whether the digest of that algorithm matched' }),
        }),
      )
      .meta({ description: 'One entry per supported digest checked, in the order given' }),
    unsupported: z
      .array(z.string())
      .meta({ description: 'Algorithms of content_digest members this service does not know (not checked)' }),
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
    'Compares two JSON documents by their RFC 8785 canonical forms, so member order and number spelling (1 vs 1.0) do not matter. Pass each side as a JSON value (`a`, `b`: the JSON itself) or as JSON text (`a_json`, `b_json`), exactly one per side. Returns whether they are equal, the JSON Pointer of the first difference in canonical order (null when equal), and the SHA-256 hex of each canonical form.',
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
    equal: z.boolean().meta({ description: 'Whether the canonical forms are equal' }),
    first_difference: z
      .string()
      .nullable()
      .meta({ description: 'JSON Pointer of the first difference in canonical order; null when equal' }),
    a_sha256: z.string().meta({ description: 'SHA-256 hex of the canonical form of a' }),
    b_sha256: z.string().meta({ description: 'SHA-256 hex of the canonical form of b' }),
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
    'HMAC (RFC 2104) under `secret` (its UTF-8 bytes) of the canonical form of `value`/`json`, or of `text` as given. The secret is never echoed, logged or stored.',
  toolDescription:
    'HMAC (RFC 2104) of a JSON document or raw text under a secret. Pass `secret` (its UTF-8 bytes are the key; never echoed or stored), exactly one of `value` (the JSON itself) or `json` (JSON text), both MACed in RFC 8785 canonical form, or `text` (MACed as given), and optionally `algorithm` (sha-256 default, sha-384, sha-512). Returns the MAC in hex, base64 and base64url and the byte count.',
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
        .meta({ description: 'The HMAC key (UTF-8), 1–4096 characters. Never echoed.', examples: ['Jefe'] }),
      algorithm: z
        .enum(['sha-256', 'sha-384', 'sha-512'])
        .default('sha-256')
        .meta({ description: 'HMAC hash (default sha-256).', examples: ['sha-256'] }),
    })
    .meta(exactlyOneOf(['value'], ['json'], ['text']))
    .check(exactlyOnePresent(['value', 'json', 'text'], DOCUMENT_HINT)),
  output: z.object({
    algorithm: z.string().meta({ description: '`hmac-` + the hash', examples: ['hmac-sha-256'] }),
    input: z
      .enum(['value', 'json', 'text'])
      .meta({ description: 'Which input was MACed: value or json (canonical form), or text (as given)' }),
    bytes: z.int().meta({ description: 'Number of bytes MACed' }),
    hex: z.string().meta({ description: 'The MAC in lowercase hex' }),
    base64: z.string().meta({ description: 'The MAC in standard base64 with padding' }),
    base64url: z.string().meta({ description: 'The MAC in base64url without padding' }),
  }),
  example: { input: keyedExample, output: () => keyedDigest({ ...keyedExample, algorithm: 'sha-256' }) },
  handler: keyedDigest,
});
