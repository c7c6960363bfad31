/**
 * Next II on the built server, REST and MCP alike (each call is asked of both, which must agree): every
 * handshake flow byte for byte, the new `auto` rules, auto's bounded `headers_seen`, and empty secrets → 400
 * naming /secret on /verify, /sign and /handshake.
 */
import { createHmac } from 'node:crypto';
import { bothSurfaces } from '@dus/testing';
import { HANDSHAKE_PLATFORMS } from '../../src/domain/index.js';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_PAYLOAD, exampleHeaders, NEXT_BY_NAME, NEXT_NOW } from '../domain/helpers/next-platforms.js';
import { restAndTool, useBuiltServer } from './helpers/built.js';
import { app } from './helpers/client.js';

const built = useBuiltServer();
const call = (tool: string, path: string) => (body: Record<string, unknown>) =>
  restAndTool(built(), tool, path, body);
const handshake = call('answer_handshake', '/handshake');
const verify = call('verify_webhook', '/verify');
const sign = call('sign_webhook', '/sign');

const hex = (key: string, data: string) => createHmac('sha256', key).update(data).digest('hex');
const TEXT = 'text/plain; charset=utf-8';

describe('POST /handshake = answer_handshake', () => {
  it('zoom: the worked example, byte for byte', async () => {
    const payload = '{"event":"endpoint.url_validation","payload":{"plainToken":"qgg8vlvZRS6UYooatFL8Aw"}}';
    const secret = 'zoom-secret-token-7c1e';
    const { status, json } = await handshake({
      platform: 'zoom',
      headers: {
        'x-zm-request-timestamp': '1700000000',
        'x-zm-signature': `v0=${hex(secret, `v0:1700000000:${payload}`)}`,
      },
      payload,
      secret,
      now: NEXT_NOW,
    });
    expect(status).toBe(200);
    expect(json.response).toEqual({
      status: 200,
      content_type: 'application/json',
      headers: {},
      body: '{"plainToken":"qgg8vlvZRS6UYooatFL8Aw","encryptedToken":"2559017874325ca591f1b74fde734b3500fb756e8b2873294d7dc95d3618ba11"}',
    });
    expect(json).toMatchObject({
      platform: 'zoom',
      flow: 'endpoint.url_validation',
      handshake: true,
      verified: true,
      reason: null,
    });
  });

  it('the text flows, a refusal and a request that is not the check', async () => {
    const meta = await handshake({
      platform: 'META',
      method: 'get',
      query: { 'hub.mode': 'subscribe', 'hub.challenge': '1158201444', 'hub.verify_token': 'token-of-mine' },
      secret: 'token-of-mine',
    });
    expect(meta.json.response).toEqual({
      status: 200,
      content_type: TEXT,
      headers: { 'X-Content-Type-Options': 'nosniff' },
      body: '1158201444',
    });
    const graph = await handshake({ platform: 'microsoft-graph', query: { validationToken: 'a <b> & "c"' } });
    expect(graph.json.response.body).toBe('a <b> & "c"');
    const refused = await handshake({
      platform: 'twitch',
      headers: { 'Twitch-Eventsub-Message-Type': 'webhook_callback_verification' },
      payload: '{"challenge":"abc"}',
      secret: 'twitch-secret-12345',
    });
    expect(refused.json).toEqual({
      platform: 'twitch',
      flow: 'webhook_callback_verification',
      handshake: true,
      verified: false,
      reason: 'missing_signature',
      message:
        'the signature check needs the headers Twitch-Eventsub-Message-Signature, Twitch-Eventsub-Message-Timestamp, ' +
        'Twitch-Eventsub-Message-Id; refuse it with 403',
      response: {
        status: 403,
        content_type: TEXT,
        headers: { 'X-Content-Type-Options': 'nosniff' },
        body: 'Forbidden',
      },
    });
    const event = await handshake({ platform: 'discord', payload: '{"type":2}' });
    expect(event.json).toMatchObject({
      handshake: false,
      reason: 'not_a_handshake',
      verified: null,
      response: null,
    });
  });

  it('problems: unknown platform, a missing key, a bad key, another member, a bad query', async () => {
    const unknown = await handshake({ platform: 'stripe' });
    expect(unknown).toMatchObject({ status: 400, json: { code: 'unknown_platform', valid: false } });
    const missing = await handshake({
      platform: 'zoom',
      payload: '{"event":"endpoint.url_validation","payload":{"plainToken":"p"}}',
    });
    expect(missing).toMatchObject({
      status: 400,
      json: { code: 'missing_field', errors: [{ path: '/secret' }], valid: false },
    });
    const badKey = await handshake({ platform: 'discord', payload: '{"type":1}', public_key: 'not hex' });
    expect(badKey).toMatchObject({ status: 400, json: { code: 'invalid_public_key', valid: false } });
    const other = await handshake({ platform: 'slack', signature: 'v0=00' });
    expect(other).toMatchObject({ status: 400, json: { code: 'validation_failed', valid: false } });
    expect(other.json.errors.map((e: { path: string }) => e.path)).toEqual(['/signature']);
    const query = await handshake({ platform: 'dropbox', query: { challenge: 7 } });
    expect(query).toMatchObject({
      status: 400,
      json: { errors: [{ path: '/query/challenge' }], valid: false },
    });
  });

  it('the same argument bytes give the same outcome on both surfaces (the repo’s parity helper)', async () => {
    const target = { path: '/handshake', tool: 'answer_handshake', mcpPath: '/mcp' };
    for (const args of [
      '{"platform":"dropbox","method":"GET","query":{"challenge":"c1"}}',
      '{"platform":"slack","payload":"{\\"type\\":\\"url_verification\\",\\"challenge\\":\\"x\\"}"}',
      '{"platform":"nope"}',
      '{"platform":"meta","secret":""}',
      '{"platform":"meta","query":[]}',
      '{"platform":"meta","payload":"a","payload_base64":"YQ=="}',
    ]) {
      const { rest, mcp } = await bothSurfaces(app, target, args);
      // Each surface's problem names its own request id.
      const id = (outcome: typeof rest) =>
        outcome.kind === 'problem' ? { ...outcome, request_id: 'id' } : outcome;
      expect(id(mcp), args).toEqual(id(rest));
    }
  });
});

describe('answer_handshake is documented from the flow table', () => {
  it('its platform member lists the handshake platforms, in the tool and in OpenAPI', async () => {
    const { tools } = await built().client.listTools();
    const tool = tools.find((one) => one.name === 'answer_handshake')!;
    const properties = tool.inputSchema.properties as Record<string, { enum?: string[] }>;
    expect(properties.platform!.enum).toEqual([...HANDSHAKE_PLATFORMS]);
    // biome-ignore lint/suspicious/noExplicitAny: the document inspected field by field
    const document: any = await (await app.request('/openapi.json')).json();
    const ref: string = document.paths['/handshake'].post.requestBody.content['application/json'].schema.$ref;
    const body = document.components.schemas[ref.replace('#/components/schemas/', '')];
    expect(body.properties.platform.enum).toEqual([...HANDSHAKE_PLATFORMS]);
    expect(document.paths['/handshake'].post.description).toContain('- `meta` subscribe (GET): ');
  });
});

describe('platform "auto": the Next II rules', () => {
  const auto = (headers: Record<string, string>, extra: Record<string, unknown> = {}) =>
    verify({ platform: 'auto', secret: 'some-secret-123', payload: '{}', headers, ...extra });

  it('each new header names its platform; the worked examples verify as detected', async () => {
    for (const name of ['zoom', 'twitch', 'woocommerce', 'elevenlabs', 'webflow', 'calendly', 'mux']) {
      const fixture = NEXT_BY_NAME.get(name)!;
      const { status, json } = await auto(exampleHeaders(fixture), {
        secret: fixture.example.secret,
        payload: EXAMPLE_PAYLOAD,
        now: NEXT_NOW,
      });
      expect(status, name).toBe(200);
      expect(json, name).toMatchObject({ valid: true, detected_platform: name, platform: name });
    }
  });

  it('X-Signature: lemonsqueezy beside X-Event-Name, else segment', async () => {
    expect(
      (await auto({ 'X-Signature': 'ab', 'X-Event-Name': 'order_created' })).json.detected_platform,
    ).toBe('lemonsqueezy');
    expect((await auto({ 'x-signature': 'ab' })).json.detected_platform).toBe('segment');
  });

  it('X-Hub-Signature-256: github beside an X-GitHub-* header, else ambiguous (github, meta)', async () => {
    const meta = NEXT_BY_NAME.get('meta')!;
    const alone = await auto(exampleHeaders(meta), { secret: meta.example.secret, payload: EXAMPLE_PAYLOAD });
    expect(alone).toMatchObject({
      status: 422,
      json: {
        code: 'ambiguous_platform',
        candidates: ['github', 'meta'],
        headers_seen: ['X-Hub-Signature-256'],
        valid: false,
      },
    });
    const github = await auto({ ...exampleHeaders(meta), 'x-github-delivery': 'd1' });
    expect(github.json.detected_platform).toBe('github');
    const named = await verify({
      platform: 'meta',
      secret: meta.example.secret,
      payload: EXAMPLE_PAYLOAD,
      headers: exampleHeaders(meta),
    });
    expect(named.json).toMatchObject({ valid: true, platform: 'meta' });
  });

  it('webhook-signature stays standard-webhooks: openai, replicate and polar must be named', async () => {
    const openai = NEXT_BY_NAME.get('openai')!;
    const { json } = await auto(exampleHeaders(openai), {
      secret: openai.example.secret,
      payload: EXAMPLE_PAYLOAD,
      now: NEXT_NOW,
    });
    expect(json).toMatchObject({ detected_platform: 'standard-webhooks' });
  });

  it('headers_seen is bounded: 100 names of 256 characters → 20 names of 64 characters and the total', async () => {
    const headers = Object.fromEntries(
      Array.from({ length: 100 }, (_, i) => [`X-${String(i).padStart(3, '0')}-${'n'.repeat(250)}`, 'v']),
    );
    const { status, json } = await auto(headers);
    expect(status).toBe(422);
    expect(json.headers_seen).toHaveLength(20);
    for (const name of json.headers_seen) expect(name.length).toBeLessThanOrEqual(64);
    expect(json.headers_seen[0]).toBe(`X-000-${'n'.repeat(57)}…`);
    expect(json.headers_seen_total).toBe(100);
    expect(json.detail).toMatch(/ and 80 more\)$/);
    // Was 51.9 KB before the bound (issue #43): now about 3 KB whatever the names.
    expect(JSON.stringify(json).length).toBeLessThan(4000);
  });
});

describe('empty secrets → 400 naming /secret, never a mismatch', () => {
  const base = { payload: '{}', signature: 'v1,AAAA', webhook_id: 'msg_1', timestamp: NEXT_NOW };

  it.each(['standard-webhooks', 'svix', 'openai', 'replicate', 'polar'])(
    '%s: "whsec_" alone, as a string or in a list',
    async (platform) => {
      const one = await verify({ platform, ...base, secret: 'whsec_' });
      expect(one).toMatchObject({ status: 400, json: { code: 'validation_failed', valid: false } });
      expect(one.json.errors).toEqual([
        { path: '/secret', code: 'too_small', message: 'must not be empty after the whsec_ prefix' },
      ]);
      const list = await verify({ platform, ...base, secret: ['whsec_QUJD', 'whsec_'] });
      expect(list.json.errors).toEqual([
        { path: '/secret/1', code: 'too_small', message: 'must not be empty after the whsec_ prefix' },
      ]);
      const signed = await sign({ platform, payload: '{}', webhook_id: 'msg_1', secret: 'whsec_' });
      expect(signed).toMatchObject({
        status: 400,
        json: { errors: [{ path: '/secret', message: expect.stringContaining('empty') }] },
      });
    },
  );

  it('"" anywhere, and a "whsk_" key with nothing after it on /sign', async () => {
    for (const [run, body] of [
      [verify, { platform: 'github', payload: '{}', signature: 'sha256=00', secret: '' }],
      [sign, { platform: 'zoom', payload: '{}', secret: '' }],
      [handshake, { platform: 'slack', secret: ['a-secret-123', ''] }],
    ] as const) {
      const { status, json } = await run(body);
      expect(status).toBe(400);
      expect(json.errors[0].path).toMatch(/^\/secret(\/1)?$/);
      expect(json.errors[0].message).toContain('empty');
    }
    const whsk = await sign({
      platform: 'standard-webhooks',
      payload: '{}',
      webhook_id: 'm',
      secret: ['whsec_QUJD', 'whsk_'],
    });
    expect(whsk.json.errors).toEqual([
      { path: '/secret/1', code: 'too_small', message: 'must not be empty after the whsk_ prefix' },
    ]);
  });
});
