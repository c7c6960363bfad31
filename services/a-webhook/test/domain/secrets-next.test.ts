/**
 * Secrets after Next II: an empty secret, list entry or key after `whsec_`/`whsk_` is a 400 naming it (never
 * a mismatch), each `webhook-signature` platform's key rule, and the one-secret rule of the new /sign recipes.
 */
import { describe, expect, it } from 'vitest';
import { PLATFORMS_BY_NAME, signWebhook, verifyWebhook } from '../../src/domain/index.js';
import { EXAMPLE_ID, EXAMPLE_PAYLOAD, NEXT_BY_NAME, NEXT_NOW } from './helpers/next-platforms.js';
import { problemFrom } from './helpers/problem.js';

const base = { payload: '{}', signature: 'v1,AAAA', webhook_id: 'msg_1', timestamp: NEXT_NOW, now: NEXT_NOW };

describe('empty secrets', () => {
  it.each(['standard-webhooks', 'svix', 'openai', 'replicate', 'polar'])(
    '%s: whsec_ alone → 400 naming it',
    (platform) => {
      const one = problemFrom(() => verifyWebhook({ platform, ...base, secret: 'whsec_' })).toProblem();
      expect(one).toMatchObject({
        status: 400,
        code: 'validation_failed',
        detail: '/secret: must not be empty after the whsec_ prefix',
        errors: [
          { path: '/secret', code: 'too_small', message: 'must not be empty after the whsec_ prefix' },
        ],
        valid: false,
      });
      const list = problemFrom(() => verifyWebhook({ platform, ...base, secret: ['whsec_QUJD', 'whsec_'] }));
      expect(list.errors).toEqual([
        { path: '/secret/1', code: 'too_small', message: 'must not be empty after the whsec_ prefix' },
      ]);
      const signed = problemFrom(() =>
        signWebhook({ platform, payload: '{}', webhook_id: 'm', secret: 'whsec_' }),
      );
      expect(signed.errors).toEqual([
        { path: '/secret', code: 'too_small', message: 'must not be empty after the whsec_ prefix' },
      ]);
    },
  );

  it('"" is empty on every platform; whsk_ alone is empty on /sign', () => {
    for (const platform of Object.keys(PLATFORMS_BY_NAME)) {
      const error = problemFrom(() => verifyWebhook({ platform, ...base, secret: '' }));
      expect(error.errors?.[0], platform).toEqual({
        path: '/secret',
        code: 'too_small',
        message: 'must not be empty',
      });
    }
    const whsk = problemFrom(() =>
      signWebhook({ platform: 'svix', payload: '{}', webhook_id: 'm', secret: ['whsec_QUJD', 'whsk_'] }),
    );
    expect(whsk.errors).toEqual([
      { path: '/secret/1', code: 'too_small', message: 'must not be empty after the whsk_ prefix' },
    ]);
  });
});

describe('key rules of openai and polar', () => {
  const fixture = NEXT_BY_NAME.get('openai')!;
  const deliver = (platform: string, signWith: string, secret: string) => {
    const f = NEXT_BY_NAME.get(platform)!;
    const digest = f.digest(signWith, EXAMPLE_PAYLOAD, String(NEXT_NOW), EXAMPLE_ID);
    return verifyWebhook({
      platform,
      secret,
      payload: EXAMPLE_PAYLOAD,
      signature: `v1,${digest}`,
      timestamp: NEXT_NOW,
      webhook_id: EXAMPLE_ID,
      now: NEXT_NOW,
    });
  };

  it('openai and polar read a whsk_ text as its bytes (no v1a there); svix refuses it', () => {
    expect(deliver('openai', 'whsk_text', 'whsk_text')).toMatchObject({ valid: true });
    expect(deliver('polar', 'whsk_text', 'whsk_text')).toMatchObject({ valid: true });
    expect(fixture.platform).toBe('openai');
    const signed = signWebhook({
      platform: 'openai',
      secret: 'whsk_text',
      payload: EXAMPLE_PAYLOAD,
      webhook_id: EXAMPLE_ID,
      timestamp: String(NEXT_NOW),
    });
    expect(signed.signature).toBe(
      `v1,${fixture.digest('whsk_text', EXAMPLE_PAYLOAD, String(NEXT_NOW), EXAMPLE_ID)}`,
    );
    expect(signed.scheme).toBe('openai-v1');
  });

  it('a refused decoding is never a key: polar keeps the text alone; zoom reads no milliseconds', () => {
    const message = 'must be the signing secret: base64, optionally prefixed with whsec_';
    expect(deliver('polar', message, 'polar_whs_not-base64')).toMatchObject({ reason: 'signature_mismatch' });
    expect(deliver('polar', 'polar_whs_not-base64', 'polar_whs_not-base64')).toMatchObject({ valid: true });
    // Zoom's timestamp is seconds: a value in milliseconds is far in the future (with the hint), not a time.
    const zoom = NEXT_BY_NAME.get('zoom')!;
    const ms = String(NEXT_NOW * 1000);
    const result = verifyWebhook({
      platform: 'zoom',
      secret: 'zoom-token-1',
      payload: EXAMPLE_PAYLOAD,
      signature: zoom.wrap(zoom.digest('zoom-token-1', EXAMPLE_PAYLOAD, ms, ''), ms),
      timestamp: ms,
      now: NEXT_NOW,
    });
    expect(result).toMatchObject({
      reason: 'timestamp_in_future',
      timestamp: NEXT_NOW * 1000,
      hints: ['timestamp_looks_like_milliseconds'],
    });
  });

  it('polar without whsec_: the text’s bytes, or its base64 decoded when it is base64', () => {
    const secret = 'QUJDREVGR0g='; // base64 of ABCDEFGH
    expect(deliver('polar', secret, secret)).toMatchObject({ valid: true });
    expect(deliver('polar', 'ABCDEFGH', secret)).toMatchObject({ valid: true });
    expect(deliver('polar', 'ABCDEFGH', 'polar_whs_ABCDEFGH')).toMatchObject({
      reason: 'signature_mismatch',
    });
    // /sign keys an unprefixed secret with its bytes.
    const signed = signWebhook({
      platform: 'polar',
      secret,
      payload: EXAMPLE_PAYLOAD,
      webhook_id: EXAMPLE_ID,
      timestamp: String(NEXT_NOW),
    });
    expect(signed.signature).toBe(
      `v1,${NEXT_BY_NAME.get('polar')!.digest(secret, EXAMPLE_PAYLOAD, String(NEXT_NOW), EXAMPLE_ID)}`,
    );
  });
});

describe('the new /sign recipes sign with one secret', () => {
  it.each(['openai', 'replicate', 'polar', 'calendly', 'mux', 'elevenlabs', 'zoom', 'meta'])(
    '%s: a list → 400',
    (platform) => {
      const error = problemFrom(() =>
        signWebhook({ platform, payload: '{}', webhook_id: 'm', secret: ['whsec_QUJD', 'whsec_REVG'] }),
      );
      expect(error.errors).toEqual([
        { path: '/secret', code: 'invalid_type', message: `must be one secret (a string) for ${platform}` },
      ]);
    },
  );

  it('the default timestamp: unix s, webflow ms, twitch RFC 3339 Z; headers as GET /platforms spells them', () => {
    const at = (platform: string, extra: Record<string, string> = {}) =>
      signWebhook({ platform, secret: 'k-123456', payload: '{}', ...extra }, { nowS: NEXT_NOW + 0.5 });
    expect(at('zoom').headers).toEqual({
      'x-zm-signature': expect.stringMatching(/^v0=[0-9a-f]{64}$/),
      'x-zm-request-timestamp': '1700000000',
    });
    expect(at('webflow').timestamp).toBe('1700000000500');
    expect(at('twitch', { webhook_id: 'id-1' }).headers).toEqual({
      'Twitch-Eventsub-Message-Signature': expect.stringMatching(/^sha256=[0-9a-f]{64}$/),
      'Twitch-Eventsub-Message-Timestamp': '2023-11-14T22:13:20Z',
      'Twitch-Eventsub-Message-Id': 'id-1',
    });
    expect(at('mux').signature).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
    expect(at('elevenlabs').signature).toMatch(/^t=1700000000,v0=[0-9a-f]{64}$/);
    expect(at('calendly').headers).toEqual({
      'Calendly-Webhook-Signature': expect.stringMatching(/^t=1700000000,v1=/),
    });
    expect(problemFrom(() => at('twitch')).code).toBe('missing_field');
  });
});
