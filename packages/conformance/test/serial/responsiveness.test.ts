// Heavy work off the event loop (docs/conventions.md §11), on F's built server: while 8 large
// calculations run, /livez answers fast (p99 over 50 probes < 100 ms); 40 at once get only 200 or
// 503 `overloaded` with Retry-After, and the process stays under 1.5 GiB.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { startServerProcess } from '@dus/testing';
import { describe, expect, it } from 'vitest';
import { servicesDir } from '../helpers/services.js';

const F = join(servicesDir, 'f-crypto-tax');
const { trades } = await import(pathToFileURL(join(F, 'bench', 'workload.mjs')).href);
// Encoded once: the probes measure the server, not this process encoding bodies.
const body = Buffer.from(JSON.stringify({ trades: trades(40_000) }));

/** POST on a connection of its own; the status, or the error's code. */
function post(origin: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(`${origin}/api/v1/calculate`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': body.byteLength },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end(body);
  });
}

/** The peak resident set of a process (VmHWM), in MiB. */
const peakRssMiB = (pid: number) =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

describe('heavy calls off the event loop', () => {
  it('/livez p99 stays under 100 ms while 8 large calculations run', async () => {
    const server = await startServerProcess(join(F, 'dist', 'server.js'), {
      LOG_LEVEL: 'warn',
      MAX_HEAVY_INFLIGHT: '8',
    });
    try {
      // The load comes from a process of its own: this one only probes.
      const load = spawn(
        process.execPath,
        [join(import.meta.dirname, 'heavy-load.mjs'), server.origin, '8', '40000'],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      const lines = createInterface({ input: load.stdout! });
      const said: string[] = [];
      lines.on('line', (line) => said.push(line));
      await new Promise<void>((resolve) => lines.once('line', () => resolve()));
      const probes: number[] = [];
      for (let i = 0; i < 50; i++) {
        const started = performance.now();
        expect((await fetch(`${server.origin}/livez`)).status).toBe(200);
        probes.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await once(load, 'exit');
      expect(JSON.parse(said.at(-1)!)).toEqual(Array(8).fill(200));
      probes.sort((a, b) => a - b);
      const p99 = probes[Math.ceil(0.99 * probes.length) - 1]!;
      console.log(`/livez under 8 heavy calls: p50 ${probes[24]!.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`);
      expect(p99).toBeLessThan(100);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('40 at once: only 200 or 503 overloaded (with Retry-After), under 1.5 GiB', async () => {
    const server = await startServerProcess(join(F, 'dist', 'server.js'), { LOG_LEVEL: 'warn' });
    try {
      const statuses = await Promise.all(Array.from({ length: 40 }, () => post(server.origin)));
      expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
      expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
      expect(statuses.filter((status) => status === 503).length).toBeGreaterThanOrEqual(1);
      expect(peakRssMiB(server.child.pid!)).toBeLessThan(1536);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
