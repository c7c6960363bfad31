// The access-log line (access-log.ts), appended to its batch piece by piece: byte for byte the line
// JSON.stringify makes of the same fields in pino's order, whatever the values.
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AccessLogEntry, accessLogWriter } from '../../src/kit/access-log.js';
import { LineBatch } from '../../src/kit/log-lines.js';

/** The line as pino would write it: its base fields, then the entry's, in this order. */
function expected(at: number, entry: AccessLogEntry): string {
  const line = {
    level: 30,
    time: new Date(at).toISOString(),
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
  };
  return `${JSON.stringify(line)}\n`;
}

const base: AccessLogEntry = {
  requestId: '7b0e4f5e-8a1c-4c53-9d43-0b8a6a3c2f10',
  method: 'GET',
  route: '/health',
  status: 200,
  ms: 0.12,
  plan: 'free',
};

function written(cases: ReadonlyArray<[number, AccessLogEntry]>) {
  const path = join(mkdtempSync(join(tmpdir(), 'access-log-')), 'log');
  const fd = openSync(path, 'w');
  const fallback: string[] = [];
  const lines = new LineBatch(fd, (text) => fallback.push(text));
  const log = accessLogWriter(lines, 'g-canonical', '1.2.3');
  for (const [at, entry] of cases) {
    vi.setSystemTime(at);
    log(entry);
  }
  lines.flush();
  closeSync(fd);
  return { file: readFileSync(path, 'utf8'), fallback };
}

describe('access-log line', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is the JSON of its fields in pino’s order, for every shape of entry', () => {
    vi.useFakeTimers();
    const second = Date.UTC(2026, 10, 28, 18, 20, 58);
    const cases: Array<[number, AccessLogEntry]> = [
      [second, base],
      [second + 7, { ...base, ms: 12.5, status: 404, route: undefined }],
      [second + 999, { ...base, method: 'POST', route: '/v1/digest', ms: 1234, status: 422 }],
      [second + 1000, { ...base, ms: 0, status: 499 }],
      [second + 61_042, { ...base, plan: 'pro "gold" \\ tier', tool: 'digest,compare,+3' }],
      [
        second + 61_043,
        { ...base, plan: 'профи', route: '/naïve', traceId: '4bf92f3577b34da6a3ce929d0e0e4736' },
      ],
      [second + 61_044, { ...base, requestId: `client.token:${'x'.repeat(115)}`, ms: 1e-7 }],
      [Date.UTC(2027, 0, 1, 0, 0, 0, 5), { ...base, method: 'OPTIONS', status: 204 }],
    ];
    const { file, fallback } = written(cases);
    expect(file).toBe(cases.map(([at, entry]) => expected(at, entry)).join(''));
    expect(fallback).toEqual([]);
    for (const line of file.trimEnd().split('\n')) expect(JSON.parse(line).msg).toBe('request');
  });

  it('sends a line larger than a batch whole through the fallback, after the lines before it', () => {
    vi.useFakeTimers();
    const at = Date.UTC(2026, 10, 28, 18, 20, 58, 250);
    const huge: AccessLogEntry = { ...base, plan: `plan-ü-${'p'.repeat(20_000)}` };
    const { file, fallback } = written([
      [at, base],
      [at + 1, huge],
      [at + 2, base],
    ]);
    expect(file).toBe(expected(at, base) + expected(at + 2, base));
    expect(fallback).toEqual([expected(at + 1, huge)]);
  });
});
