import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies in tests
type Json = any;
const json = async (res: Response): Promise<Json> => res.json();

import {
  createService,
  defineOperation,
  ProblemError,
  testConfig,
  unprocessable,
  z,
} from '../../src/index.js';

const echo = defineOperation({
  name: 'echo_sum',
  summary: 'Adds numbers',
  method: ['GET', 'POST'],
  path: '/api/v1/sum',
  input: z.strictObject({ a: z.coerce.number(), b: z.coerce.number() }),
  output: z.object({ sum: z.number() }),
  errors: [{ status: 422, code: 'too_big', description: 'The sum is over 100.' }],
  example: { input: { a: 1, b: 2 }, output: { sum: 3 } },
  handler: ({ a, b }) => {
    if (a + b > 100) throw unprocessable('too_big', 'The sum is over 100.');
    return { sum: a + b };
  },
});

const csv = defineOperation({
  name: 'count_rows',
  summary: 'Counts CSV rows',
  method: 'POST',
  path: '/api/v1/rows',
  input: z.strictObject({ rows: z.array(z.string()) }),
  output: z.object({ count: z.number() }),
  maxBodyBytes: 32,
  bodyParsers: {
    'text/csv': (body) => ({ rows: Buffer.from(body).toString('utf8').split('\n').filter(Boolean) }),
  },
  handler: ({ rows }) => ({ count: rows.length }),
});

const svg = defineOperation({
  name: 'badge',
  summary: 'An SVG badge',
  method: 'GET',
  path: '/badge',
  input: z.object({ text: z.string().max(20) }),
  output: z.object({ svg: z.string() }),
  render: (output) => ({ body: output.svg, contentType: 'image/svg+xml' }),
  renderMediaType: 'image/svg+xml',
  cacheControl: 'public, max-age=3600',
  mcp: false,
  handler: ({ text }) => ({
    svg: `<svg xmlns="http://www.w3.org/2000/svg"><text>${text.replace(/[<&]/g, '')}</text></svg>`,
  }),
});

const crash = defineOperation({
  name: 'crash',
  summary: 'Throws',
  method: 'POST',
  path: '/api/v1/crash',
  input: z.object({}),
  output: z.object({}),
  handler: () => {
    throw new Error('secret internals at /srv/app.js:1');
  },
});

function makeService(
  openapi: '3.0.3' | '3.1' = '3.1',
  extra: Partial<Parameters<typeof createService>[0]> = {},
) {
  return createService(
    {
      name: 'kit-test',
      title: 'Kit test',
      description: 'A service for testing the kit',
      version: '9.9.9',
      openapi,
      basePath: '/svc',
      operationsBasePath: '',
      operations: [echo, csv, svg, crash],
      problemExtensions: { valid: false },
      ...extra,
    },
    testConfig(),
  );
}
const app = makeService();

describe('createService', () => {
  it('serves operations on GET (query) and POST (body) twins', async () => {
    const get = await app.request('/api/v1/sum?a=2&b=3');
    expect(await json(get)).toEqual({ sum: 5 });
    const post = await app.request('/api/v1/sum', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":2,"b":3}',
    });
    expect(await json(post)).toEqual({ sum: 5 });
  });

  it('maps domain errors to 422 and adds problem extensions', async () => {
    const res = await app.request('/api/v1/sum?a=99&b=3');
    expect(res.status).toBe(422);
    expect(await json(res)).toMatchObject({
      code: 'too_big',
      status: 422,
      valid: false,
      type: 'urn:problem:too_big',
    });
  });

  it('names every offending query parameter', async () => {
    const res = await app.request('/api/v1/sum?a=x');
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.errors.map((error: { path: string }) => error.path).sort()).toEqual(['/a', '/b']);
  });

  it('accepts declared extra media types with their own body limit', async () => {
    const ok = await app.request('/api/v1/rows', {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: 'a,b\n1,2\n',
    });
    expect(await json(ok)).toEqual({ count: 2 });
    const big = await app.request('/api/v1/rows', {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: 'x'.repeat(33),
    });
    expect(big.status).toBe(413);
    const xml = await app.request('/api/v1/rows', {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<a/>',
    });
    expect(xml.status).toBe(415);
    expect((await json(xml)).accepted).toEqual(['application/json', 'text/csv']);
  });

  it('renders custom media types and allows caching where declared', async () => {
    const res = await app.request('/badge?text=hi');
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await res.text()).toContain('<text>hi</text>');
  });

  it('answers 500 internal_error without the message or a stack', async () => {
    const res = await app.request('/api/v1/crash', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ code: 'internal_error', valid: false });
    expect(text).not.toContain('secret internals');
    expect(text).not.toContain('/srv/app.js');
  });

  it('uses the JSON.parse fast path but reports errors precisely, without echoing input', async () => {
    const res = await app.request('/api/v1/sum', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1,"b":"sk_live_secret}',
    });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.code).toBe('invalid_json');
    expect(JSON.stringify(body)).not.toContain('sk_live_secret');
  });

  it('refuses JSON nested deeper than MAX_JSON_DEPTH on the fast path too', async () => {
    const deep = `{"a":${'['.repeat(300)}${']'.repeat(300)},"b":1}`;
    const res = await app.request('/api/v1/sum', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: deep,
    });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.code).toBe('validation_failed');
    expect(body.errors[0]).toMatchObject({ code: 'too_deep', path: `/a${'/0'.repeat(255)}` });
  });

  it('consults the limiter before reading the body, except on /health', async () => {
    let checks = 0;
    const limited = createService(
      {
        name: 'kit-test',
        title: 'Kit test',
        description: 'A service for testing the kit',
        version: '9.9.9',
        openapi: '3.1',
        basePath: '/svc',
        operationsBasePath: '',
        operations: [echo],
      },
      testConfig(),
      {
        limiter: {
          identify: () => ({ plan: 'free', subject: 'client' }),
          take: async () => {
            checks++;
            return {
              headers: { 'RateLimit-Policy': '"free";q=1;w=60', RateLimit: '"free";r=0;t=60' },
              refused: new ProblemError({
                status: 429,
                code: 'rate_limited',
                detail: 'slow down',
                headers: { 'Retry-After': '7' },
              }),
            };
          },
        },
      },
    );
    const res = await limited.request('/api/v1/sum', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'not even JSON',
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(res.headers.get('ratelimit')).toBe('"free";r=0;t=60');
    expect((await json(res)).code).toBe('rate_limited');
    expect((await limited.request('/svc/health')).status).toBe(200);
    expect(checks).toBe(1);
  });

  it('OPTIONS without a preflight lists the allowed methods', async () => {
    const res = await app.request('/api/v1/sum', { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
  });

  it('answers a CORS preflight with a fixed list of request headers, never an echo of what was asked', async () => {
    const res = await app.request('/api/v1/sum', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-evil-anything, <script>',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toBe(
      'Content-Type, Authorization, X-API-Key, X-Request-Id, MCP-Protocol-Version, Accept, traceparent, tracestate',
    );
  });

  it('HEAD works wherever GET does', async () => {
    const res = await app.request('/svc/health', { method: 'HEAD' });
    expect(res.status).toBe(200);
  });

  it.each(['3.0.3', '3.1'] as const)(
    'generates a valid OpenAPI %s document with both twins and the non-JSON types',
    async (version) => {
      const res = await makeService(version).request('/svc/openapi.json');
      const document = await json(res);
      const validator = new Validator();
      const result = await validator.validate(document);
      expect(result.errors ?? []).toEqual([]);
      expect(document.openapi).toBe(version === '3.1' ? '3.1.0' : '3.0.3');
      expect(document.info.version).toBe('9.9.9');
      expect(
        document.paths['/api/v1/sum'].get.parameters.map((p: { name: string }) => p.name).sort(),
      ).toEqual(['a', 'b']);
      expect(document.paths['/api/v1/sum'].post.requestBody.content['application/json'].example).toEqual({
        a: 1,
        b: 2,
      });
      expect(Object.keys(document.paths['/api/v1/rows'].post.requestBody.content)).toEqual([
        'application/json',
        'text/csv',
      ]);
      expect(Object.keys(document.paths['/badge'].get.responses['200'].content)).toEqual([
        'application/json',
        'image/svg+xml',
      ]);
    },
  );

  it('carries .meta() descriptions into MCP tool schemas and problem extensions into tool errors', async () => {
    const described = defineOperation({
      name: 'shout',
      summary: 'Upper-cases text',
      method: 'POST',
      path: '/shout',
      input: z.strictObject({ text: z.string().max(5).meta({ description: 'what to shout' }) }),
      output: z.object({ text: z.string() }),
      handler: ({ text }) => ({ text: text.toUpperCase() }),
    });
    const service = createService(
      {
        name: 'meta-test',
        title: 'Meta',
        description: 'd',
        version: '1.0.0',
        openapi: '3.1',
        operations: [described],
        problemExtensions: { valid: false },
      },
      testConfig(),
    );
    const rpc = (body: unknown) =>
      service.request('/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
    const list = await json(await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    expect(list.result.tools[0].inputSchema.properties.text.description).toBe('what to shout');
    const bad = await json(
      await rpc({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'shout', arguments: { text: 'too long' } },
      }),
    );
    expect(bad.result.isError).toBe(true);
    expect(JSON.parse(bad.result.content[1].text)).toMatchObject({ code: 'validation_failed', valid: false });
  });

  it('adds declared links to the root info and prefixes info members with x- in OpenAPI', async () => {
    const service = makeService('3.1', {
      links: { sum: '/api/v1/sum' },
      info: { plan: { name: 'A', price: 9.99 } },
    });
    const root = await json(await service.request('/svc'));
    expect(root.links).toMatchObject({ sum: '/api/v1/sum', docs: '/svc/docs' });
    expect(root.plan).toEqual({ name: 'A', price: 9.99 });
    const version = await json(await service.request('/svc/version'));
    expect(version.plan).toEqual({ name: 'A', price: 9.99 });
    const document = await json(await service.request('/svc/openapi.json'));
    expect(document.info['x-plan']).toEqual({ name: 'A', price: 9.99 });
    expect((await new Validator().validate(document)).valid).toBe(true);
  });

  it('documents a server, optional API keys on limited routes, and problem examples as the server sends them', async () => {
    const document = await json(await makeService('3.1').request('/svc/openapi.json'));
    expect(document.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    const limitedDoc = await json(
      await makeService('3.1', { plans: { free: 10 } }).request('/svc/openapi.json'),
    );
    expect(Object.keys(limitedDoc.components.securitySchemes)).toEqual(['bearerKey', 'apiKeyHeader']);
    // biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is inspected field by field
    const post = limitedDoc.paths['/api/v1/sum']?.post as Record<string, any>;
    expect(post.security).toEqual([{}, { bearerKey: [] }, { apiKeyHeader: [] }]);
    const examples = post.responses['400'].content['application/problem+json'].examples;
    expect(Object.keys(examples).sort()).toEqual(['invalid_json', 'validation_failed']);
    const example = examples.validation_failed.value;
    expect(example.title).toBe('Request validation failed');
    expect(example.errors[0]).toMatchObject({ path: expect.stringMatching(/^\//), code: expect.any(String) });
    expect(examples.invalid_json.value).toMatchObject({
      title: 'Malformed JSON',
      offset: 10,
      line: 1,
      column: 11,
    });
    // Request and response bodies are named components, not inline schemas.
    expect(post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/EchoSumRequest',
    });
    expect(post.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/EchoSumResult',
    });
    // Only operation calls spend tokens: the standard endpoints take no key but the MCP endpoint's POST,
    // which checks it for every message (its tool calls are refused one by one inside the JSON-RPC answer).
    expect(limitedDoc.paths['/svc/health'].get.security).toEqual([]);
    expect(limitedDoc.paths['/svc/version'].get.security).toEqual([]);
    expect(Object.keys(limitedDoc.paths['/svc/version'].get.responses)).toEqual(['200', '431']);
    expect(limitedDoc.paths['/svc/mcp'].post.security).toEqual([{}, { bearerKey: [] }, { apiKeyHeader: [] }]);
    expect(limitedDoc.paths['/svc/mcp'].post.responses['401']).toBeDefined();
    expect(limitedDoc.paths['/svc/mcp'].post.responses['429']).toBeUndefined();
    expect(limitedDoc.info.license).toEqual({
      name: expect.any(String),
      identifier: 'LicenseRef-Proprietary',
    });
    expect((await new Validator().validate(limitedDoc)).valid).toBe(true);
  });

  it('exposes MCP tools only for operations that opt in', async () => {
    const res = await app.request('/svc/mcp', { headers: { accept: 'application/json' } });
    expect((await json(res)).tools).toEqual(['count_rows', 'crash', 'echo_sum']);
  });
});
