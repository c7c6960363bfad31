// Reference: a bare Hono app on @hono/node-server answering the same fixed JSON, to separate the
// framework's cost from the service kit's in the table. BURN_US adds that many microseconds of busy
// work per request: a calibration of what a given amount of handler work costs in req/s here.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const body = JSON.stringify({ status: 'ok', service: 'bare-hono', version: '0.0.0', uptime_s: 0 });
const burnMs = Number(process.env.BURN_US ?? 0) / 1000;
const app = new Hono();
app.on(['GET', 'POST'], '/', async (c) => {
  if (c.req.method === 'POST') await c.req.arrayBuffer();
  const until = performance.now() + burnMs;
  while (performance.now() < until) {
    // busy work (calibration only)
  }
  return new Response(body, { headers: { 'content-type': 'application/json; charset=utf-8' } });
});
const server = serve(
  { fetch: app.fetch, port: Number(process.env.PORT ?? 0), hostname: '127.0.0.1' },
  (info) => {
    process.stdout.write(`${JSON.stringify({ msg: 'listening', url: `http://127.0.0.1:${info.port}` })}\n`);
  },
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
