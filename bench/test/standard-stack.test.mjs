// The standard-stack column measures the same work as the ceiling, with the stack it claims: every
// HTTP row's request is answered with the ceiling's body (byte for byte, or the same JSON where a field
// such as the uptime differs by nature), through the service's own input schema (a body it refuses is
// a 400), and with each middleware's trace: a request id, secure headers, RateLimit headers, one pino
// line per request and a prometheus count per route.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { operationOf } from '../operations-of.mjs';

const services = join(import.meta.dirname, '..', '..', 'services');
const standardStack = join(import.meta.dirname, '..', 'standard-stack.mjs');
const declared = readdirSync(services).filter((dir) => existsSync(join(services, dir, 'bench', 'rows.mjs')));
const children = [];
afterAll(() => {
  for (const child of children) child.kill();
});

/** The standard stack for a service's rows, at info level: its URL and the log lines it writes. */
function startStandardStack(dir) {
  const child = spawn(process.execPath, [standardStack], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', BENCH_SERVICE: dir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const logLines = [];
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${dir}: the standard stack exited with ${code}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const entry = JSON.parse(line);
      if (entry.msg === 'listening') resolve({ origin: entry.url, logLines });
      else logLines.push(entry);
    });
  });
}

const withoutVolatile = (json, volatile = []) => {
  const copy = { ...json };
  for (const key of volatile) delete copy[key];
  return copy;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Waits (a few seconds at most) until `check` holds: the log lines come through a pipe. */
async function eventually(check) {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  return check();
}

describe('the standard stack', () => {
  it.each(declared)(
    '%s: answers each HTTP row with its ceiling’s body, through every middleware',
    async (dir) => {
      const rows = await import(pathToFileURL(join(services, dir, 'bench', 'rows.mjs')).href);
      const { origin, logLines } = await startStandardStack(dir);
      const routes = new Map();
      for (const row of rows.http) {
        const body = typeof row.body === 'function' ? row.body() : row.body;
        const res = await fetch(`${origin}${row.path}`, {
          method: row.method,
          ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
        });
        expect(res.status, row.name).toBe(200);
        const answer = Buffer.from(await res.arrayBuffer());
        const ceiling = Buffer.from(row.sameWork(Buffer.from(body ?? ''), row.path));
        if (row.volatile === undefined) expect(answer.equals(ceiling), row.name).toBe(true);
        else
          expect(withoutVolatile(JSON.parse(answer), row.volatile)).toEqual(
            withoutVolatile(JSON.parse(ceiling), row.volatile),
          );
        if (row.contentType !== undefined) expect(res.headers.get('content-type')).toBe(row.contentType);
        // hono/request-id, secureHeaders, hono-rate-limiter (draft-6 headers)
        expect(res.headers.get('x-request-id')).toMatch(UUID);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
        expect(Number(res.headers.get('ratelimit-limit'))).toBeGreaterThan(1_000_000);
        const route = row.path.split('?')[0];
        routes.set(route, (routes.get(route) ?? 0) + 1);
      }
      // hono-pino: one line per request, with its id and status.
      const requests = rows.http.length;
      expect(await eventually(() => logLines.length >= requests)).toBe(true);
      expect(logLines).toHaveLength(requests);
      for (const line of logLines) {
        expect(line.msg).toBe('Request completed');
        expect(line.res.status).toBe(200);
        expect(line.reqId).toMatch(UUID);
      }
      // @hono/prometheus: each request counted under its route.
      const metrics = await (await fetch(`${origin}/metrics`)).text();
      for (const [route, count] of routes) {
        const method = rows.http.find((row) => row.path.split('?')[0] === route).method;
        expect(metrics).toContain(
          `http_requests_total{method="${method}",route="${route}",status="200",ok="true"} ${count}`,
        );
      }
      expect(metrics).toContain('process_cpu_user_seconds_total');
    },
  );

  it.each(declared)('%s: validates each operation row’s input with the service’s schema', async (dir) => {
    const rows = await import(pathToFileURL(join(services, dir, 'bench', 'rows.mjs')).href);
    const { origin } = await startStandardStack(dir);
    let operations = 0;
    for (const row of rows.http) {
      const operation = await operationOf(dir, row);
      if (operation === undefined) {
        expect(row.path.endsWith('/health'), row.name).toBe(true);
        continue;
      }
      operations++;
      // The same route without its input: no query, or a JSON object with only an unknown member. The
      // 400 carries the issues the service's own schema finds in that input (a GET's query schema first).
      const get = row.method === 'GET';
      const input = get ? {} : { not_a_member: 1 };
      const refused = await fetch(
        `${origin}${row.path.split('?')[0]}`,
        get
          ? {}
          : {
              method: row.method,
              body: JSON.stringify(input),
              headers: { 'content-type': 'application/json' },
            },
      );
      expect(refused.status, row.name).toBe(400);
      const schema =
        get && operation.query !== undefined ? operation.query.pipe(operation.input) : operation.input;
      const expected = schema.safeParse(input);
      expect(expected.success).toBe(false);
      expect((await refused.json()).issues).toEqual(JSON.parse(JSON.stringify(expected.error.issues)));
    }
    expect(operations).toBeGreaterThan(0);
  });
});
