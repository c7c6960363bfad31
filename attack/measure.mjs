// Time and peak RSS of each reproducer of issue 43, each on a fresh production server (dist/server.js),
// for the closing note's before/after table:
//   node attack/measure.mjs [--root <checkout>] [--only <service substring>] [--timeout-ms 30000]
// `--root` measures another checkout's built servers (e.g. main before the fixes) with these cases.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, waitForPort } from '../scripts/ports.mjs';
import { services } from '../scripts/workspace.mjs';
import { ISSUE_43 } from './lib/issue43.mjs';
import { rssMb } from './lib/server.mjs';

const { values } = parseArgs({
  options: {
    root: { type: 'string' },
    only: { type: 'string' },
    'timeout-ms': { type: 'string', default: '30000' },
  },
});
const timeout = Number(values['timeout-ms']);

async function start(dir) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(dir, 'dist', 'server.js')], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000' },
    stdio: 'ignore',
  });
  await waitForPort(port, child, dir);
  return { child, origin: `http://127.0.0.1:${port}`, pid: child.pid };
}

const rows = [];
for (const service of services().filter((s) => !values.only || s.name.includes(values.only))) {
  const dir = values.root ? join(values.root, 'services', service.name) : service.dir;
  for (const reproducer of ISSUE_43[service.name] ?? []) {
    if (reproducer.run || reproducer.owner) continue;
    const made = reproducer.body();
    const body = typeof made === 'string' ? made : JSON.stringify(made);
    const server = await start(dir);
    const base = rssMb(server.pid);
    let peak = base;
    const poll = setInterval(() => {
      peak = Math.max(peak, rssMb(server.pid) ?? 0);
    }, 10);
    const started = performance.now();
    const send = () =>
      fetch(`${server.origin}${reproducer.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(timeout),
      }).then(
        async (response) => `${response.status} ${(await response.text()).slice(0, 80).replace(/\s+/g, ' ')}`,
        (error) =>
          error.name === 'TimeoutError' ? `no answer within ${timeout} ms` : `dropped (${error.message})`,
      );
    const answers = await Promise.all(Array.from({ length: reproducer.parallel ?? 1 }, send));
    const ms = performance.now() - started;
    clearInterval(poll);
    const exited = server.child.exitCode !== null;
    server.child.kill('SIGKILL');
    await once(server.child, 'exit').catch(() => {});
    rows.push({
      service: service.name,
      item: reproducer.item,
      case: reproducer.name,
      bytes: body.length,
      ms: Math.round(ms),
      peak_rss_mb: Math.round(peak),
      start_rss_mb: Math.round(base),
      answer: `${answers[0]}${exited ? ' (server died)' : ''}`,
    });
    console.log(JSON.stringify(rows.at(-1)));
  }
}
console.log(
  '\n| service | item | case | body | time | peak RSS (start) | answer |\n|---|---|---|---|---|---|---|',
);
for (const r of rows)
  console.log(
    `| ${r.service} | ${r.item} | ${r.case} | ${(r.bytes / 1e6).toFixed(2)} MB | ${(r.ms / 1000).toFixed(2)} s | ${r.peak_rss_mb} MB (${r.start_rss_mb}) | ${r.answer.slice(0, 60)} |`,
  );
