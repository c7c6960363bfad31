import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { BASE, get } from './helpers.js';
import { DIGEST_ALGORITHMS } from '../src/domain/index.js';

describe('OpenAPI document', async () => {
  const res = await get('/openapi.json');
  const document = JSON.parse(res.text);

  it('validates as OpenAPI 3.1 with info.version = 1.1.0', async () => {
    expect(res.status).toBe(200);
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.1.0');
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists every route with its error responses and examples', () => {
    const paths = Object.keys(document.paths).sort();
    expect(paths).toEqual(
      [
        '/v1/canonicalize',
        '/v1/digest',
        '/v1/idempotency-key',
        '/v1/verify-digest',
        '/v1/compare',
        '/v1/keyed-digest',
        '/v1/patch',
        '/v1/sign',
        '/v1/verify-signature',
        '/livez',
        '/readyz',
        '/health',
        '/metrics',
        '/version',
        '/openapi.json',
        '/docs',
        '/mcp',
        '',
      ]
        .map((path) => `${BASE}${path}`)
        .sort(),
    );
    for (const path of ['/v1/canonicalize', '/v1/digest', '/v1/idempotency-key']) {
      const post = document.paths[`${BASE}${path}`].post;
      expect(Object.keys(post.responses).sort()).toEqual([
        '200',
        '400',
        '401',
        '413',
        '415',
        '422',
        '429',
        '500',
        '503',
      ]);
      // 503: every operation is heavy from 1 MiB (pool full, or a call past its deadline); 422 also a
      // call that outgrew a worker's memory budget.
      expect(post.responses['503'].description).toContain('`overloaded`');
      expect(post.responses['503'].description).toContain('`deadline_exceeded`');
      expect(post.responses['422'].description).toContain('`too_expensive`');
      expect(post.responses['422'].content['application/problem+json'].schema.$ref).toBe(
        '#/components/schemas/Problem',
      );
      expect(post.requestBody.content['application/json'].example).toBeDefined();
    }
    expect(document.paths[`${BASE}/mcp`].get.responses['405']).toBeDefined();
    // The description names the algorithms from the list the answers come from.
    expect(document.info.description).toContain(DIGEST_ALGORITHMS.join(', '));
  });
});
