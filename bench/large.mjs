// Large single requests (e.g. 100,000 trades in one body): each is timed on its own, in sequence,
// with the server's CPU time per request and its peak resident memory read from /proc (Linux).
import { readFileSync } from 'node:fs';

/** Peak resident set size of a process, in MiB (VmHWM), from /proc; undefined elsewhere. */
export function peakRssMiB(pid) {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Sends the request `runs` times after one warm-up, one at a time: the median wall time, the median
 * server CPU time (ms), the response size and the server's peak RSS over the whole run.
 */
export async function measureLarge(url, { method = 'POST', body, headers = {} }, pid, cpuMs, runs = 3) {
  const send = async () => {
    const res = await fetch(url, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body }),
    });
    const bytes = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200) throw new Error(`${method} ${url}: status ${res.status}`);
    return bytes;
  };
  await send();
  const wall = [];
  const cpu = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const before = cpuMs(pid);
    const started = performance.now();
    bytes = await send();
    wall.push(performance.now() - started);
    cpu.push(cpuMs(pid) - before);
  }
  return { ms: median(wall), cpu_ms: median(cpu), peak_rss_mib: peakRssMiB(pid), response_bytes: bytes };
}
