import { join } from 'node:path';
import { type ServerProcess, startServerProcess } from '@dus/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: ServerProcess;
let origin: string;

beforeAll(async () => {
  server = await startServerProcess(join(import.meta.dirname, '..', '..', 'dist', 'server.js'));
  origin = server.origin;
});
afterAll(() => server.stop('SIGKILL'));

// Steps of one server's life, in order: it serves, then it drains.
describe('the built server over a real socket', { shuffle: false }, () => {
  it('serves /health and /vdot', async () => {
    const health = await fetch(`${origin}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', service: 'e-pace', version: '1.0.0' });

    const vdot = await fetch(`${origin}/vdot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"distance":"5k","time":"20:00"}',
    });
    expect(vdot.status).toBe(200);
    const body = (await vdot.json()) as { vdot: number; equivalent: unknown[] };
    expect(body.vdot).toBe(49.81);
    expect(body.equivalent).toHaveLength(9);
  });

  it('drains on SIGTERM and exits 0', async () => {
    expect(await server.stop('SIGTERM')).toBe(0);
  });
});
