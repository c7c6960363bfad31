// Starts a built service on a free port with short timeouts, keeping its log lines for the checks.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort, waitForPort } from '../../scripts/ports.mjs';

export const HEADERS_TIMEOUT_MS = 2_000;
export const REQUEST_TIMEOUT_MS = 5_000;

/** Resident set size of a process in MB, from /proc (Linux). */
export function rssMb(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

export async function startService(service, env = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(service.dir, 'dist', 'server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'info',
      HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      RATE_LIMIT_PER_MINUTE: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs = [];
  createInterface({ input: child.stdout }).on('line', (line) => logs.push(line));
  createInterface({ input: child.stderr }).on('line', (line) => logs.push(line));
  await waitForPort(port, child, service.name);
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid,
    logs,
    alive: () => child.exitCode === null,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
