// Each service's entry for the MCP registry (issue #42): `services/<dir>/server.json`, in the
// registry's server.json format, generated from the service package (name, version, base path) and the
// built service itself (its title and description, the same definition its MCP endpoint and OpenAPI
// document are built from) and the kit's configuration schema (the environment variables).
// `npm run registry:generate` writes them; packages/conformance/test/registry.test.ts validates them
// against the registry's JSON schema and checks the committed ones are these.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, services } from '../../../scripts/workspace.mjs';

/** The server.json format this generator writes (a copy of the schema: packages/conformance/test/fixtures/mcp-registry). */
export const SCHEMA_URL = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';

/**
 * The registry namespace of every service: `io.github.<owner>`, a GitHub account the registry lets the
 * publisher prove with a GitHub login. The repository has no remote yet; `dus` is the owner its npm scope
 * (`@dus/…`) names. This is the one place it is written: the names in server.json and the `mcpName` of
 * every package manifest are `<NAMESPACE>/<service directory>` (the test checks both).
 */
export const NAMESPACE = 'io.github.dus';

/** The registry's limit on `description` (the schema's `maxLength`). */
export const DESCRIPTION_LIMIT = 100;

/** Environment variables whose value may carry a credential (a Redis URL may hold its password). */
const SECRET_VARIABLES = new Set(['REDIS_URL']);

/** The registry name of a service: `<NAMESPACE>/<service directory>`. */
export const registryName = (dir) => `${NAMESPACE}/${dir}`;

/**
 * The registry's short description from the service's own description: its first sentence without the
 * parenthesised asides (the lists of platforms, algorithms …), and when that is still longer than the
 * registry allows, the longest part of it that ends before a clause (`, `, `: ` or `; ` followed by a
 * lower-case word, so a list of names such as "AWS, GCP and Azure" is never cut) and fits.
 */
export function registryDescription(description) {
  const plain = description.replace(/\s*\([^()]*\)/g, '').trim();
  const sentence = (plain.match(/^.*?[.!?](?=\s|$)/)?.[0] ?? plain).replace(/[.!?]$/, '');
  if (sentence.length + 1 <= DESCRIPTION_LIMIT) return `${sentence}.`;
  let end;
  for (const clause of sentence.matchAll(/[,:;] (?=[a-z])/g)) {
    if (clause.index + 1 <= DESCRIPTION_LIMIT) end = clause.index;
  }
  if (end === undefined) {
    throw new Error(
      `no clause of "${sentence}" fits the registry's ${DESCRIPTION_LIMIT} characters: shorten its first clause`,
    );
  }
  return `${sentence.slice(0, end)}.`;
}

/**
 * The variables of the kit's configuration schema that `only` names (the npm package runs the stdio
 * entry: the kit's STDIO_VARIABLES) as registry inputs, in the schema's order: all optional (every one
 * has a default), `true`/`false` ones as booleans, other enumerations as choices.
 */
export function environmentVariables(variables, z, only) {
  return Object.entries(variables).flatMap(([name, variable]) => {
    if (!only.has(name)) return [];
    const output = z.toJSONSchema(variable.schema, { io: 'output', unrepresentable: 'any' });
    const values = Array.isArray(output.enum) ? output.enum : undefined;
    const boolean =
      values !== undefined && values.length === 2 && values.every((v) => v === 'true' || v === 'false');
    return [
      {
        name,
        description: `${variable.description} Default: ${variable.default}.`.replaceAll('`', ''),
        isRequired: false,
        ...(boolean ? { format: 'boolean' } : values === undefined ? {} : { choices: values }),
        ...(SECRET_VARIABLES.has(name) ? { isSecret: true } : {}),
      },
    ];
  });
}

/**
 * The variables a service reads of its own, from the root README's table of them (the one list of them:
 * packages/conformance/test/config-table.test.ts checks it against every `process.env` read), as registry
 * inputs for the service whose letter the row names.
 */
export function serviceVariables(readme, letter) {
  const start = readme.indexOf('| variable | service | meaning | default |');
  if (start < 0) return [];
  const table = readme.slice(start).split('\n\n')[0].split('\n').slice(2);
  return table.flatMap((row) => {
    const [name, service, meaning, fallback] = row
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (service !== letter) return [];
    const plain = (text) => text.replaceAll('`', '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    return [
      { name: plain(name), description: `${plain(meaning)} Default: ${plain(fallback)}.`, isRequired: false },
    ];
  });
}

/** One service's server.json document. */
export function serverJson(service, environment) {
  return {
    $schema: SCHEMA_URL,
    name: registryName(service.dir),
    title: service.title,
    description: registryDescription(service.description),
    version: service.version,
    packages: [
      {
        registryType: 'npm',
        identifier: service.packageName,
        version: service.version,
        transport: { type: 'stdio' },
        environmentVariables: environment,
      },
    ],
    remotes: [
      {
        type: 'streamable-http',
        url: `https://{host}${service.basePath}/mcp`,
        variables: {
          host: {
            description: `Host name (and port) the service is served at, e.g. ${service.dir}.example.com`,
            isRequired: true,
          },
        },
      },
    ],
  };
}

/** The title and description a built service states about itself (`GET <base>/`). */
async function selfDescription(dir, basePath, testConfig) {
  const { createApp } = await import(pathToFileURL(join(root, 'services', dir, 'dist', 'app.js')).href);
  const response = await createApp(testConfig()).request(`${basePath}/`);
  const info = await response.json();
  return { title: info.title, description: info.description };
}

/** Every service's server.json, path → text (run after `npm run build`: the descriptions are the built services'). */
export async function registryFiles() {
  const core = await import(pathToFileURL(join(root, 'packages/core/dist/index.js')).href);
  const environment = environmentVariables(core.CONFIG_VARIABLES, core.z, core.STDIO_VARIABLES);
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const files = new Map();
  for (const service of services()) {
    const dir = service.name;
    const manifest = JSON.parse(readFileSync(join(service.dir, 'package.json'), 'utf8'));
    const basePath = service.basePath ?? '';
    const document = serverJson(
      {
        dir,
        packageName: manifest.name,
        version: manifest.version,
        basePath,
        ...(await selfDescription(dir, basePath, core.testConfig)),
      },
      [...environment, ...serviceVariables(readme, dir[0].toUpperCase())],
    );
    files.set(`services/${dir}/server.json`, `${JSON.stringify(document, null, 2)}\n`);
  }
  return files;
}
