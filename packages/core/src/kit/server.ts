import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener, RequestError } from '@hono/node-server';
import type { Hono } from 'hono';
import { loadConfigOrExit, type ServiceConfig } from './config.js';
import { configHelp } from './config-schema.js';
import {
  answerProblem,
  asteriskTarget,
  type ClientErrorLog,
  clientErrorHandler,
  expectationFailed,
  missingHost,
  problemAnswer,
  unusableTarget,
} from './http/client-error.js';
import { type ResponseUnderWay, trackResponses } from './http/under-way.js';
import { drainer } from './drain.js';
import { startTracing } from './tracing.js';
import { createRuntime, type Runtime } from './runtime.js';

type Timeouts = Pick<ServiceConfig, 'headersTimeoutMs' | 'requestTimeoutMs'>;

/** The Host an HTTP/1.0 request without one is read as (RFC 9112 needs Host only in HTTP/1.1). */
const HOST_OF_HTTP_1_0 = 'localhost';

/**
 * A node:http server for an app through @hono/node-server, with header and request timeouts; with it,
 * the response under way on each socket. Every request the app never sees is still answered with
 * problem+json and logged once: what Node's parser refuses (`clientError`), an HTTP/1.1 request without
 * `Host`, an `Expect` other than 100-continue (417), a request target `*` on another method than
 * OPTIONS (`OPTIONS *` itself is 204: the server is there), and a target the adapter cannot make a URL
 * of. HTTP/1.0 without `Host` (HAProxy's `option httpchk`, Nagios `check_http`) is served normally.
 */
function createHttpServer(
  // biome-ignore lint/suspicious/noExplicitAny: any Hono app
  app: Hono<any>,
  timeouts: Timeouts,
  logger?: Runtime['logger'],
): { server: Server; responseUnderWay: ResponseUnderWay } {
  const refused: ClientErrorLog = (entry) =>
    logger?.info(
      { req_id: entry.requestId, status: entry.status, error: entry.code },
      'refused by the HTTP parser',
    );
  const listener = getRequestListener(app.fetch, {
    hostname: HOST_OF_HTTP_1_0,
    // Reached only when no Request could be made of the incoming message (the app catches its own).
    errorHandler: (error) => {
      const reason = error instanceof RequestError ? error.message : 'not a request';
      const problem = unusableTarget(reason);
      const { requestId, headers, body } = problemAnswer(problem);
      refused({ requestId, status: problem.status, code: 'invalid_target' });
      return new Response(body, { status: problem.status, headers: { ...headers, Connection: 'close' } });
    },
  });
  const server = createServer(
    {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      // Node checks both timeouts on this interval (30 s by default, far coarser than the timeouts).
      connectionsCheckingInterval: Math.min(1_000, timeouts.headersTimeoutMs),
      // Node's own check answers a bare 400; the listener below answers it with a problem.
      requireHostHeader: false,
    },
    (req, res) => {
      const refusal =
        req.headers.host === undefined && req.httpVersion === '1.1'
          ? { problem: missingHost(), code: 'missing_host' }
          : req.url === '*' && req.method !== 'OPTIONS'
            ? { problem: asteriskTarget(req.method), code: 'asterisk_target' }
            : undefined;
      if (refusal !== undefined) {
        const requestId = answerProblem(res, refusal.problem);
        refused({ requestId, status: refusal.problem.status, code: refusal.code });
        return;
      }
      if (req.url === '*') {
        res.writeHead(204, { 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' }).end();
        return;
      }
      return listener(req, res);
    },
  );
  const responseUnderWay = trackResponses(server);
  server.keepAliveTimeout = 5_000;
  server.on('clientError', clientErrorHandler(refused, responseUnderWay));
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    const problem = expectationFailed(req.headers.expect);
    const requestId = answerProblem(res, problem);
    refused({ requestId, status: problem.status, code: 'expectation_failed' });
  });
  return { server, responseUnderWay };
}

function listenOn(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

export interface RunServiceOptions {
  name: string;
  version: string;
  defaultPort: number;
  // biome-ignore lint/suspicious/noExplicitAny: any Hono app
  createApp: (config: ServiceConfig, options: { runtime: Runtime }) => Hono<any>;
  env?: Record<string, string | undefined>;
  /** The command-line arguments (`--help` prints the configuration and exits); default process.argv's. */
  argv?: readonly string[];
}

export interface RunningService {
  server: Server;
  url: string;
  config: ServiceConfig;
  runtime: Runtime;
  /** The drain of a SIGTERM: `/readyz` 503, then stops accepting and finishes every request (docs/conventions.md §11). */
  shutdown(): Promise<void>;
}

/** Loads configuration, listens, and shuts down gracefully on SIGTERM/SIGINT. */
export async function runService(options: RunServiceOptions): Promise<RunningService> {
  const argv = options.argv ?? process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(configHelp(options));
    process.exit(0);
  }
  const env = options.env ?? process.env;
  const config = loadConfigOrExit(env, options.name, options.defaultPort);
  const runtime = createRuntime(config, options.name, options.version);
  runtime.lifecycle.ready = false;
  runtime.warmPools = true;
  const tracing = await startTracing(config, options.name, options.version);
  if (tracing !== undefined) {
    runtime.tracing = tracing;
    runtime.onClose(() => tracing.shutdown());
  }
  const app = options.createApp(config, { runtime });
  const { server, responseUnderWay } = createHttpServer(app, config, runtime.logger);
  try {
    await listenOn(server, config.port, config.host);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EADDRINUSE' && code !== 'EACCES' && code !== 'EADDRNOTAVAIL') throw error;
    const why =
      code === 'EADDRINUSE' ? 'is already in use' : code === 'EACCES' ? 'is not allowed' : 'is not available';
    process.stderr.write(
      `${options.name}: port ${config.port} on ${config.host} ${why}; set PORT (or HOST) to another value.\n`,
    );
    process.exit(1);
  }
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${address.port}`;
  // Signals are handled before the server says it listens: a supervisor may stop it the moment it reads that.
  const drain = drainer(server, config, runtime, responseUnderWay);
  let closing: Promise<void> | undefined;
  const shutdown = () => {
    closing ??= (async () => {
      await drain();
      await runtime.close();
      runtime.logger.info('stopped');
      await new Promise<void>((resolve) => runtime.logger.flush(() => resolve()));
    })();
    return closing;
  };
  const onSignal = () => {
    void shutdown().then(() => process.exit(0));
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  // Ready once warm (the heavy-call pool's threads have loaded the service): a call sent before that
  // would wait for them. A drain that began meanwhile keeps it not ready.
  void runtime.warmedUp().then(() => {
    runtime.lifecycle.ready = true;
  });
  // Always announced, whatever LOG_LEVEL says: it is how a supervisor finds a PORT=0 server.
  if (runtime.logger.isLevelEnabled('info')) {
    runtime.logger.info({ url }, 'listening');
    runtime.logger.flush();
  } else {
    process.stdout.write(
      `${JSON.stringify({ level: 30, time: new Date().toISOString(), service: options.name, msg: 'listening', url })}\n`,
    );
  }

  return { server, url, config, runtime, shutdown };
}

/** Serves an app on a free loopback port (tests and benchmarks); resolves with its origin and a close function. */
export async function listen(
  // biome-ignore lint/suspicious/noExplicitAny: any Hono app
  app: Hono<any>,
  options: { port?: number; host?: string; timeouts?: Timeouts } = {},
): Promise<{ server: Server; origin: string; close: () => Promise<void> }> {
  const host = options.host ?? '127.0.0.1';
  const { server } = createHttpServer(
    app,
    options.timeouts ?? { headersTimeoutMs: 10_000, requestTimeoutMs: 60_000 },
  );
  await listenOn(server, options.port ?? 0, host);
  const { port } = server.address() as AddressInfo;
  return {
    server,
    origin: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
