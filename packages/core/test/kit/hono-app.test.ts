// A service is a Hono app for real: its routes are Hono routes (`app.routes`), and Hono middleware —
// given to the kit or put around the app — runs in the production server, over a real socket.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import { createService, defineOperation, type KitEnv, listen, testConfig, z } from '../../src/index.js';

const echo = defineOperation({
  name: 'echo',
  summary: 'Echoes a text',
  method: 'POST',
  path: '/v1/echo',
  input: z.strictObject({ text: z.string() }),
  output: z.object({ text: z.string() }),
  example: { input: { text: 'a' }, output: { text: 'a' } },
  handler: ({ text }) => ({ text }),
});

const definition = {
  name: 'kit-hono',
  title: 'Kit Hono',
  description: 'Hono app tests',
  version: '1.0.0',
  openapi: '3.1' as const,
  basePath: '/base',
  operations: [echo],
};

async function onSocket<T>(
  app: Parameters<typeof listen>[0],
  run: (origin: string) => Promise<T>,
): Promise<T> {
  const server = await listen(app);
  try {
    return await run(server.origin);
  } finally {
    await server.close();
  }
}

const post = (origin: string, path: string, body: unknown) =>
  fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the service app', () => {
  it('lists its operations and standard endpoints as Hono routes', () => {
    const app = createService(definition, testConfig());
    const routes = app.routes.map((route) => `${route.method} ${route.path}`);
    expect(routes).toEqual([
      'ALL /*', // the kit's envelope, the first middleware
      'POST /base/v1/echo',
      'GET /base/livez',
      'GET /base/readyz',
      'GET /base/health',
      'GET /base/version',
      'GET /base',
      'GET /base/openapi.json',
      'GET /base/docs',
      'GET /base/docs/swagger-ui.css',
      'GET /base/docs/swagger-ui-bundle.js',
      'POST /base/mcp',
      'GET /base/mcp',
      'GET /base/metrics',
      'GET /base/',
      'ALL /*', // what no route takes: 404, 405, OPTIONS and preflights, mounted or not
    ]);
  });

  it('runs middleware given to the kit in the production server, around the kit, on every route', async () => {
    const seen: string[] = [];
    const app = createService(definition, testConfig(), {
      middleware: [
        secureHeaders(),
        async (c, next) => {
          seen.push(`${c.req.method} ${c.req.path}`);
          await next();
        },
      ],
    });
    await onSocket(app, async (origin) => {
      const res = await post(origin, '/base/v1/echo', { text: 'hi' });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ text: 'hi' });
      // secureHeaders' own headers beside the kit's.
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=/);
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      const missing = await fetch(`${origin}/base/nope`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      const tool = await post(origin, '/base/mcp', {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'echo', arguments: { text: 'hi' } },
      });
      expect(tool.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    });
    expect(seen).toEqual(['POST /base/v1/echo', 'GET /base/nope', 'POST /base/mcp']);
  });

  it('runs middleware put around the service with app.use() and app.route()', async () => {
    const outer = new Hono<KitEnv>();
    outer.use(async (c, next) => {
      await next();
      c.res.headers.set('x-outer', 'yes');
    });
    outer.route('/', createService(definition, testConfig()));
    await onSocket(outer, async (origin) => {
      const res = await post(origin, '/base/v1/echo', { text: 'hi' });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-outer')).toBe('yes');
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  it('answers what a middleware throws with the service problem', async () => {
    const app = createService({ ...definition, problemExtensions: { valid: false } }, testConfig(), {
      middleware: [
        async (c, next) => {
          if (c.req.header('x-block') !== undefined) throw new HTTPException(403, { message: 'Blocked.' });
          await next();
        },
      ],
    });
    await onSocket(app, async (origin) => {
      const res = await fetch(`${origin}/base/health`, { headers: { 'x-block': '1' } });
      expect(res.status).toBe(403);
      expect(res.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
      expect(await res.json()).toEqual({
        type: 'urn:problem:http_403',
        title: 'Forbidden',
        status: 403,
        detail: 'Blocked.',
        code: 'http_403',
        request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        valid: false,
      });
    });
  });

  describe('composed into an app of the user', () => {
    const app = () => createService(definition, testConfig({ maxBodyBytes: 200 }));

    it('answers the same when an outer middleware already read the body (Hono keeps it readable)', async () => {
      const outer = new Hono();
      const audited: string[] = [];
      outer.use(async (c, next) => {
        if (c.req.method === 'POST') audited.push(await c.req.text());
        await next();
      });
      outer.route('/', app());
      await onSocket(outer, async (origin) => {
        const res = await post(origin, '/base/v1/echo', { text: 'read twice' });
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ text: 'read twice' });
        const mcp = await fetch(`${origin}/base/mcp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: { name: 'echo', arguments: { text: 'via mcp' } },
          }),
        });
        expect(
          ((await mcp.json()) as { result: { structuredContent: unknown } }).result.structuredContent,
        ).toEqual({
          text: 'via mcp',
        });
        // The kit's own limit still holds on a body the outer middleware read.
        const big = await post(origin, '/base/v1/echo', { text: 'x'.repeat(300) });
        expect(big.status).toBe(413);
        expect(((await big.json()) as { code: string }).code).toBe('payload_too_large');
      });
      expect(audited).toEqual([
        '{"text":"read twice"}',
        expect.stringContaining('via mcp'),
        expect.stringContaining('xxxx'),
      ]);
    });

    it("works under Hono's bodyLimit, outside or inside the kit's envelope", async () => {
      const outer = new Hono();
      outer.use(bodyLimit({ maxSize: 100 }));
      outer.route('/', app());
      const inner = createService(definition, testConfig(), { middleware: [bodyLimit({ maxSize: 100 })] });
      for (const served of [outer, inner]) {
        await onSocket(served, async (origin) => {
          const ok = await post(origin, '/base/v1/echo', { text: 'small' });
          expect(ok.status).toBe(200);
          expect(await ok.json()).toEqual({ text: 'small' });
          const chunked = await fetch(`${origin}/base/v1/echo`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: new Blob(['{"text":"streamed"}']).stream(),
            duplex: 'half',
          } as RequestInit);
          expect(await chunked.json()).toEqual({ text: 'streamed' });
          const big = await post(origin, '/base/v1/echo', { text: 'x'.repeat(500) });
          expect(big.status).toBe(413);
        });
      }
    });

    it('keeps its problem+json 404 and its 405 with Allow when mounted, at the root or under a prefix', async () => {
      for (const mount of ['/', '/svc']) {
        const outer = new Hono();
        outer.get('/outer-own', (c) => c.text('mine'));
        outer.route(mount, app());
        const prefix = mount === '/' ? '' : mount;
        await onSocket(outer, async (origin) => {
          expect(await (await fetch(`${origin}/outer-own`)).text()).toBe('mine');
          const missing = await fetch(`${origin}${prefix}/base/nope`);
          expect(missing.status).toBe(404);
          expect(missing.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
          expect(await missing.json()).toMatchObject({ code: 'not_found', status: 404 });
          const wrong = await fetch(`${origin}${prefix}/base/v1/echo`);
          expect(wrong.status).toBe(405);
          expect(wrong.headers.get('allow')).toBe('POST, OPTIONS');
          expect(await wrong.json()).toMatchObject({ code: 'method_not_allowed' });
          const health = await fetch(`${origin}${prefix}/base/health`);
          expect(health.status).toBe(200);
          expect(health.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
        });
      }
    });

    it("keeps its request state in Hono's context, where a middleware inside the envelope reads it", async () => {
      const seen: Array<string | undefined> = [];
      const inner = createService(definition, testConfig(), {
        middleware: [
          async (c, next) => {
            seen.push(c.get('kit')?.requestId);
            await next();
          },
        ],
      });
      await onSocket(inner, async (origin) => {
        const res = await fetch(`${origin}/base/health`, { headers: { 'x-request-id': 'trace-me-1' } });
        expect(res.headers.get('x-request-id')).toBe('trace-me-1');
      });
      expect(seen).toEqual(['trace-me-1']);
    });
  });
});
