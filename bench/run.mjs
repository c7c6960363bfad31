// Benchmark harness (conventions §10). In one run on one machine:
//  1. a bare node:http server (the ceiling) under autocannon, GET and POST — measured again right
//     before every other row, which is compared with that paired run;
//  2. every HTTP row declared by a service in services/<dir>/bench/rows.mjs, against its built server;
//  3. every domain hot path declared there, against its declared ceiling function.
// Prints a table and writes bench/results/latest.json. A service adds rows by declaring them only.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const only = process.env.BENCH_ONLY; // substring filter on service directory names

async function startProcess(file, env = {}) {
  const child = spawn(process.execPath, [file], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
    lines.on('line', (line) => {
      try {
        const entry = JSON.parse(line);
        if (entry.msg === 'listening') resolve(entry.url);
      } catch {
        // not a log line
      }
    });
  });
  // Keep draining stdout (request logs) so the child never blocks on a full pipe.
  lines.on('line', () => {});
  return {
    url,
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

async function load(url, { method = 'GET', body, headers = {} }, pid) {
  const options = {
    url,
    method,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body }),
  };
  await autocannon({ ...options, duration: 1 }); // warm-up (JIT, connection pools)
  const cpuBefore = cpuMs(pid);
  const result = await autocannon(options);
  const cpuAfter = cpuMs(pid);
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) throw new Error(`${method} ${url}: ${bad} failed responses of ${result.requests.total}`);
  // Server CPU per request is independent of how fast the load generator is (on 2 cores the
  // generator often saturates its core first), so it is reported beside req/s.
  const cpu_us =
    cpuBefore === undefined || cpuAfter === undefined
      ? undefined
      : ((cpuAfter - cpuBefore) * 1000) / result.requests.total;
  const server_cpu_pct =
    cpuBefore === undefined || cpuAfter === undefined
      ? undefined
      : ((cpuAfter - cpuBefore) / (DURATION_S * 1000)) * 100;
  return {
    rps: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    cpu_us,
    server_cpu_pct,
  };
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
  const ratio = row.ratio === undefined ? '' : ` ratio ${row.ratio.toFixed(2)}`;
  console.error(`  measured ${row.name}${ratio}`);
};

function verdict(ratio, target) {
  if (!target) return '';
  if (target.atLeast !== undefined)
    return ratio >= target.atLeast ? `≥ ${target.atLeast} ✓` : `≥ ${target.atLeast} ✗`;
  return ratio <= target.atMost ? `≤ ${target.atMost} ✓` : `≤ ${target.atMost} ✗`;
}

const services = readdirSync(join(root, 'services'))
  .filter((dir) => existsSync(join(root, 'services', dir, 'bench', 'rows.mjs')))
  .filter((dir) => !only || dir.includes(only))
  .sort();

console.error(
  `Benchmark: ${DURATION_S}s per row, ${CONNECTIONS} connections, ${cpus().length} cores, Node ${process.version}`,
);
// The ceiling server stays up: every row is compared with a ceiling measured just before it (paired),
// because on a shared 2-core machine throughput drifts by tens of percent over a minute.
const ceilingServer = await startProcess(join(here, 'ceiling.mjs'));
const CEILING_POST_BODY = JSON.stringify({ value: 'x'.repeat(1000) });
const measureCeiling = (method) =>
  load(
    `${ceilingServer.url}/`,
    method === 'GET' ? {} : { method: 'POST', body: CEILING_POST_BODY },
    ceilingServer.pid,
  );
const ceiling = { GET: await measureCeiling('GET'), POST: await measureCeiling('POST') };
record({ kind: 'http', name: 'ceiling: node:http GET', ...ceiling.GET });
record({ kind: 'http', name: 'ceiling: node:http POST 1 KiB', ...ceiling.POST });

/** Measures `measure()` right after a fresh ceiling run of the same method; the ratio is to that. */
async function paired(method, measure) {
  const base = await measureCeiling(method === 'GET' ? 'GET' : 'POST');
  const measured = await measure();
  return { ...measured, ceiling_rps: base.rps, ratio: measured.rps / base.rps };
}

const honoServer = await startProcess(join(here, 'bare-hono.mjs'));
const honoGet = await paired('GET', () => load(`${honoServer.url}/`, {}, honoServer.pid));
await honoServer.stop();
record({ kind: 'http', name: 'reference: bare Hono GET', ...honoGet });
// Calibration: the same bare app doing 15 µs of busy work per POST, about what parsing, validating
// and answering a small JSON request costs. On a 2-core machine shared with the load generator each
// µs of handler work costs more than a µs of req/s (the generator sleeps and must be woken).
const burnServer = await startProcess(join(here, 'bare-hono.mjs'), { BURN_US: '15' });
const burnPost = await paired('POST', () =>
  load(`${burnServer.url}/`, { method: 'POST', body: CEILING_POST_BODY }, burnServer.pid),
);
await burnServer.stop();
record({ kind: 'http', name: 'reference: bare Hono POST + 15 µs work', ...burnPost });

for (const dir of services) {
  const declared = await import(pathToFileURL(join(root, 'services', dir, 'bench', 'rows.mjs')).href);
  const serverFile = join(root, 'services', dir, 'dist', 'server.js');
  if ((declared.http ?? []).length > 0) {
    const server = await startProcess(serverFile);
    for (const row of declared.http) {
      const body = typeof row.body === 'function' ? row.body() : row.body;
      const measured = await paired(row.method, () =>
        load(`${server.url}${row.path}`, { method: row.method, body, headers: row.headers }, server.pid),
      );
      record({
        kind: 'http',
        service: dir,
        name: row.name,
        ...measured,
        target: verdict(measured.ratio, row.target),
      });
    }
    await server.stop();
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

await ceilingServer.stop();

const pad = (text, width) => String(text).padEnd(width);
const lines = [
  `| ${pad('row', 44)} | ${pad('req/s', 7)} | ${pad('p50 ms', 6)} | ${pad('p99 ms', 6)} | ${pad('ceiling req/s', 13)} | ${pad('ratio', 5)} | ${pad('server CPU µs/req', 17)} | ${pad('server CPU', 10)} | target |`,
  `|${'-'.repeat(46)}|${'-'.repeat(9)}|${'-'.repeat(8)}|${'-'.repeat(8)}|${'-'.repeat(15)}|${'-'.repeat(7)}|${'-'.repeat(19)}|${'-'.repeat(12)}|--------|`,
];
for (const row of rows.filter((r) => r.kind === 'http')) {
  const cpu = row.cpu_us === undefined ? 'n/a' : row.cpu_us.toFixed(1);
  const load = row.server_cpu_pct === undefined ? 'n/a' : `${row.server_cpu_pct.toFixed(0)} %`;
  lines.push(
    `| ${pad(row.name, 44)} | ${pad(row.rps, 7)} | ${pad(row.p50_ms, 6)} | ${pad(row.p99_ms, 6)} | ${pad(row.ceiling_rps ?? row.rps, 13)} | ${pad(row.ratio === undefined ? '1.00' : row.ratio.toFixed(2), 5)} | ${pad(cpu, 17)} | ${pad(load, 10)} | ${row.target ?? ''} |`,
  );
}
const hotRows = rows.filter((r) => r.kind === 'hot');
if (hotRows.length > 0) {
  lines.push(
    '',
    `| ${pad('hot path (time per op)', 52)} | ${pad('ms', 8)} | ${pad('ceiling', 40)} | ${pad('ms', 8)} | ratio | target |`,
  );
  lines.push(`|${'-'.repeat(54)}|${'-'.repeat(10)}|${'-'.repeat(42)}|${'-'.repeat(10)}|-------|--------|`);
  for (const row of hotRows) {
    lines.push(
      `| ${pad(row.name, 52)} | ${pad(row.ms.toFixed(3), 8)} | ${pad(row.ceiling_name, 40)} | ${pad(row.ceiling_ms.toFixed(3), 8)} | ${row.ratio.toFixed(2)} | ${row.target} |`,
    );
  }
}
console.log(lines.join('\n'));
mkdirSync(join(here, 'results'), { recursive: true });
writeFileSync(
  join(here, 'results', 'latest.json'),
  `${JSON.stringify({ when: new Date().toISOString(), node: process.version, cores: cpus().length, duration_s: DURATION_S, connections: CONNECTIONS, rows }, null, 2)}\n`,
);
console.error('\nwritten to bench/results/latest.json');
