import { exampleOutput } from '@dus/core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { operations } from '../../src/operations.js';
import { app, type Json, postJson } from './helpers.js';

describe('OpenAPI document', async () => {
  const document: Json = await (await app.request('/openapi.json')).json();

  it('validates as OpenAPI 3.1 with info.version = 1.1.0', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
  });

  it('lists the four routes, each POST with 400/413/415', () => {
    for (const op of operations) {
      const post = document.paths[op.path].post;
      expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['200', '400', '413', '415']));
    }
  });

  it('every documented example is what the service answers', async () => {
    for (const op of operations) {
      const res = await postJson(op.path, op.example!.input);
      expect(res.status, op.path).toBe(200);
      expect(await res.json(), op.path).toEqual(exampleOutput(op));
    }
  });
});
