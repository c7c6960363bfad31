// BLAKE3 against the official test vectors (BLAKE3-team/BLAKE3 test_vectors.json), SHA-3 against NIST's
// "abc" examples, and /v1/digest answering each algorithm over REST and MCP.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalize, testConfig } from '@dus/core';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { DIGEST_ALGORITHMS, hashBytes } from '../src/domain/index.js';

const vectors = JSON.parse(
  readFileSync(join(import.meta.dirname, 'fixtures', 'blake3-vectors.json'), 'utf8'),
) as {
  cases: Array<{ input_len: number; hash: string }>;
};
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('BLAKE3: the official test vectors (input = 0, 1, …, 250 repeating)', () => {
  it.each(vectors.cases)('$input_len bytes', ({ input_len, hash }) => {
    const input = Uint8Array.from({ length: input_len }, (_, i) => i % 251);
    expect(hex(hashBytes('blake3', input))).toBe(hash);
  });
});

it('SHA-3: NIST FIPS 202 examples for "abc"', () => {
  const abc = new TextEncoder().encode('abc');
  expect(hex(hashBytes('sha3-256', abc))).toBe(
    '3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532',
  );
  expect(hex(hashBytes('sha3-512', abc))).toBe(
    'b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0',
  );
});

describe('/v1/digest and /v1/idempotency-key with every algorithm', () => {
  const app = createApp(testConfig());
  const value = { currency: 'USD', amount: 500 };
  const canonical = new TextEncoder().encode(canonicalize(value));

  it.each(DIGEST_ALGORITHMS)(
    '%s: the hash of the canonical bytes; content_digest only inside RFC 9530',
    async (algorithm) => {
      const res = await app.request('/canonical-digest-api/v1/digest', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ value, algorithm }),
      });
      const body = (await res.json()) as { hex: string; content_digest: string | null; algorithm: string };
      expect(res.status).toBe(200);
      expect(body.algorithm).toBe(algorithm);
      expect(body.hex).toBe(hex(hashBytes(algorithm, canonical)));
      expect(body.content_digest === null).toBe(!['sha-256', 'sha-512'].includes(algorithm));
    },
  );

  it('blake3: the BLAKE3 of the canonical bytes, and an idempotency key from it', async () => {
    const res = await app.request('/canonical-digest-api/v1/digest', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ value, algorithm: 'blake3' }),
    });
    const body = (await res.json()) as { hex: string; base64url: string };
    expect(body.hex).toBe(
      hex(hashBytes('blake3', new TextEncoder().encode('{"amount":500,"currency":"USD"}'))),
    );
    const key = await app.request('/canonical-digest-api/v1/idempotency-key', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ value, algorithm: 'blake3', length: 20 }),
    });
    expect(await key.json()).toMatchObject({
      key: body.base64url.slice(0, 20),
      algorithm: 'blake3',
      collision_bits: 120,
    });
  });
});
