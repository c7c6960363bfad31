import { describe, expect, it } from 'vitest';
import { app, BASE, get, json, makeApp, post } from './helpers.js';

describe('HTTP conventions: every status code of docs/conventions.md §3 from a real request', () => {
  it('400 invalid_json for malformed JSON, with line and column', async () => {
    const res = await post('/v1/canonicalize', '{"value": [1, 2}');
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      type: 'urn:problem:invalid_json',
      status: 400,
      code: 'invalid_json',
      offset: 15,
    });
    expect(res.json.request_id).toBe(res.headers.get('x-request-id'));
    expect(res.json.detail).toMatch(/15|column 16/);
  });

  it('400 invalid_json for an empty body', async () => {
    const res = await post('/v1/canonicalize', '');
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('invalid_json');
  });

  it('400 validation_failed names every offending path', async () => {
    const res = await post('/v1/idempotency-key', '{"length":"x","prefix":"a b"}');
    expect(res.status).toBe(400);
    expect(res.json.errors.map((error: { path: string }) => error.path).sort()).toEqual([
      '/length',
      '/prefix',
      '/value',
    ]);
  });

  it('404 not_found as problem+json', async () => {
    const res = await get('/v1/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(JSON.parse(res.text).code).toBe('not_found');
    const outside = await app.request('/health');
    expect(outside.status).toBe(404);
  });

  it('405 with Allow for a known path and wrong method', async () => {
    const res = await get('/v1/digest');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST, OPTIONS');
    expect(JSON.parse(res.text).code).toBe('method_not_allowed');
    const health = await app.request(`${BASE}/health`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(health.status).toBe(405);
    expect(health.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('413 by Content-Length, before reading the body', async () => {
    const small = makeApp({ maxBodyBytes: 64 });
    const res = await small.request(`${BASE}/v1/canonicalize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '100' },
      body: `{"value":"${'x'.repeat(88)}"}`,
    });
    expect(res.status).toBe(413);
    const body = await json(res);
    expect(body.code).toBe('payload_too_large');
    expect(body.detail).toContain('64 bytes');
  });

  it('413 for a chunked body without Content-Length, while streaming', async () => {
    const small = makeApp({ maxBodyBytes: 64 });
    let pulls = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        if (pulls > 1000) controller.close();
        else controller.enqueue(new TextEncoder().encode('[1,2,3,4,5,6,7,8,9,10]'));
      },
    });
    const res = await small.request(`${BASE}/v1/canonicalize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(pulls).toBeLessThan(10);
  });

  it('415 for a non-JSON Content-Type, or none', async () => {
    const res = await post('/v1/canonicalize', '{"value":1}', { 'content-type': 'text/plain' });
    expect(res.status).toBe(415);
    expect(res.json.code).toBe('unsupported_media_type');
    const none = await app.request(`${BASE}/v1/canonicalize`, {
      method: 'POST',
      body: new Uint8Array([0x31]),
    });
    expect(none.status).toBe(415);
    const latin1 = await post('/v1/canonicalize', '{"value":1}', {
      'content-type': 'application/json; charset=latin1',
    });
    expect(latin1.status).toBe(415);
    const utf8 = await post('/v1/canonicalize', '{"value":1}', {
      'content-type': 'application/json; charset=UTF-8',
    });
    expect(utf8.status).toBe(200);
  });

  it('422 rows: duplicate_key, invalid_unicode, number_out_of_range, fields_not_applicable', async () => {
    expect((await post('/v1/digest', '{"value":{"a":1,"a":1}}')).json.code).toBe('duplicate_key');
    expect((await post('/v1/digest', '{"text":"\\ud800"}')).json.code).toBe('invalid_unicode');
    expect((await post('/v1/digest', '{"value":1e400}')).json.code).toBe('number_out_of_range');
    expect((await post('/v1/idempotency-key', '{"value":"s","fields":["a"]}')).json.code).toBe(
      'fields_not_applicable',
    );
  });

  it('every response carries X-Request-Id, nosniff and no-store; a sane request id is echoed', async () => {
    const res = await get('/health', { 'x-request-id': 'trace-123' });
    expect(res.headers.get('x-request-id')).toBe('trace-123');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const insane = await get('/health', { 'x-request-id': 'bad id with spaces' });
    expect(insane.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const long = await get('/health', { 'x-request-id': 'a'.repeat(129) });
    expect(long.headers.get('x-request-id')).not.toBe('a'.repeat(129));
  });

  it('CORS: * by default, preflight answered, allow-list honoured', async () => {
    const res = await get('/health', { origin: 'https://example.com' });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const preflight = await app.request(`${BASE}/v1/digest`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    const listed = makeApp({ corsOrigins: ['https://app.example.com'] });
    const allowed = await listed.request(`${BASE}/health`, {
      headers: { origin: 'https://app.example.com' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    const denied = await listed.request(`${BASE}/health`, { headers: { origin: 'https://evil.example' } });
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('standard endpoints: /health, /version, /, /docs', async () => {
    const health = JSON.parse((await get('/health')).text);
    expect(health).toMatchObject({ status: 'ok', service: 'g-canonical', version: '1.1.0' });
    expect(typeof health.uptime_s).toBe('number');
    expect(JSON.parse((await get('/version')).text)).toEqual({
      service: 'g-canonical',
      version: '1.1.0',
      openapi: '3.1.0',
      mcp_protocol: '2025-11-25',
      node: process.version,
    });
    const root = JSON.parse((await get('/')).text);
    expect(root.links.docs).toBe(`${BASE}/docs`);
    expect(root.operations.map((op: { path: string }) => op.path)).toEqual([
      `${BASE}/v1/canonicalize`,
      `${BASE}/v1/digest`,
      `${BASE}/v1/idempotency-key`,
      `${BASE}/v1/verify-digest`,
      `${BASE}/v1/compare`,
      `${BASE}/v1/keyed-digest`,
      `${BASE}/v1/patch`,
      `${BASE}/v1/sign`,
      `${BASE}/v1/verify-signature`,
    ]);
    const docs = await get('/docs');
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toContain('text/html');
    expect(docs.text).toContain(`${BASE}/openapi.json`);
    const bundle = await get('/docs/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.text.length).toBeGreaterThan(100_000);
  });

  it('/health is 503 shutting_down while draining', async () => {
    const { createApp } = await import('../src/app.js');
    const { createRuntime, testConfig } = await import('@dus/core');
    const config = testConfig();
    const runtime = createRuntime(config, 'g-canonical', '1.1.0');
    const draining = createApp(config, { runtime });
    runtime.lifecycle.draining = true;
    const res = await draining.request(`${BASE}/health`);
    expect(res.status).toBe(503);
    expect((await json(res)).status).toBe('shutting_down');
  });
});
