import { describeMcpMatchesRest, errorText, type ToolCall } from '@dus/testing';
import { describe, expect, it } from 'vitest';
import { app, type Json, makeApp, postJson } from './helpers.js';

const CALLS: ToolCall[] = [
  ['validate_barcode', '/validate', { type: 'upce', data: '00123457' }],
  ['validate_barcode', '/validate', { type: 'gs1-128', data: '(01)09501101530003(17)261231(10)AB-123' }],
  ['validate_barcode', '/validate', { type: 'gs1-128', data: '(17)261332' }],
  ['validate_barcode', '/validate', { type: 'itf14', data: '15400141288763' }],
  ['compute_check_digit', '/check-digit', { type: 'upce', data: '0012345' }],
  ['compute_check_digit', '/check-digit', { type: 'ean8', data: '9501234' }],
  ['compute_check_digit', '/check-digit', { type: 'itf14', data: '1540014128876' }],
];

const session = describeMcpMatchesRest(makeApp(), {
  server: { name: 'd-barcode', version: '1.0.0' },
  tools: ['build_digital_link', 'compute_check_digit', 'generate_barcode', 'parse_digital_link', 'validate_barcode'],
  calls: CALLS,
});

/** The new types over MCP (real socket, official SDK client) and REST (POST with format=json): equal answers. */
describe('generate_barcode with the new types and options equals POST /generate?format=json', () => {
  it.each([
    [{ type: 'ean8', data: '9501234' }, { encoded: '95012346' }],
    [
      { type: 'upce', data: '0012345' },
      { encoded: '00123457', upca: '001234000057' },
    ],
    [
      { type: 'ean13', data: '400638133393', addon: '12345' },
      { modules: 165, addon: '12345' },
    ],
    [{ type: 'itf14', data: '1540014128876', bearer: 'bars', ratio: 2.25 }, { encoded: '15400141288763' }],
    [
      { type: 'gs1-128', data: '(01)09501101530003(17)261231(10)AB-123' },
      { encoded: '01095011015300031726123110AB-123', symbol_chars: 21 },
    ],
    [
      { type: 'ean13', data: '400638133393', x_dim_mm: 0.33, dpi: 600 },
      { print: expect.objectContaining({ dots_per_module: 8, gs1_compliant: true }) },
    ],
  ])('%j', async (args, expected) => {
    const { client, post } = session();
    const result = await client.callTool({ name: 'generate_barcode', arguments: args });
    expect(result.isError, errorText(result)).toBeFalsy();
    expect(result.structuredContent).toMatchObject(expected);
    const rest = await post('/generate', { ...args, format: 'json' });
    expect(rest.status).toBe(200);
    expect(result.structuredContent).toEqual(rest.body);
  });

  it('a refusal is a tool error carrying the same problem as REST: invalid_gs1_data with ai and rule', async () => {
    const { client, post } = session();
    const args = { type: 'gs1-128', data: '(01)09501101530008' };
    const result = await client.callTool({ name: 'generate_barcode', arguments: args });
    expect(result.isError).toBe(true);
    const problem = JSON.parse((result.content as Array<{ text: string }>)[1]!.text);
    const rest = await post('/generate', args);
    expect(rest.status).toBe(422);
    for (const body of [problem, rest.body]) {
      expect(body).toMatchObject({
        code: 'invalid_gs1_data',
        detail: 'AI (01): check digit is 8, expected 3',
        ai: '01',
        rule: 'check_digit',
        errors: [{ path: '/data' }],
      });
    }
  });
});

describe('REST: GET and POST /generate for the new types', () => {
  it.each([
    ['/generate?type=ean8&data=9501234', '<title>EAN-8 95012346</title>'],
    ['/generate?type=upce&data=0012345', '<title>UPC-E 00123457</title>'],
    ['/generate?type=upca&data=03600029145&addon=12', '<title>UPC-A 036000291452 12</title>'],
    [
      '/generate?type=itf14&data=1540014128876&ratio=2.25&bearer=none',
      '<title>ITF-14 15400141288763</title>',
    ],
    [
      '/generate?type=gs1-128&data=(01)09501101530003(8005)000365(10)AB1',
      '<title>GS1-128 (01)09501101530003(8005)000365(10)AB1</title>',
    ],
    ['/generate?type=ean13&data=400638133393&x_dim_mm=0.33&dpi=300', 'width="38.2693mm" height="27.7707mm"'],
  ])('GET %s → SVG, cacheable, 304 on its ETag', async (url, fragment) => {
    const res = await app.request(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(await res.text()).toContain(fragment);
    const etag = res.headers.get('etag')!;
    expect((await app.request(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('422s: invalid_upce (rule), invalid_gs1_data (ai, rule), invalid_check_digit, all with errors[0].path /data', async () => {
    const upce: Json = await (await app.request('/generate?type=upce&data=036000291452')).json();
    expect(upce).toMatchObject({
      status: 422,
      code: 'invalid_upce',
      rule: 'zero_suppression',
      errors: [{ path: '/data' }],
    });
    expect(upce.detail).toMatch(/^UPC-A 036000291452 cannot be zero-suppressed to UPC-E/);
    const gs1 = await app.request('/generate?type=gs1-128&data=(17)261332');
    expect(gs1.status).toBe(422);
    expect(gs1.headers.get('cache-control')).toBe('no-store');
    expect(await gs1.json()).toMatchObject({
      detail: 'AI (17): 261332 is not a date',
      ai: '17',
      rule: 'date',
    });
    const syntax: Json = await (
      await postJson('/generate', { type: 'gs1-128', data: '0109501101530003' })
    ).json();
    expect(syntax).toMatchObject({ code: 'invalid_gs1_data', ai: null, rule: 'syntax' });
    expect(await (await app.request('/generate?type=ean8&data=95012345')).json()).toMatchObject({
      code: 'invalid_check_digit',
      detail: 'check digit is 5, expected 6',
    });
  });

  it.each([
    ['/generate?type=ean8&data=9501234&addon=12', '/addon', 'applies only to ean13, upca, upce'],
    ['/generate?type=ean13&data=400638133393&addon=123', '/addon', 'must be 2 or 5 digits'],
    [
      '/generate?type=itf14&data=1540014128876&ratio=2.255',
      '/ratio',
      'must be a number from 2.25 to 3 with at most 2 decimals',
    ],
    ['/generate?type=itf14&data=1540014128876&ratio=abc', '/ratio', 'must be a number from 2.25 to 3'],
    ['/generate?type=itf14&data=1540014128876&bearer=top', '/bearer', 'must be one of box, bars, none'],
    [
      '/generate?type=ean13&data=400638133393&x_dim_mm=0.33&module_width=2',
      '/x_dim_mm',
      'give x_dim_mm or module_width, not both',
    ],
    ['/generate?type=ean13&data=400638133393&dpi=71', '/dpi', 'must be a whole number from 72 to 1200'],
    ['/generate?type=ean13&data=400638133393&x_dim_mm=3', '/x_dim_mm', 'must be a number from 0.1 to 2'],
    ['/generate?type=ean13&data=400638133393&output=gif', '/output', undefined],
  ])('GET %s → 400 naming %s', async (url, path, message) => {
    const res = await app.request(url);
    expect(res.status).toBe(400);
    const body: Json = await res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.errors[0].path).toBe(path);
    if (message !== undefined) expect(body.errors[0].message).toBe(message);
  });

  it('output=png: image/png bytes with a strong ETag and 304; format=json carries them in base64; MCP too', async () => {
    const url = '/generate?type=ean8&data=9501234&output=png&x_dim_mm=0.33&dpi=300';
    const res = await app.request(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    const etag = res.headers.get('etag')!;
    const again = await app.request(url);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    expect(again.headers.get('etag')).toBe(etag);
    const cached = await app.request(url, { headers: { 'if-none-match': etag } });
    expect(cached.status).toBe(304);
    expect(cached.headers.get('etag')).toBe(etag);
    const post = await postJson('/generate', {
      type: 'ean8',
      data: '9501234',
      output: 'png',
      x_dim_mm: 0.33,
      format: 'svg',
    });
    expect(post.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await post.arrayBuffer()).equals(bytes)).toBe(true);
    const json: Json = await (await app.request(`${url}&format=json`)).json();
    expect(Buffer.from(json.png, 'base64').equals(bytes)).toBe(true);
    expect(json.svg).toContain('<svg');
    const { client } = session();
    const tool = await client.callTool({
      name: 'generate_barcode',
      arguments: { type: 'ean8', data: '9501234', output: 'png', x_dim_mm: 0.33 },
    });
    expect((tool.structuredContent as Json).png).toBe(json.png);
    const huge = await app.request(
      '/generate?type=gs1-128&data=(91)' + 'A'.repeat(90) + '&output=png&x_dim_mm=2&dpi=1200',
    );
    expect(huge.status).toBe(422);
    expect(await huge.json()).toMatchObject({ code: 'png_too_large', errors: [{ path: '/dpi' }] });
  });

  it('/validate and /check-digit take the new types', async () => {
    expect(await (await postJson('/validate', { type: 'upce', data: '00123457' })).json()).toMatchObject({
      valid: true,
      upca: '001234000057',
    });
    expect(
      await (await postJson('/validate', { type: 'gs1-128', data: '(01)09501101530008' })).json(),
    ).toMatchObject({
      valid: false,
      reason: 'check_digit',
      ai: '01',
    });
    expect(await (await postJson('/check-digit', { type: 'upce', data: '0012345' })).json()).toEqual({
      type: 'upce',
      data: '0012345',
      check_digit: '7',
      full: '00123457',
      valid: null,
      upca: '001234000057',
    });
    expect((await postJson('/check-digit', { type: 'gs1-128', data: '1' })).status).toBe(400);
  });
});
