import pino, { type Logger } from 'pino';
import type { ServiceConfig } from './config.js';

export interface Lifecycle {
  /** Set on SIGTERM/SIGINT: `/health` answers 503 while in-flight requests finish. */
  draining: boolean;
  readonly startedAt: number;
}

export interface Runtime {
  lifecycle: Lifecycle;
  logger: Logger;
}

export function createLogger(
  config: Pick<ServiceConfig, 'logLevel'>,
  service: string,
  version: string,
): Logger {
  if (config.logLevel === 'silent') return pino({ level: 'silent' });
  // Buffered asynchronous writes (one syscall per ~4 KiB of log lines, flushed at least every
  // second and on shutdown) keep the per-request log line off the critical path: measured ~25 %
  // of /health throughput with a write per line.
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => destination.flush(), 1000).unref();
  return pino(
    { level: config.logLevel, base: { service, version }, timestamp: pino.stdTimeFunctions.isoTime },
    destination,
  );
}

export function createRuntime(
  config: Pick<ServiceConfig, 'logLevel'>,
  service: string,
  version: string,
): Runtime {
  return {
    lifecycle: { draining: false, startedAt: Date.now() },
    logger: createLogger(config, service, version),
  };
}
