// The MCP registry entries (issue #42): every service's `server.json` is valid against the registry's
// JSON schema 2025-12-11 (a copy in fixtures/mcp-registry, checked by its hash), is exactly what the
// generator (packages/deploy/src/registry.mjs) makes of the service today, agrees with the package
// manifest (`name` = `mcpName`, the version, the npm package) and names a remote the built service serves.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CONFIG_VARIABLES, STDIO_VARIABLES, z } from '@dus/core';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { type Json, mcpCall, repoRoot, services, servicesDir } from './helpers/services.js';

const fixtures = join(import.meta.dirname, 'fixtures', 'mcp-registry');
const schemaText = readFileSync(join(fixtures, 'server.schema.json'), 'utf8');
const schema = JSON.parse(schemaText) as Json;

interface RegistryModule {
  SCHEMA_URL: string;
  NAMESPACE: string;
  DESCRIPTION_LIMIT: number;
  registryName(dir: string): string;
  registryDescription(description: string): string;
  environmentVariables(variables: typeof CONFIG_VARIABLES, zod: typeof z, only: ReadonlySet<string>): Json[];
  serviceVariables(readme: string, letter: string): Json[];
  registryFiles(): Promise<Map<string, string>>;
}
const registry = (await import(
  pathToFileURL(join(repoRoot, 'packages', 'deploy', 'src', 'registry.mjs')).href
)) as RegistryModule;

/** The registry's validator: draft-07 with `format` checked; `example`, the schema's one non-standard keyword, is
 * declared (ajv refuses an unknown keyword). */
function validator(): ValidateFunction {
  const ajv = new Ajv({ allErrors: true });
  // ajv-formats is CommonJS: its default export is the plugin itself.
  (addFormats as unknown as (instance: Ajv) => Ajv)(ajv);
  ajv.addKeyword({ keyword: 'example', schemaType: ['string', 'number', 'boolean', 'object', 'array'] });
  return ajv.compile(schema);
}
const validate = validator();
const errorsOf = (document: unknown) => (validate(document) ? [] : validate.errors);

const generated = await registry.registryFiles();
const manifest = (dir: string): Json =>
  JSON.parse(readFileSync(join(servicesDir, dir, 'package.json'), 'utf8'));
const committed = (dir: string): string => readFileSync(join(servicesDir, dir, 'server.json'), 'utf8');

describe('the registry schema copy', () => {
  it('is the 2025-12-11 schema, byte for byte as its README records', () => {
    const readme = readFileSync(join(fixtures, 'README.md'), 'utf8');
    const hash = createHash('sha256').update(schemaText).digest('hex');
    expect(readme).toContain(`sha256 ${hash}`);
    expect(schema.$id).toBe(registry.SCHEMA_URL);
    expect(schema.definitions.ServerDetail.properties.description.maxLength).toBe(registry.DESCRIPTION_LIMIT);
  });

  it('rejects what the registry rejects (the validator is not vacuous)', () => {
    const document = JSON.parse(committed('g-canonical'));
    expect(errorsOf(document)).toEqual([]);
    const bad = (change: (copy: Json) => void) => {
      const copy = structuredClone(document);
      change(copy);
      return (errorsOf(copy) ?? []).map((error) => error.instancePath);
    };
    expect(bad((copy) => (copy.description = 'x'.repeat(101)))).toContain('/description');
    expect(bad((copy) => (copy.name = 'io.github.dus.g-canonical'))).toContain('/name');
    expect(bad((copy) => (copy.packages[0].version = 'latest'))).toContain('/packages/0/version');
    expect(bad((copy) => (copy.remotes[0].url = 'ftp://{host}/mcp'))).toContain('/remotes/0/url');
    expect(bad((copy) => (copy.repository = { url: 'not a url', source: 'github' }))).toContain(
      '/repository/url',
    );
    expect(bad((copy) => delete copy.version)).toContain('');
  });
});

describe('the registry description', () => {
  it("is the description's first sentence without its asides, cut before a clause to fit", () => {
    expect(registry.registryDescription('Short (with an aside, here). Second sentence.')).toBe('Short.');
    expect(
      registry.registryDescription(
        `Audits payloads: where the bytes go, what the egress costs on AWS, GCP and Azure, ${'and more '.repeat(8)}.`,
      ),
    ).toBe('Audits payloads: where the bytes go, what the egress costs on AWS, GCP and Azure.');
    expect(() => registry.registryDescription(`${'word '.repeat(30)}, and so on.`)).toThrow(/shorten/);
  });
});

describe('the environment variables', () => {
  it("are the kit's configuration schema, optional, with its enumerations", () => {
    const variables = registry.environmentVariables(
      CONFIG_VARIABLES,
      z,
      new Set(Object.keys(CONFIG_VARIABLES)),
    );
    expect(variables.map((variable) => variable.name)).toEqual(Object.keys(CONFIG_VARIABLES));
    expect(variables.every((variable) => variable.isRequired === false)).toBe(true);
    const byName = Object.fromEntries(variables.map((variable) => [variable.name, variable]));
    expect(byName.LOG_LEVEL?.choices).toEqual(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);
    expect(byName.RATE_LIMIT_STORE?.choices).toEqual(['fail_open', 'required']);
    expect(byName.METRICS_ENABLED?.format).toBe('boolean');
    expect(byName.REDIS_URL?.isSecret).toBe(true);
    expect(byName.RATE_LIMIT_PER_MINUTE).toEqual({
      name: 'RATE_LIMIT_PER_MINUTE',
      description: 'Requests a minute per client on the free plan (0 = off; D: 200 unless set). Default: 0.',
      isRequired: false,
    });
  });
});

describe("the npm package's variables", () => {
  it('are the ones the stdio entry acts on, in the schema order: none of the HTTP server alone', () => {
    const names = registry
      .environmentVariables(CONFIG_VARIABLES, z, STDIO_VARIABLES)
      .map((variable) => variable.name);
    expect(names).toEqual([
      'LOG_LEVEL',
      'MAX_BODY_BYTES',
      'MAX_JSON_DEPTH',
      'CALL_TIMEOUT_MS',
      'WORKER_THREADS',
      'MAX_HEAVY_INFLIGHT',
      'MAX_HEAP_MB',
      'MCP_OUTPUT_SCHEMAS',
      'MCP_SHARED_DEFS',
      'OTEL_EXPORTER_OTLP_ENDPOINT',
    ]);
    for (const dir of services.map((service) => service.dir)) {
      const document = JSON.parse(committed(dir)) as { packages: Array<{ environmentVariables: Json[] }> };
      // A service's own variables follow the kit's: B reads CATALOG_FILE (over stdio too).
      const own = dir === 'b-token-budget' ? ['CATALOG_FILE'] : [];
      expect(document.packages[0]!.environmentVariables.map((variable) => variable.name)).toEqual([
        ...names,
        ...own,
      ]);
    }
  });

  it("take a service's own variables from the root README's table of them, for the service it names", () => {
    const readme = [
      '| variable | service | meaning | default |',
      '|---|---|---|---|',
      "| `CATALOG_FILE` | B | A JSON file `{as_of}` (see [B's README](services/b/README.md)). | the built-in catalog |",
      '| `OTHER` | C | Something. | none |',
      '',
      '| `NOT_THIS` | B | after the table | x |',
    ].join('\n');
    expect(registry.serviceVariables(readme, 'B')).toEqual([
      {
        name: 'CATALOG_FILE',
        description: "A JSON file {as_of} (see B's README). Default: the built-in catalog.",
        isRequired: false,
      },
    ]);
    expect(registry.serviceVariables(readme, 'C').map((variable) => variable.name)).toEqual(['OTHER']);
    expect(registry.serviceVariables(readme, 'E')).toEqual([]);
  });
});

describe('every service has a server.json', () => {
  it('for each service and nothing else', () => {
    expect([...generated.keys()]).toEqual(services.map((service) => `services/${service.dir}/server.json`));
    expect(services).toHaveLength(8);
  });
});

describe.each(services)('services/$dir/server.json', (service) => {
  const { dir } = service;
  const text = committed(dir);
  const document = JSON.parse(text) as Json;
  const pkg = manifest(dir);

  it('is valid against the registry schema', () => {
    expect(errorsOf(document)).toEqual([]);
  });

  it('is what `npm run registry:generate` writes today', () => {
    expect(text, 'run `npm run registry:generate`').toBe(generated.get(`services/${dir}/server.json`));
  });

  it('is named by the package manifest and carries its version and npm package', () => {
    expect(document.$schema).toBe(schema.$id);
    expect(pkg.mcpName).toBe(`${registry.NAMESPACE}/${dir}`);
    expect(document.name).toBe(pkg.mcpName);
    expect(document.version).toBe(pkg.version);
    expect(document.packages).toHaveLength(1);
    expect(document.packages[0]).toMatchObject({
      registryType: 'npm',
      identifier: pkg.name,
      version: pkg.version,
      transport: { type: 'stdio' },
    });
  });

  it("describes the service in the registry's words from its own description", async () => {
    const info = (await (await service.app.request(`${service.basePath}/`)).json()) as Json;
    expect(document.title).toBe(info.title);
    expect(document.description).toBe(registry.registryDescription(info.description));
    expect(info.description.replace(/\s*\([^()]*\)/g, '')).toContain(document.description.slice(0, -1));
  });

  it('names a streamable-http remote the service serves, its host a declared variable', async () => {
    expect(document.remotes).toHaveLength(1);
    const [remote] = document.remotes;
    expect(remote.type).toBe('streamable-http');
    expect(remote.url).toBe(`https://{host}${service.basePath}/mcp`);
    const variables = [...remote.url.matchAll(/\{(\w+)\}/g)].map((match: RegExpMatchArray) => match[1]);
    expect(Object.keys(remote.variables)).toEqual(variables);
    expect(remote.variables.host.isRequired).toBe(true);
    const path = new URL(remote.url.replace('{host}', 'service.test')).pathname;
    const tools = await mcpCall({ app: service.app, basePath: path.slice(0, -'/mcp'.length) }, 'tools/list');
    expect(tools.tools.length).toBe(service.operations.filter((op) => op.mcp !== false).length);
  });

  it('is named in the service README', () => {
    const readme = readFileSync(join(servicesDir, dir, 'README.md'), 'utf8');
    expect(readme).toMatch(/^## MCP registry$/m);
    expect(readme).toContain(`\`${document.name}\``);
    expect(readme).toContain('[`server.json`](server.json)');
  });
});
