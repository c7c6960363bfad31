import { createHmac, generateKeyPairSync } from 'node:crypto';
import { createRuntime, testConfig } from '@dus/core';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { listPlatforms, PLATFORM_NAMES } from '../../src/domain/index.js';
import { VERIFY_MAX_BODY_BYTES } from '../../src/operations.js';
import { get, post, request, type TestResponse, verify } from './helpers/client.js';
import { SECRET } from './helpers/secrets.js';

const PROBLEM = 'application/problem+json; charset=utf-8';
const github = (payload: string, secret = SECRET) => ({
  platform: 'github',
  secret,
  payload,
  signature: `sha256=${createHmac('sha256', secret).update(payload).digest('hex')}`,
});

/** A problem+json answer with the given status and code that fails closed (`valid: false`). */
function expectProblem(res: TestResponse, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe(PROBLEM);
  expect(res.json).toMatchObject({
    type: `urn:problem:${code}`,
    status,
    code,
    valid: false,
    request_id: 'http-test',
  });
  expect(typeof res.json.detail).toBe('string');
}

describe('every problem response carries valid: false', () => {
  it('400 invalid_json, with the byte offset', async () => {
    const res = await post('/verify', '{"platform": "github",');
    expectProblem(res, 400, 'invalid_json');
    expect(res.json.offset).toBe(22); // the end of the input
    expectProblem(await post('/verify', ''), 400, 'invalid_json');
  });

  it('400 validation_failed names every offending member (JSON Pointers)', async () => {
    const res = await verify({
      platform: 'github',
      secret: ['ok-secret-1', 7],
      payload: 42,
      signature: 'sha256=00',
      tolerance: -1,
      now: 'yesterday',
      url: 'ftp://example.com/x',
      secrets: 'typo',
    });
    expectProblem(res, 400, 'validation_failed');
    expect(res.json.errors.map((e: { path: string }) => e.path).sort()).toEqual(
      ['/now', '/payload', '/secret', '/secrets', '/tolerance', '/url'].sort(),
    );
    expect(res.json.errors.find((e: { path: string }) => e.path === '/url')).toEqual({
      path: '/url',
      code: 'invalid_url',
      message: 'must be an absolute http(s) URL',
    });
    expect(res.json.errors.find((e: { path: string }) => e.path === '/secrets').code).toBe(
      'unrecognized_key',
    );
  });

  it.each([
    ['an empty secret', { secret: '' }, '/secret'],
    ['an empty rotation list', { secret: [] }, '/secret'],
    ['11 rotated secrets', { secret: Array.from({ length: 11 }, (_, i) => `secret-number-${i}`) }, '/secret'],
    ['an empty secret in the list', { secret: ['a-good-secret', ''] }, '/secret/1'],
    ['a fractional tolerance', { tolerance: 1.5 }, '/tolerance'],
    ['a boolean timestamp', { timestamp: true }, '/timestamp'],
    ['null for an optional member', { url: null }, '/url'],
    ['an unknown algo', { platform: 'generic', algo: 'MD5' }, '/algo'],
    ['mode on a platform other than paypal', { mode: 'hmac' }, '/mode'],
  ])('400 validation_failed for %s', async (_label, patch, path) => {
    const res = await verify({ ...github('{}'), ...patch });
    expectProblem(res, 400, 'validation_failed');
    expect(res.json.errors.map((e: { path: string }) => e.path)).toEqual([path]);
  });

  it('400 unknown_platform lists every supported name', async () => {
    const res = await verify({ ...github('{}'), platform: 'bitbucket' });
    expectProblem(res, 400, 'unknown_platform');
    expect(res.json.detail).toBe(`platform must be one of: ${PLATFORM_NAMES.join(', ')}`);
    expect(res.json.platforms).toEqual([...PLATFORM_NAMES]);
  });

  it('400 missing_field names every absent member, platform included', async () => {
    const none = await verify({ payload: '{}' });
    expectProblem(none, 400, 'missing_field');
    expect(none.json.errors).toEqual([
      { path: '/platform', code: 'missing_field', message: 'platform is required' },
    ]);
    const slack = await verify({ platform: 'slack', payload: '' });
    expectProblem(slack, 400, 'missing_field');
    expect(slack.json.detail).toBe(
      'missing required fields for platform slack: secret, signature, timestamp',
    );
    const paypal = await verify({ platform: 'paypal', payload: '{}', signature: 'x' });
    expectProblem(paypal, 400, 'missing_field');
    expect(paypal.json.detail).toContain('mode: "hmac"');
  });

  it('400 invalid_public_key for a key that is not EC P-256', async () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({
      type: 'spki',
      format: 'pem',
    });
    const body = { platform: 'sendgrid', payload: '[]', signature: 'MEUCIQ==', timestamp: 1 };
    expectProblem(await verify({ ...body, public_key: rsa.toString() }), 400, 'invalid_public_key');
    expectProblem(await verify({ ...body, public_key: 'not a key' }), 400, 'invalid_public_key');
  });

  it('404 not_found', async () => {
    expectProblem(await get('/nope'), 404, 'not_found');
  });

  it('405 method_not_allowed with Allow', async () => {
    const getVerify = await get('/verify');
    expectProblem(getVerify, 405, 'method_not_allowed');
    expect(getVerify.headers.get('allow')).toBe('POST, OPTIONS');
    const postPlatforms = await post('/platforms', '{}');
    expectProblem(postPlatforms, 405, 'method_not_allowed');
    expect(postPlatforms.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('415 unsupported_media_type for a raw webhook body or a non-UTF-8 charset', async () => {
    const form = await post('/verify', 'a=1', { 'content-type': 'application/x-www-form-urlencoded' });
    expectProblem(form, 415, 'unsupported_media_type');
    const latin1 = await post('/verify', '{}', { 'content-type': 'application/json; charset=latin1' });
    expectProblem(latin1, 415, 'unsupported_media_type');
  });

  it(`413 payload_too_large above ${VERIFY_MAX_BODY_BYTES} bytes, from Content-Length before reading`, async () => {
    const res = await post('/verify', '{}', { 'content-length': String(VERIFY_MAX_BODY_BYTES + 1) });
    expectProblem(res, 413, 'payload_too_large');
    expect(res.json.detail).toContain(`${VERIFY_MAX_BODY_BYTES} bytes`);
    expect(res.json.limit_bytes).toBe(VERIFY_MAX_BODY_BYTES);
  });

  it('413 for a chunked body, while streaming (never buffering more than the limit)', async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(0x20);
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        if (pulls > 64) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const res = await request('/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expectProblem(res, 413, 'payload_too_large');
    expect(pulls).toBeLessThanOrEqual(VERIFY_MAX_BODY_BYTES / chunk.byteLength + 3);
  });
});

describe('body limit of /verify', () => {
  it('accepts a 2 MiB delivery (over the 1 MiB default of other routes)', async () => {
    const payload = JSON.stringify({ blob: 'x'.repeat(2 * 1024 * 1024) });
    const res = await verify(github(payload));
    expect(res.json).toMatchObject({ valid: true });
  });

  it('accepts a 25 MB push delivery (GitHub’s maximum), JSON-escaped into the request', async () => {
    const commit = (i: number) => ({
      id: createHmac('sha1', 'id').update(String(i)).digest('hex'),
      distinct: true,
      message: `Fix #${i}: handle "quoted" names in C:\\paths`,
      timestamp: '2024-05-01T12:00:00+02:00',
      url: `https://github.com/octo/repo/commit/${i}`,
      author: { name: 'Octo Cat', email: 'octo@example.com', username: 'octocat' },
      added: ['src/new.ts'],
      removed: [],
      modified: ['README.md', 'src/index.ts'],
    });
    const parts: string[] = [];
    let size = 0;
    for (let i = 0; size < 25_000_000 - 1000; i++) {
      const text = JSON.stringify(commit(i));
      parts.push(text);
      size += text.length + 1;
    }
    const payload = `{"ref":"refs/heads/main","commits":[${parts.join(',')}]}`;
    expect(payload.length).toBeGreaterThan(24_900_000);
    expect(payload.length).toBeLessThanOrEqual(25_000_000);
    const body = JSON.stringify(github(payload));
    expect(body.length).toBeGreaterThan(VERIFY_MAX_BODY_BYTES * 0.75);
    expect(body.length).toBeLessThanOrEqual(VERIFY_MAX_BODY_BYTES);
    const res = await post('/verify', body);
    expect(res.json).toMatchObject({ valid: true });
  });
});

describe('standard endpoints', () => {
  it('GET / lists the service, links to /openapi.json and /docs, and the operations with /platforms', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      name: 'a-webhook',
      version: '1.0.0',
      title: 'Webhook signature verification',
    });
    expect(res.json.description).toMatch(/of 37 platforms \(stripe, github, .*, cloudflare, .*, generic\)/);
    expect(res.json.links).toEqual({
      health: '/health',
      version: '/version',
      openapi: '/openapi.json',
      docs: '/docs',
      mcp: '/mcp',
      platforms: '/platforms',
      verify: '/verify',
      sign: '/sign',
      handshake: '/handshake',
    });
    expect(res.json.operations).toEqual([
      { method: 'POST', path: '/verify', summary: expect.any(String), mcp_tool: 'verify_webhook' },
      { method: 'GET', path: '/platforms', summary: expect.any(String), mcp_tool: 'list_platforms' },
      { method: 'POST', path: '/sign', summary: expect.any(String), mcp_tool: 'sign_webhook' },
      { method: 'POST', path: '/handshake', summary: expect.any(String), mcp_tool: 'answer_handshake' },
    ]);
  });

  it('GET /platforms: one entry per platform name, with exactly the fields of the spec', async () => {
    const res = await get('/platforms');
    expect(res.status).toBe(200);
    expect(res.json.count).toBe(PLATFORM_NAMES.length);
    expect(res.json.platforms.map((p: { name: string }) => p.name)).toEqual([...PLATFORM_NAMES]);
    for (const platform of res.json.platforms) {
      expect(Object.keys(platform)).toEqual([
        'name',
        'kind',
        'scheme',
        'algorithm',
        'encoding',
        'signature_header',
        'timestamp_header',
        'required_fields',
        'optional_fields',
        'default_tolerance_s',
      ]);
    }
    expect(res.json).toEqual(listPlatforms());
    expect(res.json.platforms.find((p: { name: string }) => p.name === 'paddle')).toEqual({
      name: 'paddle',
      kind: 'subscription billing',
      scheme: 'paddle-h1',
      algorithm: 'HMAC-SHA256',
      encoding: 'hex',
      signature_header: 'Paddle-Signature',
      timestamp_header: 'Paddle-Signature',
      required_fields: ['secret', 'payload', 'signature'],
      optional_fields: ['tolerance', 'now'],
      default_tolerance_s: 5,
    });
  });

  it('GET /health, /version (OpenAPI 3.0.3), /docs', async () => {
    expect((await get('/health')).json).toMatchObject({
      status: 'ok',
      service: 'a-webhook',
      version: '1.0.0',
    });
    expect((await get('/version')).json).toEqual({
      service: 'a-webhook',
      version: '1.0.0',
      openapi: '3.0.3',
      mcp_protocol: '2025-11-25',
      node: process.version,
    });
    const docs = await get('/docs');
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toContain('text/html');
    expect(docs.text).toContain('/openapi.json');
  });

  it('/health answers 503 while draining', async () => {
    const config = testConfig();
    const runtime = createRuntime(config, 'a-webhook', '1.0.0');
    const draining = createApp(config, { runtime });
    runtime.lifecycle.draining = true;
    const res = await request('/health', {}, draining);
    expect(res.status).toBe(503);
    expect(res.json.status).toBe('shutting_down');
  });

  it('responses carry X-Request-Id, nosniff, no-store and CORS', async () => {
    const res = await verify(github('{}'));
    expect(res.headers.get('x-request-id')).toBe('http-test');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const cors = await get('/platforms', { origin: 'https://example.com' });
    expect(cors.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('leniency the domain offers, kept through HTTP', () => {
  it('platform, algo and encoding names in any case', async () => {
    const payload = '{"a":1}';
    const signature = createHmac('sha512', SECRET).update(payload).digest('base64');
    const res = await verify({
      platform: ' Generic ',
      secret: SECRET,
      payload,
      signature,
      algo: 'sha512',
      encoding: 'BASE64',
    });
    expect(res.json).toMatchObject({
      valid: true,
      platform: 'generic',
      algorithm: 'HMAC-SHA512',
      encoding: 'base64',
    });
  });

  it('a non-integer numeric timestamp is evaluated: 200 invalid_timestamp', async () => {
    const payload = 'token=x';
    const ts = '1700000000.5';
    const signature = `v0=${createHmac('sha256', SECRET).update(`v0:${ts}:${payload}`).digest('hex')}`;
    const res = await verify({
      platform: 'slack',
      secret: SECRET,
      payload,
      signature,
      timestamp: 1700000000.5,
    });
    expect(res.json).toMatchObject({ valid: false, reason: 'invalid_timestamp', matched_signature_index: 0 });
  });
});
