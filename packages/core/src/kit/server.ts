import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { ConfigError, loadConfig, type ServiceConfig } from './config.js';
import { createRuntime, type Runtime } from './runtime.js';

export interface RunServiceOptions {
  name: string;
  version: string;
  defaultPort: number;
  // biome-ignore lint/suspicious/noExplicitAny: any Hono app
  createApp: (config: ServiceConfig, runtime: Runtime) => Hono<any>;
  env?: Record<string, string | undefined>;
}

export interface RunningService {
  server: Server;
  url: string;
  config: ServiceConfig;
  runtime: Runtime;
  /** Stops accepting, reports 503 on /health, waits for in-flight requests up to the grace period. */
  shutdown(): Promise<void>;
}

/** Loads configuration, listens, and shuts down gracefully on SIGTERM/SIGINT. */
export async function runService(options: RunServiceOptions): Promise<RunningService> {
  const env = options.env ?? process.env;
  let config: ServiceConfig;
  try {
    config = loadConfig(env, {
      defaultPort: options.defaultPort,
      readFile: (path) => readFileSync(path, 'utf8'),
    });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${options.name}: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const runtime = createRuntime(config, options.name, options.version);
  const app = options.createApp(config, runtime);
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
      resolve(listening as Server),
    );
    (listening as Server).once('error', reject);
  });
  server.keepAliveTimeout = 5_000;
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${address.port}`;
  // Always announced, whatever LOG_LEVEL says: it is how a supervisor finds a PORT=0 server.
  if (runtime.logger.isLevelEnabled('info')) {
    runtime.logger.info({ url }, 'listening');
    runtime.logger.flush();
  } else {
    process.stdout.write(
      `${JSON.stringify({ level: 30, time: new Date().toISOString(), service: options.name, msg: 'listening', url })}\n`,
    );
  }

  let closing: Promise<void> | undefined;
  const shutdown = () => {
    closing ??= new Promise<void>((resolve) => {
      runtime.lifecycle.draining = true;
      runtime.logger.info({ grace_ms: config.shutdownGraceMs }, 'draining');
      const timer = setTimeout(() => {
        server.closeAllConnections();
      }, config.shutdownGraceMs);
      timer.unref();
      server.close(() => {
        clearTimeout(timer);
        runtime.flushLogs();
        runtime.logger.info('stopped');
        runtime.logger.flush(() => resolve());
      });
      server.closeIdleConnections();
    });
    return closing;
  };
  const onSignal = () => {
    void shutdown().then(() => process.exit(0));
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  return { server, url, config, runtime, shutdown };
}

/** Serves an app on a free loopback port (tests and benchmarks); resolves with its origin and a close function. */
export async function listen(
  // biome-ignore lint/suspicious/noExplicitAny: any Hono app
  app: Hono<any>,
  options: { port?: number; host?: string } = {},
): Promise<{ server: Server; origin: string; close: () => Promise<void> }> {
  const host = options.host ?? '127.0.0.1';
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: host }, () =>
      resolve(listening as Server),
    );
    (listening as Server).once('error', reject);
  });
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
