// The harness is not run in CI (benchmarks are not tests), but every row a service declares must load
// and run, and its same-work ceiling must really do the same work: its answer equals the service's.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const services = join(import.meta.dirname, '..', '..', 'services');
const declared = readdirSync(services).filter((dir) => existsSync(join(services, dir, 'bench', 'rows.mjs')));
const children = [];
afterAll(() => {
  for (const child of children) child.kill();
});

async function startService(dir, file = join(services, dir, 'dist', 'server.js'), env = {}) {
  const child = spawn(process.execPath, [file], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${dir} exited with ${code}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.includes('"listening"')) resolve(JSON.parse(line).url);
    });
  });
}

const withoutVolatile = (json, volatile = []) => {
  const copy = { ...json };
  for (const key of volatile) delete copy[key];
  return copy;
};

describe('declared benchmark rows', () => {
  it('exist for every service with a server', () => {
    const withServer = readdirSync(services).filter((dir) =>
      existsSync(join(services, dir, 'src', 'server.ts')),
    );
    expect(declared.sort()).toEqual(withServer.sort());
  });

  it.each(declared)('%s: each HTTP row has a same-work ceiling giving the service’s answer', async (dir) => {
    const rows = await import(pathToFileURL(join(services, dir, 'bench', 'rows.mjs')).href);
    const origin = await startService(dir);
    expect(rows.http.length).toBeGreaterThan(0);
    for (const row of rows.http) {
      expect(['GET', 'POST']).toContain(row.method);
      expect(row.path.startsWith('/')).toBe(true);
      expect(typeof row.sameWork).toBe('function');
      expect(row.target?.bareHono).toBeGreaterThan(0);
      const body = typeof row.body === 'function' ? row.body() : row.body;
      const res = await fetch(`${origin}${row.path}`, {
        method: row.method,
        ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
      });
      expect(res.status).toBe(200);
      const ceiling = row.sameWork(Buffer.from(body ?? ''), row.path);
      if (row.contentType === undefined) {
        const served = await res.json();
        expect(withoutVolatile(JSON.parse(ceiling), row.volatile)).toEqual(
          withoutVolatile(served, row.volatile),
        );
      } else {
        expect(res.headers.get('content-type')).toBe(row.contentType);
        // Text (SVG) or bytes (PNG): compared byte for byte either way.
        expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(ceiling))).toBe(true);
      }
    }
  });

  it.each(declared)(
    '%s: the bare-Hono reference of each HTTP row answers what its ceiling answers',
    async (dir) => {
      const rows = await import(pathToFileURL(join(services, dir, 'bench', 'rows.mjs')).href);
      const reference = join(import.meta.dirname, '..', 'same-work-hono.mjs');
      const origin = await startService(dir, reference, { BENCH_SERVICE: dir });
      for (const row of rows.http) {
        const body = typeof row.body === 'function' ? row.body() : row.body;
        const res = await fetch(`${origin}${row.path}`, {
          method: row.method,
          ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
        });
        expect(res.status).toBe(200);
        const answer = Buffer.from(await res.arrayBuffer());
        const ceiling = Buffer.from(row.sameWork(Buffer.from(body ?? ''), row.path));
        if (row.volatile === undefined) expect(answer.equals(ceiling)).toBe(true);
        else
          expect(withoutVolatile(JSON.parse(answer), row.volatile)).toEqual(
            withoutVolatile(JSON.parse(ceiling), row.volatile),
          );
      }
    },
  );

  it.each(declared)(
    '%s: each large-request row, on its small sample body, answers what its ceiling answers',
    async (dir) => {
      const rows = await import(pathToFileURL(join(services, dir, 'bench', 'rows.mjs')).href);
      const large = rows.large ?? [];
      if (large.length === 0) return;
      const origin = await startService(dir);
      for (const row of large) {
        expect(typeof row.sameWork).toBe('function');
        expect(typeof row.sample).toBe('function');
        const body = row.sample();
        const res = await fetch(`${origin}${row.path}`, {
          method: row.method,
          body,
          headers: { 'content-type': 'application/json', ...row.headers },
        });
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual(JSON.parse(row.sameWork(Buffer.from(body), row.path)));
      }
    },
  );

  it.each(declared)('%s: growth rows run at a small size', async (dir) => {
    const rows = await import(pathToFileURL(join(services, dir, 'bench', 'rows.mjs')).href);
    for (const row of rows.growth ?? []) expect(() => row.run(row.setup(100))).not.toThrow();
  });

  it.each(declared)('%s: hot paths run once', async (dir) => {
    const rows = await import(pathToFileURL(join(services, dir, 'bench', 'rows.mjs')).href);
    for (const hot of rows.hotPaths ?? []) {
      const input = hot.setup ? await hot.setup() : undefined;
      expect(() => hot.run(input)).not.toThrow();
      expect(() => hot.ceiling.run(input)).not.toThrow();
    }
  });
});
