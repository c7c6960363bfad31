// docs/conventions.md §7, §12 and §13 in the 2026-07-28 era, with the official v2 client pinned to it, for
// every built service on a real socket: the operation call is the unit of the quota (connect and list
// spend nothing; with RATE_LIMIT_PER_MINUTE=2 two calls pass and the third is the 429 problem), the byte
// limit is measured on the arguments as sent, and invalid arguments are tool errors carrying the problem.
// Over stdio there is no quota (one local user).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { listen, type ServiceConfig, testConfig } from '@dus/core';
import { connectClient } from '@dus/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleCall, stdioTarget } from './helpers/mcp-clients.js';
import { type BuiltService, type Json, services, servicesDir } from './helpers/services.js';

/** The production server on a free port for the built service, configured as given. */
async function serve(service: BuiltService, config: Partial<ServiceConfig>) {
  const { createApp } = await import(pathToFileURL(join(servicesDir, service.dir, 'dist', 'app.js')).href);
  return listen(createApp(testConfig(config)));
}

const pinned = (origin: string, service: BuiltService) =>
  connectClient('v2-pinned', { http: new URL(`${origin}${service.basePath}/mcp`) });

/** The problem a tool error carries (its second content block). */
const problemOf = (result: Json): Json => JSON.parse(result.content[1].text);

/** Arguments whose compact JSON, as the client sends it, takes exactly `bytes` bytes. */
const argumentsOf = (bytes: number, member = 'x') => ({ [member]: 'a'.repeat(bytes - member.length - 7) });

const MAX_BODY_BYTES = 1024;

/** The per-request envelope of the 2026-07-28 revision, as a client sends it in `_meta`. */
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

// Up to a few MB of arguments per service (the lowest limit of its tools), all services at once.
describe.concurrent.each(services)('$dir, pinned to 2026-07-28', { timeout: 30_000 }, (service) => {
  let limited: Awaited<ReturnType<typeof listen>>;
  let small: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    [limited, small] = await Promise.all([
      serve(service, { rateLimitPerMinute: 2 }),
      serve(service, { maxBodyBytes: MAX_BODY_BYTES }),
    ]);
  });
  afterAll(() => Promise.all([limited.close(), small.close()]));

  it('RATE_LIMIT_PER_MINUTE=2: connects and lists for free, makes exactly 2 calls, the third is the 429 problem', async () => {
    const client = await pinned(limited.origin, service);
    try {
      await client.listTools();
      const call = exampleCall(service);
      for (const _ of [1, 2]) expect((await client.callTool(call.name, call.args)).isError).toBeFalsy();
      await expect(client.callTool(call.name, call.args)).rejects.toMatchObject({
        code: -32000,
        data: { status: 429, code: 'rate_limited', limit: 2, plan: 'free' },
      });
    } finally {
      await client.close();
    }
  });

  it('measures the byte limit on the arguments as sent: one byte over is the 413 problem', async () => {
    // The tool with the lowest limit: its own, else MAX_BODY_BYTES.
    const [op] = service.operations
      .filter((candidate) => candidate.mcp !== false)
      .sort((a, b) => (a.maxBodyBytes ?? MAX_BODY_BYTES) - (b.maxBodyBytes ?? MAX_BODY_BYTES));
    const limit = op!.maxBodyBytes ?? MAX_BODY_BYTES;
    const client = await pinned(small.origin, service);
    try {
      const result = await client.callTool(op!.mcpName ?? op!.name, argumentsOf(limit + 1));
      expect(result.isError).toBe(true);
      expect(problemOf(result)).toMatchObject({
        status: 413,
        code: 'payload_too_large',
        limit_bytes: limit,
      });
    } finally {
      await client.close();
    }
  });
});

describe('G, pinned to 2026-07-28: tool errors', () => {
  const G = services.find((service) => service.dir === 'g-canonical')!;
  let small: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    small = await serve(G, { maxBodyBytes: MAX_BODY_BYTES });
  });
  afterAll(() => small.close());

  it('takes arguments of exactly the limit and refuses one byte more', async () => {
    const client = await pinned(small.origin, G);
    try {
      const at = await client.callTool('digest', argumentsOf(MAX_BODY_BYTES, 'text'));
      expect(at.isError).toBeFalsy();
      expect(at.structuredContent.bytes).toBe(MAX_BODY_BYTES - 11);
      const over = await client.callTool('digest', argumentsOf(MAX_BODY_BYTES + 1, 'text'));
      expect(problemOf(over)).toMatchObject({ status: 413, limit_bytes: MAX_BODY_BYTES });
    } finally {
      await client.close();
    }
  });

  it('answers invalid arguments with the 400 problem naming the member', async () => {
    const client = await pinned(small.origin, G);
    try {
      const result = await client.callTool('digest', { text: 5 });
      expect(result.isError).toBe(true);
      const problem = problemOf(result);
      expect(problem).toMatchObject({ status: 400, code: 'validation_failed' });
      expect(problem.errors.map((error: Json) => error.path)).toEqual(['/text']);
      expect(result.content[0].text).toBe(problem.detail);
    } finally {
      await client.close();
    }
  });

  it('refuses the third call as HTTP 200 with Retry-After and the RateLimit headers, as in 2025', async () => {
    const limited = await serve(G, { rateLimitPerMinute: 2 });
    const post = (id: number, method: string, params: Json = {}) =>
      fetch(`${limited.origin}${G.basePath}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': method,
          ...(typeof params.name === 'string' ? { 'mcp-name': params.name } : {}),
        },
        body: JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: ENVELOPE } }),
      });
    try {
      for (const method of ['server/discover', 'tools/list'])
        expect((await post(0, method)).status).toBe(200);
      const call = { name: 'digest', arguments: { text: 'a' } };
      for (const id of [1, 2])
        expect((await post(id, 'tools/call', call)).headers.get('retry-after')).toBeNull();
      const refused = await post(3, 'tools/call', call);
      expect(refused.status).toBe(200);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(refused.headers.get('ratelimit')).toMatch(/^"free";r=0;t=\d+$/);
      expect(refused.headers.get('ratelimit-policy')).toBe('"free";q=2;w=60');
      expect(await refused.json()).toMatchObject({
        jsonrpc: '2.0',
        id: 3,
        error: { code: -32000, data: { status: 429, code: 'rate_limited' } },
      });
    } finally {
      await limited.close();
    }
  });

  it('over stdio, RATE_LIMIT_PER_MINUTE=2 limits nothing: the one local user is not metered', async () => {
    const client = await connectClient('v2-pinned', stdioTarget(G, { RATE_LIMIT_PER_MINUTE: '2' }));
    try {
      for (const _ of [1, 2, 3]) expect((await client.callTool('digest', { text: 'a' })).isError).toBeFalsy();
    } finally {
      await client.close();
    }
  }, 60_000);
});

describe('D, pinned to 2026-07-28: the symbol as image content', () => {
  const D = services.find((service) => service.dir === 'd-barcode')!;
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    server = await serve(D, {});
  });
  afterAll(() => server.close());

  it('SVG as image/svg+xml and PNG as image/png, beside the structured answer', async () => {
    const client = await pinned(server.origin, D);
    try {
      const svg = await client.callTool('generate_barcode', { type: 'ean13', data: '400638133393' });
      expect(svg.content[1]).toEqual({
        type: 'image',
        mimeType: 'image/svg+xml',
        data: Buffer.from(svg.structuredContent.svg).toString('base64'),
      });
      const png = await client.callTool('generate_barcode', {
        type: 'ean13',
        data: '400638133393',
        output: 'png',
      });
      expect(png.content[1]).toEqual({
        type: 'image',
        mimeType: 'image/png',
        data: png.structuredContent.png,
      });
      expect(Buffer.from(png.content[1].data, 'base64').subarray(0, 8)).toEqual(
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      );
    } finally {
      await client.close();
    }
  });
});
