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
  // Asynchronous writes keep logging off the request's critical path; runService flushes on exit.
  return pino(
    { level: config.logLevel, base: { service, version }, timestamp: pino.stdTimeFunctions.isoTime },
    pino.destination({ dest: 1, sync: false }),
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
