import { createHmac } from 'node:crypto';
import { verifySlackRequest } from '@slack/bolt/dist/receivers/verify-request.js';
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../src/domain/index.js';

// `@slack/bolt`'s index pulls in socket-mode → undici 8, which needs Node ≥ 22 (zstd); the verifier
// itself has no such dependency, so it is imported from its own module.

const secret = '8f742231b10e8888abcd99yyyzzz85a5';
const body = 'token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&command=%2Fweather&text=94070';
const now = 1_531_420_618;

function slackSignature(key: string, timestamp: number, payload: string): string {
  return `v0=${createHmac('sha256', key).update(`v0:${timestamp}:${payload}`).digest('hex')}`;
}

function boltAccepts(payload: string, signature: string, timestamp: number, nowS: number): boolean {
  try {
    verifySlackRequest({
      signingSecret: secret,
      body: payload,
      headers: { 'x-slack-signature': signature, 'x-slack-request-timestamp': timestamp },
      nowMilliseconds: nowS * 1000,
    });
    return true;
  } catch {
    return false;
  }
}

function oursAccepts(payload: string, signature: string, timestamp: number, nowS: number): boolean {
  return verifyWebhook({ platform: 'slack', secret, payload, signature, timestamp }, { nowS }).valid;
}

describe('@slack/bolt verifySlackRequest agrees with us', () => {
  const cases: [string, string, string, number, number][] = [
    ['valid', body, slackSignature(secret, now, body), now, now],
    ['valid, 299 s old', body, slackSignature(secret, now - 299, body), now - 299, now],
    ['tampered payload', `${body}&x=1`, slackSignature(secret, now, body), now, now],
    ['wrong secret', body, slackSignature('another secret', now, body), now, now],
    ['timestamp changed', body, slackSignature(secret, now, body), now - 1, now],
    ['stale, 301 s old', body, slackSignature(secret, now - 301, body), now - 301, now],
    ['future (accepted by both)', body, slackSignature(secret, now + 600, body), now + 600, now],
  ];

  it.each(cases)('%s', (_label, payload, signature, timestamp, nowS) => {
    expect(oursAccepts(payload, signature, timestamp, nowS)).toBe(
      boltAccepts(payload, signature, timestamp, nowS),
    );
  });

  it('gives the reasons we promise', () => {
    const stale = verifyWebhook(
      {
        platform: 'slack',
        secret,
        payload: body,
        signature: slackSignature(secret, now - 301, body),
        timestamp: now - 301,
      },
      { nowS: now },
    );
    expect(stale).toMatchObject({ reason: 'timestamp_too_old', timestamp_age_s: 301, tolerance_s: 300 });
    expect(oursAccepts(body, slackSignature(secret, now, body), now, now)).toBe(true);
  });
});
