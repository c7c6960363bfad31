// The docs page's static assets: sent compressed when the client accepts it, with a strong ETag and a
// year of caching (the URLs carry Swagger UI's version), over a real socket.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createService, listen, testConfig } from '../../src/index.js';

const dist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const version = JSON.parse(readFileSync(join(dist, 'package.json'), 'utf8')).version as string;
const app = createService(
  { name: 'kit-docs', title: 'Docs', description: 'docs', version: '1.0.0', openapi: '3.1', operations: [] },
  testConfig(),
);

/** A raw GET (no automatic decompression): status, headers and the bytes as sent. */
function get(origin: string, path: string, headers: Record<string, string>) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    request(`${origin}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('/docs assets', () => {
  it('links the assets with the Swagger UI version', async () => {
    const page = await (await app.request('/docs')).text();
    expect(page).toContain(`/docs/swagger-ui-bundle.js?v=${version}`);
    expect(page).toContain(`/docs/swagger-ui.css?v=${version}`);
  });

  it('sends brotli, gzip or identity as accepted, each with its strong ETag; a matching If-None-Match is 304', {
    timeout: 30_000,
  }, async () => {
    const server = await listen(app);
    try {
      const plain = readFileSync(join(dist, 'swagger-ui-bundle.js'));
      const path = `/docs/swagger-ui-bundle.js?v=${version}`;
      const br = await get(server.origin, path, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers.vary).toBe('Accept-Encoding');
      expect(br.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      expect(brotliDecompressSync(br.body).equals(plain)).toBe(true);
      expect(br.body.length).toBeLessThan(plain.length / 3);

      const gz = await get(server.origin, path, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).equals(plain)).toBe(true);
      expect(gz.headers.etag).not.toBe(br.headers.etag);

      const identity = await get(server.origin, path, { 'accept-encoding': 'br;q=0, gzip;q=0' });
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.body.equals(plain)).toBe(true);

      const again = await get(server.origin, path, {
        'accept-encoding': 'br',
        'if-none-match': String(br.headers.etag),
      });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
    } finally {
      await server.close();
    }
  });
});
