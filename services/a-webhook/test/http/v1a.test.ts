/**
 * Standard Webhooks v1a on the built server over a real socket, REST and MCP alike: the spec's example,
 * both versions in one header, and the problems (invalid_public_key, a whsk_ key as secret, missing key).
 */
import { describe, expect, it } from 'vitest';
import { SW_SECRET } from '../domain/helpers/standard-webhooks.js';
import { restAndTool, useBuiltServer } from './helpers/built.js';
import { registerSecrets } from './helpers/recorder.js';

const SIGNING_KEY = 'whsk_VEVTVFNJR05JTkdLRVlET05PVFVTRVRISVNGT1JBTlk=';
const PUBLIC_KEY = 'whpk_ZlN4eg7dSSqi0moX9hQUk3orrOouK3QVQSlJa248c/g=';
const V1A_SIGNATURE =
  'v1a,tQ9V2XOqn7jL/DQenEFpqIugdBVtiMmER5mhSkXBNwM0mkATuDe6KYYUuxqtaiHeYGb7KaaBRdM5WqyeFiL8Ag==';
const V1_SIGNATURE = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';
const DELIVERY = {
  payload: '{"test": 2432232314}',
  headers: {
    'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
    'webhook-timestamp': '1614265330',
    'webhook-signature': `${V1_SIGNATURE} ${V1A_SIGNATURE}`,
  },
  now: 1614265337,
};
const built = useBuiltServer();
const verify = (body: Record<string, unknown>) => restAndTool(built(), 'verify_webhook', '/verify', body);

describe('v1a over REST and MCP on the built server', () => {
  it('the spec example with the public key alone', async () => {
    const { status, json } = await verify({
      platform: 'standard-webhooks',
      public_key: PUBLIC_KEY,
      ...DELIVERY,
    });
    expect(status).toBe(200);
    expect(json).toEqual({
      valid: true,
      platform: 'standard-webhooks',
      scheme: 'standard-webhooks-v1a',
      algorithm: 'Ed25519',
      encoding: 'base64',
      reason: null,
      message: 'signature matches; timestamp 7 s old (tolerance 300 s)',
      timestamp: 1614265330,
      timestamp_age_s: 7,
      tolerance_s: 300,
      signatures_found: 1,
      matched_signature_index: 0,
      matched_secret_index: null,
      ignored: ['v1'],
      hints: [],
    });
  });

  it('svix with key and secret: the v1 entry first in the header matches', async () => {
    const headers = {
      'svix-id': DELIVERY.headers['webhook-id'],
      'svix-timestamp': DELIVERY.headers['webhook-timestamp'],
      'svix-signature': DELIVERY.headers['webhook-signature'],
    };
    const body = { ...DELIVERY, platform: 'svix', headers, public_key: PUBLIC_KEY, secret: SW_SECRET };
    const { json } = await verify(body);
    expect(json).toMatchObject({
      valid: true,
      scheme: 'svix-v1',
      signatures_found: 2,
      matched_signature_index: 0,
      matched_secret_index: 0,
    });
  });

  it('a malformed v1a entry, and a mismatch under another key', async () => {
    const malformed = {
      ...DELIVERY,
      platform: 'standard-webhooks',
      public_key: PUBLIC_KEY,
      headers: { ...DELIVERY.headers, 'webhook-signature': 'v1a,AAAA' },
    };
    expect((await verify(malformed)).json).toMatchObject({
      valid: false,
      reason: 'malformed_signature',
      message: 'every v1a signature must be the base64 of 64 bytes',
    });
    const other = { ...malformed, headers: DELIVERY.headers, public_key: `whpk_${'A'.repeat(43)}=` };
    expect((await verify(other)).json).toMatchObject({ valid: false, reason: 'signature_mismatch' });
  });

  it('problems: a secret as public_key, a whsk_ secret, neither key nor secret', async () => {
    registerSecrets(SIGNING_KEY);
    const asKey = await verify({ platform: 'standard-webhooks', public_key: SIGNING_KEY, ...DELIVERY });
    expect(asKey.status).toBe(400);
    expect(asKey.json).toMatchObject({
      code: 'invalid_public_key',
      valid: false,
      errors: [{ path: '/public_key', code: 'invalid_public_key' }],
    });
    const short = await verify({ platform: 'standard-webhooks', public_key: 'whpk_AAAA', ...DELIVERY });
    expect(short.json).toMatchObject({
      status: 400,
      code: 'invalid_public_key',
      detail: 'public_key: must be whpk_ followed by the base64 of a 32-byte Ed25519 public key',
    });
    const asSecret = await verify({ platform: 'standard-webhooks', secret: SIGNING_KEY, ...DELIVERY });
    expect(asSecret.json).toMatchObject({
      status: 400,
      code: 'validation_failed',
      valid: false,
      errors: [
        {
          path: '/secret',
          code: 'invalid_secret',
          message: 'is a whsk_ signing key: verify v1a with its whpk_ public key as public_key',
        },
      ],
    });
    const neither = await verify({ platform: 'standard-webhooks', ...DELIVERY });
    expect(neither.json).toMatchObject({ status: 400, code: 'missing_field', valid: false });
    expect(neither.json.detail).toContain('public_key (whpk_…)');
  });
});
