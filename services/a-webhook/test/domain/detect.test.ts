/**
 * `platform: "auto"`: the spec's header → platform table, in any case; the precedence rules; and the
 * problems when no platform or several are named.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { detectPlatform, signWebhook, verifyWebhook } from '../../src/domain/index.js';
import { problemFrom } from './helpers/problem.js';

/** The spec's table, word for word (header → platform). */
const SPEC_TABLE: [string, string][] = [
  ['webhook-signature', 'standard-webhooks'],
  ['svix-signature', 'svix'],
  ['Stripe-Signature', 'stripe'],
  // X-Hub-Signature-256 → github only beside an X-GitHub-* header (Next II): see auto-next.test.ts.
  ['X-Shopify-Hmac-Sha256', 'shopify'],
  ['X-Slack-Signature', 'slack'],
  ['X-Twilio-Signature', 'twilio'],
  ['X-Twilio-Email-Event-Webhook-Signature', 'sendgrid'],
  ['Paddle-Signature', 'paddle'],
  ['PAYPAL-TRANSMISSION-SIG', 'paypal'],
  ['Linear-Signature', 'linear'],
  ['X-Notion-Signature', 'notion'],
  ['x-vercel-signature', 'vercel'],
  ['cf-webhook-auth', 'cloudflare'],
  ['X-Signature-Ed25519', 'discord'],
  ['X-Gitlab-Token', 'gitlab'],
  ['X-HubSpot-Signature-v3', 'hubspot'],
  ['x-square-hmacsha256-signature', 'square'],
  ['X-Zendesk-Webhook-Signature', 'zendesk'],
  ['Typeform-Signature', 'typeform'],
  ['X-Mandrill-Signature', 'mailchimp'],
  ['X-Signature', 'segment'],
  // Next II
  ['x-zm-signature', 'zoom'],
  ['Twitch-Eventsub-Message-Signature', 'twitch'],
  ['X-WC-Webhook-Signature', 'woocommerce'],
  ['ElevenLabs-Signature', 'elevenlabs'],
  ['x-webflow-signature', 'webflow'],
  ['Calendly-Webhook-Signature', 'calendly'],
  ['Mux-Signature', 'mux'],
];

const detect = (headers: Record<string, string>, extra: Record<string, unknown> = {}) =>
  detectPlatform({ platform: 'auto', headers, ...extra });

describe('the header → platform table', () => {
  it.each(SPEC_TABLE)('%s → %s, in any case, the signature read from it', (header, platform) => {
    for (const name of [header, header.toLowerCase(), header.toUpperCase()]) {
      const found = detect({ [name]: 'sig-value', 'Content-Type': 'application/json', 'User-Agent': 'x' });
      expect(found.platform).toBe(platform);
      expect(found.input).toMatchObject({ platform, signature: 'sig-value' });
    }
  });

  it('webhook-signature wins beside svix-signature; an explicit signature is kept', () => {
    const headers = { 'svix-signature': 'v1,a', 'webhook-signature': 'v1,b' };
    expect(detect(headers).platform).toBe('standard-webhooks');
    expect(detect(headers).input.signature).toBe('v1,b');
    expect(detect(headers, { signature: 'v1,c' }).input.signature).toBe('v1,c');
    expect(detect(headers, { signature: null }).input.signature).toBe('v1,b');
  });

  it('X-Hub-Signature: github beside X-Hub-Signature-256 or X-GitHub-Event, else github or intercom', () => {
    expect(
      detect({ 'X-Hub-Signature': 'sha1=a', 'X-Hub-Signature-256': 'sha256=b', 'X-GitHub-Hook-ID': '1' })
        .input.signature,
    ).toBe('sha256=b');
    const event = detect({ 'X-Hub-Signature': 'sha1=a', 'x-github-event': 'push' });
    expect(event).toMatchObject({ platform: 'github', input: { signature: 'sha1=a' } });
    const problem = problemFrom(() => detect({ 'X-Hub-Signature': 'sha1=a', Accept: '*/*' })).toProblem();
    expect(problem).toMatchObject({
      status: 422,
      code: 'ambiguous_platform',
      title: 'Ambiguous platform',
      detail:
        'platform: the headers name several platforms (github, intercom); pass platform by name ' +
        '(headers seen: X-Hub-Signature, Accept)',
      errors: [
        {
          path: '/platform',
          code: 'ambiguous_platform',
          message: 'the headers name several platforms (github, intercom); pass platform by name',
        },
      ],
      candidates: ['github', 'intercom'],
      headers_seen: ['X-Hub-Signature', 'Accept'],
      valid: false,
    });
  });

  it('several platforms → ambiguous_platform listing them in GET /platforms order', () => {
    const error = problemFrom(() => detect({ 'X-Slack-Signature': 'v0=a', 'Stripe-Signature': 't=1,v1=a' }));
    expect(error.toProblem()).toMatchObject({
      code: 'ambiguous_platform',
      candidates: ['stripe', 'slack'],
      headers_seen: ['X-Slack-Signature', 'Stripe-Signature'],
    });
  });

  it('no platform header → platform_not_detected with the headers seen; no headers → missing_field', () => {
    const problem = problemFrom(() => detect({ 'Content-Type': 'application/json', 'X-Request-Id': 'r1' }));
    expect(problem.toProblem()).toEqual({
      type: 'urn:problem:platform_not_detected',
      title: 'Platform not detected',
      status: 422,
      detail:
        'platform: no header names a platform; pass platform by name (headers seen: Content-Type, X-Request-Id)',
      code: 'platform_not_detected',
      errors: [
        {
          path: '/platform',
          code: 'platform_not_detected',
          message: 'no header names a platform; pass platform by name',
        },
      ],
      headers_seen: ['Content-Type', 'X-Request-Id'],
      valid: false,
    });
    expect(problemFrom(() => detect({})).toProblem()).toMatchObject({
      code: 'platform_not_detected',
      headers_seen: [],
      detail: 'platform: no header names a platform; pass platform by name (headers seen: none)',
    });
    const missing = problemFrom(() => verifyWebhook({ platform: 'auto', secret: 's', payload: 'p' }));
    expect(missing.toProblem()).toMatchObject({
      status: 400,
      code: 'missing_field',
      detail: 'missing required field: headers. platform "auto" reads the platform from headers',
      errors: [{ path: '/headers', code: 'missing_field' }],
      valid: false,
    });
  });
});

describe('verify with platform "auto"', () => {
  const secret = 'whsec_auto_detect_secret_1';
  const payload = '{\n  "id": "evt_auto",\n  "object": "event"\n}';
  const signed = signWebhook({ platform: 'stripe', secret, payload, timestamp: '1700000000' });

  it('answers as the named platform would, plus detected_platform (AUTO in any case)', () => {
    const named = verifyWebhook({
      platform: 'stripe',
      secret,
      payload,
      headers: signed.headers,
      now: 1700000003,
    });
    for (const platform of ['auto', 'AUTO', ' Auto ']) {
      const auto = verifyWebhook({ platform, secret, payload, headers: signed.headers, now: 1700000003 });
      expect(auto).toEqual({ ...named, detected_platform: 'stripe' });
    }
    expect(named).not.toHaveProperty('detected_platform');
    expect(named.valid).toBe(true);
  });

  it('github from X-Hub-Signature beside X-GitHub-Event checks its sha1=', () => {
    const body = '{"zen":"Design for failure."}';
    const sha1 = `sha1=${createHmac('sha1', 'gh-auto-secret').update(body).digest('hex')}`;
    const result = verifyWebhook({
      platform: 'auto',
      secret: 'gh-auto-secret',
      payload: body,
      headers: { 'X-GitHub-Event': 'push', 'X-Hub-Signature': sha1 },
    });
    expect(result).toMatchObject({ valid: true, scheme: 'github-sha1', detected_platform: 'github' });
  });

  it('a failure is still an answer with detected_platform; sign takes no "auto"', () => {
    const result = verifyWebhook({
      platform: 'auto',
      secret: `${secret}x`,
      payload,
      headers: signed.headers,
    });
    expect(result).toMatchObject({ valid: false, reason: 'signature_mismatch', detected_platform: 'stripe' });
    expect(problemFrom(() => signWebhook({ platform: 'auto', secret, payload })).code).toBe(
      'unknown_platform',
    );
  });
});
