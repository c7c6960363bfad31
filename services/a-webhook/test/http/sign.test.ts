/**
 * POST /sign and MCP sign_webhook on the built server over a real socket: REST and the tool agree, /verify
 * accepts what /sign produced, problems are exact, and no answer, problem or log line holds a secret.
 */
import { describe, expect, it } from 'vitest';
import { SIGNABLE_PLATFORMS } from '../../src/domain/index.js';
import { restAndTool, useBuiltServer } from './helpers/built.js';
import { registerSecrets } from './helpers/recorder.js';

const built = useBuiltServer();
const sign = (body: Record<string, unknown>) => restAndTool(built(), 'sign_webhook', '/sign', body);
const verify = (body: Record<string, unknown>) => restAndTool(built(), 'verify_webhook', '/verify', body);

const SECRET = 'socket-sign-secret-5c1e9a7f3b';
const WHSEC = `whsec_${Buffer.from('socket-sign standard webhooks key').toString('base64')}`;
const WHSK = `whsk_${Buffer.alloc(32, 9).toString('base64')}`;
const PAYLOAD = '{"event":"order.paid","id":42}';

describe('sign_webhook over REST and MCP on the built server', () => {
  it('GitHub’s vector, exactly', async () => {
    const { status, json } = await sign({
      platform: 'github',
      secret: "It's a Secret to Everybody",
      payload: 'Hello, World!',
    });
    expect(status).toBe(200);
    expect(json).toEqual({
      platform: 'github',
      scheme: 'github-sha256',
      signature: 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
      headers: {
        'X-Hub-Signature-256': 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
      },
      timestamp: null,
      webhook_id: null,
    });
  });

  it('standard-webhooks with a whsec_ secret and a whsk_ key: /verify finds the headers valid', async () => {
    registerSecrets(WHSK);
    const body = {
      platform: 'standard-webhooks',
      secret: [WHSEC, WHSK],
      payload: PAYLOAD,
      webhook_id: 'msg_socket',
      timestamp: '1700000000',
    };
    const { json } = await sign(body);
    expect(json.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}= v1a,[A-Za-z0-9+/]{86}==$/);
    const checked = await verify({
      platform: 'standard-webhooks',
      secret: WHSEC,
      payload: PAYLOAD,
      headers: json.headers,
      now: 1700000001,
    });
    expect(checked.json).toMatchObject({
      valid: true,
      scheme: 'standard-webhooks-v1',
      signatures_found: 1,
      ignored: ['v1a'],
    });
  });

  it('every signable platform round-trips through /verify over the socket', async () => {
    const extra: Record<string, Record<string, string>> = {
      twilio: { url: 'https://example.com/t' },
      hubspot: { url: 'https://example.com/h' },
      square: { url: 'https://example.com/s' },
      mailchimp: { url: 'https://example.com/m' },
      paypal: { mode: 'hmac' },
      'standard-webhooks': { webhook_id: 'msg_1' },
      svix: { webhook_id: 'msg_1' },
      twitch: { webhook_id: 'msg_1' },
      openai: { webhook_id: 'msg_1' },
      replicate: { webhook_id: 'msg_1' },
      polar: { webhook_id: 'msg_1' },
    };
    const base64Secret = ['standard-webhooks', 'svix', 'replicate'];
    for (const platform of SIGNABLE_PLATFORMS) {
      const secret = base64Secret.includes(platform) ? WHSEC : SECRET;
      const payload = platform === 'twilio' || platform === 'mailchimp' ? 'a=1&b=2' : PAYLOAD;
      const input = { platform, secret, payload, ...extra[platform] };
      const signed = await sign({
        ...input,
        timestamp:
          platform === 'zendesk' || platform === 'twitch'
            ? '2023-11-14T22:13:20Z'
            : platform === 'hubspot' || platform === 'webflow'
              ? '1700000000000'
              : '1700000000',
      });
      expect(signed.status, platform).toBe(200);
      const checked = await verify({
        ...input,
        signature: signed.json.signature,
        ...(signed.json.timestamp === null ? {} : { timestamp: signed.json.timestamp }),
        now: 1700000000,
      });
      expect(checked.json, platform).toMatchObject({ valid: true, scheme: signed.json.scheme });
    }
  });

  it('problems: not_signable 422 on /platform, a member /sign does not take, a list where one secret is signed', async () => {
    const discord = await sign({ platform: 'discord', secret: SECRET, payload: PAYLOAD });
    expect(discord.status).toBe(422);
    expect(discord.json).toMatchObject({
      type: 'urn:problem:not_signable',
      code: 'not_signable',
      valid: false,
      errors: [{ path: '/platform', code: 'not_signable' }],
    });
    const other = await sign({ platform: 'github', secret: SECRET, payload: PAYLOAD, signature: 'x' });
    expect(other.status).toBe(400);
    expect(other.json).toMatchObject({ code: 'validation_failed', errors: [{ path: '/signature' }] });
    const list = await sign({ platform: 'github', secret: [SECRET, `${SECRET}-2`], payload: PAYLOAD });
    expect(list.json).toMatchObject({
      status: 400,
      errors: [{ path: '/secret', message: 'must be one secret (a string) for github' }],
    });
    const id = await sign({ platform: 'svix', secret: WHSEC, payload: PAYLOAD, webhook_id: 'a.b' });
    expect(id.json).toMatchObject({ status: 400, errors: [{ path: '/webhook_id' }] });
  });
});
