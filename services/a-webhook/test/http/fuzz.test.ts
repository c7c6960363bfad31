/** Property: no request body within the limits yields a 5xx; every answer is a result or a fail-closed problem. */
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FAILURE_REASONS, PLATFORM_NAMES } from '../../src/domain/index.js';
import { verifyOutput } from '../../src/operations.js';
import {
  FIXTURES,
  flipPayload,
  flipSignatureChar,
  garble,
  NOW,
  truncate,
} from '../domain/helpers/fixtures.js';
import { post } from './helpers/client.js';

const PROBLEM_CODES = [
  'invalid_json',
  'validation_failed',
  'unknown_platform',
  'missing_field',
  'invalid_public_key',
];

// One fixed seed: the last test checks what the runs reached, which must not depend on the draw.
fc.configureGlobal({ seed: 20261125 });

/** What the properties reached: `200 <reason>` or `400 <code>`, so the last test can show they went deep. */
const seen = new Set<string>();

async function expectWellFormed(body: string) {
  const res = await post('/verify', body);
  expect(res.status, res.text).toBeLessThan(500);
  seen.add(`${res.status} ${res.status === 200 ? res.json.reason : res.json.code}`);
  if (res.status === 200) {
    expect(verifyOutput.strict().parse(res.json)).toEqual(res.json);
    expect(res.json.valid).toBe(res.json.reason === null);
  } else {
    expect(res.status).toBe(400);
    expect(res.json.valid).toBe(false);
    expect(PROBLEM_CODES).toContain(res.json.code);
  }
}

const anyValue = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 12 }), { maxLength: 12 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

const header = fc.oneof(
  fc.string({ maxLength: 120 }),
  fc
    .array(
      fc.tuple(
        fc.constantFrom('t', 'v1', 'v0', 'ts', 'h1', 'sha256', 'sha1', ''),
        fc.string({ maxLength: 70 }),
      ),
      {
        maxLength: 5,
      },
    )
    .chain((pairs) => fc.constantFrom(',', ';').map((sep) => pairs.map(([k, v]) => `${k}=${v}`).join(sep))),
  // Well-formed digests (SHA-1 or SHA-256 hex, with the usual prefixes), so signatures get compared.
  fc
    .tuple(fc.constantFrom('', 'sha256=', 'sha1=', 'v0='), fc.constantFrom(40, 64))
    .chain(([prefix, length]) =>
      fc.stringMatching(new RegExp(`^[0-9a-f]{${length}}$`)).map((hex) => prefix + hex),
    ),
  fc.base64String({ maxLength: 100 }),
);

/** Mostly a well-typed value, sometimes anything: so most bodies get past the schema into the domain. */
const mostly = <T>(good: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: good, weight: 12 }, { arbitrary: anyValue, weight: 1 });
const secretText = fc.string({ minLength: 1, maxLength: 30 });

const verifyLike = fc.record(
  {
    platform: fc.oneof(
      { arbitrary: fc.constantFrom(...PLATFORM_NAMES), weight: 12 },
      { arbitrary: anyValue, weight: 1 },
    ),
    secret: mostly(fc.oneof(secretText, fc.array(secretText, { minLength: 1, maxLength: 10 }))),
    payload: mostly(fc.oneof(fc.string({ maxLength: 200 }), fc.json({ maxDepth: 3 }))),
    signature: mostly(header),
    timestamp: mostly(
      fc.oneof(
        fc.integer({ min: 0, max: 2 ** 45 }),
        fc.double({ noNaN: true }),
        fc.string({ maxLength: 15 }),
      ),
    ),
    url: mostly(fc.webUrl({ withQueryParameters: true })),
    content_type: mostly(
      fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain'),
    ),
    public_key: mostly(fc.base64String({ maxLength: 200 })),
    mode: mostly(fc.constantFrom('hmac', 'native', 'HMAC', 'other')),
    algo: mostly(fc.constantFrom('SHA-1', 'sha256', 'SHA-384', 'sha-512', 'md5')),
    encoding: mostly(fc.constantFrom('hex', 'base64', 'BASE64', 'base32')),
    tolerance: mostly(fc.nat()),
    now: mostly(fc.oneof(fc.nat(), fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }))),
    cert: mostly(fc.constant('-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----')),
    transmission_id: mostly(fc.uuid()),
    transmission_time: mostly(fc.date({ noInvalidDate: true }).map((d) => d.toISOString())),
    webhook_id: mostly(fc.string({ maxLength: 20 })),
    payload_base64: mostly(fc.base64String({ maxLength: 60 })),
    headers: mostly(
      fc.dictionary(
        fc.constantFrom('webhook-signature', 'webhook-id', 'X-Hub-Signature-256', 'X-Signature-Ed25519', 'X'),
        fc.oneof(header, fc.array(header, { maxLength: 3 })),
        { maxKeys: 4 },
      ),
    ),
    method: mostly(fc.constantFrom('POST', 'put', 'G ET')),
    signed_content: mostly(fc.constantFrom('{timestamp}.{body}', '{id}.{timestamp}.{body}', '{x}', '}')),
  },
  { requiredKeys: [] },
);

/** Correctly signed GitHub deliveries with random secrets, payloads and extensions (valid, unless rotated away). */
const signedGithub = fc
  .record({
    secret: secretText,
    payload: fc.string({ maxLength: 300 }),
    rotation: fc.array(secretText, { maxLength: 3 }),
    tolerance: fc.option(fc.nat(), { nil: undefined }),
  })
  .map(({ secret, payload, rotation, tolerance }) => ({
    platform: 'github',
    secret: rotation.length > 0 ? [...rotation, secret] : secret,
    payload,
    signature: `sha256=${createHmac('sha256', secret).update(payload).digest('hex')}`,
    ...(tolerance === undefined ? {} : { tolerance }),
  }));

const FIELD_NAMES = [
  'platform',
  'secret',
  'payload',
  'signature',
  'timestamp',
  'url',
  'public_key',
  'cert',
  'tolerance',
];

/** A correctly signed delivery of any platform (from the shared fixtures) with one random change. */
const mutatedDelivery = fc
  .record({
    fixture: fc.constantFrom(...FIXTURES),
    secret: secretText,
    age: fc.integer({ min: -400, max: 400 }),
    change: fc.constantFrom(
      'none',
      'payload',
      'signature',
      'truncate',
      'garble',
      'secret',
      'member',
      'drop',
      'platform',
    ),
    field: fc.constantFrom(...FIELD_NAMES),
    value: anyValue,
    name: fc.string({ minLength: 1, maxLength: 10 }),
  })
  .map(({ fixture, secret, age, change, field, value, name }) => {
    const mutate = { signature: flipSignatureChar, truncate, garble }[change as 'signature'];
    const body: Record<string, unknown> = { ...fixture.sign({ secret, ts: NOW - age, mutate }), now: NOW };
    if (change === 'payload') body.payload = flipPayload(String(body.payload));
    if (change === 'secret') body.secret = `${secret}!`;
    if (change === 'member') body[field] = value;
    if (change === 'drop') delete body[field];
    if (change === 'platform') body.platform = `not-${name}`;
    return body;
  });

describe('no input within the limits yields a 5xx', () => {
  it('request-shaped bodies with random members and types', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(verifyLike, signedGithub), (body) => expectWellFormed(JSON.stringify(body))),
      { numRuns: 400 },
    );
  });

  it('signed deliveries of every platform with one random change', async () => {
    await fc.assert(
      fc.asyncProperty(mutatedDelivery, (body) => expectWellFormed(JSON.stringify(body))),
      { numRuns: 400 },
    );
  });

  it('arbitrary JSON documents', async () => {
    await fc.assert(fc.asyncProperty(fc.json({ maxDepth: 4 }), expectWellFormed), { numRuns: 200 });
  });

  it('arbitrary text, including broken JSON and deep nesting', async () => {
    const deep = fc.integer({ min: 200, max: 400 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`);
    await fc.assert(fc.asyncProperty(fc.oneof(fc.string({ maxLength: 80 }), deep), expectWellFormed), {
      numRuns: 200,
    });
  });

  it('the random inputs reached verification results as well as each kind of 400', () => {
    const reasons = [...seen].filter((entry) => entry.startsWith('200 ')).map((entry) => entry.slice(4));
    for (const reason of ['null', 'signature_mismatch', 'malformed_signature', 'timestamp_too_old'])
      expect(reasons).toContain(reason);
    for (const reason of reasons) expect([...FAILURE_REASONS, 'null']).toContain(reason);
    for (const code of ['invalid_json', 'validation_failed', 'unknown_platform', 'missing_field'])
      expect(seen).toContain(`400 ${code}`);
  });
});
