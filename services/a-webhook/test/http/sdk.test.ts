/**
 * Cross-checks through POST /verify against the platforms' own SDKs: signatures made by the SDKs (or, where
 * an SDK only verifies, by node:crypto) must verify here, and where the SDK verifies we must agree with it
 * on valid, tampered and stale deliveries.
 */
import { createHmac, sign as ecSign, generateKeyPairSync } from 'node:crypto';
import '@shopify/shopify-api/adapters/node';
import { LinearWebhookClient } from '@linear/sdk/webhooks';
import { sign as octokitSign, verify as octokitVerify } from '@octokit/webhooks-methods';
import { Environment, Paddle } from '@paddle/paddle-node-sdk';
import { EventWebhook } from '@sendgrid/eventwebhook';
import { ApiVersion, LogSeverity, shopifyApi } from '@shopify/shopify-api';
import { getHmac } from '@shopify/shopify-api/test-helpers';
// The package root pulls in undici 8 (Node ≥ 22); the verifier module itself runs on Node 20.
import { verifySlackRequest } from '@slack/bolt/dist/receivers/verify-request.js';
import Stripe from 'stripe';
import twilio from 'twilio';
import { describe, expect, it } from 'vitest';
import { verify } from './helpers/client.js';
import { SDK_SECRETS } from './helpers/secrets.js';

const nowS = () => Math.floor(Date.now() / 1000);
const hmacHex = (algorithm: string, key: string, data: string) =>
  createHmac(algorithm, key).update(data).digest('hex');

/** `valid` of POST /verify. */
async function ours(body: Record<string, unknown>): Promise<boolean> {
  const res = await verify(body);
  expect(res.status).toBe(200);
  return res.json.valid;
}

describe('stripe (webhooks.generateTestHeaderString, constructEvent)', () => {
  const stripe = new Stripe('sk_test_not_a_real_key');
  const secret = SDK_SECRETS.stripe;
  const payload = JSON.stringify({ id: 'evt_http', object: 'event', type: 'invoice.paid' }, null, 2);
  const sdkAccepts = (body: string, header: string, key = secret) => {
    try {
      stripe.webhooks.constructEvent(body, header, key);
      return true;
    } catch {
      return false;
    }
  };

  it('a fresh SDK header is valid', async () => {
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
    const res = await verify({ platform: 'stripe', secret, payload, signature: header });
    expect(res.json).toMatchObject({ valid: true, scheme: 'stripe-v1', tolerance_s: 300 });
  });

  it('agrees on tampered payload, wrong secret and a stale timestamp', async () => {
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
    const tampered = payload.replace('invoice.paid', 'invoice.pair');
    const stale = stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: nowS() - 400 });
    const cases: [string, string, string][] = [
      [payload, header, secret],
      [tampered, header, secret],
      [payload, header, `${secret}x`],
      [payload, stale, secret],
    ];
    for (const [body, signature, key] of cases) {
      expect(await ours({ platform: 'stripe', secret: key, payload: body, signature })).toBe(
        sdkAccepts(body, signature, key),
      );
    }
    const res = await verify({ platform: 'stripe', secret, payload, signature: stale });
    expect(res.json).toMatchObject({ reason: 'timestamp_too_old', matched_signature_index: 0 });
  });
});

describe('github (@octokit/webhooks-methods sign/verify)', () => {
  const secret = SDK_SECRETS.github;
  const payloads = ['{"action":"opened","number":1}', '{"emoji":"🎉","text":"naïve"}'];

  it.each(payloads)('sign() of %j is valid; tampering agrees with verify()', async (payload) => {
    const signature = await octokitSign(secret, payload);
    expect((await verify({ platform: 'github', secret, payload, signature })).json).toMatchObject({
      valid: true,
      scheme: 'github-sha256',
    });
    const tampered = `${payload} `;
    expect(await ours({ platform: 'github', secret, payload: tampered, signature })).toBe(
      await octokitVerify(secret, tampered, signature),
    );
    expect(await ours({ platform: 'github', secret: 'other-secret', payload, signature })).toBe(
      await octokitVerify('other-secret', payload, signature),
    );
  });
});

describe('twilio (getExpectedTwilioSignature, getExpectedBodyHash, validateRequest*)', () => {
  const token = SDK_SECRETS.twilio;
  const url = 'https://example.com/hooks/voice?account=7';
  const params = {
    CallSid: 'CA1234567890ABCDE',
    From: '+12349013030',
    Body: 'a & b = 100%',
    To: '+18005551212',
  };
  const form = new URLSearchParams(params).toString();

  it('a form delivery signed by the SDK is valid; tampering agrees with validateRequest', async () => {
    const signature = twilio.getExpectedTwilioSignature(token, url, params);
    expect(await ours({ platform: 'twilio', secret: token, url, payload: form, signature })).toBe(true);
    const tampered = { ...params, Body: 'a & b = 101%' };
    expect(
      await ours({
        platform: 'twilio',
        secret: token,
        url,
        payload: new URLSearchParams(tampered).toString(),
        signature,
      }),
    ).toBe(twilio.validateRequest(token, signature, url, tampered));
  });

  it('a JSON delivery with the SDK’s bodySHA256 is valid; a tampered body agrees with validateRequestWithBody', async () => {
    const body = '{"property": "value", "boolean": true}';
    const signedUrl = `${url}&bodySHA256=${twilio.getExpectedBodyHash(body)}`;
    const signature = twilio.getExpectedTwilioSignature(token, signedUrl, {});
    const request = {
      platform: 'twilio',
      secret: token,
      url: signedUrl,
      signature,
      content_type: 'application/json',
    };
    expect(await ours({ ...request, payload: body })).toBe(true);
    const tampered = body.replace('true', 'false');
    expect(await ours({ ...request, payload: tampered })).toBe(
      twilio.validateRequestWithBody(token, signature, signedUrl, tampered),
    );
    expect((await verify({ ...request, payload: tampered })).json.reason).toBe('body_hash_mismatch');
  });
});

describe('shopify (@shopify/shopify-api test helper getHmac, webhooks.validate)', () => {
  const secret = SDK_SECRETS.shopify;
  const payload = '{"id":820982911946154508,"email":"jon@example.com","total_price":"403.00"}';
  const shopify = shopifyApi({
    apiKey: 'test-api-key',
    apiSecretKey: secret,
    apiVersion: ApiVersion.October25,
    isEmbeddedApp: false,
    hostName: 'localhost',
    logger: { level: LogSeverity.Error, log: async () => {} },
  });
  const sdkAccepts = async (body: string, hmac: string) =>
    (
      await shopify.webhooks.validate({
        rawBody: body,
        rawRequest: {
          headers: {
            'x-shopify-hmac-sha256': hmac,
            'x-shopify-topic': 'orders/create',
            'x-shopify-api-version': ApiVersion.October25,
            'x-shopify-shop-domain': 'test-shop.myshopify.com',
            'x-shopify-webhook-id': 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043',
            'x-shopify-event-id': '98880550-7158-44d4-b7cd-2c97c8a091b5',
            'x-shopify-triggered-at': new Date().toISOString(),
          },
          method: 'POST',
          url: '/webhooks',
        },
        rawResponse: {},
      })
    ).valid;

  it('getHmac is valid; tampered payload and wrong secret agree with webhooks.validate', async () => {
    const hmac = getHmac(payload, secret);
    const tampered = payload.replace('403.00', '0.01');
    const wrong = getHmac(payload, 'another-secret');
    for (const [body, signature] of [
      [payload, hmac],
      [tampered, hmac],
      [payload, wrong],
    ] as const) {
      expect(await ours({ platform: 'shopify', secret, payload: body, signature })).toBe(
        await sdkAccepts(body, signature),
      );
    }
    expect(await ours({ platform: 'shopify', secret, payload, signature: hmac })).toBe(true);
  });
});

describe('slack (@slack/bolt verifySlackRequest)', () => {
  const secret = SDK_SECRETS.slack;
  const body = 'token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&command=%2Fweather&text=94070';
  const signature = (ts: number, payload = body, key = secret) =>
    `v0=${hmacHex('sha256', key, `v0:${ts}:${payload}`)}`;
  const boltAccepts = (payload: string, sig: string, ts: number, now: number) => {
    try {
      verifySlackRequest({
        signingSecret: secret,
        body: payload,
        headers: { 'x-slack-signature': sig, 'x-slack-request-timestamp': ts },
        nowMilliseconds: now * 1000,
      });
      return true;
    } catch {
      return false;
    }
  };
  const now = 1_531_420_618;
  const cases: [string, string, string, number][] = [
    ['valid', body, signature(now), now],
    ['299 s old', body, signature(now - 299), now - 299],
    ['tampered payload', `${body}&x=1`, signature(now), now],
    ['wrong secret', body, signature(now, body, 'another secret'), now],
    ['timestamp changed', body, signature(now), now - 1],
    ['stale, 301 s old', body, signature(now - 301), now - 301],
  ];

  it.each(cases)('%s: we agree with bolt', async (_label, payload, sig, ts) => {
    const expected = boltAccepts(payload, sig, ts, now);
    expect(await ours({ platform: 'slack', secret, payload, signature: sig, timestamp: ts, now })).toBe(
      expected,
    );
  });

  it('a fresh delivery is valid against the service clock', async () => {
    const ts = nowS();
    expect(
      await ours({
        platform: 'slack',
        secret,
        payload: body,
        signature: signature(ts),
        timestamp: String(ts),
      }),
    ).toBe(true);
  });
});

describe('sendgrid (@sendgrid/eventwebhook, P-256 keys made with node:crypto)', () => {
  const make = () => {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    return { privateKey, publicDer: publicKey.export({ type: 'spki', format: 'der' }).toString('base64') };
  };
  const keys = make();
  const other = make();
  const payload =
    '[{"email":"example@test.com","event":"processed","sg_event_id":"rbtnWrG1DVDGGGFHFyun0A==","timestamp":1600112492}]\r\n';
  const ts = '1600112502';
  const signature = ecSign('sha256', Buffer.from(ts + payload), {
    key: keys.privateKey,
    dsaEncoding: 'der',
  }).toString('base64');
  const eventWebhook = new EventWebhook();
  const sdkAccepts = (publicKey: string, body: string, sig: string, timestamp: string) => {
    try {
      return eventWebhook.verifySignature(
        eventWebhook.convertPublicKeyToECDSA(publicKey),
        body,
        sig,
        timestamp,
      );
    } catch {
      return false;
    }
  };
  const cases: [string, string, string, string][] = [
    ['valid', keys.publicDer, payload, ts],
    ['tampered payload', keys.publicDer, payload.replace('processed', 'delivered'), ts],
    ['other timestamp', keys.publicDer, payload, '1600112503'],
    ['other key', other.publicDer, payload, ts],
  ];

  it.each(cases)(
    '%s: we agree with EventWebhook.verifySignature',
    async (_label, publicKey, body, timestamp) => {
      const expected = sdkAccepts(publicKey, body, signature, timestamp);
      const res = await verify({
        platform: 'sendgrid',
        public_key: publicKey,
        payload: body,
        signature,
        timestamp,
        now: Number(timestamp),
      });
      expect(res.json.valid).toBe(expected);
    },
  );

  it('the valid case is indeed valid, and a stale one is timestamp_too_old', async () => {
    const body = { platform: 'sendgrid', public_key: keys.publicDer, payload, signature, timestamp: ts };
    expect((await verify({ ...body, now: Number(ts) })).json.valid).toBe(true);
    expect((await verify({ ...body, now: Number(ts) + 301 })).json.reason).toBe('timestamp_too_old');
  });
});

describe('paddle (@paddle/paddle-node-sdk Webhooks.isSignatureValid)', () => {
  const secret = SDK_SECRETS.paddle;
  const payload = '{"event_id":"evt_01h","event_type":"transaction.completed","data":{"id":"txn_01h"}}';
  const header = (ts: number, body = payload, key = secret) =>
    `ts=${ts};h1=${hmacHex('sha256', key, `${ts}:${body}`)}`;
  const webhooks = new Paddle('pdl_sdbx_apikey_cross_check', { environment: Environment.sandbox }).webhooks;

  it('agrees on fresh, tampered, wrong-secret and stale deliveries (both use the real clock)', async () => {
    const ts = nowS();
    const cases: [string, string, string][] = [
      [payload, header(ts), secret],
      [payload.replace('completed', 'canceled'), header(ts), secret],
      [payload, header(ts), `${secret}x`],
      [payload, header(ts - 60), secret],
    ];
    const verdicts: boolean[] = [];
    for (const [body, signature, key] of cases) {
      const expected = await webhooks.isSignatureValid(body, key, signature);
      expect(await ours({ platform: 'paddle', secret: key, payload: body, signature })).toBe(expected);
      verdicts.push(expected);
    }
    expect(verdicts).toEqual([true, false, false, false]);
  });
});

describe('linear (@linear/sdk/webhooks LinearWebhookClient.verify)', () => {
  const secret = SDK_SECRETS.linear;
  const delivery = (timestampMs: number, key = secret) => {
    const payload = JSON.stringify({
      action: 'create',
      type: 'Issue',
      data: { id: '2174add1-f7c8-44e3-bbf3-2d60b5ea8bc9', title: 'HTTP cross-check' },
      webhookTimestamp: timestampMs,
    });
    return { payload, signature: hmacHex('sha256', key, payload) };
  };
  const sdkAccepts = (payload: string, signature: string) => {
    try {
      return new LinearWebhookClient(secret).verify(Buffer.from(payload), signature);
    } catch {
      return false;
    }
  };

  it('agrees on fresh, old, future, wrong-secret and tampered deliveries', async () => {
    const nowMs = Date.now();
    const fresh = delivery(nowMs);
    const cases: [string, string, boolean][] = [
      [fresh.payload, fresh.signature, true],
      [delivery(nowMs - 90_000).payload, delivery(nowMs - 90_000).signature, false],
      [delivery(nowMs + 90_000).payload, delivery(nowMs + 90_000).signature, false],
      [fresh.payload, delivery(nowMs, 'other-secret').signature, false],
      [fresh.payload.replace('cross-check', 'cross-checl'), fresh.signature, false],
    ];
    for (const [payload, signature, expected] of cases) {
      expect(sdkAccepts(payload, signature)).toBe(expected);
      expect(await ours({ platform: 'linear', secret, payload, signature })).toBe(expected);
    }
  });
});
