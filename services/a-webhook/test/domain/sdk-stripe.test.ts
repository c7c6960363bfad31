import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../src/domain/index.js';

const stripe = new Stripe('sk_test_not_a_real_key');
const secret = 'whsec_test_secret_for_sdk_cross_check';
const payload = JSON.stringify({ id: 'evt_test_webhook', object: 'event', type: 'invoice.paid' }, null, 2);

function sdkAccepts(body: string, header: string, key: string): boolean {
  try {
    stripe.webhooks.constructEvent(body, header, key);
    return true;
  } catch {
    return false;
  }
}

describe('stripe SDK cross-check', () => {
  it('accepts a header made by generateTestHeaderString', () => {
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
    expect(sdkAccepts(payload, header, secret)).toBe(true);
    expect(verifyWebhook({ platform: 'stripe', secret, payload, signature: header })).toMatchObject({
      valid: true,
      reason: null,
      scheme: 'stripe-v1',
      matched_signature_index: 0,
      matched_secret_index: 0,
    });
  });

  it('agrees on a tampered payload and a wrong secret', () => {
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
    const tampered = payload.replace('invoice.paid', 'invoice.pair');
    expect(sdkAccepts(tampered, header, secret)).toBe(false);
    expect(verifyWebhook({ platform: 'stripe', secret, payload: tampered, signature: header }).reason).toBe(
      'signature_mismatch',
    );
    expect(sdkAccepts(payload, header, `${secret}x`)).toBe(false);
    expect(
      verifyWebhook({ platform: 'stripe', secret: `${secret}x`, payload, signature: header }).reason,
    ).toBe('signature_mismatch');
  });

  it('agrees that a delivery older than 300 s is rejected, and reads the timestamp from t=', () => {
    const timestamp = Math.floor(Date.now() / 1000) - 400;
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    expect(sdkAccepts(payload, header, secret)).toBe(false);
    const result = verifyWebhook(
      { platform: 'stripe', secret, payload, signature: header },
      { nowS: timestamp + 400 },
    );
    expect(result).toMatchObject({
      valid: false,
      reason: 'timestamp_too_old',
      timestamp,
      timestamp_age_s: 400,
    });
  });

  it('finds the v1 among several signatures and ignores v0', () => {
    const timestamp = 1_700_000_000;
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    const v1 = header.split(',v1=')[1];
    const multi = `t=${timestamp},v1=${'0'.repeat(64)},v1=${v1},v0=${'1'.repeat(64)}`;
    expect(
      verifyWebhook({ platform: 'stripe', secret, payload, signature: multi }, { nowS: timestamp }),
    ).toMatchObject({
      valid: true,
      signatures_found: 2,
      matched_signature_index: 1,
      ignored: ['v0'],
    });
  });

  it('accepts a key given second in a rotation list', () => {
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
    expect(
      verifyWebhook({ platform: 'stripe', secret: ['whsec_old', secret], payload, signature: header }),
    ).toMatchObject({
      valid: true,
      matched_secret_index: 1,
      message: 'signature matches (secret 2 of 2); timestamp 0 s old (tolerance 300 s)',
    });
  });
});
