import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const serverFile = join(import.meta.dirname, '..', '..', 'dist', 'server.js');
let child: ChildProcess;
let origin: string;

beforeAll(async () => {
  expect(existsSync(serverFile), 'build the service first (npm test does)').toBe(true);
  child = spawn(process.execPath, [serverFile], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  origin = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    lines.on('line', (line) => {
      const entry = JSON.parse(line);
      if (entry.msg === 'listening') resolve(entry.url);
    });
  });
});
afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
});

describe('the built server over a real socket', () => {
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
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });
});
