import { exampleOutput } from '@dus/core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { operations } from '../../src/operations.js';
import { app, type Json, postJson } from './helpers.js';

describe('OpenAPI document', async () => {
  const document: Json = await (await app.request('/openapi.json')).json();
  /** A schema, or the component its `$ref` names. */
  const resolve = (schema: Json): Json =>
    schema.$ref ? document.components.schemas[schema.$ref.split('/').pop()] : schema;

  it('validates as OpenAPI 3.1 with info.version = 1.1.0', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.1.0');
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
  });

  it('documents GET and POST twins with the same parameters, and unknown_model', () => {
    for (const path of ['/api/v1/budget_calculator', '/api/v1/model_selector', '/api/v1/cost_optimizer']) {
      const item = document.paths[path];
      expect(Object.keys(item).sort()).toEqual(['get', 'post']);
      const names = item.get.parameters.map((p: Json) => p.name).sort();
      // Every body member is a query parameter, except customModels (POST and MCP only).
      expect(names).toEqual(
        Object.keys(resolve(item.post.requestBody.content['application/json'].schema).properties)
          .filter((name) => name !== 'customModels')
          .sort(),
      );
      if (path !== '/api/v1/model_selector')
        expect(JSON.stringify(item.post.responses)).toContain('`unknown_model`');
    }
    expect(Object.keys(document.paths)).toContain('/models');
  });

  it('every documented example is what the service answers', async () => {
    for (const op of operations) {
      const res =
        op.method === 'GET'
          ? await app.request(
              `${op.path}?${new URLSearchParams(op.example!.input as Record<string, string>)}`,
            )
          : await postJson(op.path, op.example!.input);
      expect(res.status, op.path).toBe(200);
      expect(await res.json(), op.path).toEqual(exampleOutput(op));
    }
  });
});
