import { createHmac } from 'node:crypto';
import { Environment, Paddle } from '@paddle/paddle-node-sdk';
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../src/domain/index.js';

const secret = 'pdl_ntfset_01h0000000000000000000000_abcdefghijklmnopqrstuvwxyz';
const payload = '{"event_id":"evt_01h","event_type":"transaction.completed","data":{"id":"txn_01h"}}';

function paddleHeader(key: string, ts: number, body: string): string {
  return `ts=${ts};h1=${createHmac('sha256', key).update(`${ts}:${body}`).digest('hex')}`;
}

describe('@paddle/paddle-node-sdk cross-check (Webhooks.isSignatureValid)', () => {
  // Constructing the client initialises the SDK's Node crypto runtime (no request is made).
  const webhooks = new Paddle('pdl_sdbx_apikey_cross_check', { environment: Environment.sandbox }).webhooks;

  it('agrees on a fresh valid delivery', async () => {
    const ts = Math.floor(Date.now() / 1000);
    const header = paddleHeader(secret, ts, payload);
    expect(await webhooks.isSignatureValid(payload, secret, header)).toBe(true);
    expect(
      verifyWebhook({ platform: 'paddle', secret, payload, signature: header }, { nowS: ts }),
    ).toMatchObject({
      valid: true,
      timestamp: ts,
    });
  });

  it('agrees on a tampered payload and a wrong secret', async () => {
    const ts = Math.floor(Date.now() / 1000);
    const header = paddleHeader(secret, ts, payload);
    const tampered = payload.replace('completed', 'canceled');
    expect(await webhooks.isSignatureValid(tampered, secret, header)).toBe(false);
    expect(
      verifyWebhook({ platform: 'paddle', secret, payload: tampered, signature: header }, { nowS: ts })
        .reason,
    ).toBe('signature_mismatch');
    expect(await webhooks.isSignatureValid(payload, `${secret}x`, header)).toBe(false);
    expect(
      verifyWebhook({ platform: 'paddle', secret: `${secret}x`, payload, signature: header }, { nowS: ts })
        .reason,
    ).toBe('signature_mismatch');
  });

  it('agrees that a delivery older than 5 s is rejected', async () => {
    const ts = Math.floor(Date.now() / 1000) - 60;
    const header = paddleHeader(secret, ts, payload);
    expect(await webhooks.isSignatureValid(payload, secret, header)).toBe(false);
    expect(
      verifyWebhook({ platform: 'paddle', secret, payload, signature: header }, { nowS: ts + 60 }),
    ).toMatchObject({
      reason: 'timestamp_too_old',
      timestamp_age_s: 60,
      tolerance_s: 5,
    });
    // …which the `tolerance` extension can widen for replays.
    expect(
      verifyWebhook(
        { platform: 'paddle', secret, payload, signature: header, tolerance: 60 },
        { nowS: ts + 60 },
      ).valid,
    ).toBe(true);
  });
});
