// One row of `npm run bench:kit` (bench/kit-cost.mjs), in a process of its own whose stdout (the
// access log) goes nowhere: the service's app and a bare Hono app doing the row's same work, each
// called through @hono/node-server's listener with a socket that is never connected, so the figure is
// the JavaScript of one request alone, without the kernel or the load generator.
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';

const [dir, rowName] = process.argv.slice(2);
const root = join(import.meta.dirname, '..');
const fileUrl = (...parts) => pathToFileURL(join(root, ...parts)).href;
const { http } = await import(fileUrl('services', dir, 'bench', 'rows.mjs'));
const row = http.find((candidate) => candidate.name === rowName);
const core = await import(fileUrl('packages', 'core', 'dist', 'index.js'));
const service = await import(fileUrl('services', dir, 'dist', 'app.js'));

const env = { ...row.env, PORT: '0', LOG_LEVEL: 'info' };
const config = core.loadConfig(env, { defaultPort: 0, readFile: () => '' });
const ours = service.createApp(config, {
  runtime: core.createRuntime(config, service.SERVICE.name, service.SERVICE.version),
});

const contentType = row.contentType ?? 'application/json; charset=utf-8';
const bare = new Hono();
bare.on(row.method, row.path.split('?')[0], (c) => {
  const incoming = c.env.incoming;
  const answer = (bytes) =>
    new Response(row.sameWork(bytes, incoming.url), { headers: { 'content-type': contentType } });
  if (row.method === 'GET') return answer(Buffer.alloc(0));
  return new Promise((resolve) => {
    const chunks = [];
    incoming.on('data', (chunk) => chunks.push(chunk));
    incoming.on('end', () => resolve(answer(Buffer.concat(chunks))));
  });
});

const socket = new Socket();
socket.write = () => true;
Object.defineProperty(socket, 'remoteAddress', { value: '127.0.0.1' });
const rawBody = typeof row.body === 'function' ? row.body() : row.body;
const body = rawBody === undefined ? undefined : Buffer.from(rawBody);
const headers = {
  host: '127.0.0.1',
  ...(body === undefined
    ? {}
    : { 'content-type': 'application/json', 'content-length': String(body.length) }),
  ...row.headers,
};

/** One request through `listener`; resolves with its status once the answer is written. */
function call(listener) {
  return new Promise((resolve) => {
    const req = new IncomingMessage(socket);
    Object.assign(req, { method: row.method, url: row.path, headers: { ...headers } });
    req.rawHeaders = Object.entries(headers).flat();
    const res = new ServerResponse(req);
    res.assignSocket(socket);
    const end = res.end;
    res.end = function (...args) {
      end.apply(this, args);
      res.detachSocket(socket);
      resolve(res.statusCode);
      return this;
    };
    listener(req, res);
    if (body !== undefined) {
      req.push(body);
      req.complete = true;
      req.push(null);
    }
  });
}

/** CPU µs per request over `n` requests. */
async function round(listener, n) {
  const started = process.cpuUsage();
  for (let i = 0; i < n; i++) await call(listener);
  const used = process.cpuUsage(started);
  return (used.user + used.system) / n;
}

const listeners = { ours: getRequestListener(ours.fetch), bare: getRequestListener(bare.fetch) };
for (const listener of Object.values(listeners)) {
  const status = await call(listener);
  if (status !== 200) throw new Error(`${rowName}: status ${status}`);
}
/** Calls `listener` for ~0.5 s of CPU (the JIT settles); µs per request of its last 200. */
async function warm(listener) {
  const started = process.cpuUsage();
  let last;
  do last = await round(listener, 200);
  while (process.cpuUsage(started).user < 500_000);
  return last;
}
const estimate = await warm(listeners.ours);
await warm(listeners.bare);
// Rounds of ~0.2 s of CPU each (at least 200 requests), alternating.
const N = Math.max(200, Math.round(200_000 / estimate));
const ROUNDS = Number(process.env.KIT_COST_ROUNDS ?? 7);
const times = { ours: [], bare: [] };
for (let i = 0; i < ROUNDS; i++) {
  times.ours.push(await round(listeners.ours, N));
  times.bare.push(await round(listeners.bare, N));
}
const median = (list) => [...list].sort((a, b) => a - b)[list.length >> 1];
process.send({ ours: median(times.ours), bare: median(times.bare) }, () => process.exit(0));
