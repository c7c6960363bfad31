// The harness is not run in CI (benchmarks are not tests), but every row a service declares must at
// least load and run: this catches a broken rows.mjs before someone runs `npm run bench`.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const services = join(import.meta.dirname, '..', '..', 'services');
const declared = readdirSync(services).filter((dir) => existsSync(join(services, dir, 'bench', 'rows.mjs')));

describe('declared benchmark rows', () => {
  it('exist for every service with a server', () => {
    const withServer = readdirSync(services).filter((dir) =>
      existsSync(join(services, dir, 'src', 'server.ts')),
    );
    expect(declared.sort()).toEqual(withServer.sort());
  });

  it.each(declared)('%s: HTTP rows are well-formed and hot paths run once', async (dir) => {
    const rows = await import(pathToFileURL(join(services, dir, 'bench', 'rows.mjs')).href);
    for (const row of rows.http ?? []) {
      expect(['GET', 'POST']).toContain(row.method);
      expect(row.path.startsWith('/')).toBe(true);
      const body = typeof row.body === 'function' ? row.body() : row.body;
      if (row.method === 'POST') expect(() => JSON.parse(body)).not.toThrow();
    }
    for (const hot of rows.hotPaths ?? []) {
      const input = hot.setup ? await hot.setup() : undefined;
      expect(() => hot.run(input)).not.toThrow();
      expect(() => hot.ceiling.run(input)).not.toThrow();
    }
  });
});
