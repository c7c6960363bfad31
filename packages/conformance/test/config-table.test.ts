// The root README's configuration tables name every environment variable the production code reads,
// and nothing else: the kit's (the one zod schema, CONFIG_VARIABLES), the standard OTEL_* ones it names,
// and a service's own (`process.env.X` in services/*/src).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_VARIABLES, configTable } from '@dus/core';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './helpers/services.js';

/** Every .ts file under a directory. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

const productionDirs = [
  join(repoRoot, 'packages', 'core', 'src'),
  join(repoRoot, 'packages', 'mcp', 'src'),
  ...readdirSync(join(repoRoot, 'services')).map((dir) => join(repoRoot, 'services', dir, 'src')),
].filter((dir) => {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
});

/** `process.env.NAME` and `process.env['NAME']` reads of the production sources. */
const read = new Set(
  productionDirs
    .flatMap(sources)
    .flatMap((file) =>
      [
        ...readFileSync(file, 'utf8').matchAll(
          /process\.env(?:\.([A-Z][A-Z0-9_]*)|\[['"]([A-Z][A-Z0-9_]*)['"]\])/g,
        ),
      ].map((match) => match[1] ?? match[2]!),
    ),
);
/** Read by Node or the libraries, not by us: documented elsewhere. */
const NOT_OURS = new Set(['NODE_ENV']);

const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
const section = readme.slice(
  readme.indexOf('\n## Configuration'),
  readme.indexOf('\n## ', readme.indexOf('\n## Configuration') + 1),
);
/** The first column of every table row of the section. */
const rows = new Set([...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((match) => match[1]!));

describe('the root README configuration tables', () => {
  it('hold the kit table generated from the config schema', () => {
    expect(section).toContain(configTable());
  });

  it('name every variable the code reads', () => {
    expect(read.size).toBeGreaterThan(0);
    const documented = (name: string) => rows.has(name) || section.includes(`\`${name}\``);
    const variables = [...Object.keys(CONFIG_VARIABLES), ...read].filter((name) => !NOT_OURS.has(name));
    expect(variables.filter((name) => !documented(name))).toEqual([]);
  });

  it('have a row only for a variable the code reads', () => {
    const known = new Set([...Object.keys(CONFIG_VARIABLES), ...read]);
    expect([...rows].filter((name) => !known.has(name))).toEqual([]);
    expect(rows.has('CATALOG_FILE')).toBe(true);
  });
});
