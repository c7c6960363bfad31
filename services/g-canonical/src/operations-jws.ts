import { defineOperation, exactlyOneOf, exactlyOnePresent, refinement, z } from '@dus/core';
import { briefText, briefValue, documentOf } from './document.js';
import { JWS_ALGORITHMS, type Jwk, signJson, verifyJws } from './domain/index.js';

/** JWK members that, when present, must be strings (RFC 7517, RFC 7518 §6, RFC 8037). */
const STRING_MEMBERS = ['crv', 'x', 'y', 'd', 'n', 'e', 'p', 'q', 'dp', 'dq', 'qi', 'k', 'alg', 'kid', 'use'];

const jwk = (description: string) =>
  z
    .looseObject({ kty: z.string().meta({ description: 'OKP, EC, RSA or oct' }) })
    .check(
      refinement<Record<string, unknown>>((key, ctx) => {
        for (const member of STRING_MEMBERS) {
          if (key[member] !== undefined && typeof key[member] !== 'string') {
            ctx.addIssue({ message: 'must be a string', path: [member], params: { code: 'invalid_type' } });
          }
        }
        // RFC 7517 §4.3: an array of strings.
        const ops = key.key_ops;
        if (ops !== undefined && !(Array.isArray(ops) && ops.every((op) => typeof op === 'string'))) {
          ctx.addIssue({
            message: 'must be an array of strings',
            path: ['key_ops'],
            params: { code: 'invalid_type' },
          });
        }
      }),
    )
    .meta({ description });

const exclude = z
  .array(z.string())
  .min(1)
  .max(64)
  .refine((names) => new Set(names).size === names.length, { message: 'must be distinct' })
  .optional()
  .meta({ description: '1–64 top-level member names left out of the signed content' });

const DOCUMENT_HINT = '"value" (any JSON) or "json" (JSON text)';

const ED25519 = {
  kty: 'OKP',
  crv: 'Ed25519',
  x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo',
  d: 'nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A',
};
const signExample = { value: { amount: 500, currency: 'USD' }, alg: 'EdDSA' as const, key: ED25519 };
const signed = () => signJson({ document: signExample.value, alg: 'EdDSA', key: ED25519 });
const signedExample = signed();

export const signOperation = defineOperation({
  name: 'sign_json',
  summary: 'Sign canonical JSON as a compact JWS',
  description:
    'Compact JWS (RFC 7515) over the RFC 8785 bytes of the document less `exclude`; protected header = canonical `{"alg","kid"?}`; detached (Appendix F, empty middle segment) unless `detached` is false. `key` is a private JWK fitting `alg`: OKP Ed25519, EC P-256, RSA 2048–4096 bits with an odd e in 2^16 < e < 2^256, or oct with 32–1024 bytes; its `d` must belong to its public part, its `key_ops` (if any) list "sign" and its `use` (if any) be "sig". No key material is ever echoed or logged.',
  toolDescription:
    'Signs the RFC 8785 canonical form of a JSON document as a compact JWS (detached by default). Give `value` or `json`, `alg` and a private JWK `key` (never echoed).',
  tags: ['jws'],
  method: 'POST',
  path: '/v1/sign',
  input: z
    .strictObject({
      value: briefValue.optional(),
      json: briefText.optional(),
      alg: z.enum(JWS_ALGORITHMS).meta({ description: 'Signature algorithm' }),
      key: jwk('Private JWK: OKP Ed25519 (EdDSA), EC P-256 (ES256), RSA (RS256), oct (HS256)'),
      detached: z.boolean().default(true).meta({ description: 'Empty payload segment (default true)' }),
      exclude,
      kid: z.string().max(256).optional().meta({ description: 'Key id for the protected header' }),
    })
    .meta(exactlyOneOf(['value'], ['json']))
    .check(exactlyOnePresent(['value', 'json'], DOCUMENT_HINT)),
  output: z.object({
    jws: z.string().meta({ description: 'header.payload.signature, base64url' }),
    protected_header: z.string().meta({ description: 'The header JSON, canonical' }),
    signing_input_sha256: z.string().meta({ description: 'SHA-256 hex of the signing input' }),
    detached: z.boolean().meta({ description: 'Payload segment left empty' }),
    excluded: z.array(z.string()).meta({ description: 'Members left out, sorted' }),
  }),
  errors: [
    {
      status: 422,
      code: 'invalid_key',
      description:
        'The key does not fit `alg`, lacks its private part, is out of bounds (an RSA e outside 2^16 < e < 2^256), has a private part that does not belong to its public part, or is not meant to sign (`key_ops`, `use`); `errors[0].path` names the member.',
    },
    {
      status: 422,
      code: 'fields_not_applicable',
      description: '`exclude` was given but the document is not an object.',
    },
  ],
  example: { input: signExample, output: signed },
  handler: (input) =>
    signJson({
      document: documentOf(input),
      alg: input.alg,
      key: input.key as Jwk,
      detached: input.detached,
      exclude: input.exclude,
      kid: input.kid,
    }),
});

const verifyExample = {
  value: signExample.value,
  jws: signedExample.jws,
  key: { kty: 'OKP', crv: 'Ed25519', x: ED25519.x },
};

export const verifySignatureOperation = defineOperation({
  name: 'verify_json_signature',
  summary: 'Verify a compact JWS over canonical JSON',
  description:
    'Checks a compact JWS against the RFC 8785 bytes of the document less `exclude` (the payload when the middle segment is empty, i.e. detached). `reason`, first failing: malformed_jws, unsupported_alg (`none` included), unsupported_crit (any `crit`), key_mismatch (RFC 8725 §3.1), signature_mismatch, payload_mismatch.',
  toolDescription:
    'Verifies a compact JWS (EdDSA, ES256, HS256, RS256; attached or detached) over the RFC 8785 canonical form of `value` or `json` with a public JWK or oct `key`.',
  tags: ['jws'],
  method: 'POST',
  path: '/v1/verify-signature',
  input: z
    .strictObject({
      value: briefValue.optional(),
      json: briefText.optional(),
      jws: z.string().meta({ description: 'Compact JWS' }),
      key: jwk('Public JWK (private members ignored) or oct key'),
      exclude,
    })
    .meta(exactlyOneOf(['value'], ['json']))
    .check(exactlyOnePresent(['value', 'json'], DOCUMENT_HINT)),
  output: z.object({
    valid: z.boolean().meta({ description: 'Signature and payload check out' }),
    reason: z
      .enum([
        'malformed_jws',
        'unsupported_alg',
        'unsupported_crit',
        'key_mismatch',
        'signature_mismatch',
        'payload_mismatch',
      ])
      .nullable()
      .meta({ description: 'First failed check; null when valid' }),
    alg: z.string().nullable().meta({ description: "The header's alg" }),
    detached: z.boolean().meta({ description: 'Empty payload segment' }),
  }),
  errors: [
    {
      status: 422,
      code: 'invalid_key',
      description:
        '`key` is not a JWK, has an RSA e outside 2^16 < e < 2^256, or is not meant to verify (`key_ops` without "verify", `use` other than "sig"); `errors[0].path` names the member.',
    },
    {
      status: 422,
      code: 'fields_not_applicable',
      description: '`exclude` was given but the document is not an object.',
    },
  ],
  example: {
    input: verifyExample,
    output: () =>
      verifyJws({ document: verifyExample.value, jws: verifyExample.jws, key: verifyExample.key }),
  },
  handler: (input) =>
    verifyJws({ document: documentOf(input), jws: input.jws, key: input.key as Jwk, exclude: input.exclude }),
});
