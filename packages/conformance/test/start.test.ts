// `npm start` as a new user meets it: each URL is printed once its service listens, a taken port is
// one line naming the service, the port and how to move it, and Ctrl-C stops everything cleanly.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, services } from './helpers/services.js';

const canonical = services.find((service) => service.dir === 'g-canonical')!;
const pace = services.find((service) => service.dir === 'e-pace')!;

/** The pid of a child of `parent` whose command line contains `text` (from /proc). */
function childPid(parent: number, text: string): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      if (ppid === parent && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(text))
        return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

async function takePort(): Promise<{ port: number; release: () => void }> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { port: address.port, release: () => server.close() };
}

function start(offset: number, names: string[] = ['g']): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, [join(repoRoot, 'scripts', 'start.mjs'), ...names], {
    cwd: repoRoot,
    env: { ...process.env, PORT_OFFSET: String(offset) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk) => {
    text += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    text += chunk;
  });
  return { child, output: () => text };
}

async function until(check: () => boolean, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!check()) {
    if (child.exitCode !== null || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('npm start', { timeout: 90_000 }, () => {
  it('says in one line that a port is taken, and exits non-zero', async () => {
    const taken = await takePort();
    try {
      const { child, output } = start(taken.port - canonical.port);
      const [code] = await once(child, 'exit');
      expect(code).not.toBe(0);
      const said = output()
        .split('\n')
        .filter((line) => /not started|EADDRINUSE|Error|at /i.test(line));
      expect(said).toHaveLength(1);
      expect(said[0]).toContain('g-canonical');
      expect(said[0]).toContain(String(taken.port));
      expect(said[0]).toContain('PORT_OFFSET');
      expect(output()).not.toContain('http://127.0.0.1');
    } finally {
      taken.release();
    }
  });

  it('names every taken port at once, before starting anything', async () => {
    const first = await takePort();
    const offset = first.port - canonical.port;
    const second = createServer().listen(pace.port + offset, '127.0.0.1');
    await once(second, 'listening');
    try {
      const { child, output } = start(offset, ['g', 'e']);
      const [code] = await once(child, 'exit');
      expect(code).not.toBe(0);
      const said = output()
        .split('\n')
        .filter((line) => line.includes('Not started'));
      expect(said).toHaveLength(1);
      expect(said[0]).toContain(`${first.port} (g-canonical)`);
      expect(said[0]).toContain(`${pace.port + offset} (e-pace)`);
      expect(output()).not.toContain('http://127.0.0.1');
    } finally {
      first.release();
      second.close();
    }
  });

  it('shows a compact line per request; a service that exits is named while the others keep running', async () => {
    const free = await takePort();
    free.release();
    const offset = free.port - canonical.port;
    const { child, output } = start(offset, ['g', 'e']);
    await until(() => output().includes('All services are up'), child);
    const health = `http://127.0.0.1:${free.port}${canonical.basePath}/health`;
    expect((await fetch(health)).status).toBe(200);
    await until(() => output().includes('GET /canonical-digest-api/health 200'), child);
    expect(output()).toMatch(/g-canonical +GET \/canonical-digest-api\/health 200 [\d.]+ ms/);
    const e = childPid(child.pid!, 'e-pace');
    expect(e).toBeDefined();
    process.kill(e!, 'SIGKILL');
    await until(() => output().includes('e-pace exited'), child);
    expect(output()).toContain('✗ e-pace exited (SIGKILL); the others keep running.');
    // A service stopped cleanly (its own SIGTERM drains and exits 0) is no failure: no ✗.
    const g = childPid(child.pid!, 'g-canonical');
    expect(g).toBeDefined();
    process.kill(g!, 'SIGTERM');
    await until(() => output().includes('g-canonical stopped'), child);
    expect(output()).toContain('g-canonical stopped (exit code 0).');
    expect(output()).not.toContain('✗ g-canonical');
    // None runs any more: `npm start` ends (perhaps already), failed because e-pace did.
    const code = child.exitCode ?? (await once(child, 'exit'))[0];
    expect(code).toBe(1);
  });

  it('answers --help with the services, their ports and the settings, without starting anything', async () => {
    const { child, output } = start(0, ['--help']);
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    expect(output()).toMatch(/^Usage: npm start \[-- <service>…\]/);
    for (const service of services)
      expect(output()).toContain(`http://127.0.0.1:${service.port}${service.basePath}/`);
    expect(output()).toContain('PORT_OFFSET');
    expect(output()).not.toContain('Unknown service');
  });

  it("answers a server's --help with its variables and defaults, and exits 0", async () => {
    const child = spawn(
      process.execPath,
      [join(repoRoot, 'services', 'e-pace', 'dist', 'server.js'), '--help'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let text = '';
    child.stdout!.on('data', (chunk) => {
      text += chunk;
    });
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    expect(text).toMatch(/^e-pace \d+\.\d+\.\d+: /);
    expect(text).toContain('  PORT\n      Port to listen on (0 = any free port).\n      default: 8085');
    for (const name of ['MAX_HEAP_MB', 'REDIS_URL', 'OTEL_EXPORTER_OTLP_ENDPOINT'])
      expect(text).toContain(`  ${name}\n`);
  });

  it('prints the URL once the service listens, and stops cleanly on Ctrl-C', async () => {
    const free = await takePort();
    free.release();
    const { child, output } = start(free.port - canonical.port);
    const url = `http://127.0.0.1:${free.port}${canonical.basePath}/`;
    await until(() => output().includes('All services are up'), child);
    expect(output()).toContain(`${url}  (docs: ${url}docs)`);
    const health = await fetch(`${url}health`);
    expect(health.status).toBe(200);
    child.kill('SIGINT');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });
});
