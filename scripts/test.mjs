// `npm test`: install if needed, build, then lint, typecheck and every test of every package.
// Exits non-zero on any failure and closes with one summary line of the test counts.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build, ensureInstalled, root, run, turbo } from './workspace.mjs';

const RESULTS = 'test-results.json';
/** The timing-sensitive tests' results (the last phase, alone on the machine). */
const SERIAL_RESULTS = 'test-results.serial.json';
const reporters = (file) => ['--reporter=dot', '--reporter=json', `--outputFile.json=${file}`];
/**
 * The test files of a package share one module registry per worker: loading each file's app graph
 * afresh was most of the run (A: 34 s isolated, 11 s shared). No test leaks state between files; the one
 * `vi.mock` (F's broken engine) resets the registry around itself. `vitest run` in a package stays isolated.
 */
const shared = ['--no-isolate'];

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
if (!existsSync('/usr/bin/chromium')) {
  console.log(
    'chromium not found: the /docs browser tests are skipped (apt-get install chromium; CI installs it)',
  );
}

console.log('\n▸ lint + typecheck (every package, in parallel)…');
const checks = Math.max(
  run('biome', ['lint', '--error-on-warnings', 'scripts']),
  turbo(['lint', 'typecheck']),
);
for (const dir of packageDirs()) {
  rmSync(join(dir, RESULTS), { force: true });
  rmSync(join(dir, SERIAL_RESULTS), { force: true });
}
// `--only`: everything is built above. Without it turbo runs the builds again, because the arguments
// after `--` enter every task's hash, and a package that declares no build dependency (bench, attack)
// then loaded the kit's dist/ while tsc was rewriting it (a bench test failed so in CI).
console.log('\n▸ tests, two packages at a time (a dot per test; the table follows)…');
const tests = turbo(
  ['test'],
  ['--only', '--concurrency=2', '--continue', '--', ...shared, ...reporters(RESULTS)],
  'full',
);
console.log('\n▸ timing-sensitive tests, alone on the machine…');
const serial = turbo(
  ['test:serial'],
  ['--only', '--concurrency=1', '--continue', '--', ...reporters(SERIAL_RESULTS)],
  'full',
);

let passed = 0;
let failed = 0;
let skipped = 0;
console.log('');
for (const dir of packageDirs()) {
  const results = [RESULTS, SERIAL_RESULTS]
    .map((name) => join(dir, name))
    .filter((file) => existsSync(file))
    .map((file) => JSON.parse(readFileSync(file, 'utf8')));
  if (results.length === 0) continue;
  const sum = (key) => results.reduce((total, result) => total + (result[key] ?? 0), 0);
  const files = results.reduce((total, result) => total + result.testResults.length, 0);
  const other = sum('numPendingTests') + sum('numTodoTests');
  console.log(
    `  ${relative(root, dir).padEnd(24)} ${String(sum('numPassedTests')).padStart(5)} passed, ${sum('numFailedTests')} failed` +
      `${other ? `, ${other} skipped` : ''} (${files} files)`,
  );
  passed += sum('numPassedTests');
  failed += sum('numFailedTests');
  skipped += other;
}
console.log(`\nlint + typecheck: ${checks === 0 ? 'passed' : 'FAILED'}`);
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
// A runner that exits non-zero without a failed test (no files found, a crash) is a failure too.
if (tests !== 0 || serial !== 0)
  console.log(`A test run exited non-zero (tests ${tests}, serial ${serial}): see its output above`);
process.exit(checks !== 0 || tests !== 0 || serial !== 0 || failed > 0 || passed === 0 ? 1 : 0);
