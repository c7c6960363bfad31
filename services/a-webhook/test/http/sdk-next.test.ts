/**
 * The official SDKs of the Next II platforms as oracles, offline: each accepts the spec's worked example and
 * every delivery POST /sign makes, and rejects what /verify rejects (a changed payload, another secret). The
 * SDKs judge time by Date.now, so the clock is set to the deliveries' time.
 */
import { createRequire } from 'node:module';
import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import Mux from '@mux/mux-node';
import { webhooks as polarWebhooks } from '@polar-sh/sdk/2027-01';
import OpenAI from 'openai';
import { WebflowClient } from 'webflow-api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  EXAMPLE_ID,
  EXAMPLE_PAYLOAD,
  exampleHeaders,
  NEXT_BY_NAME,
  NEXT_NOW,
} from '../domain/helpers/next-platforms.js';
import { post, verify } from './helpers/client.js';
import { registerSecrets } from './helpers/recorder.js';

const require = createRequire(import.meta.url);
const { validateWebhook: replicateValidate } = require('replicate') as {
  validateWebhook: (request: Record<string, string>) => Promise<boolean>;
};

const openai = new OpenAI({ apiKey: 'sk-test-not-used' });
const mux = new Mux({ tokenId: 'not-used', tokenSecret: 'not-used' });
const elevenlabs = new ElevenLabsClient({ apiKey: 'not-used' });
const webflow = new WebflowClient({ accessToken: 'not-used' });

/** Whether a promise resolves (the SDK accepted) rather than rejects. */
const accepts = (run: () => Promise<unknown>) =>
  run().then(
    () => true,
    () => false,
  );

type Headers = Record<string, string>;
const lower = (headers: Headers) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

/** Each SDK's verdict on a delivery: payload, received headers, secret. */
const ORACLES: Record<string, (payload: string, headers: Headers, secret: string) => Promise<boolean>> = {
  // tolerance: the SDK's default window (300 s) against the faked clock.
  openai: (payload, headers, secret) =>
    accepts(() => openai.webhooks.verifySignature(payload, lower(headers), secret)),
  mux: (payload, headers, secret) =>
    accepts(() => mux.webhooks.verifySignature(payload, lower(headers), secret)),
  elevenlabs: (payload, headers, secret) =>
    accepts(() => elevenlabs.webhooks.constructEvent(payload, headers['ElevenLabs-Signature']!, secret)),
  webflow: (payload, headers, secret) =>
    webflow.webhooks.verifySignature({ headers: lower(headers), body: payload, secret }),
  replicate: (payload, headers, secret) => {
    const h = lower(headers);
    return replicateValidate({
      id: h['webhook-id']!,
      timestamp: h['webhook-timestamp']!,
      signature: h['webhook-signature']!,
      body: payload,
      secret,
    });
  },
  // A payload that is no Polar event is refused with another error than a verification failure.
  polar: (payload, headers, secret) =>
    polarWebhooks.validateEvent(payload, lower(headers), secret).then(
      () => true,
      (error: unknown) => !(error instanceof polarWebhooks.PolarWebhookVerificationError),
    ),
};

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NEXT_NOW * 1000 + 1000);
});
afterAll(() => {
  vi.useRealTimers();
});

describe.each(Object.keys(ORACLES))('%s: the official SDK agrees', (platform) => {
  const fixture = NEXT_BY_NAME.get(platform)!;
  const oracle = ORACLES[platform]!;

  it('accepts the worked example, which /verify finds valid', async () => {
    const headers = exampleHeaders(fixture);
    expect(await oracle(EXAMPLE_PAYLOAD, headers, fixture.example.secret)).toBe(true);
    const res = await verify({
      platform,
      secret: fixture.example.secret,
      payload: EXAMPLE_PAYLOAD,
      headers,
      now: NEXT_NOW,
    });
    expect(res.json).toMatchObject({ valid: true, scheme: fixture.scheme });
  });

  it.each([
    ['a JSON body', '{"type":"order.paid","data":{"amount":1999,"note":"café ☕"}}'],
    ['an empty-looking body', '{}'],
    ['text with spaces and newlines', '{\n  "a": "b c"\n}\n'],
  ])(
    'accepts what POST /sign makes for %s; both refuse it changed or under another secret',
    async (_label, payload) => {
      const [secret, other] = fixture.secrets;
      registerSecrets([secret, other]);
      const signed = await post(
        '/sign',
        JSON.stringify({
          platform,
          secret,
          payload,
          timestamp: fixture.time(NEXT_NOW),
          ...(fixture.idHeader === null ? {} : { webhook_id: EXAMPLE_ID }),
        }),
      );
      expect(signed.status, signed.text).toBe(200);
      const headers = signed.json.headers as Headers;
      expect(await oracle(payload, headers, secret)).toBe(true);
      const changed = `${payload} `;
      expect(await oracle(changed, headers, secret)).toBe(false);
      expect(await oracle(payload, headers, other)).toBe(false);
      const mine = (body: string, key: string) =>
        verify({ platform, secret: key, payload: body, headers, now: NEXT_NOW });
      expect((await mine(payload, secret)).json).toMatchObject({ valid: true });
      expect((await mine(changed, secret)).json).toMatchObject({
        valid: false,
        reason: 'signature_mismatch',
      });
      expect((await mine(payload, other)).json).toMatchObject({ valid: false, reason: 'signature_mismatch' });
    },
  );
});
