// A PNG takes milliseconds of CPU: it is drawn in the worker pool, never on the event loop. Shown on
// the production server over a real socket by the pool's bound: with no room in it (MAX_HEAVY_INFLIGHT
// = 0) a PNG is 503 `overloaded` on every surface while an SVG is still drawn.
import { listen } from '@dus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, makeApp } from './helpers.js';

const query = 'type=ean13&data=400638133393';
const tool = (args: Record<string, unknown>) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'generate_barcode', arguments: { type: 'ean13', data: '400638133393', ...args } },
  });

describe.each([
  ['a pool with room', {}, 200],
  ['no room in the pool', { maxHeavyInflight: 0 }, 503],
] as const)('PNG with %s', (_, overrides, pngStatus) => {
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    server = await listen(makeApp(overrides));
  });
  afterAll(() => server.close());
  const post = (path: string, body: string) =>
    fetch(`${server.origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body,
    });

  it(`GET and POST: an SVG is 200, a PNG ${pngStatus}`, async () => {
    expect((await fetch(`${server.origin}/generate?${query}`)).status).toBe(200);
    const png = await fetch(`${server.origin}/generate?${query}&output=png`);
    expect(png.status).toBe(pngStatus);
    if (pngStatus === 200) expect(png.headers.get('content-type')).toBe('image/png');
    else expect(((await png.json()) as Json).code).toBe('overloaded');
    const body = { type: 'ean13', data: '400638133393', output: 'png' };
    expect((await post('/generate', JSON.stringify(body))).status).toBe(pngStatus);
  });

  it(`MCP: an SVG is drawn, a PNG ${pngStatus === 200 ? 'too' : 'refused as overloaded'}`, async () => {
    const svg: Json = await (await post('/mcp', tool({}))).json();
    expect(svg.result.structuredContent.svg).toMatch(/^<svg/);
    const png = await post('/mcp', tool({ output: 'png' }));
    expect(png.status).toBe(pngStatus);
    const reply: Json = await png.json();
    if (pngStatus === 200) expect(reply.result.structuredContent.png).toMatch(/^iVBORw0KGgo/);
    else expect(reply.error.data).toMatchObject({ status: 503, code: 'overloaded' });
  });
});
