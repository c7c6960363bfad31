import { EventWebhook } from '@sendgrid/eventwebhook';
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../src/domain/index.js';
import { p256Keys, sendgridSignature } from './helpers/sign.js';

const keys = p256Keys();
const other = p256Keys();
const payload =
  '[{"email":"example@test.com","event":"processed","sg_event_id":"rbtnWrG1DVDGGGFHFyun0A==","timestamp":1600112492}]\r\n';
const timestamp = '1600112502';
const eventWebhook = new EventWebhook();

function sdkAccepts(publicKey: string, body: string, signature: string, ts: string): boolean {
  try {
    return eventWebhook.verifySignature(eventWebhook.convertPublicKeyToECDSA(publicKey), body, signature, ts);
  } catch {
    return false;
  }
}

function oursAccepts(publicKey: string, body: string, signature: string, ts: string): boolean {
  return verifyWebhook(
    { platform: 'sendgrid', public_key: publicKey, payload: body, signature, timestamp: ts },
    { nowS: Number(ts) },
  ).valid;
}

describe('@sendgrid/eventwebhook cross-check', () => {
  const signature = sendgridSignature(keys.privateKey, timestamp, payload);
  const cases: [string, string, string, string, string, boolean][] = [
    ['valid (PEM key)', keys.publicPem, payload, signature, timestamp, true],
    ['valid (bare base64 DER key)', keys.publicDerBase64, payload, signature, timestamp, true],
    [
      'tampered payload',
      keys.publicPem,
      payload.replace('processed', 'delivered'),
      signature,
      timestamp,
      false,
    ],
    ['other timestamp', keys.publicPem, payload, signature, '1600112503', false],
    ['other key', other.publicPem, payload, signature, timestamp, false],
  ];

  it.each(cases)('%s', (_label, publicKey, body, sig, ts, expected) => {
    expect(sdkAccepts(publicKey, body, sig, ts)).toBe(expected);
    expect(oursAccepts(publicKey, body, sig, ts)).toBe(expected);
  });

  it('reports a tampered delivery as a mismatch and says which key type it needs', () => {
    expect(
      verifyWebhook(
        { platform: 'sendgrid', public_key: other.publicPem, payload, signature, timestamp },
        { nowS: Number(timestamp) },
      ),
    ).toMatchObject({
      valid: false,
      reason: 'signature_mismatch',
      algorithm: 'ECDSA-P256-SHA256',
      message: 'the signature does not verify with the given public key',
      matched_secret_index: null,
    });
  });
});
