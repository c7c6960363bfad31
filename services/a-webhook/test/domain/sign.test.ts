/**
 * POST /sign in the domain: the platforms' official packages accept what it produces (one test per
 * package), published vectors come out exactly, /verify finds every signature valid with the same inputs
 * (property over every signable platform), and every refusal is an exact problem that never holds a secret.
 */
import { createHash } from 'node:crypto';
import { Signature } from '@hubspot/api-client';
import { LinearWebhookClient } from '@linear/sdk/webhooks';
import { verify as octokitVerify } from '@octokit/webhooks-methods';
import { Environment, Paddle } from '@paddle/paddle-node-sdk';
import '@shopify/shopify-api/adapters/node';
import { ApiVersion, LogSeverity, shopifyApi } from '@shopify/shopify-api';
import { verifySlackRequest } from '@slack/bolt/dist/receivers/verify-request.js';
import fc from 'fast-check';
import { WebhooksHelper } from 'square';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { Webhook as SvixWebhook } from 'svix';
import nacl from 'tweetnacl';
import twilio from 'twilio';
import { describe, expect, it } from 'vitest';
import {
  PLATFORMS_BY_NAME,
  type PlatformName,
  SIGNABLE_PLATFORMS,
  type SignInput,
  signWebhook,
  verifyWebhook,
} from '../../src/domain/index.js';
import { problemFrom } from './helpers/problem.js';

const NOW = 1_700_000_000;
const SECRET = 'sign-test-secret-7f3a9c2e41';
const OTHER = 'sign-test-other-0b8d6e5f2a';
const WHSEC = `whsec_${Buffer.from('sign-test standard webhooks key!').toString('base64')}`;
const WHSEC_OTHER = `whsec_${Buffer.from('another sign-test key').toString('base64')}`;
const SEED = new Uint8Array(32).fill(42);
const WHSK = `whsk_${Buffer.from(SEED).toString('base64')}`;
const PAYLOAD = '{"id":"evt_1","type":"order.paid","amount":4200}';
const sign = (input: SignInput) => signWebhook(input, { nowS: NOW });

describe('the official packages accept what /sign produces', () => {
  const now = () => Math.floor(Date.now() / 1000);

  it('standardwebhooks: Webhook.verify accepts the headers (signed now)', () => {
    const result = signWebhook({
      platform: 'standard-webhooks',
      secret: WHSEC,
      payload: PAYLOAD,
      webhook_id: 'msg_1',
    });
    expect(new StandardWebhook(WHSEC).verify(PAYLOAD, result.headers)).toEqual(JSON.parse(PAYLOAD));
    expect(() => new StandardWebhook(WHSEC_OTHER).verify(PAYLOAD, result.headers)).toThrow();
  });

  it('svix: Webhook.verify accepts the headers, with two secrets signed', () => {
    const result = signWebhook({
      platform: 'svix',
      secret: [WHSEC_OTHER, WHSEC],
      payload: PAYLOAD,
      webhook_id: 'msg_2',
    });
    expect(result.signature.split(' ')).toHaveLength(2);
    expect(() => new SvixWebhook(WHSEC).verify(PAYLOAD, result.headers)).not.toThrow();
    expect(() => new SvixWebhook(WHSEC_OTHER).verify(PAYLOAD, result.headers)).not.toThrow();
    const third = `whsec_${Buffer.from('a third key').toString('base64')}`;
    expect(() => new SvixWebhook(third).verify(PAYLOAD, result.headers)).toThrow();
  });

  it('stripe: webhooks.constructEvent accepts the Stripe-Signature, under either of two secrets', () => {
    const stripe = new Stripe('sk_test_not_a_real_key');
    const secret = 'whsec_sign_cross_check_1';
    const result = signWebhook({ platform: 'stripe', secret: [secret, `${secret}b`], payload: PAYLOAD });
    const header = result.headers['Stripe-Signature']!;
    expect(stripe.webhooks.constructEvent(PAYLOAD, header, secret).id).toBe('evt_1');
    expect(stripe.webhooks.constructEvent(PAYLOAD, header, `${secret}b`).id).toBe('evt_1');
    expect(() => stripe.webhooks.constructEvent(PAYLOAD, header, `${secret}c`)).toThrow();
  });

  it('@octokit/webhooks-methods: verify accepts X-Hub-Signature-256', async () => {
    const result = sign({ platform: 'github', secret: SECRET, payload: PAYLOAD });
    expect(await octokitVerify(SECRET, PAYLOAD, result.headers['X-Hub-Signature-256']!)).toBe(true);
    expect(await octokitVerify(OTHER, PAYLOAD, result.signature)).toBe(false);
  });

  it('twilio: validateRequest accepts a form delivery, validateRequestWithBody a JSON one', () => {
    const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
    const form = 'CallSid=CA1234567890ABCDE&Caller=%2B12349013030&Digits=1234';
    const params = Object.fromEntries(new URLSearchParams(form));
    const signed = sign({ platform: 'twilio', secret: SECRET, payload: form, url });
    expect(twilio.validateRequest(SECRET, signed.headers['X-Twilio-Signature']!, url, params)).toBe(true);
    const hash = createHash('sha256').update(PAYLOAD).digest('hex');
    const jsonUrl = `https://mycompany.com/hook?bodySHA256=${hash}`;
    const json = sign({
      platform: 'twilio',
      secret: SECRET,
      payload: PAYLOAD,
      url: jsonUrl,
      content_type: 'application/json',
    });
    expect(json.scheme).toBe('twilio-json');
    expect(twilio.validateRequestWithBody(SECRET, json.signature, jsonUrl, PAYLOAD)).toBe(true);
  });

  it('@slack/bolt: verifySlackRequest accepts the signature and timestamp headers', () => {
    const result = signWebhook({ platform: 'slack', secret: SECRET, payload: 'token=x&text=hi' });
    expect(() =>
      verifySlackRequest({
        signingSecret: SECRET,
        body: 'token=x&text=hi',
        headers: {
          'x-slack-signature': result.headers['X-Slack-Signature']!,
          'x-slack-request-timestamp': Number(result.headers['X-Slack-Request-Timestamp']),
        },
      }),
    ).not.toThrow();
  });

  it('@paddle/paddle-node-sdk: isSignatureValid accepts Paddle-Signature', async () => {
    const webhooks = new Paddle('pdl_sdbx_apikey_cross_check', { environment: Environment.sandbox }).webhooks;
    const result = signWebhook({ platform: 'paddle', secret: SECRET, payload: PAYLOAD });
    expect(await webhooks.isSignatureValid(PAYLOAD, SECRET, result.headers['Paddle-Signature']!)).toBe(true);
  });

  it('@shopify/shopify-api: webhooks.validate accepts X-Shopify-Hmac-Sha256', async () => {
    const shopify = shopifyApi({
      apiKey: 'test-api-key',
      apiSecretKey: SECRET,
      apiVersion: ApiVersion.January25,
      isEmbeddedApp: false,
      hostName: 'localhost',
      logger: { level: LogSeverity.Error, log: async () => {} },
    });
    const result = sign({ platform: 'shopify', secret: SECRET, payload: PAYLOAD });
    const headers = {
      'x-shopify-hmac-sha256': result.headers['X-Shopify-Hmac-Sha256']!,
      'x-shopify-topic': 'orders/create',
      'x-shopify-api-version': ApiVersion.January25,
      'x-shopify-shop-domain': 'test-shop.myshopify.com',
      'x-shopify-webhook-id': 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043',
      'x-shopify-event-id': '98880550-7158-44d4-b7cd-2c97c8a091b5',
      'x-shopify-triggered-at': new Date().toISOString(),
    };
    const check = await shopify.webhooks.validate({
      rawBody: PAYLOAD,
      rawRequest: { headers, method: 'POST', url: '/webhooks' },
      rawResponse: {},
    });
    expect(check.valid).toBe(true);
  });

  it('@linear/sdk: LinearWebhookClient.verify accepts Linear-Signature', () => {
    const body = JSON.stringify({ action: 'create', webhookTimestamp: Date.now() });
    const result = sign({ platform: 'linear', secret: SECRET, payload: body });
    expect(
      new LinearWebhookClient(SECRET).verify(Buffer.from(body), result.headers['Linear-Signature']!),
    ).toBe(true);
  });

  it('square: WebhooksHelper.verifySignature accepts x-square-hmacsha256-signature', async () => {
    const url = 'https://example.com/hooks/square?env=sandbox';
    const result = sign({ platform: 'square', secret: SECRET, payload: PAYLOAD, url });
    expect(
      await WebhooksHelper.verifySignature({
        requestBody: PAYLOAD,
        signatureHeader: result.headers['x-square-hmacsha256-signature']!,
        signatureKey: SECRET,
        notificationUrl: url,
      }),
    ).toBe(true);
  });

  it('@hubspot/api-client: Signature.isValid accepts the v3 signature (timestamp now, in ms)', () => {
    // HubSpot's SDK decodes no percent-encoding (the documented recipe decodes twelve): a URL without any.
    const url = 'https://example.com/hubspot?portal=62515';
    const result = signWebhook({
      platform: 'hubspot',
      secret: SECRET,
      payload: PAYLOAD,
      url,
      method: 'post',
    });
    const timestamp = Number(result.headers['X-HubSpot-Request-Timestamp']);
    expect(Math.abs(timestamp - Date.now())).toBeLessThan(60_000);
    expect(
      Signature.isValid({
        signatureVersion: 'v3',
        clientSecret: SECRET,
        requestBody: PAYLOAD,
        url,
        method: 'POST',
        timestamp,
        signature: result.headers['X-HubSpot-Signature-v3']!,
      }),
    ).toBe(true);
    expect(now()).toBeGreaterThan(NOW);
  });
});

describe('published vectors come out exactly', () => {
  it('GitHub, Paddle, Slack and Twilio documentation vectors', () => {
    expect(
      sign({ platform: 'github', secret: "It's a Secret to Everybody", payload: 'Hello, World!' }),
    ).toEqual({
      platform: 'github',
      scheme: 'github-sha256',
      signature: 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
      headers: {
        'X-Hub-Signature-256': 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
      },
      timestamp: null,
      webhook_id: null,
    });
    expect(
      sign({
        platform: 'paddle',
        secret: 'VALID_SECRET',
        payload: '{"data": ["1", "2"]}',
        timestamp: '1698796800',
      }).signature,
    ).toBe('ts=1698796800;h1=a300428748dce5c70e4da19bffd60769591ea969c99dea3105d0ec9612cf43f9');
    const slack = sign({
      platform: 'slack',
      secret: '8f742231b10e8888abcd99yyyzzz85a5',
      payload:
        'token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c',
      timestamp: 1531420618 as unknown as string,
    });
    expect(slack.headers).toEqual({
      'X-Slack-Signature': 'v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503',
      'X-Slack-Request-Timestamp': '1531420618',
    });
    const twilioForm =
      'CallSid=CA1234567890ABCDE&Caller=%2B12349013030&Digits=1234&From=%2B12349013030&To=%2B18005551212';
    expect(
      sign({
        platform: 'twilio',
        secret: '12345',
        payload: twilioForm,
        url: 'https://mycompany.com/myapp.php?foo=1&bar=2',
      }).signature,
    ).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
  });

  it('Standard Webhooks v1 (reference library) and v1a (Go library) examples, both in one header', () => {
    const result = sign({
      platform: 'standard-webhooks',
      secret: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'whsk_VEVTVFNJR05JTkdLRVlET05PVFVTRVRISVNGT1JBTlk='],
      payload: '{"test": 2432232314}',
      webhook_id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      timestamp: '1614265330',
    });
    expect(result).toEqual({
      platform: 'standard-webhooks',
      scheme: 'standard-webhooks-v1',
      signature:
        'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE= ' +
        'v1a,tQ9V2XOqn7jL/DQenEFpqIugdBVtiMmER5mhSkXBNwM0mkATuDe6KYYUuxqtaiHeYGb7KaaBRdM5WqyeFiL8Ag==',
      headers: {
        'webhook-signature':
          'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE= ' +
          'v1a,tQ9V2XOqn7jL/DQenEFpqIugdBVtiMmER5mhSkXBNwM0mkATuDe6KYYUuxqtaiHeYGb7KaaBRdM5WqyeFiL8Ag==',
        'webhook-timestamp': '1614265330',
        'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      },
      timestamp: '1614265330',
      webhook_id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
    });
  });

  it('a whsk_ key alone: v1a, verified by tweetnacl', () => {
    const result = sign({ platform: 'svix', secret: WHSK, payload: PAYLOAD, webhook_id: 'msg_3' });
    expect(result.scheme).toBe('svix-v1a');
    expect(result.headers).toEqual({
      'svix-signature': result.signature,
      'svix-timestamp': String(NOW),
      'svix-id': 'msg_3',
    });
    const bytes = Buffer.from(result.signature.slice('v1a,'.length), 'base64');
    const message = Buffer.from(`msg_3.${NOW}.${PAYLOAD}`);
    expect(nacl.sign.detached.verify(message, bytes, nacl.sign.keyPair.fromSeed(SEED).publicKey)).toBe(true);
  });
});

describe('timestamps: given ones are signed as given; defaults are now, as each platform writes it', () => {
  it('unix seconds, HubSpot milliseconds, Zendesk ISO 8601 Z; none where nothing is signed', () => {
    const base = { secret: SECRET, payload: PAYLOAD };
    expect(signWebhook({ platform: 'stripe', ...base }, { nowS: NOW + 0.9 }).timestamp).toBe(String(NOW));
    expect(
      signWebhook({ platform: 'hubspot', ...base, url: 'https://a.example/h' }, { nowS: NOW + 0.25 })
        .timestamp,
    ).toBe('1700000000250');
    expect(sign({ platform: 'zendesk', ...base }).headers).toMatchObject({
      'X-Zendesk-Webhook-Signature-Timestamp': '2023-11-14T22:13:20Z',
    });
    expect(sign({ platform: 'github', ...base }).timestamp).toBeNull();
    expect(sign({ platform: 'generic', ...base }).timestamp).toBeNull();
    const templated = sign({ platform: 'generic', ...base, signed_content: '{timestamp}.{body}' });
    expect(templated).toMatchObject({ timestamp: String(NOW), headers: {} });
    expect(signWebhook({ platform: 'zendesk', ...base }, { nowS: NOW + 0.75 }).timestamp).toBe(
      '2023-11-14T22:13:20Z',
    );
    const linear = sign({ platform: 'linear', ...base, timestamp: '1700000000123' });
    expect(linear.headers).toEqual({
      'Linear-Signature': linear.signature,
      'Linear-Timestamp': '1700000000123',
    });
    expect(sign({ platform: 'stripe', ...base, timestamp: '1600000000' }).signature).toMatch(
      /^t=1600000000,v1=[0-9a-f]{64}$/,
    );
  });

  it('generic: headers as named by signature_header / timestamp_header, algo and encoding applied', () => {
    const result = sign({
      platform: 'generic',
      secret: SECRET,
      payload: PAYLOAD,
      algo: 'SHA-512',
      encoding: 'base64',
      signed_content: '{id}.{timestamp}.{body}',
      webhook_id: 'evt_9',
      signature_header: 'X-Acme-Signature',
      timestamp_header: 'X-Acme-Timestamp',
    });
    expect(result.headers).toEqual({ 'X-Acme-Signature': result.signature, 'X-Acme-Timestamp': String(NOW) });
    expect(Buffer.from(result.signature, 'base64')).toHaveLength(64);
    expect(sign({ platform: 'generic', secret: SECRET, payload: PAYLOAD }).headers).toEqual({});
    expect(
      sign({ platform: 'paypal', mode: 'hmac', secret: SECRET, payload: PAYLOAD, encoding: 'base64' })
        .signature,
    ).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  });
});

/** Inputs each signable platform needs besides secret and payload. */
const EXTRA: Partial<Record<PlatformName, Record<string, string>>> = {
  twilio: { url: 'https://example.com/twilio?x=1' },
  hubspot: { url: 'https://example.com/hubspot', method: 'put' },
  square: { url: 'https://example.com/square' },
  mailchimp: { url: 'https://example.com/mandrill' },
  paypal: { mode: 'hmac' },
  'standard-webhooks': { webhook_id: 'msg_rt' },
  svix: { webhook_id: 'msg_rt' },
  twitch: { webhook_id: '0b7c3a1e-5f2d-4e8a-9c61-2d4f8b0e7a13' },
  openai: { webhook_id: 'msg_rt' },
  replicate: { webhook_id: 'msg_rt' },
  polar: { webhook_id: 'msg_rt' },
  generic: {
    signed_content: '{method} {url}|{id}|{timestamp}|{body}',
    webhook_id: 'e1',
    url: 'https://e.example/x',
  },
};
const FORM_PLATFORMS: readonly PlatformName[] = ['twilio', 'mailchimp'];
const MANY = new Set<PlatformName>(['stripe', 'paddle', 'standard-webhooks', 'svix']);
const isStandard = (platform: PlatformName) => platform === 'standard-webhooks' || platform === 'svix';

describe('round trip: /verify finds every produced signature valid with the same inputs', () => {
  it('lists the signable platforms: every HMAC platform of GET /platforms, and paypal', () => {
    const hmacPlatforms = Object.values(PLATFORMS_BY_NAME)
      .filter((p) => p.algorithm.startsWith('HMAC'))
      .map((p) => p.name);
    const expected = Object.values(PLATFORMS_BY_NAME)
      .filter((p) => p.algorithm.startsWith('HMAC') || p.name === 'paypal')
      .map((p) => p.name);
    expect(SIGNABLE_PLATFORMS).toEqual(expected);
    expect([...SIGNABLE_PLATFORMS].sort()).toEqual([...hmacPlatforms, 'paypal'].sort());
  });

  it('for any platform, payload, secrets and time (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SIGNABLE_PLATFORMS),
        fc.string({ unit: 'grapheme', maxLength: 120 }),
        fc.array(fc.stringMatching(/^[A-Za-z0-9_]{8,40}$/), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1_000_000_000, max: 4_000_000_000 }),
        fc.boolean(),
        (platform, text, raw, nowS, asHeaders) => {
          const secrets = isStandard(platform)
            ? raw.map((secret, i) => (i === 1 ? WHSK : `whsec_${Buffer.from(secret).toString('base64')}`))
            : platform === 'replicate'
              ? raw.map((secret) => `whsec_${Buffer.from(secret).toString('base64')}`)
              : raw;
          const secret = MANY.has(platform) ? secrets : secrets[0]!;
          const payload = FORM_PLATFORMS.includes(platform)
            ? new URLSearchParams({ a: text, b: '1' }).toString()
            : text;
          const extra = EXTRA[platform] ?? {};
          const result = signWebhook({ platform, secret, payload, ...extra } as SignInput, { nowS });
          expect(result.platform).toBe(platform);
          const given =
            asHeaders && result.headers[PLATFORMS_BY_NAME[platform].signature_header ?? '']
              ? { headers: result.headers }
              : { signature: result.signature, timestamp: result.timestamp ?? undefined };
          // /verify takes the whsk_ key's public half, never the key itself.
          const verifySecrets = secrets.filter((one) => one !== WHSK);
          const verified = verifyWebhook({
            platform,
            secret: MANY.has(platform) ? verifySecrets : secrets[0]!,
            payload,
            ...extra,
            ...given,
            ...(isStandard(platform)
              ? {
                  public_key: `whpk_${Buffer.from(nacl.sign.keyPair.fromSeed(SEED).publicKey).toString('base64')}`,
                }
              : {}),
            ...(platform === 'generic' ? { tolerance: 1 } : {}),
            now: nowS,
          });
          expect(verified).toMatchObject({ valid: true, reason: null, scheme: result.scheme });
          // Never the secret in the answer.
          for (const one of [secret].flat()) expect(JSON.stringify(result)).not.toContain(one);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('refusals: exact problems, no secret in any of them', () => {
  const base = { secret: SECRET, payload: PAYLOAD };

  it('platforms verified by a public key, a static token or PayPal native → 422 not_signable on /platform', () => {
    for (const platform of ['discord', 'sendgrid', 'generic-ed25519', 'cloudflare', 'gitlab', 'paypal']) {
      const problem = problemFrom(() => sign({ platform, ...base })).toProblem();
      expect(problem).toMatchObject({
        status: 422,
        code: 'not_signable',
        errors: [{ path: '/platform', code: 'not_signable' }],
        valid: false,
      });
      expect(problem.detail).toContain(`Signable: ${SIGNABLE_PLATFORMS.join(', ')}`);
    }
    expect(problemFrom(() => sign({ platform: 'discord', ...base })).detail).toBe(
      `platform: discord is checked with Ed25519, not an HMAC of a secret you hold. Signable: ${SIGNABLE_PLATFORMS.join(', ')}`,
    );
    expect(problemFrom(() => sign({ platform: 'paypal', ...base })).detail).toMatch(
      /^platform: paypal is signed with PayPal's private RSA key; only its HMAC fallback \(mode: "hmac"\) can be signed\./,
    );
  });

  it('unknown platform, missing secret or url, a list of secrets where one signature is sent', () => {
    expect(problemFrom(() => sign({ platform: 'nope', ...base })).code).toBe('unknown_platform');
    expect(problemFrom(() => sign({ platform: 'github', payload: PAYLOAD })).detail).toBe(
      'missing required field for platform github: secret',
    );
    expect(problemFrom(() => sign({ platform: 'twilio', ...base })).detail).toBe(
      'missing required field for platform twilio: url',
    );
    expect(problemFrom(() => sign({ platform: 'github', secret: SECRET })).detail).toBe(
      'missing required field for platform github: payload (or payload_base64)',
    );
    expect(
      problemFrom(() => sign({ platform: 'generic', ...base, signed_content: '{id}.{body}' })).detail,
    ).toBe('missing required field for platform generic: webhook_id');
    const list = problemFrom(() => sign({ platform: 'github', secret: [SECRET, OTHER], payload: PAYLOAD }));
    expect(list.errors).toEqual([
      { path: '/secret', code: 'invalid_type', message: 'must be one secret (a string) for github' },
    ]);
  });

  it('webhook_id: required for standard-webhooks and svix, 1–256 characters, no "."', () => {
    expect(problemFrom(() => sign({ platform: 'svix', secret: WHSEC, payload: PAYLOAD })).detail).toBe(
      'missing required field for platform svix: webhook_id',
    );
    for (const id of ['msg.1', '', 'x'.repeat(257)]) {
      expect(
        problemFrom(() =>
          sign({ platform: 'standard-webhooks', secret: WHSEC, payload: PAYLOAD, webhook_id: id }),
        ).errors,
      ).toEqual([
        { path: '/webhook_id', code: 'invalid_value', message: 'must be 1 to 256 characters without a "."' },
      ]);
    }
    expect(
      sign({ platform: 'standard-webhooks', secret: WHSEC, payload: PAYLOAD, webhook_id: 'x'.repeat(256) })
        .webhook_id,
    ).toHaveLength(256);
  });

  it('standard-webhooks secrets: not base64, or a whsk_ key that is not a 32-byte seed → 400 naming each', () => {
    const badSeed = `whsk_${Buffer.alloc(31, 1).toString('base64')}`;
    const error = problemFrom(() =>
      sign({
        platform: 'svix',
        secret: [WHSEC, badSeed, 'whsec_not base64!'],
        payload: PAYLOAD,
        webhook_id: 'm',
      }),
    );
    expect(error.errors).toEqual([
      {
        path: '/secret/1',
        code: 'invalid_secret',
        message: 'a whsk_ key must be the base64 of a 32-byte Ed25519 seed',
      },
      {
        path: '/secret/2',
        code: 'invalid_secret',
        message: 'must be the signing secret: base64, optionally prefixed with whsec_',
      },
    ]);
    expect(JSON.stringify(error.toProblem())).not.toContain(badSeed.slice(5));
    expect(JSON.stringify(error.toProblem())).not.toContain(WHSEC.slice(6));
  });

  it('members /sign does not take, a timestamp that cannot be sent, a JSON Twilio url without bodySHA256', () => {
    const others = problemFrom(() =>
      sign({
        platform: 'github',
        ...base,
        signature: 'x',
        public_key: 'k',
        tolerance: 1,
      } as unknown as SignInput),
    );
    expect(others.errors?.map((e) => e.path)).toEqual(['/signature', '/public_key', '/tolerance']);
    expect(problemFrom(() => sign({ platform: 'stripe', ...base, timestamp: '1,v1=ab' })).errors).toEqual([
      {
        path: '/timestamp',
        code: 'invalid_value',
        message: 'must be 1 to 64 letters, digits or ":.+-" (it is signed and sent as given)',
      },
    ]);
    expect(problemFrom(() => sign({ platform: 'slack', ...base, timestamp: '1'.repeat(65) })).code).toBe(
      'validation_failed',
    );
    const json = problemFrom(() =>
      sign({
        platform: 'twilio',
        ...base,
        url: 'https://a.example/t?bodySHA256=00',
        content_type: 'application/json',
      }),
    );
    expect(json.errors).toEqual([
      {
        path: '/url',
        code: 'missing_body_hash',
        message: 'a JSON delivery must carry bodySHA256=<hex SHA-256 of the payload>',
      },
    ]);
    expect(problemFrom(() => sign({ platform: 'github', ...base, mode: 'hmac' })).errors?.[0]?.path).toBe(
      '/mode',
    );
    for (const error of [others, json]) expect(JSON.stringify(error.toProblem())).not.toContain(SECRET);
  });
});
