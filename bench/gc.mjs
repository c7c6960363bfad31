// `npm run bench:gc`: what each declared HTTP row leaves to V8's young-generation collector. Each
// service runs as the image starts it (--no-allocation-site-pretenuring, the Dockerfile's CMD) with
// --trace-gc-nvp; after a warm-up, a fixed number of requests is sent and only the
// scavenges during them are read. A request server's objects die with their request, so a scavenge
// should find little alive: bytes promoted per scavenge well above the few KB of the server itself
// mean something keeps requests' objects past their end (how the pretenuring and accessor-literal
// problems of the kit showed: 0.3–2.5 MB and 2–10 ms per scavenge, now 5–10 KB and 0.3–0.5 ms).
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForPort } from '../scripts/ports.mjs';
import { declaredRows, declaredServices } from './declared.mjs';

const autocannon = createRequire(import.meta.url)('autocannon');
const root = join(import.meta.dirname, '..');
const REQUESTS = Number(process.env.BENCH_GC_REQUESTS ?? 20_000);
const services = declaredServices();

const scavenges = (log) =>
  readFileSync(log, 'utf8')
    .split('\n')
    .filter((line) => line.includes(' gc=s '));
const field = (line, name) => Number(line.match(new RegExp(` ${name}=([0-9.]+)`))?.[1] ?? 0);

async function measure(dir, row) {
  const port = await freePort();
  const log = join(tmpdir(), `bench-gc-${process.pid}-${port}.log`);
  const server = join(root, 'services', dir, 'dist', 'server.js');
  const node = `"${process.execPath}" --no-allocation-site-pretenuring --trace-gc-nvp`;
  const child = spawn('sh', ['-c', `exec ${node} "${server}" > "${log}" 2>&1`], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'info', ...row.env },
  });
  try {
    await waitForPort(port, child, server);
    const body = typeof row.body === 'function' ? row.body() : row.body;
    const load = (amount) =>
      autocannon({
        url: `http://127.0.0.1:${port}${row.path}`,
        method: row.method,
        connections: row.connections ?? 8,
        amount,
        headers: body === undefined ? row.headers : { 'content-type': 'application/json', ...row.headers },
        ...(body === undefined ? {} : { body }),
      });
    await load(Math.ceil(REQUESTS / 2)); // warm-up: the JIT settles and the young generation takes its size
    const before = scavenges(log).length;
    const result = await load(REQUESTS);
    const during = scavenges(log).slice(before);
    const sum = (name) => during.reduce((total, line) => total + field(line, name), 0);
    return {
      requests: result.requests.total,
      failed: result.non2xx + result.errors,
      scavenges: during.length,
      promotedKb: during.length === 0 ? 0 : sum('promoted') / during.length / 1024,
      pauseMs: during.length === 0 ? 0 : sum('pause') / during.length,
      promotedPerRequest: sum('promoted') / result.requests.total,
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
    rmSync(log, { force: true });
  }
}

const lines = [
  `| row | requests | scavenges | promoted per scavenge | pause per scavenge | promoted per request |`,
  '|---|---|---|---|---|---|',
];
for (const dir of services) {
  const { http = [] } = await declaredRows(dir);
  for (const row of http) {
    const m = await measure(dir, row);
    if (m.failed > 0) throw new Error(`${row.name}: ${m.failed} failed responses`);
    lines.push(
      `| ${row.name} | ${m.requests} | ${m.scavenges} | ${m.promotedKb.toFixed(0)} KB | ${m.pauseMs.toFixed(1)} ms | ${m.promotedPerRequest.toFixed(0)} B |`,
    );
    console.error(`  ${row.name}: ${m.promotedKb.toFixed(0)} KB, ${m.pauseMs.toFixed(1)} ms per scavenge`);
  }
}
console.log(lines.join('\n'));
