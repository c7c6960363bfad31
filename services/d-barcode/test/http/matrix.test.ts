// The 2D types and GS1 Digital Link over HTTP and MCP: caching (ETag, 304 on GET and HEAD), query options,
// PNG through the worker pool, the Digital Link routes and their refusals, MCP equal to REST.
import { describe, expect, it, vi } from 'vitest';
import { decodeMatrixPng, decodeMatrixSvg } from '../domain/helpers/matrix-decode.js';
import { app, callTool, type Json, postJson } from './helpers.js';

// Wasm readers and writers over many symbols: seconds each on two busy cores.
vi.setConfig({ testTimeout: 60_000 });

describe('GET /generate for the 2D types', () => {
  it('answers a cacheable SVG with a strong ETag; If-None-Match gives 304 on GET and on HEAD', async () => {
    const url = '/generate?type=qrcode&data=HELLO%20WORLD&ec_level=Q&module_width=3';
    const res = await app.request(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    const etag = res.headers.get('etag')!;
    const svg = await res.text();
    expect(svg).toContain('<title>QR Code HELLO WORLD</title>');
    expect((await decodeMatrixSvg(svg)).map((d) => [d.text, d.version, d.ecLevel])).toEqual([
      ['HELLO WORLD', '1', 'Q'],
    ]);
    for (const method of ['GET', 'HEAD']) {
      const cached = await app.request(url, { method, headers: { 'if-none-match': etag } });
      expect({ method, status: cached.status }).toEqual({ method, status: 304 });
      expect(cached.headers.get('etag')).toBe(etag);
      expect(cached.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(await cached.text()).toBe('');
    }
    const head = await app.request(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
  });

  it('HEAD with a matching If-None-Match is a 304 for the linear symbols too (issue #43)', async () => {
    const url = '/generate?type=ean13&data=400638133393';
    const etag = (await app.request(url)).headers.get('etag')!;
    const head = await app.request(url, { method: 'HEAD', headers: { 'if-none-match': etag } });
    expect(head.status).toBe(304);
    expect(head.headers.get('etag')).toBe(etag);
    const other = await app.request(url, { method: 'HEAD', headers: { 'if-none-match': '"other"' } });
    expect(other.status).toBe(200);
    // POST is never conditional.
    const post = await postJson('/generate', { type: 'ean13', data: '400638133393' }, app, {
      'if-none-match': etag,
    });
    expect(post.status).toBe(200);
  });

  it('takes ec_level, version and size from the query; the JSON form has matrix', async () => {
    const qr: Json = await (
      await app.request('/generate?type=qrcode&data=abc&ec_level=H&version=3&format=json')
    ).json();
    expect(qr.matrix).toMatchObject({
      rows: 29,
      version: 3,
      ec_level: 'H',
      segments: [{ mode: 'byte', chars: 3 }],
    });
    const dm: Json = await (
      await app.request('/generate?type=datamatrix&data=abc&size=12x36&format=json')
    ).json();
    expect(dm.matrix).toMatchObject({ rows: 12, columns: 36, version: null });
    const gs1: Json = await (
      await app.request(
        `/generate?type=gs1-datamatrix&data=${encodeURIComponent('(01)09520123456788(10)ABC1(17)261231')}&format=json`,
      )
    ).json();
    expect(gs1).toMatchObject({ encoded: '010952012345678810ABC1\u001d17261231', matrix: { rows: 20 } });
  });

  it.each([
    ['/generate?type=qrcode&data=x&version=x', '/version'],
    ['/generate?type=qrcode&data=x&version=41', '/version'],
    ['/generate?type=qrcode&data=x&ec_level=m', '/ec_level'],
    ['/generate?type=datamatrix&data=x&size=13x13', '/size'],
    ['/generate?type=datamatrix&data=x&ec_level=L', '/ec_level'],
    ['/generate?type=qrcode&data=x&height=20', '/height'],
    ['/generate?type=qrcode&data=x&version=2&version=3', '/version'],
  ])('%s → 400 naming %s', async (url, path) => {
    const res = await app.request(url);
    expect(res.status).toBe(400);
    const body: Json = await res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.errors.map((error: { path: string }) => error.path)).toContain(path);
  });

  it('a symbol over capacity is 422 data_too_long on /data', async () => {
    const res = await postJson('/generate', { type: 'qrcode', data: 'a'.repeat(2332) });
    expect(res.status).toBe(422);
    const body: Json = await res.json();
    expect(body).toMatchObject({ code: 'data_too_long', errors: [{ path: '/data', code: 'data_too_long' }] });
    expect(body.detail).toContain('QR Code version 40-M holds 18672 bits');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('output=png is drawn in the worker pool: image/png, 304, and ZXing-C++ reads it', async () => {
    const url = `/generate?type=dl-datamatrix&data=${encodeURIComponent('https://id.gs1.org/01/09520123456788/10/ABC1?17=261231')}&output=png&x_dim_mm=0.4`;
    const res = await app.request(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = new Uint8Array(await res.arrayBuffer());
    expect((await decodeMatrixPng(png)).map((d) => [d.text, d.version])).toEqual([
      ['https://id.gs1.org/01/09520123456788/10/ABC1?17=261231', '26x26'],
    ]);
    const cached = await app.request(url, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(cached.status).toBe(304);
  });
});

describe('POST /digital-link and /digital-link/parse', () => {
  it('builds and parses, and MCP answers the same', async () => {
    const data = '(01)09520123456788(10)ABC1(21)12345(17)180426';
    const built = await postJson('/digital-link', { data });
    expect(built.status).toBe(200);
    const body: Json = await built.json();
    expect(body.uri).toBe('https://id.gs1.org/01/09520123456788/10/ABC1/21/12345?17=180426');
    const tool = await callTool('build_digital_link', { data });
    expect(tool.result.structuredContent).toEqual(body);
    const parsed: Json = await (await postJson('/digital-link/parse', { uri: body.uri })).json();
    expect(parsed.element_string).toBe('(01)09520123456788(10)ABC1(21)12345(17)180426');
    const parseTool = await callTool('parse_digital_link', { uri: body.uri });
    expect(parseTool.result.structuredContent).toEqual(parsed);
    const withDomain: Json = await (
      await postJson('/digital-link', { data: '(01)09520123456788', domain: 'https://example.com/' })
    ).json();
    expect(withDomain).toMatchObject({
      uri: 'https://example.com/01/09520123456788',
      domain: 'https://example.com',
    });
  });

  it('refusals: 422 invalid_digital_link with rule and ai on /data or /uri; 400 naming the field', async () => {
    const build = await postJson('/digital-link', { data: '(01)09520123456788(8020)X' });
    expect(build.status).toBe(422);
    expect(await build.json()).toMatchObject({
      code: 'invalid_digital_link',
      rule: 'data_attribute',
      ai: '8020',
      errors: [{ path: '/data' }],
    });
    const parse = await postJson('/digital-link/parse', {
      uri: 'https://example.com/01/09520123456788?10=ABC1',
    });
    expect(parse.status).toBe(422);
    expect(await parse.json()).toMatchObject({
      rule: 'data_attribute',
      ai: '10',
      errors: [{ path: '/uri' }],
    });
    const order = await postJson('/digital-link/parse', { uri: 'https://a/01/09520123456788/21/1/10/2' });
    expect(await order.json()).toMatchObject({ rule: 'qualifier_order', ai: null });
    const gs1 = await postJson('/digital-link', { data: '(01)09520123456789' });
    expect(await gs1.json()).toMatchObject({ code: 'invalid_gs1_data', rule: 'check_digit', ai: '01' });
    for (const [path, body, field] of [
      ['/digital-link', { data: 1 }, '/data'],
      ['/digital-link', { data: '(01)09520123456788', domain: 'ftp://x' }, '/domain'],
      ['/digital-link', { data: '(01)09520123456788', extra: 1 }, ''],
      ['/digital-link/parse', { uri: 'mailto:x' }, '/uri'],
      ['/digital-link/parse', {}, '/uri'],
    ] as const) {
      const res = await postJson(path, body);
      expect(res.status).toBe(400);
      const problem: Json = await res.json();
      expect(problem.code).toBe('validation_failed');
      if (field !== '') expect(problem.errors[0].path).toBe(field);
    }
    const tool = await callTool('parse_digital_link', { uri: 'https://a/01/09520123456788?21=1' });
    expect(tool.result.isError).toBe(true);
  });

  it('/validate and validate_barcode take the 2D types', async () => {
    const rest: Json = await (
      await postJson('/validate', { type: 'dl-qrcode', data: 'https://a/01/09520123456788/10/%FF' })
    ).json();
    expect(rest).toMatchObject({ valid: false, reason: 'charset', ai: '10' });
    const tool = await callTool('validate_barcode', {
      type: 'dl-qrcode',
      data: 'https://a/01/09520123456788/10/%FF',
    });
    expect(tool.result.structuredContent).toEqual(rest);
    const qr: Json = await (await postJson('/validate', { type: 'qrcode', data: 'x' })).json();
    expect(qr).toMatchObject({ valid: true, reason: null });
  });

  it('generate_barcode draws a 2D symbol with its matrix', async () => {
    const tool = await callTool('generate_barcode', {
      type: 'gs1-qrcode',
      data: '(01)09520123456788(10)ABC1(17)261231',
    });
    expect(tool.result.structuredContent).toMatchObject({
      matrix: { version: 2, ec_level: 'M' },
      type: 'gs1-qrcode',
    });
  });
});
