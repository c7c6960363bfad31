import { join } from 'node:path';
import { listen } from '@dus/core';
import { startServerProcess } from '@dus/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { app, type Json, makeApp } from './helpers.js';

describe('OpenAPI', () => {
  it('is a valid 3.1 document with every route, its errors and the SVG media type', async () => {
    const document: Json = await (await app.request('/openapi.json')).json();
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.0.0');
    expect(Object.keys(document.paths).sort()).toEqual([
      '/',
      '/check-digit',
      '/digital-link',
      '/digital-link/parse',
      '/docs',
      '/generate',
      '/health',
      '/livez',
      '/mcp',
      '/metrics',
      '/openapi.json',
      '/readyz',
      '/validate',
      '/version',
    ]);
    const generate = document.paths['/generate'];
    // 503: a PNG is drawn in the worker pool, which may be full
    expect(Object.keys(generate.get.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '422',
      '429',
      '500',
      '503',
    ]);
    expect(generate.get.responses['200'].content).toMatchObject({
      'application/json': {},
      'image/svg+xml': { schema: { type: 'string' } },
      'image/png': { schema: { type: 'string', format: 'binary' } },
    });
    expect(generate.get.parameters.map((p: { name: string }) => p.name)).toContain('module_width');
    expect(document.info['x-plans']).toHaveLength(2);
  });
});

describe('MCP with the official SDK client', () => {
  it('lists the five tools and calls each', async () => {
    const server = await listen(makeApp());
    try {
      const client = new Client({ name: 'd-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${server.origin}/mcp`)));
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual([
        'build_digital_link',
        'compute_check_digit',
        'generate_barcode',
        'parse_digital_link',
        'validate_barcode',
      ]);
      const generated = await client.callTool({
        name: 'generate_barcode',
        arguments: { type: 'upca', data: '03600029145' },
      });
      expect(generated.structuredContent).toMatchObject({ encoded: '036000291452' });
      const checked = await client.callTool({
        name: 'compute_check_digit',
        arguments: { type: 'ean13', data: '978030640615' },
      });
      expect(checked.structuredContent).toMatchObject({ check_digit: '7' });
      const bad = await client.callTool({ name: 'validate_barcode', arguments: { type: 'qr', data: '1' } });
      expect(bad.isError).toBe(true);
      await client.close();
    } finally {
      await server.close();
    }
  });
});

describe('the built server', () => {
  it('serves an SVG on a real socket and stops on SIGTERM', async () => {
    const server = await startServerProcess(join(import.meta.dirname, '..', '..', 'dist', 'server.js'));
    const res = await fetch(`${server.origin}/generate?type=code128&data=Hello`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>Code 128 Hello</title>');
    expect(await server.stop()).toBe(0);
  });
});
