import { join } from 'node:path';
import { type ServerProcess, startServerProcess } from '@dus/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: ServerProcess;

beforeAll(async () => {
  server = await startServerProcess(join(import.meta.dirname, '..', '..', 'dist', 'server.js'));
});
afterAll(() => server.stop('SIGKILL'));

// Steps of one server's life, in order: it serves, then it drains.
describe('the built server over a real socket', { shuffle: false }, () => {
  it('serves /health and an analysis', async () => {
    const health = await fetch(`${server.origin}/api-request-deduplicator/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', service: 'c-dedup', version: '1.1.0' });
    const res = await fetch(`${server.origin}/api/v1/request_deduplicator`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"requests":[{"method":"GET","url":"https://a.io/x"},{"method":"get","url":"HTTPS://A.IO/x#f"}]}',
    });
    expect(((await res.json()) as { stats: { removed: number } }).stats.removed).toBe(1);
  });

  it('drains on SIGTERM and exits 0', async () => {
    expect(await server.stop('SIGTERM')).toBe(0);
  });
});
