import { exampleOutput } from '@dus/core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { operations } from '../../src/operations.js';
import { DOMAIN_422, get, postJson, ROUTES } from './helpers.js';

describe('OpenAPI document', async () => {
  const res = await get('/openapi.json');
  const document = res.json;
  /** A schema, or the component its `$ref` names (bodies and shared objects are named components). */
  // biome-ignore lint/suspicious/noExplicitAny: JSON Schema inspected member by member
  const deref = (schema: any): any =>
    typeof schema?.$ref === 'string'
      ? deref(document.components.schemas[schema.$ref.replace('#/components/schemas/', '')])
      : schema;

  it('validates as OpenAPI 3.1 with info.version = 1.0.0', async () => {
    expect(res.status).toBe(200);
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.0.0');
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists the routes and the standard endpoints', () => {
    expect(Object.keys(document.paths).sort()).toEqual(
      [
        '/',
        ...ROUTES,
        '/livez',
        '/readyz',
        '/health',
        '/metrics',
        '/version',
        '/openapi.json',
        '/docs',
        '/mcp',
      ].sort(),
    );
  });

  it.each(ROUTES)('%s: POST only, 400/413/415/500 and its documented 422 codes', (route) => {
    const item = document.paths[route];
    expect(Object.keys(item)).toEqual(['post']);
    const post = item.post;
    const expected = ['200', '400', '401', '413', '415', '429', '500'];
    if (DOMAIN_422[route].length > 0) expected.push('422');
    expect(Object.keys(post.responses).sort()).toEqual(expected.sort());
    for (const status of expected.filter((code) => code !== '200')) {
      expect(post.responses[status].content['application/problem+json'].schema.$ref).toBe(
        '#/components/schemas/Problem',
      );
    }
    for (const code of DOMAIN_422[route]) expect(post.responses['422']?.description).toContain(`\`${code}\``);
    expect(post.requestBody.content['application/json'].example).toBeDefined();
    expect(post.responses['200'].content['application/json'].example).toBeDefined();
    expect(post.description).toMatch(/MCP tool: `[a-z_]+`/);
  });

  it('every documented example is what the service answers for the example input', async () => {
    for (const op of operations) {
      const reply = await postJson(op.path, op.example!.input);
      expect(reply.status, op.path).toBe(200);
      expect(reply.json, op.path).toEqual(exampleOutput(op));
    }
  });

  it("Cameron's prediction is documented as nullable (beyond 200 km)", () => {
    const predictions = deref(
      deref(document.paths['/predict'].post.responses['200'].content['application/json'].schema).properties
        .predictions,
    );
    // Times for a target distance, distances for a target time.
    const [times, distances] = predictions.anyOf.map(deref);
    expect(times.properties.cameron.anyOf).toEqual([
      { $ref: '#/components/schemas/Prediction' },
      { type: 'null' },
    ]);
    expect(distances.properties.cameron.anyOf).toEqual([
      { $ref: '#/components/schemas/DistancePrediction' },
      { type: 'null' },
    ]);
  });

  it('distances and times are documented with their accepted forms', () => {
    const schema = deref(document.paths['/vdot'].post.requestBody.content['application/json'].schema);
    expect(schema.required).toEqual(['distance', 'time']);
    expect(schema.additionalProperties).toBe(false);
    // A field adds its own meaning beside a reference to the shared DistanceInput schema, whose accepted
    // forms are the component's (also the items of the distance lists).
    expect(schema.properties.distance).toEqual({
      description: 'Race distance.',
      $ref: '#/components/schemas/DistanceInput',
      examples: ['5k'],
    });
    expect(schema.properties.targets.items).toEqual({ $ref: '#/components/schemas/DistanceInput' });
    const distanceInput = deref(schema.properties.targets.items);
    expect(distanceInput.description).toMatch(/bare number is refused/);
    expect(distanceInput.description).toMatch(/"10 km"/);
    // A string or { value, unit }: the bare number zod takes (to refuse it by name) is not documented.
    expect(distanceInput.anyOf.map((form: { type: string }) => form.type)).toEqual(['string', 'object']);
    expect(schema.properties.time).toMatchObject({
      description: 'Race time.',
      $ref: '#/components/schemas/DurationInput',
    });
    expect(document.components.schemas.DurationInput.type).toEqual(['string', 'number']);
  });
});
