/**
 * Standard Webhooks v1a (Ed25519, `whpk_` public keys) on standard-webhooks and svix: the spec's example
 * (the Go library's TestAsymmetricWebhookSign), tweetnacl as the independent Ed25519 on random keys and
 * payloads, and every edge the contract names.
 */
import fc from 'fast-check';
import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../src/domain/index.js';
import { problemFrom } from './helpers/problem.js';
import {
  HEADER_NAMES,
  librarySign,
  SW_SECRET,
  WEBHOOK_SIGNATURE_PLATFORMS,
} from './helpers/standard-webhooks.js';

/** The spec's v1a example: seed `whsk_…`, its public key, and the signature of the reference delivery. */
const V1A = {
  signingKey: 'whsk_VEVTVFNJR05JTkdLRVlET05PVFVTRVRISVNGT1JBTlk=',
  publicKey: 'whpk_ZlN4eg7dSSqi0moX9hQUk3orrOouK3QVQSlJa248c/g=',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  payload: '{"test": 2432232314}',
  signature: 'v1a,tQ9V2XOqn7jL/DQenEFpqIugdBVtiMmER5mhSkXBNwM0mkATuDe6KYYUuxqtaiHeYGb7KaaBRdM5WqyeFiL8Ag==',
} as const;

/** `v1a,<base64>` signed by tweetnacl (not our code) with the key pair of a 32-byte seed. */
function naclV1a(seed: Uint8Array, id: string, timestamp: number, payload: string | Uint8Array): string {
  const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.from(payload);
  const message = Buffer.concat([Buffer.from(`${id}.${timestamp}.`), body]);
  const { secretKey } = nacl.sign.keyPair.fromSeed(seed);
  return `v1a,${Buffer.from(nacl.sign.detached(message, secretKey)).toString('base64')}`;
}

function naclPublicKey(seed: Uint8Array): string {
  return `whpk_${Buffer.from(nacl.sign.keyPair.fromSeed(seed).publicKey).toString('base64')}`;
}

const SPEC_SEED = Buffer.from(V1A.signingKey.slice('whsk_'.length), 'base64');
const OTHER_SEED = new Uint8Array(32).fill(7);
const V1_SIGNATURE = librarySign('standard-webhooks', SW_SECRET, V1A.id, V1A.timestamp, V1A.payload);

describe('the spec example (Go library TestAsymmetricWebhookSign)', () => {
  it('tweetnacl derives the same public key and signature from the whsk_ seed', () => {
    expect(naclPublicKey(SPEC_SEED)).toBe(V1A.publicKey);
    expect(naclV1a(SPEC_SEED, V1A.id, V1A.timestamp, V1A.payload)).toBe(V1A.signature);
  });

  it('verifies with the public key alone: scheme v1a, Ed25519, no secret index', () => {
    const result = verifyWebhook({
      platform: 'standard-webhooks',
      public_key: V1A.publicKey,
      payload: V1A.payload,
      webhook_id: V1A.id,
      timestamp: V1A.timestamp,
      signature: V1A.signature,
      now: V1A.timestamp + 7,
    });
    expect(result).toEqual({
      valid: true,
      platform: 'standard-webhooks',
      scheme: 'standard-webhooks-v1a',
      algorithm: 'Ed25519',
      encoding: 'base64',
      reason: null,
      message: 'signature matches; timestamp 7 s old (tolerance 300 s)',
      timestamp: V1A.timestamp,
      timestamp_age_s: 7,
      tolerance_s: 300,
      signatures_found: 1,
      matched_signature_index: 0,
      matched_secret_index: null,
      ignored: [],
      hints: [],
    });
  });

  it('the key without whpk_ and without = padding is the same key', () => {
    for (const key of [
      'ZlN4eg7dSSqi0moX9hQUk3orrOouK3QVQSlJa248c/g',
      'whpk_ZlN4eg7dSSqi0moX9hQUk3orrOouK3QVQSlJa248c/g',
    ]) {
      const input = { public_key: key, payload: V1A.payload, webhook_id: V1A.id, timestamp: V1A.timestamp };
      expect(
        verifyWebhook({ platform: 'svix', ...input, signature: V1A.signature, now: V1A.timestamp }).valid,
      ).toBe(true);
    }
  });
});

describe.each(WEBHOOK_SIGNATURE_PLATFORMS)('%s v1a', (platform) => {
  const names = HEADER_NAMES[platform];
  const headersWith = (signature: string) => ({
    [names.id]: V1A.id,
    [names.timestamp]: String(V1A.timestamp),
    [names.signature]: signature,
  });
  const run = (input: Record<string, unknown>) =>
    verifyWebhook({ platform, payload: V1A.payload, now: V1A.timestamp, ...input });
  const both = `${V1_SIGNATURE} ${V1A.signature}`;

  it('from headers; key only: v1 entries are ignored, not counted', () => {
    expect(run({ public_key: V1A.publicKey, headers: headersWith(both) })).toMatchObject({
      valid: true,
      scheme: `${platform}-v1a`,
      algorithm: 'Ed25519',
      signatures_found: 1,
      matched_signature_index: 0,
      matched_secret_index: null,
      ignored: ['v1'],
    });
  });

  it('key and secret: either may match, the first matching entry in header order is reported', () => {
    const given = { public_key: V1A.publicKey, secret: SW_SECRET };
    expect(run({ ...given, headers: headersWith(both) })).toMatchObject({
      valid: true,
      scheme: `${platform}-v1`,
      algorithm: 'HMAC-SHA256',
      signatures_found: 2,
      matched_signature_index: 0,
      matched_secret_index: 0,
      ignored: [],
      message: 'signature matches (signature 1 of 2); timestamp 0 s old (tolerance 300 s)',
    });
    expect(run({ ...given, headers: headersWith(`${V1A.signature} ${V1_SIGNATURE}`) })).toMatchObject({
      valid: true,
      scheme: `${platform}-v1a`,
      matched_signature_index: 0,
      matched_secret_index: null,
    });
    // The v1 entry does not match the other secret; the v1a entry after it does.
    const rotated = { ...given, secret: [`whsec_${Buffer.from('other key').toString('base64')}`] };
    expect(run({ ...rotated, headers: headersWith(`v2,x ${both}`) })).toMatchObject({
      valid: true,
      scheme: `${platform}-v1a`,
      signatures_found: 2,
      matched_signature_index: 1,
      matched_secret_index: null,
      ignored: ['v2'],
    });
    // A matching v1 with the second secret, after a v1a that does not verify.
    const wrongV1a = naclV1a(OTHER_SEED, V1A.id, V1A.timestamp, V1A.payload);
    expect(
      run({
        ...given,
        secret: ['whsec_b3RoZXI=', SW_SECRET],
        headers: headersWith(`${wrongV1a} ${V1_SIGNATURE}`),
      }),
    ).toMatchObject({
      valid: true,
      scheme: `${platform}-v1`,
      matched_signature_index: 1,
      matched_secret_index: 1,
    });
  });

  it('no key: v1a entries stay ignored, as before', () => {
    expect(run({ secret: SW_SECRET, headers: headersWith(both) })).toMatchObject({
      valid: true,
      scheme: `${platform}-v1`,
      signatures_found: 1,
      ignored: ['v1a'],
    });
    expect(run({ secret: SW_SECRET, headers: headersWith(V1A.signature) })).toMatchObject({
      reason: 'no_supported_signature',
      message: `${names.signature} has no v1 signature (found: v1a)`,
    });
  });

  it('key only and no v1a entry → no_supported_signature; no version at all → malformed', () => {
    expect(run({ public_key: V1A.publicKey, headers: headersWith(V1_SIGNATURE) })).toEqual({
      valid: false,
      platform,
      scheme: `${platform}-v1a`,
      algorithm: 'Ed25519',
      encoding: 'base64',
      reason: 'no_supported_signature',
      message: `${names.signature} has no v1a signature (found: v1)`,
      timestamp: null,
      timestamp_age_s: null,
      tolerance_s: 300,
      signatures_found: 0,
      matched_signature_index: null,
      matched_secret_index: null,
      ignored: ['v1'],
      hints: [],
    });
    expect(run({ public_key: V1A.publicKey, secret: SW_SECRET, headers: headersWith('AAAA') })).toMatchObject(
      {
        reason: 'malformed_signature',
        scheme: `${platform}-v1`,
        message: `${names.signature} must hold v1 or v1a,<base64> signatures`,
      },
    );
  });

  it('every checked entry malformed → malformed_signature naming each version’s shape', () => {
    const short = V1A.signature.slice(0, -8);
    expect(run({ public_key: V1A.publicKey, headers: headersWith(`${short} v1a,!!!! v1a,`) })).toMatchObject({
      valid: false,
      scheme: `${platform}-v1a`,
      reason: 'malformed_signature',
      message: 'every v1a signature must be the base64 of 64 bytes',
      signatures_found: 3,
      matched_signature_index: null,
    });
    // A v1 signature (32 bytes) under the v1a label is malformed, not a mismatch.
    expect(
      run({ public_key: V1A.publicKey, headers: headersWith(`v1a,${V1_SIGNATURE.slice(3)}`) }).reason,
    ).toBe('malformed_signature');
    expect(
      run({ public_key: V1A.publicKey, secret: SW_SECRET, headers: headersWith(`v1,AAAA ${short}`) }),
    ).toMatchObject({
      reason: 'malformed_signature',
      scheme: `${platform}-v1`,
      message:
        'every v1 signature must be the base64 of 32 bytes; every v1a signature must be the base64 of 64 bytes',
      signatures_found: 2,
    });
  });

  it('one malformed entry beside a well-formed one is a mismatch or a match, not malformed', () => {
    const result = run({ public_key: V1A.publicKey, headers: headersWith(`v1a,AAAA ${V1A.signature}`) });
    expect(result).toMatchObject({ valid: true, signatures_found: 2, matched_signature_index: 1 });
  });

  it('another key, body, id or timestamp → signature_mismatch with the public-key wording', () => {
    const other = naclPublicKey(OTHER_SEED);
    for (const input of [
      { public_key: other, headers: headersWith(V1A.signature) },
      { public_key: V1A.publicKey, headers: headersWith(V1A.signature), payload: `${V1A.payload} ` },
      { public_key: V1A.publicKey, headers: { ...headersWith(V1A.signature), [names.id]: 'msg_other' } },
      {
        public_key: V1A.publicKey,
        headers: { ...headersWith(V1A.signature), [names.timestamp]: String(V1A.timestamp + 1) },
        now: V1A.timestamp + 1,
      },
    ]) {
      expect(run(input)).toMatchObject({
        valid: false,
        reason: 'signature_mismatch',
        scheme: `${platform}-v1a`,
        message: 'the signature does not verify with the given public key',
        matched_signature_index: null,
      });
    }
    expect(
      run({
        public_key: other,
        secret: ['whsec_b3RoZXI=', 'whsec_YW5vdGhlcg=='],
        headers: headersWith(both),
      }),
    ).toMatchObject({
      reason: 'signature_mismatch',
      scheme: `${platform}-v1`,
      message: 'none of the 2 signatures matches the payload under any of the 2 secrets or the public key',
    });
    expect(
      run({ public_key: other, secret: 'whsec_b3RoZXI=', headers: headersWith(V1A.signature) }),
    ).toMatchObject({
      reason: 'signature_mismatch',
      scheme: `${platform}-v1a`,
      message: 'the signature does not match the payload under the secret or the public key',
    });
  });

  it('window, tolerance and now as for v1: a timestamp_* reason means the signature matched', () => {
    const key = { public_key: V1A.publicKey, headers: headersWith(V1A.signature) };
    expect(run({ ...key, now: V1A.timestamp + 301 })).toMatchObject({
      valid: false,
      reason: 'timestamp_too_old',
      timestamp_age_s: 301,
      matched_signature_index: 0,
      message: 'signature matches, but the timestamp is 301 s old (tolerance 300 s)',
    });
    expect(run({ ...key, now: V1A.timestamp - 301 })).toMatchObject({ reason: 'timestamp_in_future' });
    expect(run({ ...key, now: V1A.timestamp + 301, tolerance: 0 })).toMatchObject({
      valid: true,
      tolerance_s: 0,
    });
    expect(run({ ...key, now: V1A.timestamp + 400, tolerance: 400 }).valid).toBe(true);
  });

  it('a public_key that is a secret, of the wrong length or not base64 → 400 invalid_public_key, never echoed', () => {
    const secretMessage =
      'is a secret (whsk_ or whsec_), not a public key; pass the whpk_ public key and keep the secret to yourself';
    const shapeMessage = 'must be whpk_ followed by the base64 of a 32-byte Ed25519 public key';
    const cases: [string, string][] = [
      [V1A.signingKey, secretMessage],
      [SW_SECRET, secretMessage],
      [`whpk_${Buffer.alloc(31, 1).toString('base64')}`, shapeMessage],
      [`whpk_${Buffer.alloc(33, 1).toString('base64')}`, shapeMessage],
      ['whpk_not base64!', shapeMessage],
      ['whpk_', shapeMessage],
      ['3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c', shapeMessage],
    ];
    for (const [publicKey, message] of cases) {
      const error = problemFrom(() => run({ public_key: publicKey, headers: headersWith(V1A.signature) }));
      expect(error.toProblem()).toMatchObject({
        status: 400,
        code: 'invalid_public_key',
        detail: `public_key: ${message}`,
        errors: [{ path: '/public_key', code: 'invalid_public_key', message }],
        valid: false,
      });
      if (publicKey.length > 8) expect(JSON.stringify(error.toProblem())).not.toContain(publicKey.slice(5));
    }
  });

  it('a whsk_ signing key passed as secret → 400 on /secret (and /secret/<i> in a list), never echoed', () => {
    const message = 'is a whsk_ signing key: verify v1a with its whpk_ public key as public_key';
    const single = problemFrom(() => run({ secret: V1A.signingKey, headers: headersWith(V1A.signature) }));
    expect(single.toProblem()).toMatchObject({
      status: 400,
      code: 'validation_failed',
      detail: `/secret: ${message}`,
      errors: [{ path: '/secret', code: 'invalid_secret', message }],
      valid: false,
    });
    const listed = problemFrom(() =>
      run({ secret: [SW_SECRET, V1A.signingKey], public_key: V1A.publicKey, headers: headersWith(both) }),
    );
    expect(listed.errors).toEqual([{ path: '/secret/1', code: 'invalid_secret', message }]);
    expect(JSON.stringify(listed.toProblem())).not.toContain(V1A.signingKey.slice(5));
  });

  it('neither secret nor public_key → missing_field with the note naming both', () => {
    const error = problemFrom(() => run({ headers: headersWith(V1A.signature) }));
    expect(error.code).toBe('missing_field');
    expect(error.detail).toBe(
      `missing required field for platform ${platform}: secret. v1 signatures need secret (whsec_…), ` +
        'v1a signatures public_key (whpk_…): give either or both',
    );
  });

  it('agrees with tweetnacl on random keys, payloads and tampering (property)', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.uint8Array({ maxLength: 300 }),
        fc.integer({ min: 0, max: 4_000_000_000 }),
        fc.stringMatching(/^[A-Za-z0-9_]{1,40}$/),
        fc.constantFrom('none', 'payload', 'signature', 'key'),
        (seed, body, timestamp, id, tamper) => {
          const signature = naclV1a(seed, id, timestamp, body);
          const bytes = Buffer.from(signature.slice(4), 'base64');
          if (tamper === 'signature') bytes[bytes.length - 1]! ^= 1;
          const payload = Buffer.from(body);
          if (tamper === 'payload') payload[0] = (payload[0] ?? 0) ^ 0x80;
          const seedUsed = tamper === 'key' ? seed.map((byte) => byte ^ 0xff) : seed;
          const publicKey = nacl.sign.keyPair.fromSeed(seedUsed).publicKey;
          // An empty body cannot be tampered with (the write past its end is a no-op): it stays valid.
          const message = Buffer.concat([Buffer.from(`${id}.${timestamp}.`), payload]);
          const expected = nacl.sign.detached.verify(message, bytes, publicKey);
          const result = verifyWebhook({
            platform,
            public_key: `whpk_${Buffer.from(publicKey).toString('base64')}`,
            payload_base64: payload.toString('base64'),
            webhook_id: id,
            timestamp,
            signature: `v1a,${bytes.toString('base64')}`,
            now: timestamp,
          });
          expect(result.valid).toBe(expected);
          expect(result.valid).toBe(tamper === 'none' || (tamper === 'payload' && body.length === 0));
        },
      ),
      { numRuns: 40 },
    );
  });
});
