/** Property: no /sign body and no `platform: "auto"` body within the limits yields a 5xx. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLATFORM_NAMES } from '../../src/domain/index.js';
import { signOutput, verifyOutput } from '../../src/operations.js';
import { post } from './helpers/client.js';

const member = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 12 }), { maxLength: 11 }),
);

const platform = fc.constantFrom(...PLATFORM_NAMES, 'auto', 'AUTO', 'nope');

const signBody = fc.record(
  {
    platform,
    secret: fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.array(fc.string({ maxLength: 20 }), { maxLength: 11 }),
      fc.constantFrom('whsk_AAAA', `whsk_${Buffer.alloc(32, 1).toString('base64')}`, 'whsec_QUJD'),
    ),
    payload: fc.string({ maxLength: 60 }),
    payload_base64: fc.string({ maxLength: 12 }),
    timestamp: member,
    webhook_id: member,
    url: fc.constantFrom('https://example.com/a?bodySHA256=00', 'ftp://x', 'https://example.com/'),
    method: member,
    content_type: fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain'),
    algo: fc.constantFrom('SHA-1', 'sha512', 'md5'),
    encoding: fc.constantFrom('hex', 'base64', 'base32'),
    signed_content: fc.constantFrom('{timestamp}.{body}', '{id}.{body}', '{nope}', '{url}{body}'),
    mode: fc.constantFrom('hmac', 'native', 'x'),
    signature_header: fc.constantFrom('X-Sig', 'bad header'),
    signature: fc.string({ maxLength: 10 }),
  },
  { requiredKeys: [] },
);

const headerNames = fc.constantFrom(
  'Stripe-Signature',
  'x-hub-signature',
  'X-Hub-Signature-256',
  'X-GitHub-Event',
  'webhook-signature',
  'svix-signature',
  'X-Signature',
  'Content-Type',
  'bad name',
);

describe('no 5xx on any body', () => {
  it('POST /sign answers 200 with its schema, or a 4xx problem with valid: false', async () => {
    await fc.assert(
      fc.asyncProperty(signBody, async (body) => {
        const res = await post('/sign', JSON.stringify(body));
        expect(res.status, res.text).toBeLessThan(500);
        if (res.status === 200) expect(signOutput.strict().parse(res.json)).toEqual(res.json);
        else expect([400, 413, 422]).toContain(res.status);
        if (res.status !== 200) expect(res.json.valid).toBe(false);
      }),
      { numRuns: 400 },
    );
  });

  it('platform "auto" answers a result, or a 4xx problem with valid: false', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          headerNames,
          fc.oneof(fc.string({ maxLength: 30 }), fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 })),
          { maxKeys: 4 },
        ),
        fc.string({ maxLength: 30 }),
        async (headers, secret) => {
          const res = await post(
            '/verify',
            JSON.stringify({
              platform: 'auto',
              secret: secret || 'k',
              payload: '{}',
              headers,
              url: 'https://example.com/',
            }),
          );
          expect(res.status, res.text).toBeLessThan(500);
          if (res.status === 200) expect(verifyOutput.strict().parse(res.json)).toEqual(res.json);
          else expect(res.json.valid).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});
