/**
 * standard-webhooks, svix, discord, generic-ed25519, generic templates, `headers` and `payload_base64`
 * over REST (POST /verify) and MCP (tools/call verify_webhook): every answer is asked of both.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ed25519Hex, ed25519Keys } from '../domain/helpers/sign.js';
import {
  HEADER_NAMES,
  libraryAccepts,
  SPEC_EXAMPLE,
  SW_OTHER,
  SW_SECRET,
  signedHeaders,
  WEBHOOK_SIGNATURE_PLATFORMS,
} from '../domain/helpers/standard-webhooks.js';
import { problemBoth, verifyBoth } from './helpers/both.js';

const PAYLOAD = '{"type":"email.sent","data":{"to":["zoë@example.com"]}}';

describe('standard-webhooks: the reference example over REST and MCP', () => {
  const { secret, id, timestamp, payload, signature } = SPEC_EXAMPLE;
  const headers = {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signature,
  };

  it('valid from headers', async () => {
    expect(
      await verifyBoth({ platform: 'standard-webhooks', secret, payload, headers, now: timestamp }),
    ).toMatchObject({
      valid: true,
      scheme: 'standard-webhooks-v1',
      matched_signature_index: 0,
      timestamp,
    });
  });

  it('tampered body, signature or secret → signature_mismatch; stale → timestamp_too_old', async () => {
    const base = { platform: 'standard-webhooks', secret, payload, headers, now: timestamp };
    for (const input of [
      { ...base, payload: '{"test": 2432232315}' },
      { ...base, headers: { ...headers, 'webhook-signature': signature.replace('g0h', 'g1h') } },
      { ...base, secret: SW_OTHER },
    ]) {
      expect(await verifyBoth(input)).toMatchObject({ valid: false, reason: 'signature_mismatch' });
    }
    expect(await verifyBoth({ ...base, now: timestamp + 301 })).toMatchObject({
      reason: 'timestamp_too_old',
    });
    expect(await verifyBoth({ ...base, now: timestamp - 301 })).toMatchObject({
      reason: 'timestamp_in_future',
    });
  });

  it('a secret that is not base64 is a problem naming it', async () => {
    const body = await problemBoth({ platform: 'standard-webhooks', secret: 'whsec_@@@', payload, headers });
    expect(body).toMatchObject({ status: 400, code: 'validation_failed', valid: false });
    expect(body.errors[0].path).toBe('/secret');
  });
});

describe.each(WEBHOOK_SIGNATURE_PLATFORMS)('%s: library-signed deliveries at the real clock', (platform) => {
  const names = HEADER_NAMES[platform];
  const now = Math.floor(Date.now() / 1000);

  it('what the official library accepts, we accept, and vice versa (REST and MCP)', async () => {
    const fresh = signedHeaders(platform, { timestamp: now, payload: PAYLOAD });
    const rotated = signedHeaders(platform, { timestamp: now, payload: PAYLOAD, secret: SW_OTHER });
    const cases: [Record<string, string | string[]>, string, string | string[]][] = [
      [fresh, PAYLOAD, SW_SECRET],
      [fresh, PAYLOAD.replace('zoë', 'zoe'), SW_SECRET],
      [fresh, PAYLOAD, SW_OTHER],
      [rotated, PAYLOAD, [SW_SECRET, SW_OTHER]],
      [signedHeaders(platform, { timestamp: now - 600, payload: PAYLOAD }), PAYLOAD, SW_SECRET],
      [{ ...fresh, [names.signature]: `v1,AAAA ${fresh[names.signature]} v2,xyz` }, PAYLOAD, SW_SECRET],
    ];
    for (const [headers, payload, secret] of cases) {
      const ours = await verifyBoth({ platform, secret, payload, headers, now });
      const librarySecret = Array.isArray(secret) ? secret[1]! : secret;
      expect(ours.valid).toBe(
        libraryAccepts(platform, librarySecret, headers as Record<string, string>, payload),
      );
    }
  });

  it('rotated secrets name the index; several signatures name theirs', async () => {
    const rotated = signedHeaders(platform, { timestamp: now, payload: PAYLOAD, secret: SW_OTHER });
    expect(
      await verifyBoth({ platform, secret: [SW_SECRET, SW_OTHER], payload: PAYLOAD, headers: rotated, now }),
    ).toMatchObject({
      valid: true,
      matched_secret_index: 1,
    });
    const fresh = signedHeaders(platform, { timestamp: now, payload: PAYLOAD });
    const several = { ...fresh, [names.signature]: `v1,AAAA ${fresh[names.signature]}` };
    expect(
      await verifyBoth({ platform, secret: SW_SECRET, payload: PAYLOAD, headers: several, now }),
    ).toMatchObject({ valid: true, signatures_found: 2, matched_signature_index: 1 });
  });

  it('a missing header → missing_field naming the field and the header', async () => {
    const fresh = signedHeaders(platform, { timestamp: now, payload: PAYLOAD });
    const { [names.id]: _id, ...rest } = fresh;
    const body = await problemBoth({ platform, secret: SW_SECRET, payload: PAYLOAD, headers: rest });
    expect(body.detail).toBe(
      `missing required field for platform ${platform}: webhook_id (header ${names.id})`,
    );
  });
});

describe('discord and generic-ed25519 over REST and MCP (keys and signatures by tweetnacl)', () => {
  const keys = ed25519Keys(11);
  const ts = '1700000000';

  it('discord: valid, tampered, wrong key, malformed signature, bad key', async () => {
    const headers = { 'X-Signature-Ed25519': ed25519Hex(keys, ts + PAYLOAD), 'X-Signature-Timestamp': ts };
    const base = { platform: 'discord', public_key: keys.publicHex, payload: PAYLOAD, headers };
    expect(await verifyBoth(base)).toMatchObject({
      valid: true,
      scheme: 'discord-ed25519',
      tolerance_s: null,
    });
    expect(await verifyBoth({ ...base, payload: `${PAYLOAD} ` })).toMatchObject({
      reason: 'signature_mismatch',
    });
    expect(await verifyBoth({ ...base, public_key: ed25519Keys(12).publicHex })).toMatchObject({
      reason: 'signature_mismatch',
    });
    expect(
      await verifyBoth({ ...base, headers: { ...headers, 'X-Signature-Ed25519': 'abcd' } }),
    ).toMatchObject({
      reason: 'malformed_signature',
    });
    expect(await verifyBoth({ ...base, now: 1_700_000_400, tolerance: 300 })).toMatchObject({
      reason: 'timestamp_too_old',
    });
    const bad = await problemBoth({ ...base, public_key: 'abcd' });
    expect(bad).toMatchObject({ status: 400, code: 'invalid_public_key' });
  });

  it('generic-ed25519: RFC 8032 TEST 2 with the body as base64', async () => {
    expect(
      await verifyBoth({
        platform: 'generic-ed25519',
        public_key: '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c',
        payload_base64: 'cg==',
        signature:
          '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00',
      }),
    ).toMatchObject({ valid: true, algorithm: 'Ed25519' });
  });
});

describe('generic templates, headers and payload_base64 over REST and MCP', () => {
  const secret = 'generic-template-secret';
  const ts = '1700000000';
  const signature = createHmac('sha256', secret).update(`msg_1.${ts}.${PAYLOAD}`).digest('hex');

  it('{id}.{timestamp}.{body} from headers named by the caller', async () => {
    const input = {
      platform: 'generic',
      secret,
      payload: PAYLOAD,
      signed_content: '{id}.{timestamp}.{body}',
      webhook_id: 'msg_1',
      signature_header: 'X-Acme-Signature',
      timestamp_header: 'X-Acme-Timestamp',
      headers: { 'X-Acme-Signature': signature, 'X-Acme-Timestamp': ts },
      now: 1_700_000_010,
    };
    expect(await verifyBoth(input)).toMatchObject({ valid: true, tolerance_s: null });
    expect(await verifyBoth({ ...input, tolerance: 5 })).toMatchObject({ reason: 'timestamp_too_old' });
  });

  it('bad input is a problem naming the field, on both surfaces', async () => {
    const base = { platform: 'generic', secret, payload: PAYLOAD, signature };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, signed_content: '{ts}.{body}' }, '/signed_content'],
      [{ ...base, headers: { 'Bad Name': 'x' } }, '/headers/Bad Name'],
      [{ ...base, headers: { 'X-A': 'a'.repeat(9000) } }, '/headers/X-A'],
      [{ ...base, payload: undefined, payload_base64: 'a b' }, '/payload_base64'],
      [{ ...base, payload_base64: 'YQ' }, '/payload_base64'],
      [{ ...base, method: 'GE T' }, '/method'],
    ];
    for (const [input, path] of cases) {
      const body = await problemBoth(input);
      expect(body).toMatchObject({ status: 400, valid: false });
      expect(body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
  });
});
