// The operation API the services build on: query schemas for GET twins, renderers that may decline,
// body parsers that see the query, per-tool MCP limits, capped errors[].
import { describe, expect, it } from 'vitest';

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies inspected field by field
type Json = any;
import { createService, defineOperation, testConfig, z } from '../../src/index.js';

const listInput = z.strictObject({
  ids: z.array(z.number().int()).min(1),
  format: z.enum(['json', 'text']).default('json'),
});

const list = defineOperation({
  name: 'sum_ids',
  summary: 'Sums ids',
  method: ['GET', 'POST'],
  path: '/sum',
  input: listInput,
  // GET takes `ids=1,2,3`; numbers are parsed strictly here, not by loosening the body schema.
  query: z
    .strictObject({
      ids: z.string().regex(/^\d+(,\d+)*$/, 'must be a comma list of integers'),
      format: z.string().optional(),
    })
    .transform(({ ids, format }) => ({ ids: ids.split(',').map(Number), ...(format ? { format } : {}) })),
  output: z.object({ sum: z.number() }),
  render: (output, input, request) =>
    input.format === 'text' || request.header('accept') === 'text/plain'
      ? { body: `sum=${output.sum}`, contentType: 'text/plain; charset=utf-8' }
      : undefined,
  renderMediaType: 'text/plain',
  handler: ({ ids }) => ({ sum: ids.reduce((a, b) => a + b, 0) }),
});

const csv = defineOperation({
  name: 'csv_rows',
  summary: 'Counts CSV rows',
  method: 'POST',
  path: '/rows',
  input: z.strictObject({ rows: z.array(z.string()), header: z.boolean() }),
  output: z.object({ count: z.number() }),
  maxBodyBytes: 64,
  bodyParsers: {
    'text/csv': (body, request) => ({
      rows: Buffer.from(body).toString('utf8').split('\n').filter(Boolean),
      header: request.query.header === 'present',
    }),
  },
  handler: ({ rows, header }) => ({ count: rows.length - (header ? 1 : 0) }),
});

const app = createService(
  {
    name: 'kit-api',
    title: 'Kit API',
    description: 'Operation API tests',
    version: '1.0.0',
    openapi: '3.1',
    operations: [list, csv],
  },
  testConfig(),
);
const mcpCall = (name: string, args: unknown) =>
  app.request('/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });

describe('GET twins with a query schema', () => {
  it('parse the query strictly and then check the body schema', async () => {
    const res = await app.request('/sum?ids=1,2,39');
    expect(await res.json()).toEqual({ sum: 42 });
  });

  it('name the query parameter that is wrong', async () => {
    const res = await app.request('/sum?ids=1,x');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ path: '/ids', message: 'must be a comma list of integers' }],
    });
  });

  it('leave the POST body and the MCP schema strict', async () => {
    const post = await app.request('/sum', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"ids":"1,2"}',
    });
    expect(post.status).toBe(400);
    const tool: Json = await (await mcpCall('sum_ids', { ids: '1,2' })).json();
    expect(tool.result.isError).toBe(true);
  });
});

describe('render', () => {
  it('sees the validated input and the request, and may decline to fall back to JSON', async () => {
    const text = await app.request('/sum?ids=1,2&format=text');
    expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await text.text()).toBe('sum=3');
    const accept = await app.request('/sum?ids=4', { headers: { accept: 'text/plain' } });
    expect(await accept.text()).toBe('sum=4');
    const json = await app.request('/sum?ids=5');
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await json.json()).toEqual({ sum: 5 });
  });
});

describe('body parsers', () => {
  it('see the query string', async () => {
    const res = await app.request('/rows?header=present', {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: 'a,b\n1,2\n3,4\n',
    });
    expect(await res.json()).toEqual({ count: 2 });
  });
});

describe('MCP body limits', () => {
  it('a tool keeps its route limit inside the MCP endpoint limit', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => `row ${i}`);
    const rest = await app.request('/rows', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rows, header: false }),
    });
    expect(rest.status).toBe(413);
    const body: Json = await (await mcpCall('csv_rows', { rows, header: false })).json();
    expect(body.result.isError).toBe(true);
    expect(JSON.parse(body.result.content[1].text)).toMatchObject({
      status: 413,
      code: 'payload_too_large',
      limit_bytes: 64,
    });
  });
});

describe('errors[]', () => {
  it('lists at most 20 offending fields and counts them all', async () => {
    const body = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]));
    const res = await app.request('/sum', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [1], ...body }),
    });
    const problem: Json = await res.json();
    expect(problem.errors).toHaveLength(20);
    expect(problem.errors_total).toBe(5000);
    expect(problem.detail).toBe('/k0: is not a known field (and 4999 more problems)');
    expect(JSON.stringify(problem).length).toBeLessThan(2_000);
  });
});

describe('MCP bodies are decoded strictly', () => {
  it('invalid UTF-8 is a JSON-RPC parse error, as it is a 400 on REST', async () => {
    const bytes = Buffer.concat([
      Buffer.from(
        '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"sum_ids","arguments":{"ids":[1],"format":"a',
      ),
      Buffer.from([0xff]),
      Buffer.from('"}}}'),
    ]);
    const res = await app.request('/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: bytes,
    });
    expect(res.status).toBe(400);
    const reply: Json = await res.json();
    expect(reply.error.code).toBe(-32700);
    expect(reply.error.message).toMatch(/Invalid UTF-8 byte 0xFF/);
    expect(reply.error.data).toMatchObject({ code: 'invalid_json', request_id: expect.any(String) });
  });
});

describe('plans and keys', () => {
  it("RATE_LIMIT_PER_MINUTE=0 turns a service's own free limit off", async () => {
    const definition = {
      name: 'kit-off',
      title: 'Off',
      description: 'off',
      version: '1.0.0',
      openapi: '3.1' as const,
      operations: [list],
      plans: { free: 2 },
    };
    const off = createService(definition, testConfig({ rateLimitPerMinute: 0 }));
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await off.request('/sum?ids=1')).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect((await off.request('/sum?ids=1')).headers.get('ratelimit')).toBeNull();
    const own = createService(definition, testConfig());
    for (let i = 0; i < 2; i++) await own.request('/sum?ids=1');
    expect((await own.request('/sum?ids=1')).status).toBe(429);
  });

  it('log the plan of every request and never the key', async () => {
    const { createHash } = await import('node:crypto');
    const { createRuntime } = await import('../../src/index.js');
    const lines: string[] = [];
    const config = testConfig({
      logLevel: 'info',
      apiKeys: new Map([[createHash('sha256').update('sk_live_pro_key').digest('hex'), 'pro']]),
    });
    const runtime = createRuntime(config, 'kit-plans', '1.0.0');
    runtime.accessLog = (entry) => lines.push(JSON.stringify(entry));
    const limited = createService(
      {
        name: 'kit-plans',
        title: 'Plans',
        description: 'plans',
        version: '1.0.0',
        openapi: '3.1',
        operations: [list],
        plans: { free: 2 },
      },
      config,
      { runtime },
    );
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await limited.request('/sum?ids=1')).status);
    const pro = await limited.request('/sum?ids=1', { headers: { authorization: 'Bearer sk_live_pro_key' } });
    const wrong = await limited.request('/sum?ids=1', { headers: { 'x-api-key': 'sk_live_wrong' } });
    expect(statuses).toEqual([200, 200, 429]);
    expect(pro.status).toBe(200);
    expect(pro.headers.get('ratelimit')).toBeNull();
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { code: string }).code).toBe('invalid_api_key');
    expect(lines.map((line) => JSON.parse(line).plan)).toEqual(['free', 'free', 'free', 'pro', 'free']);
    expect(lines.join('\n')).not.toContain('sk_live');
  });
});

describe('MCP tool schemas', () => {
  it('use JSON Schema `examples` arrays, never OpenAPI `example`, and leave member names alone', async () => {
    const { toolSchema, z } = await import('../../src/index.js');
    const schema = toolSchema(
      z.object({
        amount: z.number().meta({ example: 5 }),
        example: z.string().meta({ examples: ['x'] }),
        nested: z.object({ at: z.string().meta({ example: '2025-01-01' }) }),
      }),
      'input',
    );
    const properties = schema.properties as Record<string, Record<string, unknown>>;
    expect(properties.amount).not.toHaveProperty('example');
    expect(schema.properties).toMatchObject({
      amount: { examples: [5] },
      example: { examples: ['x'] },
      nested: { properties: { at: { examples: ['2025-01-01'] } } },
    });
  });
});
