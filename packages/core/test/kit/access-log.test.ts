// The access log (access-log.ts) as a service's runtime writes it, in a process of its own (the built
// kit): pino's line, with its fields in pino's order, whatever the values; on stdout as soon as it is
// logged, so a process that then crashes (an uncaught exception, an unhandled rejection) or is killed
// by a signal has lost none of them.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AccessLogEntry } from '../../src/kit/access-log.js';

const kit = pathToFileURL(new URL('../../dist/index.js', import.meta.url).pathname).href;

/** The line as pino writes it: its base fields, then the entry's, in this order. */
function expected(time: string, entry: AccessLogEntry): string {
  return JSON.stringify({
    level: 30,
    time,
    service: 'g-canonical',
    version: '1.2.3',
    req_id: entry.requestId,
    method: entry.method,
    route: entry.route ?? null,
    status: entry.status,
    ms: entry.ms,
    plan: entry.plan,
    ...(entry.tool === undefined ? {} : { tool: entry.tool }),
    ...(entry.traceId === undefined ? {} : { trace_id: entry.traceId }),
    msg: 'request',
  });
}

const base: AccessLogEntry = {
  requestId: '7b0e4f5e-8a1c-4c53-9d43-0b8a6a3c2f10',
  method: 'GET',
  route: '/health',
  status: 200,
  ms: 0.12,
  plan: 'free',
};

const entries: AccessLogEntry[] = [
  base,
  // A line longer than a pipe's atomic write, and lines after it.
  { ...base, method: 'OPTIONS', status: 204, plan: `plan-ü-${'p'.repeat(20_000)}` },
  { ...base, ms: 12.5, status: 404, route: undefined },
  { ...base, method: 'POST', route: '/v1/digest', ms: 1234, status: 422 },
  { ...base, ms: 0, status: 499 },
  { ...base, plan: 'pro "gold" \\ tier', tool: 'digest,compare,+3' },
  { ...base, plan: 'профи', route: '/naïve', traceId: '4bf92f3577b34da6a3ce929d0e0e4736' },
  { ...base, requestId: `client.token:${'x'.repeat(115)}`, ms: 1e-7 },
];

/**
 * A process that logs `entries` through a runtime's access log, prints `logged` on stderr, then does
 * `then` (code run after the lines are logged).
 */
function logger(then: string, logLevel = 'info'): ChildProcess {
  const code = `
    import { createRuntime } from ${JSON.stringify(kit)};
    const runtime = createRuntime({ logLevel: ${JSON.stringify(logLevel)} }, 'g-canonical', '1.2.3');
    for (const entry of ${JSON.stringify(entries)}) runtime.accessLog(entry);
    process.stderr.write('logged\\n');
    ${then}
  `;
  return spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Its stdout lines, its stderr, and how it ended; `onLogged` runs as soon as it said it logged. */
async function run(child: ChildProcess, onLogged?: () => void) {
  const stdout: string[] = [];
  let stderr = '';
  createInterface({ input: child.stdout! }).on('line', (line) => stdout.push(line));
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
    if (onLogged !== undefined && stderr.includes('logged\n')) {
      onLogged();
      onLogged = undefined;
    }
  });
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.once('close', (c, s) => resolve([c, s])),
  );
  return { stdout, stderr, code, signal };
}

/** Every entry's line, in order, each with the ISO time it carries. */
function expectAllLogged(stdout: string[]) {
  expect(stdout).toHaveLength(entries.length);
  stdout.forEach((line, i) => {
    const time = JSON.parse(line).time as string;
    expect(new Date(time).toISOString()).toBe(time);
    expect(line).toBe(expected(time, entries[i]!));
  });
}

describe('access log', () => {
  it('is pino’s JSON line of its fields, in pino’s order, for every shape of entry', async () => {
    const { stdout, code } = await run(logger(''));
    expect(code).toBe(0);
    expectAllLogged(stdout);
  });

  it('is on stdout within 100 ms with no more traffic: a process killed (SIGKILL) 300 ms later has lost no line', async () => {
    // What the process wrote before it died stays readable in the pipe; only a SIGKILL within the
    // buffer's 100 ms could lose lines (every other way out flushes: the cases below).
    const child = logger('setInterval(() => {}, 1000);');
    const { stdout, signal } = await run(child, () => setTimeout(() => child.kill('SIGKILL'), 300));
    expect(signal).toBe('SIGKILL');
    expectAllLogged(stdout);
  });

  it('loses no line when the process exits at once after logging', async () => {
    const { stdout, code } = await run(logger('process.exit(0);'));
    expect(code).toBe(0);
    expectAllLogged(stdout);
  });

  it('loses no line when the process then dies of an uncaught exception', async () => {
    const { stdout, stderr, code } = await run(logger("throw new Error('boom');"));
    expect(code).toBe(1);
    expect(stderr).toContain('Error: boom');
    expectAllLogged(stdout);
  });

  it('loses no line when the process then dies of an unhandled rejection', async () => {
    const { stdout, stderr, code } = await run(logger("Promise.reject(new Error('rejected'));"));
    expect(code).toBe(1);
    expect(stderr).toContain('Error: rejected');
    expectAllLogged(stdout);
  });

  it('writes nothing when `info` is off', async () => {
    const { stdout, code } = await run(logger('', 'warn'));
    expect(code).toBe(0);
    expect(stdout).toEqual([]);
  });
});
