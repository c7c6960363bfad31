// The drain loses nothing (docs/conventions.md §11), on the built servers as containers run them:
// SIGTERM turns /readyz 503 while everything still serves for SHUTDOWN_DELAY_MS, then every request
// already sent is answered — 12 concurrent 5 MB calculations to F, signalled mid-flight, all 200 —
// and the process exits 0.
import { request } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServerProcess } from '@dus/testing';
import { describe, expect, it } from 'vitest';
import { servicesDir } from '../helpers/services.js';

const F = join(servicesDir, 'f-crypto-tax');
const G = join(servicesDir, 'g-canonical');
const { trades } = await import(pathToFileURL(join(F, 'bench', 'workload.mjs')).href);

/** POST over its own connection (as 12 separate clients would), resolving with the status or the error code. */
function post(origin: string, path: string, body: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(`${origin}${path}`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end(body);
  });
}

describe('SIGTERM', () => {
  it('keeps serving with /readyz 503 draining for SHUTDOWN_DELAY_MS, then stops accepting and exits 0', async () => {
    const server = await startServerProcess(join(G, 'dist', 'server.js'), { SHUTDOWN_DELAY_MS: '800' });
    const base = `${server.origin}/canonical-digest-api`;
    // Ready once the heavy-call pool's threads have loaded G (503 `starting` until then).
    let readiness = await fetch(`${base}/readyz`);
    for (let tries = 0; readiness.status === 503 && tries < 100; tries++) {
      expect(await readiness.json()).toEqual({ status: 'not_ready', reason: 'starting' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      readiness = await fetch(`${base}/readyz`);
    }
    expect(readiness.status).toBe(200);
    const exited = server.stop('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'not_ready', reason: 'draining' });
    expect((await fetch(`${base}/livez`)).status).toBe(200);
    const digest = await fetch(`${base}/v1/digest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"text":"still serving"}',
    });
    expect(digest.status).toBe(200);
    expect(await exited).toBe(0);
    await expect(fetch(`${base}/livez`)).rejects.toThrow();
  });

  it('answers 12 concurrent 5 MB calculations already sent when it is signalled: 12 × 200', async () => {
    // Room for all twelve in the heavy-call pool: this is about the drain, not the pool's bound.
    const server = await startServerProcess(join(F, 'dist', 'server.js'), {
      LOG_LEVEL: 'warn',
      MAX_HEAVY_INFLIGHT: '16',
    });
    const body = JSON.stringify({ trades: trades(48_000) });
    expect(body.length).toBeGreaterThan(5_000_000);
    const answers = Array.from({ length: 12 }, () => post(server.origin, '/api/v1/calculate', body));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = server.stop('SIGTERM');
    expect(await Promise.all(answers)).toEqual(Array(12).fill(200));
    expect(await exited).toBe(0);
  }, 60_000);
});
