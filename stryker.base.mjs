// StrykerJS, configured once (issue 30): each mutated package's stryker.config.mjs is
// `strykerConfig(import.meta.dirname, [globs])`. `npm run mutate` runs them (scripts/mutate.mjs).
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The floor every mutated file must reach (docs: README "Mutation testing"). */
export const MUTATION_FLOOR = 85;

export function strykerConfig(dir, mutate, extra = {}) {
  return {
    packageManager: 'pnpm',
    testRunner: 'vitest',
    plugins: ['@stryker-mutator/vitest-runner'],
    vitest: { configFile: existsOr(dir, 'vitest.config.ts'), dir: 'test' },
    // Only the tests that cover a mutant run against it.
    coverageAnalysis: 'perTest',
    mutate,
    // A change re-mutates only what it touched: the previous results are committed per package.
    incremental: true,
    incrementalFile: join(dir, 'reports', 'stryker-incremental.json'),
    reporters: ['clear-text', 'progress'],
    thresholds: { high: 90, low: MUTATION_FLOOR, break: MUTATION_FLOOR },
    concurrency: 2,
    timeoutMS: 20_000,
    tempDirName: join(dir, '.stryker-tmp'),
    cleanTempDir: 'always',
    ignoreStatic: true,
    ...extra,
  };
}

function existsOr(dir, file) {
  return existsSync(join(dir, file)) ? file : undefined;
}
