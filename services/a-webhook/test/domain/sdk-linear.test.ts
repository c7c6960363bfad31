import { createHmac } from 'node:crypto';
import { LinearWebhookClient } from '@linear/sdk/webhooks';
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../src/domain/index.js';

const secret = 'lin_wh_cross_check_secret_0123456789';

function delivery(webhookTimestampMs: number, key = secret) {
  const payload = JSON.stringify({
    action: 'create',
    type: 'Issue',
    data: { id: '2174add1-f7c8-44e3-bbf3-2d60b5ea8bc9', title: 'Cross-check' },
    webhookTimestamp: webhookTimestampMs,
  });
  return { payload, signature: createHmac('sha256', key).update(payload).digest('hex') };
}

function sdkAccepts(payload: string, signature: string): boolean {
  try {
    return new LinearWebhookClient(secret).verify(Buffer.from(payload), signature);
  } catch {
    return false;
  }
}

describe('@linear/sdk/webhooks cross-check (LinearWebhookClient.verify)', () => {
  const nowMs = Date.now();
  const nowS = Math.floor(nowMs / 1000);
  const cases: [string, ReturnType<typeof delivery>, boolean][] = [
    ['fresh', delivery(nowMs), true],
    ['50 s old', delivery(nowMs - 50_000), true],
    ['30 s in the future', delivery(nowMs + 30_000), true],
    ['90 s old', delivery(nowMs - 90_000), false],
    ['90 s in the future', delivery(nowMs + 90_000), false],
    ['wrong secret', delivery(nowMs, 'other-secret'), false],
  ];

  it.each(cases)('%s', (_label, { payload, signature }, expected) => {
    expect(sdkAccepts(payload, signature)).toBe(expected);
    expect(verifyWebhook({ platform: 'linear', secret, payload, signature }, { nowS }).valid).toBe(expected);
  });

  it('agrees on a tampered payload', () => {
    const { payload, signature } = delivery(nowMs);
    const tampered = payload.replace('Cross-check', 'Cross-checl');
    expect(sdkAccepts(tampered, signature)).toBe(false);
    expect(verifyWebhook({ platform: 'linear', secret, payload: tampered, signature }, { nowS }).reason).toBe(
      'signature_mismatch',
    );
  });

  it('reads webhookTimestamp in milliseconds and reports the reasons', () => {
    const ts = 1_700_000_000_500;
    const { payload, signature } = delivery(ts);
    expect(
      verifyWebhook({ platform: 'linear', secret, payload, signature }, { nowS: 1_700_000_090 }),
    ).toMatchObject({
      valid: false,
      reason: 'timestamp_too_old',
      timestamp: 1_700_000_000.5,
      timestamp_age_s: 89.5,
      tolerance_s: 60,
    });
    expect(
      verifyWebhook({ platform: 'linear', secret, payload, signature }, { nowS: 1_699_999_900 }),
    ).toMatchObject({
      reason: 'timestamp_in_future',
      timestamp_age_s: -100.5,
    });
  });
});
