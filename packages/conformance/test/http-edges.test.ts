// What reaches the production server (E's dist/server.js) below the app, over raw sockets: HTTP/1.0
// health checkers without Host are served; every request refused before the app (an HTTP/1.1 request
// without Host, a `*` target, an Expect other than 100-continue, a malformed chunk, a backslash in the
// path) gets a problem+json answer and exactly one log line; and every method Node's parser accepts,
// sent to every route, grows /metrics by one series a route.
import { METHODS } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { startServerProcess } from '@dus/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, servicesDir } from './helpers/services.js';

const E = join(servicesDir, 'e-pace', 'dist', 'server.js');
let server: Awaited<ReturnType<typeof startServerProcess>>;
let port: number;

beforeAll(async () => {
  server = await startServerProcess(E);
  port = Number(new URL(server.origin).port);
});
afterAll(async () => {
  await server.stop('SIGTERM');
});

/** Sends raw bytes; resolves with what the server sent until it closed the connection. */
function send(request: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (data) => {
      text += data.toString('latin1');
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

/** The log lines (parsed) whose req_id is this one. */
const linesOf = (requestId: string): Json[] =>
  server.stdout
    .filter((line) => line.includes(requestId))
    .map((line) => JSON.parse(line) as Json)
    .filter((entry) => entry.req_id === requestId);

/** Waits until the server wrote `count` lines for a request id (the access log is batched). */
async function logged(requestId: string, count = 1): Promise<Json[]> {
  for (let i = 0; i < 200 && linesOf(requestId).length < count; i++)
    await new Promise((r) => setTimeout(r, 20));
  return linesOf(requestId);
}

describe('health checkers speaking HTTP/1.0 without Host', () => {
  it.each([
    ['HAProxy option httpchk', 'OPTIONS / HTTP/1.0\r\n\r\n', 204],
    ['HAProxy httpchk GET /readyz', 'GET /readyz HTTP/1.0\r\n\r\n', 200],
    [
      'Nagios check_http',
      'GET /health HTTP/1.0\r\nUser-Agent: check_http/v2.3.3 (nagios-plugins 2.3.3)\r\n\r\n',
      200,
    ],
  ])('%s → %i', async (_name, request, status) => {
    const reply = await send(request);
    expect(reply.status).toBe(status);
    if (status === 200) expect(JSON.parse(reply.body).status).toMatch(/^(ready|ok)$/);
  });
});

describe('refused before the app: problem+json, one log line', () => {
  it.each([
    ['HTTP/1.1 without Host', 'GET /health HTTP/1.1\r\nConnection: close\r\n\r\n', 400, 'invalid_request'],
    ['a `*` target on GET', 'GET * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 400, 'invalid_request'],
    [
      'Expect: 200-ok',
      'POST /vdot HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
      417,
      'expectation_failed',
    ],
    [
      'a malformed chunk after the headers',
      'POST /vdot HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
      400,
      'invalid_request',
    ],
    [
      'a backslash in the path',
      'GET /\\health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      400,
      'invalid_request',
    ],
    ['a broken request line', 'GARBAGE\r\n\r\n', 400, 'invalid_request'],
  ])('%s → %i', async (_name, request, status, code) => {
    const reply = await send(request);
    expect(reply.status).toBe(status);
    expect(reply.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(reply.headers.connection).toBe('close');
    const requestId = reply.headers['x-request-id']!;
    expect(JSON.parse(reply.body)).toMatchObject({ status, code, request_id: requestId });
    const lines = await logged(requestId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ status, msg: 'refused by the HTTP parser' });
    // Nothing else logged a 499 for it meanwhile.
    expect(server.stdout.filter((line) => line.includes('"status":499'))).toEqual([]);
  });

  it('OPTIONS * is the server saying it is there: 204', async () => {
    const reply = await send('OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(reply.status).toBe(204);
    expect(reply.body).toBe('');
  });
});

describe('/metrics under every method the parser accepts', () => {
  it('grows by one series a route, not a histogram a method', async () => {
    const document = (await (await fetch(`${server.origin}/openapi.json`)).json()) as Json;
    const routes = Object.keys(document.paths).filter((path) => !/\/(metrics|livez|readyz)$/.test(path));
    const scrape = async () => (await (await fetch(`${server.origin}/metrics`)).text()).split('\n').length;
    // Each route once with its own method, so that its series exist.
    for (const path of routes) {
      const method = Object.keys(document.paths[path])[0]!.toUpperCase();
      await fetch(`${server.origin}${path}`, {
        method,
        ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
      });
    }
    const before = await scrape();
    // CONNECT takes an authority target, not a path: it is refused by the parser, never routed.
    const methods = METHODS.filter((method) => method !== 'CONNECT');
    expect(methods.length).toBeGreaterThan(30);
    for (const path of routes)
      for (const method of methods)
        await send(`${method} ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    const after = await scrape();
    // At most: per route a 405 `other` series, a 204 OPTIONS series with its histogram (14 lines), and
    // a HEAD series with its histogram where GET is served.
    expect(after - before).toBeLessThanOrEqual(routes.length * 30);
    expect(after / before).toBeLessThan(3);
  });
});
