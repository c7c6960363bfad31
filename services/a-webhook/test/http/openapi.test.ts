import { toolSchema } from '@dus/core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { PLATFORM_NAMES, VERIFY_FIELDS } from '../../src/domain/index.js';
import { GITHUB_EXAMPLE, verifyInput, verifyToolInput } from '../../src/operations.js';
import { get, verify } from './helpers/client.js';

describe('OpenAPI document', async () => {
  const res = await get('/openapi.json');
  const document = res.json;
  const verifyPath = document.paths['/verify'].post;
  const platformsPath = document.paths['/platforms'].get;
  /** Request and response schemas are named components; follow a `$ref` to its schema. */
  const deref = (schema: { $ref?: string }) =>
    schema.$ref ? document.components.schemas[schema.$ref.replace('#/components/schemas/', '')] : schema;

  it('validates as OpenAPI 3.0.3 with info.version 1.0.0', async () => {
    expect(res.status).toBe(200);
    expect(document.openapi).toBe('3.0.3');
    expect(document.info).toMatchObject({ version: '1.0.0', title: 'Webhook signature verification' });
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.0');
  });

  it('lists /verify and /platforms with every response and the standard routes', () => {
    expect(Object.keys(document.paths).sort()).toEqual(
      [
        '/',
        '/docs',
        '/handshake',
        '/health',
        '/livez',
        '/mcp',
        '/metrics',
        '/openapi.json',
        '/platforms',
        '/readyz',
        '/sign',
        '/verify',
        '/version',
      ].sort(),
    );
    expect(Object.keys(verifyPath.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '413',
      '415',
      '422',
      '429',
      '500',
    ]);
    expect(Object.keys(platformsPath.responses).sort()).toEqual(['200', '400', '401', '429', '500']);
    const bad = verifyPath.responses['400'];
    expect(bad.content['application/problem+json'].schema.$ref).toBe('#/components/schemas/Problem');
    for (const code of [
      'validation_failed',
      'invalid_json',
      'unknown_platform',
      'missing_field',
      'invalid_public_key',
    ])
      expect(bad.description).toContain(`\`${code}\``);
  });

  it('counts and names the platforms in the service description from the same table as /platforms', () => {
    expect(document.info.description).toContain(
      `of ${PLATFORM_NAMES.length} platforms (${PLATFORM_NAMES.join(', ')})`,
    );
  });

  it('describes each platform on /verify', () => {
    for (const name of PLATFORM_NAMES) expect(verifyPath.description).toContain(`- \`${name}\` (`);
    expect(verifyPath.description).toContain('`X-Hub-Signature-256`, HMAC-SHA256 → hex');
    expect(verifyPath.description).toContain('default tolerance 5 s');
    expect(verifyPath.description).toContain('MCP tool: `verify_webhook`');
  });

  it('documents every request member with the domain’s description; only platform is required of every request', () => {
    // payload or payload_base64, and signature or headers: which one is the caller's choice.
    const schema = deref(verifyPath.requestBody.content['application/json'].schema);
    expect(schema.required).toEqual(['platform']);
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(schema.properties)).toEqual(VERIFY_FIELDS.map((field) => field.name));
    for (const field of VERIFY_FIELDS) {
      expect(schema.properties[field.name].description).toContain(field.description);
    }
    expect(schema.properties.platform.enum).toEqual([...PLATFORM_NAMES, 'auto']);
    expect(schema.properties.algo.enum).toEqual(['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512']);
    expect(schema.properties.tolerance).toMatchObject({ type: 'integer', minimum: 0 });
    expect(schema.properties.url.format).toBe('uri');
  });

  it('the /verify example is GitHub’s test vector, and its output is what the service answers', async () => {
    const example = verifyPath.requestBody.content['application/json'].example;
    expect(example).toEqual(GITHUB_EXAMPLE);
    const answer = await verify(example);
    expect(verifyPath.responses['200'].content['application/json'].example).toEqual(answer.json);
    expect(answer.json.valid).toBe(true);
  });

  it('the /platforms example is what GET /platforms answers', async () => {
    expect(platformsPath.responses['200'].content['application/json'].example).toEqual(
      (await get('/platforms')).json,
    );
  });

  it('the response schema enumerates the reasons and hints', () => {
    const output = deref(verifyPath.responses['200'].content['application/json'].schema);
    expect(output.properties.reason.enum).toEqual([
      'signature_mismatch',
      'malformed_signature',
      'no_supported_signature',
      'timestamp_too_old',
      'timestamp_in_future',
      'invalid_timestamp',
      'body_hash_mismatch',
      'missing_body_hash',
      null,
    ]);
    expect(output.properties.reason.nullable).toBe(true);
    expect(output.properties.hints.items.enum).toContain('payload_looks_reserialized');
  });
});

describe('the zod schema agrees with the domain’s VERIFY_FIELDS', () => {
  const sample: Record<string, unknown> = {
    string: 'x',
    integer: 1_700_000_000,
    number: 1.5,
    array: ['a-1', 'b-2'],
    object: { 'X-Test': 'a', 'X-Repeated': ['b', 'c'] },
  };
  const wrong = [true, { a: 1 }];

  it.each(VERIFY_FIELDS.map((field) => [field.name, field] as const))('%s', (name, field) => {
    for (const type of field.types) {
      const value =
        type === 'string' && field.example !== undefined && typeof field.example === 'string'
          ? field.example
          : sample[type];
      expect(verifyInput.safeParse({ [name]: value }).success, `${name} accepts a ${type}`).toBe(true);
    }
    for (const value of wrong) expect(verifyInput.safeParse({ [name]: value }).success).toBe(false);
    const json = toolSchema(verifyInput, 'input') as { properties: Record<string, Record<string, unknown>> };
    expect(json.properties[name]!.description).toContain(field.description);
    if (field.enum && name !== 'content_type') expect(json.properties[name]!.enum).toEqual([...field.enum]);
    if (field.minimum !== undefined) expect(json.properties[name]!.minimum).toBe(field.minimum);
  });
});

describe('the MCP arguments: verifyInput’s validation, briefly described', () => {
  type Schema = {
    properties: Record<string, Record<string, unknown>>;
    required: string[];
    additionalProperties: unknown;
  };
  const rest = toolSchema(verifyInput, 'input') as unknown as Schema;
  const tool = toolSchema(verifyToolInput, 'input') as unknown as Schema;

  it('has the same members, types, enums and required list, each with a short phrase and no examples', () => {
    expect(Object.keys(tool.properties)).toEqual(Object.keys(rest.properties));
    expect(tool.required).toEqual(rest.required);
    expect(tool.additionalProperties).toBe(false);
    for (const [name, member] of Object.entries(tool.properties)) {
      const { description, examples, ...shape } = member;
      const { description: _long, examples: _examples, ...restShape } = rest.properties[name]!;
      expect(shape, name).toEqual(restShape);
      expect(examples, name).toBeUndefined();
      expect(typeof description === 'string' && description.length <= 45, `${name}: ${description}`).toBe(
        true,
      );
    }
  });

  it('accepts and refuses what the REST body does', () => {
    const cases: unknown[] = [
      GITHUB_EXAMPLE,
      { platform: 'github', secret: ['a', 'b'] },
      { platform: 'github', secret: [] },
      { platform: 'github', secret: '' },
      { platform: 'github', payload: 'a', payload_base64: 'YQ==' },
      { platform: 'twilio', url: 'ftp://example.com/' },
      { platform: 'github', tolerance: -1 },
      { platform: 'github', tolerance: 1.5 },
      { platform: 'github', now: -1 },
      { platform: 'github', headers: { a: ['b', 'c'] } },
      { platform: 'github', headers: { a: 1 } },
      { platform: 'github', timestamp: true },
      { platform: 'github', unknown: 1 },
    ];
    for (const input of cases) {
      const a = verifyInput.safeParse(input);
      const b = verifyToolInput.safeParse(input);
      expect(b.success, JSON.stringify(input)).toBe(a.success);
      expect(b.error?.issues, JSON.stringify(input)).toEqual(a.error?.issues);
    }
  });
});
