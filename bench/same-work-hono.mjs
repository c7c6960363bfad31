// A reference beside each same-work ceiling: the same work (the row's `sameWork`) as a route of a bare
// Hono app served by @hono/node-server, the body read from the Node request as the kit reads it, and
// nothing else. Its ratio to the ceiling is the most any Hono-served implementation of the row can
// reach on this machine. Selected by BENCH_SERVICE and BENCH_ROW (all of the service's rows without it).
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { announce, contentTypeOf, rows } from './same-work-rows.mjs';

/** The row's answer to a request: rows on one path (a GET's query differs) are told apart by URL. */
function answerOf(candidates) {
  const byUrl = new Map(candidates.map((row) => [row.path, row]));
  return (bytes, url) => {
    const row = candidates.length === 1 ? candidates[0] : byUrl.get(url);
    return new Response(row.sameWork(bytes, url), { headers: { 'content-type': contentTypeOf(row) } });
  };
}

const app = new Hono();
const routes = new Map();
for (const row of rows) {
  const route = `${row.method} ${row.path.split('?')[0]}`;
  routes.set(route, [...(routes.get(route) ?? []), row]);
}
for (const [route, candidates] of routes) {
  const [method, path] = route.split(' ');
  const answer = answerOf(candidates);
  app.on(method, path, (c) => {
    const incoming = c.env.incoming;
    if (method === 'GET') return answer(Buffer.alloc(0), incoming.url);
    return new Promise((resolve) => {
      const chunks = [];
      incoming.on('data', (chunk) => chunks.push(chunk));
      incoming.on('end', () =>
        resolve(answer(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks), incoming.url)),
      );
    });
  });
}
const server = serve(
  { fetch: app.fetch, port: Number(process.env.PORT ?? 0), hostname: '127.0.0.1' },
  (info) => announce(info.port),
);
server.keepAliveTimeout = 5_000;
process.on('SIGTERM', () => server.close(() => process.exit(0)));
