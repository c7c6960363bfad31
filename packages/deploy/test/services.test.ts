// Every service directory on disk is a workspace package the shared Dockerfile can build and start,
// and the product table these checks rely on is the one the spec fixes (ids A-H, ports 8081-8088).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isFile, readJson, root, type ServicePackage, SPEC, servicesOnDisk, specFor } from './helpers.js';

describe('the product table', () => {
  it('lists eight services A-H on ports 8081-8088 with their health paths', () => {
    expect(SPEC.map((s) => [s.id, s.dir, s.port, s.healthPath])).toEqual([
      ['A', 'a-webhook', 8081, '/health'],
      ['B', 'b-token-budget', 8082, '/health'],
      ['C', 'c-dedup', 8083, '/api-request-deduplicator/health'],
      ['D', 'd-barcode', 8084, '/health'],
      ['E', 'e-pace', 8085, '/health'],
      ['F', 'f-crypto-tax', 8086, '/health'],
      ['G', 'g-canonical', 8087, '/canonical-digest-api/health'],
      ['H', 'h-payload', 8088, '/health'],
    ]);
    expect(SPEC.find((s) => s.id === 'G')?.basePath).toBe('/canonical-digest-api');
    for (const s of SPEC) expect(s.dir.startsWith(`${s.id.toLowerCase()}-`)).toBe(true);
  });
});

describe.each(servicesOnDisk())('services/%s', (dir) => {
  const spec = specFor(dir);
  const pkgPath = `services/${dir}/package.json`;
  const pkg = () => readJson<ServicePackage>(pkgPath);

  it('is one of the eight services of the product', () => {
    expect(spec, `services/${dir} is not in the product table`).toBeDefined();
  });

  it(`is the workspace package @dus/${dir}`, () => {
    expect(isFile(join(root, pkgPath))).toBe(true);
    expect(pkg().name).toBe(`@dus/${dir}`);
  });

  it('builds with tsc to dist/ and starts with node dist/server.js', () => {
    expect(pkg().scripts?.build).toBe('tsc -p tsconfig.build.json');
    expect(pkg().scripts?.start).toBe('node dist/server.js');
    expect(isFile(join(root, 'services', dir, 'tsconfig.build.json'))).toBe(true);
  });

  it('has src/server.ts (compiled to the dist/server.js the image runs)', () => {
    expect(isFile(join(root, 'services', dir, 'src', 'server.ts'))).toBe(true);
  });

  it('declares its port, base path and version as the table does', () => {
    const p = pkg();
    expect(p.service?.port).toBe(spec?.port);
    expect(typeof p.service?.basePath).toBe('string');
    expect(p.version).toBe(spec?.version);
  });
});
