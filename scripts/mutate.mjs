// `npm run mutate [-- <package dir>…] [--force] [--ratchet]`: StrykerJS over every package that has a
// stryker.config.mjs (the services' src/domain, core's json, crypto and webhook code), then one table
// of every mutated file with its score; exits non-zero when a file is below the floor (85 %).
//
// Incremental: each package's last results are committed (reports/stryker-incremental.json, written
// compact). A package none of whose mutated files and test files changed since is not run at all; one
// that changed re-tests only the mutants its change touched (Stryker's incremental mode). `--force`
// re-runs every mutant. `--ratchet` (CI) fails a file only below min(floor, its committed score):
// a file already below the floor may not fall further, every other one must stay at the floor.
import { createHash } from 'node:crypto';
// fs as a namespace: fs.globSync exists from Node 22, and this file must load on an older Node long
// enough for workspace.mjs to re-run it under the pinned one.
import * as fs from 'node:fs';
import { join, relative } from 'node:path';
import { ensureInstalled, root, run } from './workspace.mjs';

const { MUTATION_FLOOR } = await import(join(root, 'stryker.base.mjs'));
const args = process.argv.slice(2);
const force = args.includes('--force');
// CI: a file below the floor may not fall further; every other file must stay at the floor.
const ratchet = args.includes('--ratchet');
const only = args.filter((arg) => !arg.startsWith('--')).map((dir) => join(root, dir));

const packages = fs
  .globSync('{packages,services}/*/stryker.config.mjs', { cwd: root })
  .map((file) => join(root, file, '..'))
  .filter((dir) => only.length === 0 || only.includes(dir))
  .sort();

/** The files a package's `mutate` globs select (a `!` pattern removes). */
function mutatedFiles(dir, patterns) {
  const selected = new Set();
  for (const pattern of patterns) {
    if (pattern.startsWith('!')) {
      for (const file of fs.globSync(pattern.slice(1), { cwd: dir })) selected.delete(file);
    } else {
      for (const file of fs.globSync(pattern, { cwd: dir })) selected.add(file);
    }
  }
  return [...selected].sort();
}

const read = (file) => fs.readFileSync(file, 'utf8');

/**
 * A digest of what a mutation run depends on: the mutated files, every file under test/ and the
 * package's config and the shared base. Kept beside the results; a package whose digest is unchanged is not run again.
 */
function inputsDigest(dir, files) {
  const hash = createHash('sha256');
  const inputs = [
    ...files,
    ...fs.globSync('test/**/*', { cwd: dir, withFileTypes: false }).sort(),
    'stryker.config.mjs',
  ];
  for (const file of inputs) {
    const path = join(dir, file);
    if (fs.statSync(path).isFile()) hash.update(file).update('\0').update(fs.readFileSync(path)).update('\0');
  }
  return hash.update(fs.readFileSync(join(root, 'stryker.base.mjs'))).digest('hex');
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
const baseline = new Map();
let failedRun = false;
for (const dir of packages) {
  const config = (await import(join(dir, 'stryker.config.mjs'))).default;
  const files = mutatedFiles(dir, config.mutate);
  const reportFile = config.incrementalFile;
  const committed = fs.existsSync(reportFile) ? scoreRows(JSON.parse(read(reportFile)), dir, files) : [];
  for (const row of committed) baseline.set(row.file, row.score);
  const digestFile = join(dir, 'reports', 'inputs.sha256');
  const digest = inputsDigest(dir, files);
  const unchanged =
    !force && fs.existsSync(reportFile) && fs.existsSync(digestFile) && read(digestFile).trim() === digest;
  if (unchanged) {
    console.log(`── ${relative(root, dir)}: unchanged since its last mutation run`);
  } else {
    console.log(`\n── ${relative(root, dir)}: mutating${force ? ' (all mutants)' : ''}`);
    const startedAt = Date.now();
    run('stryker', ['run', ...(force ? ['--force'] : [])], { cwd: dir });
    // Stryker exits non-zero below its own threshold too; a run counts when it wrote fresh results.
    if (fs.existsSync(reportFile) && fs.statSync(reportFile).mtimeMs >= startedAt)
      fs.writeFileSync(digestFile, `${digest}\n`);
    else failedRun = true;
  }
  if (!fs.existsSync(reportFile)) continue;
  const report = JSON.parse(read(reportFile));
  // Compact and free of this machine's paths, so the committed file diffs small and fits any clone.
  delete report.config;
  delete report.projectRoot;
  fs.writeFileSync(reportFile, JSON.stringify(report));
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
  row.equivalent.map(
    (mutant) => `${row.file}:${mutant.location.start.line} ${mutant.mutatorName}: ${mutant.statusReason}`,
  ),
);
if (equivalents.length > 0)
  console.log(`\nEquivalent mutants, disabled in the code with a reason:\n${equivalents.join('\n')}`);
const floorOf = (row) =>
  ratchet ? Math.min(MUTATION_FLOOR, baseline.get(row.file) ?? MUTATION_FLOOR) : MUTATION_FLOOR;
const below = rows.filter((row) => row.score !== null && row.score < floorOf(row) - 1e-9);
if (below.length > 0) {
  const what = ratchet
    ? `below the ${MUTATION_FLOOR} % floor or their committed score`
    : `below the ${MUTATION_FLOOR} % floor`;
  console.error(
    `\n${below.length} file(s) ${what}:\n${below.map((row) => `  ${row.file} ${percent(row.score)}`).join('\n')}`,
  );
}
process.exit(failedRun || below.length > 0 ? 1 : 0);
