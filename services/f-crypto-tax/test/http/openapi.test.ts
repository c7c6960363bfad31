import { exampleOutput } from '@dus/core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { operations } from '../../src/operations.js';
import { app, type Json, postJson } from './helpers.js';

const ROUTES: Record<string, { method: 'get' | 'post'; errors: string[] }> = {
  '/api/v1/methods': { method: 'get', errors: [] },
  '/api/v1/calculate': { method: 'post', errors: ['insufficient_holdings', 'missing_fx_rate'] },
  '/api/v1/csv': {
    method: 'post',
    errors: ['unknown_csv_format', 'insufficient_holdings', 'missing_fx_rate', 'missing_valuation'],
  },
  '/api/v1/summary': {
    method: 'post',
    errors: ['insufficient_holdings', 'missing_fx_rate', 'unsupported_jurisdiction'],
  },
  '/api/v1/holdings': { method: 'post', errors: ['insufficient_holdings', 'missing_fx_rate'] },
};

describe('OpenAPI document', async () => {
  const document: Json = await (await app.request('/openapi.json')).json();

  it("documents each cause of a 422 too_expensive: the pool's memory budget and the operation's own bound", () => {
    const unprocessable = (path: string) => document.paths[path].post.responses['422'].description as string;
    for (const path of Object.keys(ROUTES).filter((route) => ROUTES[route]!.method === 'post')) {
      expect(unprocessable(path)).toContain('outgrew the memory budget a worker gives one call');
      expect(unprocessable(path)).toContain("The trades' transfers would move more than 250,000 lots");
    }
    expect(unprocessable('/api/v1/csv')).toContain('Or the CSV has more than 300,000 rows after its header');
    expect(unprocessable('/api/v1/summary')).toContain('Or more than 150,000 trades outside GB');
  });

  it('validates as OpenAPI 3.1 with info.version = 1.1.0', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.1.0');
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(validator.version).toBe('3.1');
  });

  it('lists the five routes and the standard endpoints', () => {
    expect(Object.keys(document.paths).sort()).toEqual(
      [
        '/',
        ...Object.keys(ROUTES),
        '/health',
        '/livez',
        '/readyz',
        '/metrics',
        '/version',
        '/openapi.json',
        '/docs',
        '/mcp',
      ].sort(),
    );
  });

  it.each(Object.entries(ROUTES))(
    '%s documents its method, MCP tool and domain errors',
    (path, { method, errors }) => {
      const op = document.paths[path][method];
      expect(op.description).toMatch(/MCP tool: `[a-z_]+`/);
      for (const code of errors) expect(JSON.stringify(op.responses)).toContain(`\`${code}\``);
    },
  );

  it('/csv takes text/csv or JSON and its options as query parameters; calculate and csv answer text/csv too', () => {
    const csv = document.paths['/api/v1/csv'].post;
    expect(Object.keys(csv.requestBody.content).sort()).toEqual(['application/json', 'text/csv']);
    expect(csv.parameters.map((p: Json) => p.name)).toEqual(
      expect.arrayContaining([
        'format',
        'method',
        'fx_rates',
        'year',
        'pooling',
        'insufficient_holdings',
        'output',
      ]),
    );
    for (const path of ['/api/v1/calculate', '/api/v1/csv']) {
      expect(Object.keys(document.paths[path].post.responses['200'].content)).toContain('text/csv');
    }
  });

  it('every documented example is what the service answers for the example input', async () => {
    for (const op of operations) {
      const res =
        op.method === 'GET' ? await app.request(op.path) : await postJson(op.path, op.example!.input);
      const body = await res.json();
      expect(res.status, op.path).toBe(200);
      if (op.example?.output) expect(body, op.path).toEqual(exampleOutput(op));
    }
  });
});
