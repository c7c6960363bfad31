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
  it('serves /health and a raw CSV upload', async () => {
    const health = await fetch(`${server.origin}/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', service: 'f-crypto-tax', version: '1.1.0' });
    const res = await fetch(`${server.origin}/api/v1/csv?method=lifo`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: 'type,asset,amount,price,date\nbuy,BTC,1,100,2024-01-01\nbuy,BTC,1,200,2024-02-01\nsell,BTC,1,150,2024-03-01\n',
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { summary: { gain: string } }).summary.gain).toBe('-50.00');
  });

  it('takes a 32 MiB body and refuses one byte more with 413', async () => {
    const over = await fetch(`${server.origin}/api/v1/calculate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"trades":[],"pad":"${'x'.repeat(32 * 1024 * 1024)}"}`,
    });
    expect(over.status).toBe(413);
  });

  it('drains on SIGTERM and exits 0', async () => {
    expect(await server.stop('SIGTERM')).toBe(0);
  });
});
