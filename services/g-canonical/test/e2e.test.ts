import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from './helpers.js';

const serverFile = join(import.meta.dirname, '..', 'dist', 'server.js');
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
  it('serves health, digest and the docs', async () => {
    const health = await fetch(`${origin}/canonical-digest-api/health`);
    expect(health.status).toBe(200);
    expect(await json(health)).toMatchObject({ status: 'ok', service: 'g-canonical', version: '1.1.0' });

    const digest = await fetch(`${origin}/canonical-digest-api/v1/digest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"value":{"currency":"USD","amount":500}}',
    });
    expect((await json(digest)).hex).toBe('cfce21f4235ea8738880c4f77f7d05c466da2e99263e6d6612e32db3e9a6b2d0');
  });

  it('refuses an oversized chunked upload with 413', async () => {
    const chunk = new TextEncoder().encode(`"${'x'.repeat(64 * 1024)}",`);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent++;
        if (sent > 40) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const res = await fetch(`${origin}/canonical-digest-api/v1/canonicalize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('drains on SIGTERM and exits 0', async () => {
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });
});
