import { describe, expect, it } from 'vitest';
import { app, callTool, type Json, postJson } from './helpers.js';

describe('GET and POST /generate (worked examples)', () => {
  it('computes the EAN-13 check digit and answers a cacheable SVG with a strong ETag', async () => {
    const res = await app.request('/generate?type=ean13&data=400638133393');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    const svg = await res.text();
    expect(res.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(svg).toContain('<title>EAN-13 4006381333931</title>');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  });

  it('answers the JSON form: EAN-13 with its check digit, UPC-A 03600029145 completed to 036000291452', async () => {
    const ean: Json = await (
      await app.request('/generate?type=ean13&data=4006381333931&format=json&quiet_zone=false&text=false')
    ).json();
    expect(ean).toMatchObject({
      type: 'ean13',
      encoded: '4006381333931',
      check_digit: '1',
      checksum: null,
      modules: 95,
      symbol_chars: null,
      code_sets: null,
    });
    const upc: Json = await (
      await postJson('/generate', {
        type: 'upca',
        data: '03600029145',
        format: 'json',
        quiet_zone: false,
        text: false,
      })
    ).json();
    expect(upc).toMatchObject({
      encoded: '036000291452',
      check_digit: '2',
      human_readable: '036000291452',
      modules: 95,
    });
    // The bars themselves (and UPC-A 036000291452 = EAN-13 0036000291452) are checked module by module
    // in test/domain/ean-upc.test.ts and read back by an independent scanner in test/domain/decode-*.
  });

  it.each([
    ['123456', 'C', 3, 44, 88],
    ['12345', 'C,B', null, null, null],
    ['ab12345', 'B,C', null, null, null],
    ['AB1234CD', 'B', null, null, null],
  ])('Code 128 %s → code sets %s', async (data, sets, symbols, checksum, modules) => {
    const body: Json = await (await postJson('/generate', { type: 'code128', data, format: 'json' })).json();
    expect(body.code_sets).toBe(sets);
    if (symbols !== null) expect(body).toMatchObject({ symbol_chars: symbols, checksum, modules });
    expect(body.modules).toBe(11 * body.symbol_chars + 35 + 20); // with the quiet zones
  });

  it('is byte-identical for the same request, and a matching If-None-Match on GET is a 304 with the same headers', async () => {
    const url = '/generate?type=code128&data=Hello%2C%20world&module_width=3';
    const first = await app.request(url);
    const second = await app.request(url);
    const body = await first.text();
    expect(await second.text()).toBe(body);
    const etag = first.headers.get('etag')!;
    expect(second.headers.get('etag')).toBe(etag);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const cached = await app.request(url, { headers: { 'if-none-match': ifNoneMatch } });
      expect(cached.status).toBe(304);
      expect(await cached.text()).toBe('');
      expect(cached.headers.get('etag')).toBe(etag);
      expect(cached.headers.get('cache-control')).toBe('public, max-age=86400');
    }
    expect((await app.request(url, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
    const post = await postJson(
      '/generate',
      { type: 'code128', data: 'Hello, world', module_width: 3 },
      app,
      {
        'if-none-match': etag,
      },
    );
    expect(post.status).toBe(200);
    expect(post.headers.get('etag')).toBe(etag);
  });

  it('percent-encoded control characters work on GET and are left out of the human-readable text', async () => {
    const body: Json = await (await app.request('/generate?type=code128&data=A%01B&format=json')).json();
    expect(body).toMatchObject({ data: 'A\u0001B', human_readable: 'AB' });
    expect(body.svg).not.toContain('\u0001');
  });
});

describe('precise errors', () => {
  it('a wrong check digit is 422 invalid_check_digit, and errors are not cached', async () => {
    const res = await app.request('/generate?type=ean13&data=4006381333930');
    expect(res.status).toBe(422);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toMatchObject({
      code: 'invalid_check_digit',
      detail: 'check digit is 0, expected 1',
    });
  });

  it.each([
    ['/generate?type=code128&data=abc%C3%A9', '/data', 'character "é" (U+00E9) at position 3 is not ASCII'],
    ['/generate?type=ean13&data=1&data=2', '/data', 'is repeated; give each parameter once'],
    ['/generate?type=ean13&data=400638133393&zz=1', '/zz', 'is not a known field'],
    [
      '/generate?type=ean13&data=400638133393&module_width=11',
      '/module_width',
      'must be a whole number from 1 to 10',
    ],
    ['/generate?type=ean13&data=400638133393&text=yes', '/text', 'must be true or false'],
    ['/generate?type=qr&data=1', '/type', undefined],
    ['/generate?type=ean13&data=40063813339', '/data', undefined],
  ])('GET %s → 400 naming %s', async (url, path, message) => {
    const res = await app.request(url);
    expect(res.status).toBe(400);
    const body: Json = await res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.errors[0].path).toBe(path);
    if (message !== undefined) expect(body.errors[0].message).toBe(message);
  });

  it('data as a JSON number is a 400 on POST', async () => {
    const body: Json = await (await postJson('/generate', { type: 'ean13', data: 400638133393 })).json();
    expect(body).toMatchObject({ status: 400, errors: [{ path: '/data' }] });
  });
});

describe('/validate and /check-digit', () => {
  it.each([
    [
      { type: 'ean13', data: '4006381333931' },
      { valid: true, reason: null, check_digit: '1', expected_check_digit: '1' },
    ],
    [
      { type: 'ean13', data: '4006381333930' },
      { valid: false, reason: 'check_digit', check_digit: '0', expected_check_digit: '1' },
    ],
    [
      { type: 'ean13', data: '400638133393' },
      { valid: false, reason: 'length', check_digit: null, expected_check_digit: null },
    ],
    [
      { type: 'upca', data: '03600029145x' },
      { valid: false, reason: 'character', check_digit: null },
    ],
    [
      { type: 'code128', data: 'abc' },
      { valid: true, reason: null, check_digit: null },
    ],
  ])('validate %j', async (input, expected) => {
    const res = await postJson('/validate', input);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ...input, ...expected });
  });

  it.each([
    [
      { type: 'ean13', data: '400638133393' },
      { check_digit: '1', full: '4006381333931', valid: null },
    ],
    [
      { type: 'upca', data: '03600029145' },
      { check_digit: '2', full: '036000291452', valid: null },
    ],
    [
      { type: 'ean13', data: '978030640615' },
      { check_digit: '7', full: '9780306406157', valid: null },
    ],
    [
      { type: 'ean13', data: '501234567890' },
      { check_digit: '0', full: '5012345678900', valid: null },
    ],
    [
      { type: 'ean13', data: '036000291452' },
      { check_digit: '2', full: '0360002914522', valid: null },
    ],
    [
      { type: 'ean13', data: '4006381333930', mode: 'validate' },
      { check_digit: '1', full: '4006381333931', valid: false },
    ],
  ])('check-digit %j', async (input, expected) => {
    expect(await (await postJson('/check-digit', input)).json()).toMatchObject(expected);
  });

  it('refuses code128 and non-digits on /check-digit with 400, never 422', async () => {
    for (const input of [
      { type: 'code128', data: '123' },
      { type: 'ean13', data: '40063813339x' },
    ]) {
      expect((await postJson('/check-digit', input)).status).toBe(400);
    }
  });
});

describe('MCP tools', () => {
  it('generate_barcode answers the JSON form and refuses format (a body-only choice)', async () => {
    const ok = await callTool('generate_barcode', { type: 'ean13', data: '400638133393' });
    expect(ok.result.structuredContent).toMatchObject({ encoded: '4006381333931', check_digit: '1' });
    expect(ok.result.structuredContent.svg).toContain('<svg');
    const withFormat = await callTool('generate_barcode', {
      type: 'ean13',
      data: '400638133393',
      format: 'svg',
    });
    expect(withFormat.result.isError).toBe(true);
  });

  it('validate_barcode and compute_check_digit match REST, and a domain refusal is a tool error', async () => {
    const valid = await callTool('validate_barcode', { type: 'ean13', data: '4006381333931' });
    expect(valid.result.structuredContent.valid).toBe(true);
    const gtin8 = await callTool('compute_check_digit', { type: 'gtin8', data: '9638507' });
    expect(gtin8.result.structuredContent.full).toBe('96385074');
    const wrong = await callTool('generate_barcode', { type: 'ean13', data: '4006381333930' });
    expect(wrong.result.isError).toBe(true);
    expect(JSON.parse(wrong.result.content[1].text)).toMatchObject({
      code: 'invalid_check_digit',
      request_id: expect.any(String),
    });
  });
});
