import { ProblemError } from '@dus/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FAILURE_REASONS,
  HINTS,
  MAX_SIGNATURE_CHARS,
  PLATFORM_NAMES,
  type VerifyInput,
  verifyWebhook,
} from '../../src/domain/index.js';

const anyValue = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 10 }), { maxLength: 12 }),
);

const headerLike = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc
    .array(
      fc.tuple(fc.constantFrom('t', 'v1', 'v0', 'ts', 'h1', 'sha256', ''), fc.string({ maxLength: 70 })),
      {
        maxLength: 6,
      },
    )
    .chain((pairs) => fc.constantFrom(',', ';').map((sep) => pairs.map(([k, v]) => `${k}=${v}`).join(sep))),
);

const input = fc.record(
  {
    platform: fc.oneof(fc.constantFrom(...PLATFORM_NAMES), fc.string({ maxLength: 12 })),
    secret: fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.array(fc.string({ maxLength: 20 }), { maxLength: 12 }),
      anyValue,
    ),
    payload: fc.oneof(fc.string({ maxLength: 300 }), anyValue),
    signature: fc.oneof(headerLike, anyValue),
    timestamp: fc.oneof(fc.integer({ min: 0, max: 2 ** 45 }), fc.string({ maxLength: 20 }), anyValue),
    url: fc.oneof(fc.webUrl({ withQueryParameters: true }), anyValue),
    content_type: fc.oneof(
      fc.constantFrom('application/json', 'application/x-www-form-urlencoded'),
      anyValue,
    ),
    public_key: anyValue,
    mode: fc.oneof(fc.constantFrom('hmac', 'native'), anyValue),
    algo: fc.oneof(fc.constantFrom('SHA-1', 'SHA-256', 'SHA-384', 'SHA-512'), anyValue),
    encoding: fc.oneof(fc.constantFrom('hex', 'base64'), anyValue),
    tolerance: fc.oneof(fc.nat(), anyValue),
    now: fc.oneof(fc.nat(), anyValue),
    cert: anyValue,
    transmission_id: anyValue,
    transmission_time: anyValue,
    webhook_id: anyValue,
    payload_base64: fc.oneof(fc.base64String({ maxLength: 60 }), fc.string({ maxLength: 20 }), anyValue),
    headers: fc.oneof(
      fc.dictionary(
        fc.oneof(
          fc.constantFrom('webhook-signature', 'X-Hub-Signature-256', 'svix-id', 'X-Signature-Timestamp'),
          fc.string({ maxLength: 12 }),
        ),
        fc.oneof(headerLike, fc.array(fc.string({ maxLength: 20 }), { maxLength: 3 }), anyValue),
        { maxKeys: 5 },
      ),
      anyValue,
    ),
    method: fc.oneof(fc.constantFrom('POST', 'get', 'P OST', ''), anyValue),
    signed_content: fc.oneof(
      fc.constantFrom('{timestamp}.{body}', '{id}.{body}', '{{x}}{body}', '{nope}', '{body'),
      fc.string({ maxLength: 20 }),
      anyValue,
    ),
    signature_header: fc.oneof(fc.constantFrom('X-Sig', 'bad name'), anyValue),
    timestamp_header: fc.oneof(fc.constantFrom('X-Ts'), anyValue),
  },
  { requiredKeys: ['platform'] },
);

describe('robustness', () => {
  it('any input gives a well-formed result or a 400 problem, never another error', () => {
    fc.assert(
      fc.property(input, (body) => {
        try {
          const result = verifyWebhook(body as unknown as VerifyInput, { nowS: 1_700_000_000 });
          expect(typeof result.valid).toBe('boolean');
          expect(result.valid).toBe(result.reason === null);
          if (result.reason !== null) expect(FAILURE_REASONS).toContain(result.reason);
          for (const hint of result.hints) expect(HINTS).toContain(hint);
          expect(PLATFORM_NAMES).toContain(result.platform);
        } catch (error) {
          expect(error).toBeInstanceOf(ProblemError);
          const problem = error as ProblemError;
          expect(problem.status).toBe(400);
          expect(['unknown_platform', 'missing_field', 'validation_failed', 'invalid_public_key']).toContain(
            problem.code,
          );
          expect(problem.toProblem().valid).toBe(false);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('a 1 MiB payload with a header of 100 signatures is checked; a header longer than 8192 characters is refused', () => {
    const payload = 'x'.repeat(1024 * 1024);
    const header = (count: number) =>
      `t=1700000000,${Array.from({ length: count }, () => `v1=${'0'.repeat(64)}`).join(',')}`;
    expect(header(100).length).toBeLessThanOrEqual(MAX_SIGNATURE_CHARS);
    const checked = verifyWebhook(
      { platform: 'stripe', secret: ['whsec_a', 'whsec_b'], payload, signature: header(100) },
      { nowS: 1_700_000_000 },
    );
    expect(checked).toMatchObject({ valid: false, reason: 'signature_mismatch', signatures_found: 100 });
    // Secret rotation never puts 5000 signatures in a header: refused (400) before the header is split.
    expect(() =>
      verifyWebhook(
        { platform: 'stripe', secret: ['whsec_a', 'whsec_b'], payload, signature: header(5000) },
        { nowS: 1_700_000_000 },
      ),
    ).toThrow(/signature: must be at most 8192 characters/);
  });
});
