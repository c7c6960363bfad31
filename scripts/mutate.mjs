// `npm run mutate [-- <package dir>…] [--force]`: StrykerJS over every package that has a
// stryker.config.mjs (the services' src/domain, core's json, crypto and webhook code), then one table
// of every mutated file with its score; exits non-zero when a file is below the floor (85 %).
//
// Incremental: each package's last results are committed (reports/stryker-incremental.json, written
// compact). A package none of whose mutated files and test files changed since is not run at all; one
// that changed re-tests only the mutants its change touched (Stryker's incremental mode). `--force`
// re-runs every mutant.
import { existsSync, globSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ensureInstalled, root, run } from './workspace.mjs';

const { MUTATION_FLOOR } = await import(join(root, 'stryker.base.mjs'));
const args = process.argv.slice(2);
const force = args.includes('--force');
const only = args.filter((arg) => !arg.startsWith('--')).map((dir) => join(root, dir));

const packages = globSync('{packages,services}/*/stryker.config.mjs', { cwd: root })
  .map((file) => join(root, file, '..'))
  .filter((dir) => only.length === 0 || only.includes(dir))
  .sort();

/** The files a package's `mutate` globs select (a `!` pattern removes). */
function mutatedFiles(dir, patterns) {
  const selected = new Set();
  for (const pattern of patterns) {
    if (pattern.startsWith('!')) {
      for (const file of globSync(pattern.slice(1), { cwd: dir })) selected.delete(file);
    } else {
      for (const file of globSync(pattern, { cwd: dir })) selected.add(file);
    }
  }
  return [...selected].sort();
}

const read = (file) => readFileSync(file, 'utf8');

/** Whether Stryker would find anything to re-test: a mutated file or a test file differs from the report. */
function changedSince(report, dir, files) {
  if (force || !report) return true;
  if (files.some((file) => report.files[file]?.source !== read(join(dir, file)))) return true;
  const tests = globSync('test/**/*.test.ts', { cwd: dir });
  const recorded = Object.keys(report.testFiles ?? {});
  if (tests.length !== recorded.length) return true;
  return tests.some((file) => report.testFiles[file]?.source !== read(join(dir, file)));
}

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

function scoreRows(report, dir, files) {
  return files.map((file) => {
    const mutants = report.files[file]?.mutants ?? [];
    const count = (status) => mutants.filter((mutant) => mutant.status === status).length;
    const detected = mutants.filter((mutant) => DETECTED.has(mutant.status)).length;
    const undetected = mutants.filter((mutant) => UNDETECTED.has(mutant.status)).length;
    const equivalent = mutants.filter((mutant) => mutant.status === 'Ignored' && !mutant.static);
    return {
      file: relative(root, join(dir, file)),
      mutants: detected + undetected,
      detected,
      survived: count('Survived'),
      noCoverage: count('NoCoverage'),
      score: detected + undetected === 0 ? null : (100 * detected) / (detected + undetected),
      equivalent,
    };
  });
}

ensureInstalled();
const rows = [];
let failedRun = false;
for (const dir of packages) {
  const config = (await import(join(dir, 'stryker.config.mjs'))).default;
  const files = mutatedFiles(dir, config.mutate);
  const reportFile = config.incrementalFile;
  const before = existsSync(reportFile) ? JSON.parse(read(reportFile)) : null;
  if (changedSince(before, dir, files)) {
    console.log(`\n── ${relative(root, dir)}: mutating${force ? ' (all mutants)' : ''}`);
    const status = run('stryker', ['run', ...(force ? ['--force'] : [])], { cwd: dir });
    if (status !== 0 && !existsSync(reportFile)) failedRun = true;
  } else {
    console.log(`── ${relative(root, dir)}: unchanged since its last mutation run`);
  }
  if (!existsSync(reportFile)) continue;
  const report = JSON.parse(read(reportFile));
  // Compact and free of this machine's paths, so the committed file diffs small and fits any clone.
  delete report.config;
  delete report.projectRoot;
  writeFileSync(reportFile, JSON.stringify(report));
  rows.push(...scoreRows(report, dir, files));
}

const percent = (score) => (score === null ? 'n/a' : `${score.toFixed(1)} %`);
console.log('\n| file | mutants | killed + timeout | survived | no coverage | score |');
console.log('|---|---|---|---|---|---|');
for (const row of rows) {
  console.log(
    `| ${row.file} | ${row.mutants} | ${row.detected} | ${row.survived} | ${row.noCoverage} | ${percent(row.score)} |`,
  );
}
const equivalents = rows.flatMap((row) =>
  row.equivalent.map((mutant) => `${row.file}:${mutant.location.start.line} ${mutant.mutatorName}: ${mutant.statusReason}`),
);
if (equivalents.length > 0) console.log(`\nEquivalent mutants, disabled in the code with a reason:\n${equivalents.join('\n')}`);
const below = rows.filter((row) => row.score !== null && row.score < MUTATION_FLOOR);
if (below.length > 0) console.error(`\n${below.length} file(s) below the ${MUTATION_FLOOR} % floor.`);
process.exit(failedRun || below.length > 0 ? 1 : 0);
