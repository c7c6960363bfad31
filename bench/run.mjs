// Benchmark harness (conventions §10). In one run on one machine:
//  1. a bare node:http server (the ceiling) under autocannon, GET and POST;
//  2. every HTTP row declared by a service in services/<dir>/bench/rows.mjs, against its built server;
//  3. every domain hot path declared there, against its declared ceiling function.
// Prints a table and writes bench/results/latest.json. A service adds rows by declaring them only.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
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
  return { url, stop: () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM')))) };
}

async function load(url, { method = 'GET', body, headers = {} }) {
  const options = {
    url,
    method,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body }),
  };
  await autocannon({ ...options, duration: 1 }); // warm-up (JIT, connection pools)
  const result = await autocannon(options);
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) throw new Error(`${method} ${url}: ${bad} failed responses of ${result.requests.total}`);
  return { rps: Math.round(result.requests.average), p50_ms: result.latency.p50, p99_ms: result.latency.p99 };
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
  if (target.atLeast !== undefined) return ratio >= target.atLeast ? `≥ ${target.atLeast} ✓` : `≥ ${target.atLeast} ✗`;
  return ratio <= target.atMost ? `≤ ${target.atMost} ✓` : `≤ ${target.atMost} ✗`;
}

const services = readdirSync(join(root, 'services'))
  .filter((dir) => existsSync(join(root, 'services', dir, 'bench', 'rows.mjs')))
  .filter((dir) => !only || dir.includes(only))
  .sort();

console.error(`Benchmark: ${DURATION_S}s per row, ${CONNECTIONS} connections, ${cpus().length} cores, Node ${process.version}`);
const ceilingServer = await startProcess(join(here, 'ceiling.mjs'));
const ceiling = {
  GET: await load(`${ceilingServer.url}/`, {}),
  POST: await load(`${ceilingServer.url}/`, { method: 'POST', body: JSON.stringify({ value: 'x'.repeat(1000) }) }),
};
await ceilingServer.stop();
record({ kind: 'http', name: 'ceiling: node:http GET', ...ceiling.GET });
record({ kind: 'http', name: 'ceiling: node:http POST 1 KiB', ...ceiling.POST });

for (const dir of services) {
  const declared = await import(pathToFileURL(join(root, 'services', dir, 'bench', 'rows.mjs')).href);
  const serverFile = join(root, 'services', dir, 'dist', 'server.js');
  if ((declared.http ?? []).length > 0) {
    const server = await startProcess(serverFile);
    for (const row of declared.http) {
      const body = typeof row.body === 'function' ? row.body() : row.body;
      const measured = await load(`${server.url}${row.path}`, { method: row.method, body, headers: row.headers });
      const base = ceiling[row.method === 'GET' ? 'GET' : 'POST'];
      const ratio = measured.rps / base.rps;
      record({ kind: 'http', service: dir, name: row.name, ...measured, ratio, target: verdict(ratio, row.target) });
    }
    await server.stop();
  }
  for (const hot of declared.hotPaths ?? []) {
    const input = hot.setup ? await hot.setup() : undefined;
    const oursMs = timeLoop(hot.run, input);
    const ceilingMs = timeLoop(hot.ceiling.run, input);
    const ratio = oursMs / ceilingMs;
    record({ kind: 'hot', service: dir, name: hot.name, ms: oursMs, ceiling_name: hot.ceiling.name, ceiling_ms: ceilingMs, ratio, target: verdict(ratio, hot.target) });
  }
}

const pad = (text, width) => String(text).padEnd(width);
const lines = [
  `| ${pad('row', 52)} | ${pad('req/s', 8)} | ${pad('p50 ms', 6)} | ${pad('p99 ms', 6)} | ${pad('ratio', 6)} | target |`,
  `|${'-'.repeat(54)}|${'-'.repeat(10)}|${'-'.repeat(8)}|${'-'.repeat(8)}|${'-'.repeat(8)}|--------|`,
];
for (const row of rows.filter((r) => r.kind === 'http')) {
  lines.push(
    `| ${pad(row.name, 52)} | ${pad(row.rps, 8)} | ${pad(row.p50_ms, 6)} | ${pad(row.p99_ms, 6)} | ${pad(row.ratio === undefined ? '1.00' : row.ratio.toFixed(2), 6)} | ${row.target ?? ''} |`,
  );
}
const hotRows = rows.filter((r) => r.kind === 'hot');
if (hotRows.length > 0) {
  lines.push('', `| ${pad('hot path (time per op)', 52)} | ${pad('ms', 8)} | ${pad('ceiling', 40)} | ${pad('ms', 8)} | ratio | target |`);
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
