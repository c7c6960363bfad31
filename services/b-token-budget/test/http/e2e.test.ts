import { join } from 'node:path';
import { type ServerProcess, startServerProcess } from '@dus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: ServerProcess;

beforeAll(async () => {
  server = await startServerProcess(join(import.meta.dirname, '..', '..', 'dist', 'server.js'));
});
afterAll(() => server.stop('SIGKILL'));

describe('the built server over a real socket', () => {
  it('serves /health and a GET twin', async () => {
    const health = await fetch(`${server.origin}/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', service: 'b-token-budget', version: '1.1.0' });
    const res = await fetch(
      `${server.origin}/api/v1/cost_optimizer?inputTokens=1000&outputTokens=500&models=gpt-5.1`,
    );
    expect(((await res.json()) as { cheapest: unknown }).cheapest).toEqual({
      id: 'gpt-5.1',
      total_cost: 0.00625,
    });
  });

  it('drains on SIGTERM and exits 0', async () => {
    expect(await server.stop('SIGTERM')).toBe(0);
  });
});
