// The standard stack beside each row (docs/conventions.md §10): the same route
// built the way the Hono ecosystem would build it, with the service's own work — its operation's `input`
// zod schema and domain handler, imported from the built service (services/<dir>/dist/operations.js).
//   - @hono/zod-openapi: OpenAPIHono, createRoute + app.openapi, its zod validation of the JSON body
//     (or of the query of a GET) with that schema (a GET twin's `query` schema piped into `input`, as
//     the kit checks it); c.json of the handler's output, or the operation's own rendering (SVG, PNG);
//   - hono/request-id, hono-pino (one line per request, at the end, to stdout through pino's default
//     synchronous destination, the one the kit's logger uses), @hono/prometheus (registerMetrics on
//     every request, printMetrics on /metrics, prom-client's default metrics collected as the kit's
//     are), hono-rate-limiter (in-memory store keyed by the client address, a limit no load reaches)
//     and secureHeaders from hono.
// The JSON body is parsed by Hono's c.req.json (JSON.parse), not by the kit's strict parser: where a
// service parses strictly (G), the standard stack does a little less work than the kit.
// Selected by BENCH_SERVICE and BENCH_ROW (all of the service's HTTP rows without BENCH_ROW).
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { prometheus } from '@hono/prometheus';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { pinoLogger } from 'hono-pino';
import { rateLimiter } from 'hono-rate-limiter';
import pino from 'pino';
import { operationOf } from './operations-of.mjs';
import { announce, rows } from './same-work-rows.mjs';

const service = process.env.BENCH_SERVICE;

/** What an operation's renderer reads of its request (the kit's RequestView), from Hono's request. */
class RequestView {
  #c;
  constructor(c) {
    this.#c = c;
    this.method = c.req.method;
  }
  get query() {
    return this.#c.req.query();
  }
  header(name) {
    return this.#c.req.header(name);
  }
}

/** The route of an operation: its schema validates the query (GET) or the JSON body (POST). */
function operationRoute(method, path, operation) {
  const request =
    method === 'GET'
      ? { query: operation.query === undefined ? operation.input : operation.query.pipe(operation.input) }
      : {
          body: {
            content: { 'application/json': { schema: operation.input } },
            required: true,
          },
        };
  return createRoute({
    method: method.toLowerCase(),
    path,
    operationId: operation.name,
    summary: operation.summary,
    request,
    responses: {
      200: {
        description: operation.summary,
        content: { 'application/json': { schema: operation.output } },
      },
    },
  });
}

/** The handler of an operation's route: the domain handler, then c.json or the operation's rendering. */
function operationHandler(method, operation) {
  const source = method === 'GET' ? 'query' : 'json';
  return async (c) => {
    const input = c.req.valid(source);
    const output = await operation.handler(input, { requestId: c.get('requestId'), via: 'rest' });
    const rendered = operation.render?.(output, input, new RequestView(c));
    if (operation.cacheControl) c.header('Cache-Control', operation.cacheControl);
    if (rendered === undefined) return c.json(output, 200);
    for (const [name, value] of Object.entries(rendered.headers ?? {})) c.header(name, value);
    if (rendered.contentType !== undefined) c.header('Content-Type', rendered.contentType);
    return c.body(rendered.body, rendered.status ?? 200);
  };
}

const healthOutput = z.object({
  status: z.literal('ok'),
  service: z.string(),
  version: z.string(),
  uptime_s: z.number().int(),
  node: z.string(),
});

/** A service's `GET /health`: the fields its row answers (the service's own), this process's uptime. */
function healthRoute(app, row) {
  const fixed = JSON.parse(row.sameWork(Buffer.alloc(0), row.path));
  const route = createRoute({
    method: 'get',
    path: row.path,
    operationId: 'health',
    summary: 'Liveness',
    responses: {
      200: { description: 'alive', content: { 'application/json': { schema: healthOutput } } },
    },
  });
  app.openapi(route, (c) => c.json({ ...fixed, uptime_s: Math.floor(process.uptime()) }));
}

const app = new OpenAPIHono({
  // A refused input: 400 with zod's issues (the kit answers a problem+json 400 too).
  defaultHook: (result, c) => {
    if (!result.success) return c.json({ title: 'invalid request', issues: result.error.issues }, 400);
  },
});
const { printMetrics, registerMetrics } = prometheus({ collectDefaultMetrics: true });
const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' }, pino.destination({ dest: 1, sync: true }));

app.use(requestId());
app.use(pinoLogger({ pino: logger }));
app.use(registerMetrics);
app.use(secureHeaders());
app.use(
  rateLimiter({
    windowMs: 60_000,
    limit: 1_000_000_000,
    standardHeaders: 'draft-6',
    keyGenerator: (c) => getConnInfo(c).remote.address ?? 'unknown',
  }),
);
app.get('/metrics', printMetrics);

const routes = new Set();
for (const row of rows) {
  const path = row.path.split('?')[0];
  const key = `${row.method} ${path}`;
  if (routes.has(key)) continue; // rows on one route (a GET's query differs)
  routes.add(key);
  const operation = await operationOf(service, row);
  if (operation === undefined) healthRoute(app, row);
  else app.openapi(operationRoute(row.method, path, operation), operationHandler(row.method, operation));
}

const server = serve(
  { fetch: app.fetch, port: Number(process.env.PORT ?? 0), hostname: '127.0.0.1' },
  (info) => announce(info.port),
);
server.keepAliveTimeout = 5_000;
process.on('SIGTERM', () => server.close(() => process.exit(0)));
