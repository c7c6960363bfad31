// `npm test`: install if needed, build, then lint, typecheck and every test of every package.
// Exits non-zero on any failure and closes with one summary line of the test counts.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build, ensureInstalled, root, run, turbo } from './workspace.mjs';

const RESULTS = 'test-results.json';

function packageDirs() {
  return ['packages', 'services', 'bench', 'attack'].flatMap((group) => {
    const dir = join(root, group);
    if (!existsSync(dir)) return [];
    if (existsSync(join(dir, 'package.json'))) return [dir];
    return readdirSync(dir)
      .map((name) => join(dir, name))
      .filter((path) => existsSync(join(path, 'package.json')));
  });
}

console.log(`Node ${process.version} (pinned in .node-version)`);
ensureInstalled();
build();
if (spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status !== 0) {
  console.log(
    'redis-server not found: the Redis tests are skipped (apt-get install redis-server; CI installs it and makes them mandatory)',
  );
}

console.log('\n▸ lint + typecheck (every package, in parallel)…');
const checks = Math.max(
  run('biome', ['lint', '--error-on-warnings', 'scripts']),
  turbo(['lint', 'typecheck']),
);
for (const dir of packageDirs()) rmSync(join(dir, RESULTS), { force: true });
console.log('\n▸ tests, one package at a time (a dot per test; the table follows)…');
const tests = turbo(
  ['test'],
  [
    '--concurrency=1',
    '--continue',
    '--',
    '--reporter=dot',
    '--reporter=json',
    `--outputFile.json=${RESULTS}`,
  ],
  'full',
);

let passed = 0;
let failed = 0;
let skipped = 0;
console.log('');
for (const dir of packageDirs()) {
  const file = join(dir, RESULTS);
  if (!existsSync(file)) continue;
  const result = JSON.parse(readFileSync(file, 'utf8'));
  const other = result.numPendingTests + (result.numTodoTests ?? 0);
  console.log(
    `  ${relative(root, dir).padEnd(24)} ${String(result.numPassedTests).padStart(5)} passed, ${result.numFailedTests} failed` +
      `${other ? `, ${other} skipped` : ''} (${result.testResults.length} files)`,
  );
  passed += result.numPassedTests;
  failed += result.numFailedTests;
  skipped += other;
}
console.log(`\nlint + typecheck: ${checks === 0 ? 'passed' : 'FAILED'}`);
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(checks !== 0 || tests !== 0 || failed > 0 || passed === 0 ? 1 : 0);
