// Benchmark harness (docs/conventions.md §10), measured the way the team's figures are taken:
//  - every server pinned to core 0 and the load generator (this process, autocannon) to core 1 when
//    `taskset` and two cores exist; the server's CPU time per request (from /proc) is the primary figure;
//  - references: a bare node:http server (GET and POST), a bare Hono app, and that app doing 15 µs of work;
//  - every HTTP row a service declares in services/<dir>/bench/rows.mjs, in rounds with its own
//    same-work ceiling (bare node:http answering the same request with the same domain functions) and
//    two references (docs/conventions.md §10): bare Hono doing the same work, and the standard stack —
//    the same route as the Hono ecosystem builds it (bench/standard-stack.mjs). Targets: the kit faster
//    than the standard stack, and within 0.1 of its 2026-11 ratio to bare Hono (the row's `target`);
//  - every domain hot path declared there against its declared ceiling function.
// Prints a table and writes bench/results/latest.json. A service adds rows by declaring them only.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, waitForPort, waitUntilReady } from '../scripts/ports.mjs';
import { declaredRows, declaredServices } from './declared.mjs';
import { measureGrowth } from './growth.mjs';
import { measureLarge } from './large.mjs';
import { layerShares, topSelfTime } from './profile.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const DURATION_S = Number(process.env.BENCH_DURATION ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
// An HTTP row is measured in rounds (ceiling, then ours, on the same two running servers); the round
// with the median ratio is reported: one load of a few seconds on a shared VM drifts by ±10 %.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// A row that misses its target is profiled after it is measured (ours and its ceiling, one load each).
const PROFILE_MISSED = process.env.BENCH_PROFILE_MISSED !== '0';
const only = process.env.BENCH_ONLY; // substring filter on service directory names
const profileRow = process.env.BENCH_PROFILE; // substring of a row name: profile that server
const canPin = cpus().length >= 2 && spawnSync('taskset', ['-V'], { stdio: 'ignore' }).status === 0;

// The load generator runs on core 1: re-run this script pinned there, once.
if (canPin && process.env.BENCH_PINNED !== '1') {
  const pinned = spawnSync('taskset', ['-c', '1', process.execPath, fileURLToPath(import.meta.url)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_PINNED: '1' },
  });
  process.exit(pinned.status ?? 1);
}

/**
 * The V8 flag the images run every service with (Dockerfile CMD): every server of a row, ours and each
 * reference alike, runs under it, so the rows measure the services as shipped and compare like with like.
 */
const IMAGE_NODE_ARGS = ['--no-allocation-site-pretenuring'];

/**
 * Starts a server on a free port with its stdout (the request log) going to /dev/null: the server
 * still formats and writes every log line, but no reader competes with the load generator for core 1.
 * With `readyPath` (a service's `/readyz`), the server is loaded only once it says it is ready: a worker
 * pool still loading its modules would otherwise be counted in the first load's CPU time.
 */
async function startProcess(file, env = {}, extraArgs = [], readyPath = undefined) {
  const port = await freePort();
  const command = canPin ? 'taskset' : process.execPath;
  const nodeArgs = [...IMAGE_NODE_ARGS, ...extraArgs];
  const args = canPin ? ['-c', '0', process.execPath, ...nodeArgs, file] : [...nodeArgs, file];
  const child = spawn(command, args, {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForPort(port, child, file);
  if (readyPath !== undefined) await waitUntilReady(`http://127.0.0.1:${port}${readyPath}`, child, file);
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** CPU time (user + system) a process has used, in ms, from /proc (Linux); undefined elsewhere. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, at USER_HZ = 100
  } catch {
    return undefined;
  }
}

/** Microseconds of the monotonic clock, the one V8 stamps its profile samples with. */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

async function load(
  url,
  { method = 'GET', body, headers = {}, connections = CONNECTIONS },
  pid,
  warm = true,
) {
  const options = {
    url,
    method,
    connections,
    duration: DURATION_S,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body }),
  };
  if (warm) await autocannon({ ...options, duration: 1 }); // warm-up (JIT, connection pools)
  const cpuBefore = cpuMs(pid);
  const from = monotonicUs();
  const result = await autocannon(options);
  const to = monotonicUs();
  const cpuAfter = cpuMs(pid);
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0)
    throw new Error(
      `${method} ${url}: ${bad} failed responses of ${result.requests.total} (statuses ${JSON.stringify(result.statusCodeStats)}, ${result.errors} errors, ${result.timeouts} timeouts)`,
    );
  const cpu = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
  return {
    rps: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    // The primary figure: independent of how fast the load generator is.
    cpu_us: cpu === undefined ? undefined : (cpu * 1000) / result.requests.total,
    server_cpu_pct: cpu === undefined ? undefined : (cpu / (DURATION_S * 1000)) * 100,
    window: [from, to],
  };
}

/** Starts a server, loads it, stops it (optionally with a CPU profile whose top entries are printed). */
async function measureServer(file, request, env = {}, profile = false, large = false, readyPath = undefined) {
  const dir = join(here, 'results', 'profiles', String(Date.now()));
  const server = await startProcess(
    file,
    env,
    profile ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [],
    readyPath,
  );
  try {
    const url = `${server.url}${request.path ?? '/'}`;
    return large ? await measureLarge(url, request, server.pid, cpuMs) : await load(url, request, server.pid);
  } finally {
    await server.stop();
    if (profile) console.error(topSelfTime(dir, 25));
  }
}

/** The item whose `key` is the median (the upper one of an even count). */
const medianBy = (items, key) => [...items].sort((a, b) => key(a) - key(b))[Math.floor(items.length / 2)];

/**
 * A row beside its ceiling: all servers started, all warmed, then ROUNDS rounds of the ceiling's load,
 * each reference's (`references`: name → server spec; the same work on bare Hono, the standard stack)
 * and ours; the round whose ratio to the ceiling is the median is reported, with every round's ratio.
 * Each reference's CPU µs is the median of its rounds, and so is ours beside it (reference µs ÷ ours
 * in each round: > 1 when ours is cheaper), as is its own ratio to the ceiling.
 */
async function measurePair(ceiling, ours, request, profile = false, references = {}) {
  const dir = join(here, 'results', 'profiles', String(Date.now()));
  const ceilingServer = await startProcess(ceiling.file, ceiling.env);
  const referenceServers = {};
  for (const [name, spec] of Object.entries(references)) {
    referenceServers[name] = await startProcess(spec.file, spec.env);
  }
  const ourServer = await startProcess(
    ours.file,
    ours.env,
    profile ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [],
    ours.readyPath,
  );
  try {
    const url = (server) => `${server.url}${request.path ?? '/'}`;
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const base = await load(url(ceilingServer), request, ceilingServer.pid, round === 0);
      const others = {};
      for (const [name, server] of Object.entries(referenceServers)) {
        others[name] = await load(url(server), request, server.pid, round === 0);
      }
      const measured = await load(url(ourServer), request, ourServer.pid, round === 0);
      rounds.push({ base, others, measured, ratio: base.cpu_us / measured.cpu_us });
    }
    const middle = medianBy(rounds, (round) => round.ratio);
    const median = (values) => medianBy(values, (value) => value);
    const compared = {};
    for (const name of Object.keys(referenceServers)) {
      const ratios = rounds.map((round) => round.others[name].cpu_us / round.measured.cpu_us);
      compared[name] = {
        cpu_us: median(rounds.map((round) => round.others[name].cpu_us)),
        ceiling_ratio: median(rounds.map((round) => round.base.cpu_us / round.others[name].cpu_us)),
        ours_ratio: median(ratios),
        ours_ratios: ratios,
      };
    }
    return {
      base: middle.base,
      measured: middle.measured,
      ratios: rounds.map((round) => round.ratio),
      compared,
    };
  } finally {
    await Promise.all([
      ceilingServer.stop(),
      ourServer.stop(),
      ...Object.values(referenceServers).map((server) => server.stop()),
    ]);
    if (profile) console.error(topSelfTime(dir, 25));
  }
}

/** One load of a server under --cpu-prof: its CPU µs per request and its time by layer. */
async function profiled(spec, request) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-profile-'));
  const server = await startProcess(
    spec.file,
    spec.env,
    ['--cpu-prof', `--cpu-prof-dir=${dir}`],
    spec.readyPath,
  );
  let measured;
  try {
    measured = await load(`${server.url}${request.path ?? '/'}`, request, server.pid);
  } finally {
    await server.stop();
  }
  // The samples of the measured load only: start-up (module loading) and the warm-up are not its cost.
  const shares = layerShares(dir, measured.window);
  const cpuUs = measured.cpu_us;
  rmSync(dir, { recursive: true, force: true });
  return { cpuUs, shares };
}

/**
 * A missed row's profile beside its reference's (bare Hono doing the same work, what the target is
 * measured against): µs per request by layer, the largest differences first.
 */
async function layerComparison(reference, ours, request) {
  const mine = await profiled(ours, request);
  const base = await profiled(reference, request);
  const us = (side, layer) => (side.shares.get(layer) ?? 0) * side.cpuUs;
  const layers = [...new Set([...mine.shares.keys(), ...base.shares.keys()])]
    .map((layer) => ({ layer, ours: us(mine, layer), reference: us(base, layer) }))
    .sort((a, b) => b.ours - b.reference - (a.ours - a.reference));
  return { ours_us: mine.cpuUs, reference_us: base.cpuUs, layers: layers.slice(0, 12) };
}

function timeLoop(fn, input) {
  for (let i = 0; i < 5; i++) fn(input); // warm-up
  let iterations = 0;
  const started = process.hrtime.bigint();
  let elapsed = 0n;
  while (elapsed < 1_500_000_000n || iterations < 10) {
    fn(input);
    iterations++;
    elapsed = process.hrtime.bigint() - started;
  }
  return Number(elapsed) / 1e6 / iterations;
}

const rows = [];
const record = (row) => {
  rows.push(row);
  const ratio = row.cpu_ratio === undefined ? '' : ` CPU ratio ${row.cpu_ratio.toFixed(2)}`;
  console.error(`  measured ${row.name}${ratio}`);
};

function verdict(ratio, target) {
  if (!target || ratio === undefined) return '';
  if (target.atLeast !== undefined)
    return ratio >= target.atLeast ? `≥ ${target.atLeast} ✓` : `≥ ${target.atLeast} ✗`;
  return ratio <= target.atMost ? `≤ ${target.atMost} ✓` : `≤ ${target.atMost} ✗`;
}

/**
 * An HTTP row's targets (docs/conventions.md §10): faster than the standard stack (its µs ÷ ours > 1),
 * and at least the row's `target.bareHono` of bare Hono doing the same work (its µs ÷ ours).
 */
function httpVerdict(row, { bare_hono: bare, standard }) {
  const parts = [];
  if (bare !== undefined && row.target?.bareHono !== undefined) {
    parts.push(`bare Hono ${verdict(bare.ours_ratio, { atLeast: row.target.bareHono })}`);
  }
  if (standard !== undefined) {
    parts.push(`standard ${standard.ours_ratio > 1 ? '> 1 ✓' : '> 1 ✗'}`);
  }
  return parts.join(', ');
}

/**
 * A measured row beside its ceiling: CPU ratio = ceiling µs / row µs (1.00 = as cheap as the ceiling);
 * with references (bare Hono, the standard stack), each one's µs, its ratio to the ceiling, and its µs
 * ÷ ours (> 1: ours is cheaper), medians of the rounds.
 */
function paired(name, { base, measured, ratios, compared = {} }, ceilingName, extra = {}) {
  const { bare_hono: bare, standard } = compared;
  return {
    kind: 'http',
    name,
    ...measured,
    ceiling_name: ceilingName,
    ceiling_cpu_us: base.cpu_us,
    ceiling_rps: base.rps,
    cpu_ratio: measured.cpu_us && base.cpu_us ? base.cpu_us / measured.cpu_us : undefined,
    rps_ratio: measured.rps / base.rps,
    ratios,
    ...(bare === undefined
      ? {}
      : {
          bare_hono_cpu_us: bare.cpu_us,
          bare_hono_ratio: bare.ceiling_ratio,
          vs_bare_hono: bare.ours_ratio,
          vs_bare_hono_ratios: bare.ours_ratios,
        }),
    ...(standard === undefined
      ? {}
      : {
          standard_cpu_us: standard.cpu_us,
          standard_ratio: standard.ceiling_ratio,
          vs_standard: standard.ours_ratio,
          vs_standard_ratios: standard.ours_ratios,
        }),
    ...extra,
  };
}

const services = declaredServices(only);

console.error(
  `Benchmark: ${DURATION_S}s per row, ${CONNECTIONS} connections, ${cpus().length} cores, Node ${process.version}, ` +
    (canPin
      ? 'servers pinned to core 0, load generator to core 1'
      : 'NOT pinned (needs taskset and 2 cores): server and load generator share the CPU'),
);
const CEILING = join(here, 'ceiling.mjs');
const CEILING_POST_BODY = JSON.stringify({ value: 'x'.repeat(1000) });
const bareGet = { name: 'bare node:http GET', ...(await measureServer(CEILING, {})) };
record({ kind: 'http', name: 'ceiling: bare node:http GET', ...bareGet });
const barePost = {
  name: 'bare node:http POST',
  ...(await measureServer(CEILING, { method: 'POST', body: CEILING_POST_BODY })),
};
record({ kind: 'http', name: 'ceiling: bare node:http POST 1 KiB', ...barePost });

const HONO = join(here, 'bare-hono.mjs');
record(
  paired(
    'reference: bare Hono GET',
    await measurePair({ file: CEILING }, { file: HONO }, {}),
    'bare node:http GET',
  ),
);
// Calibration: the same bare app doing 15 µs of busy work per POST, about what parsing, validating
// and answering a small JSON request costs.
const postRequest = { method: 'POST', body: CEILING_POST_BODY };
record(
  paired(
    'reference: bare Hono POST + 15 µs work',
    await measurePair({ file: CEILING }, { file: HONO, env: { BURN_US: '15' } }, postRequest),
    'bare node:http POST',
  ),
);

for (const dir of services) {
  const declared = await declaredRows(dir);
  const serverFile = join(root, 'services', dir, 'dist', 'server.js');
  // Every service declares its `/health` row; `/readyz` is beside it, under the same base path.
  const healthPath = (declared.http ?? []).find((row) => row.path.endsWith('/health'))?.path;
  const readyPath = healthPath && `${healthPath.slice(0, -'/health'.length)}/readyz`;
  for (const row of declared.http ?? []) {
    const body = typeof row.body === 'function' ? row.body() : row.body;
    const request = {
      method: row.method,
      path: row.path,
      body,
      headers: row.headers,
      connections: row.connections,
    };
    // The same-work ceiling in rounds with the row: throughput drifts on a shared machine.
    const profile = profileRow !== undefined && row.name.includes(profileRow);
    const ceilingSpec = {
      file: join(here, 'same-work.mjs'),
      env: { BENCH_SERVICE: dir, BENCH_ROW: row.name },
    };
    const ourSpec = { file: serverFile, env: row.env ?? {}, readyPath };
    const references = {
      bare_hono: { file: join(here, 'same-work-hono.mjs'), env: ceilingSpec.env },
      standard: { file: join(here, 'standard-stack.mjs'), env: ceilingSpec.env },
    };
    const pair = await measurePair(ceilingSpec, ourSpec, request, profile, references);
    const result = paired(row.name, pair, 'same work on bare node:http', { service: dir });
    result.target = httpVerdict(row, pair.compared);
    if (PROFILE_MISSED && result.target.includes('✗')) {
      result.profile = await layerComparison(references.bare_hono, ourSpec, request);
    }
    record(result);
  }
  for (const row of declared.large ?? []) {
    const request = { method: row.method, path: row.path, body: await row.body(), headers: row.headers };
    const sameWork = { BENCH_SERVICE: dir, BENCH_ROW: row.name };
    const ceiling = await measureServer(join(here, 'same-work.mjs'), request, sameWork, false, true);
    const profile = profileRow !== undefined && row.name.includes(profileRow);
    const measured = await measureServer(serverFile, request, row.env ?? {}, profile, true, readyPath);
    const ratio = ceiling.cpu_ms / measured.cpu_ms;
    record({
      kind: 'large',
      service: dir,
      name: row.name,
      ...measured,
      ceiling,
      cpu_ratio: ratio,
      target: verdict(ratio, row.target),
    });
  }
  for (const row of declared.growth ?? []) {
    console.error(`  measuring ${row.name} at ${row.sizes.join(', ')}`);
    record({ kind: 'growth', service: dir, name: row.name, unit: row.unit, points: measureGrowth(row) });
  }
  for (const hot of declared.hotPaths ?? []) {
    const input = hot.setup ? await hot.setup() : undefined;
    const oursMs = timeLoop(hot.run, input);
    const ceilingMs = timeLoop(hot.ceiling.run, input);
    const ratio = oursMs / ceilingMs;
    record({
      kind: 'hot',
      service: dir,
      name: hot.name,
      ms: oursMs,
      ceiling_name: hot.ceiling.name,
      ceiling_ms: ceilingMs,
      ratio,
      target: verdict(ratio, hot.target),
    });
  }
}

const pad = (text, width) => String(text).padEnd(width);
const fixed = (value, digits = 1) => (value === undefined ? 'n/a' : value.toFixed(digits));
const ratios = (values) => (values ?? []).map((ratio) => ratio.toFixed(2)).join(' ');
/** The HTTP table's columns: heading, width, cell. */
const httpColumns = [
  ['row', 46, (row) => row.name],
  ['CPU µs/req', 10, (row) => fixed(row.cpu_us)],
  ['ceiling µs', 10, (row) => fixed(row.ceiling_cpu_us)],
  ['bare Hono µs', 12, (row) => (row.bare_hono_cpu_us === undefined ? '' : fixed(row.bare_hono_cpu_us))],
  ['standard µs', 11, (row) => (row.standard_cpu_us === undefined ? '' : fixed(row.standard_cpu_us))],
  ['CPU ratio', 9, (row) => fixed(row.cpu_ratio, 2)],
  ['bare Hono ratio', 15, (row) => (row.bare_hono_ratio === undefined ? '' : row.bare_hono_ratio.toFixed(2))],
  ['kit/bare Hono', 13, (row) => (row.vs_bare_hono === undefined ? '' : row.vs_bare_hono.toFixed(2))],
  ['kit/standard', 12, (row) => (row.vs_standard === undefined ? '' : row.vs_standard.toFixed(2))],
  ['req/s', 7, (row) => row.rps],
  ['ceiling req/s', 13, (row) => row.ceiling_rps ?? ''],
  ['req/s ratio', 11, (row) => (row.rps_ratio === undefined ? '' : row.rps_ratio.toFixed(2))],
  ['p50 ms', 6, (row) => row.p50_ms],
  ['p99 ms', 6, (row) => row.p99_ms],
  ['round ratios', 14, (row) => ratios(row.ratios)],
  ['rounds kit/bare Hono', 20, (row) => ratios(row.vs_bare_hono_ratios)],
  ['target', 6, (row) => row.target ?? ''],
];
const lines = [
  `| ${httpColumns.map(([heading, width]) => pad(heading, width)).join(' | ')} |`,
  `|${httpColumns.map(([, width]) => '-'.repeat(width + 2)).join('|')}|`,
];
for (const row of rows.filter((r) => r.kind === 'http')) {
  lines.push(`| ${httpColumns.map(([, width, cell]) => pad(cell(row), width)).join(' | ')} |`);
}
const hotRows = rows.filter((r) => r.kind === 'hot');
if (hotRows.length > 0) {
  lines.push(
    '',
    `| ${pad('hot path (time per op)', 52)} | ${pad('ms', 8)} | ${pad('ceiling', 44)} | ${pad('ms', 8)} | ratio | target |`,
    `|${'-'.repeat(54)}|${'-'.repeat(10)}|${'-'.repeat(46)}|${'-'.repeat(10)}|-------|--------|`,
  );
  for (const row of hotRows) {
    lines.push(
      `| ${pad(row.name, 52)} | ${pad(row.ms.toFixed(3), 8)} | ${pad(row.ceiling_name, 44)} | ${pad(row.ceiling_ms.toFixed(3), 8)} | ${row.ratio.toFixed(2)}  | ${row.target} |`,
    );
  }
}
const largeRows = rows.filter((r) => r.kind === 'large');
if (largeRows.length > 0) {
  lines.push(
    '',
    `| ${pad('large request (median of 3)', 52)} | ${pad('ms', 7)} | ${pad('server CPU ms', 13)} | ${pad('peak RSS MiB', 12)} | ${pad('ceiling ms', 10)} | ${pad('ceiling CPU ms', 14)} | ${pad('ceiling RSS', 11)} | CPU ratio | target |`,
    `|${'-'.repeat(54)}|${'-'.repeat(9)}|${'-'.repeat(15)}|${'-'.repeat(14)}|${'-'.repeat(12)}|${'-'.repeat(16)}|${'-'.repeat(13)}|-----------|--------|`,
  );
  for (const row of largeRows) {
    lines.push(
      `| ${pad(row.name, 52)} | ${pad(row.ms.toFixed(0), 7)} | ${pad(row.cpu_ms.toFixed(0), 13)} | ${pad(fixed(row.peak_rss_mib, 0), 12)} | ${pad(row.ceiling.ms.toFixed(0), 10)} | ${pad(row.ceiling.cpu_ms.toFixed(0), 14)} | ${pad(fixed(row.ceiling.peak_rss_mib, 0), 11)} | ${pad(row.cpu_ratio.toFixed(2), 9)} | ${row.target ?? ''} |`,
    );
  }
}
for (const row of rows.filter((r) => r.kind === 'growth')) {
  lines.push(
    '',
    `| ${pad(row.name, 52)} | ${pad(`n (${row.unit})`, 12)} | ${pad('ms', 9)} | ${pad('µs per item', 11)} | vs n log n |`,
    `|${'-'.repeat(54)}|${'-'.repeat(14)}|${'-'.repeat(11)}|${'-'.repeat(13)}|------------|`,
  );
  for (const point of row.points) {
    lines.push(
      `| ${pad('', 52)} | ${pad(point.n, 12)} | ${pad(point.ms.toFixed(0), 9)} | ${pad(point.us_per_item.toFixed(2), 11)} | ${point.vs_n_log_n.toFixed(2)}       |`,
    );
  }
}
const missed = rows.filter((r) => r.profile !== undefined);
if (missed.length > 0) {
  lines.push(
    '',
    'Profiles of the rows that missed their target (one more load of our server and of bare Hono doing the',
    'same work, each under `--cpu-prof`: its busy time by layer, as µs per request, the 12 layers where ours',
    'spends the most beyond bare Hono; a builtin such as JSON.stringify counts in the layer that calls it: the',
    "kit's rest-call.js for ours, the service's bench row for bare Hono; native writeUtf8String is the socket",
    'write, kernel time included):',
  );
  for (const row of missed) {
    const { profile } = row;
    lines.push(
      '',
      `${row.name}: ${profile.ours_us.toFixed(1)} µs against ${profile.reference_us.toFixed(1)} µs (bare Hono) under the profiler`,
      '',
      `| ${pad('layer', 44)} | ours µs | bare Hono µs |`,
      `|${'-'.repeat(46)}|---------|--------------|`,
      ...profile.layers.map(
        (entry) =>
          `| ${pad(entry.layer, 44)} | ${pad(entry.ours.toFixed(1), 7)} | ${pad(entry.reference.toFixed(1), 12)} |`,
      ),
    );
  }
}
console.log(lines.join('\n'));
console.error(
  '\nCPU ratio = ceiling CPU µs / row CPU µs (1.00 = as cheap as bare node:http doing the same work).' +
    "\nkit/bare Hono, kit/standard = that server's CPU µs / ours (> 1: the kit is cheaper); the HTTP targets apply to them." +
    '\nTo see where a row spends its time: BENCH_PROFILE=<part of a row name> npm run bench (top self-time functions are printed).',
);
mkdirSync(join(here, 'results'), { recursive: true });
writeFileSync(
  join(here, 'results', 'latest.json'),
  `${JSON.stringify({ when: new Date().toISOString(), node: process.version, cores: cpus().length, pinned: canPin, duration_s: DURATION_S, connections: CONNECTIONS, rows }, null, 2)}\n`,
);
console.error('written to bench/results/latest.json');

/** What the HTTP table says, as RESULTS.md explains it (the text is also kept there by hand). */
function httpProse(rounds) {
  return [
    'HTTP rows: CPU µs per request of the server (from /proc), beside three servers doing the same work,',
    'all pinned to the same core and loaded in the same rounds: the same-work ceiling — bare node:http',
    'calling the same domain functions (bench/same-work.mjs); bare Hono — the same work as a route of a',
    'bare Hono app on @hono/node-server (bench/same-work-hono.mjs); and the standard stack — the same route',
    'as the Hono ecosystem builds it (bench/standard-stack.mjs): @hono/zod-openapi (createRoute +',
    "app.openapi, its validation by the service's own input schema, then the service's own domain handler),",
    "hono/request-id, hono-pino (its default line, one per request, to stdout through pino's synchronous",
    "destination, as the kit's logger), @hono/prometheus, hono-rate-limiter (in-memory store, a limit the load",
    "never reaches) and secureHeaders. bench/test checks that each answers every row with the ceiling's body.",
    'Every server runs with the V8 flag the images set (--no-allocation-site-pretenuring, Dockerfile CMD).',
    `Each row runs ${rounds} rounds (the ceiling's load, bare Hono's, the standard stack's, then ours). CPU ratio =`,
    'ceiling µs / ours, in the round with the median such ratio (every round\'s in "round ratios"); bare Hono',
    "ratio = ceiling µs / bare Hono µs; kit/bare Hono and kit/standard = that server's µs / ours (above 1:",
    'the kit is cheaper); bare Hono µs, standard µs and these ratios are medians of the rounds ("rounds',
    'kit/bare Hono": every round\'s).',
    'Targets (docs/conventions.md §10): the kit faster than the standard stack on every row (kit/standard',
    '> 1), and within 0.1 of its 2026-11 ratio to bare Hono: kit/bare Hono ≥ the `target.bareHono` its row',
    "declares — 0.75 on GET /health (0.85), 0.63 on E /vdot (0.73), 0.70 on G's digest (0.80), every other",
    'row its own 2026-11 ratio (at most 1) − 0.1. A row that misses a target is profiled beside bare Hono,',
    'below the tables. The node:http ceiling is a column, not a target.',
  ];
}

// The committed evidence: a dated Markdown summary of this run (only of a full run, never of a filtered one).
if (!only) {
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB`;
  const summary = [
    '# Benchmark results',
    '',
    `Run ${when} UTC with \`npm run bench\` on ${machine}; Node ${process.version}; ` +
      `${canPin ? 'servers pinned to core 0, load generator to core 1' : 'not pinned'}; ${DURATION_S} s per load, ${CONNECTIONS} connections.`,
    '',
    ...httpProse(ROUNDS),
    'Hot paths: time per operation beside a native or peer ceiling; ratio = ours / ceiling.',
    'Large requests: one request at a time (median of 3): wall time, server CPU, peak RSS, beside the ceiling.',
    'Growth: the domain engine at increasing sizes; "vs n log n" = time / (n log2 n), normalised to the smallest.',
    '',
    ...lines,
    '',
  ].join('\n');
  writeFileSync(join(here, 'RESULTS.md'), summary);
  console.error('written to bench/RESULTS.md');
}
