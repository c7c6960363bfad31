import pino, { type Logger } from 'pino';
import { type AccessLogEntry, accessLogger } from './access-log.js';
import type { ServiceConfig } from './config.js';
import type { Tracing } from './tracing.js';

export interface Lifecycle {
  /** False until the server can serve (runService sets it once it listens): `/readyz` says `starting`. */
  ready: boolean;
  /** Set on SIGTERM/SIGINT: `/readyz` and `/health` answer 503 while requests finish. */
  draining: boolean;
  readonly startedAt: number;
}

export interface Runtime {
  lifecycle: Lifecycle;
  /** OpenTelemetry tracing, set by runService when `OTEL_EXPORTER_OTLP_ENDPOINT` is. */
  tracing?: Tracing | undefined;
  /** Start worker pools' threads at once (runService; tests and embedding start them on demand). */
  warmPools?: boolean;
  /** What must be done before the service is ready (`/readyz`), e.g. a pool's threads loading. */
  holdReadiness: (until: Promise<unknown>) => void;
  /** Settles once everything held for has (failures included). */
  warmedUp: () => Promise<void>;
  logger: Logger;
  /** Writes the per-request line through `logger`, or nothing when `info` is off. */
  accessLog: (entry: AccessLogEntry) => void;
  /** Registers a resource to release on shutdown (e.g. a Redis connection). */
  onClose: (close: () => Promise<void>) => void;
  /** Releases every registered resource. */
  close: () => Promise<void>;
}

/** Lines gathered before a write: one write per ~15 request lines instead of one per line. */
const LOG_BUFFER_BYTES = 4096;
/** The longest a line waits in the buffer when traffic is light. */
const LOG_FLUSH_MS = 100;

type Destination = ReturnType<typeof pino.destination>;
/** Destinations to write out when the process exits (pino does it itself only for asynchronous ones). */
const toFlushOnExit = new Set<WeakRef<Destination>>();

function flushOnExit(destination: Destination): void {
  if (toFlushOnExit.size === 0) {
    process.once('exit', () => {
      for (const ref of toFlushOnExit) ref.deref()?.flushSync();
    });
  }
  toFlushOnExit.add(new WeakRef(destination));
}

/**
 * The service's one logger: pino on stdout through its own destination (SonicBoom), gathering lines
 * and writing them synchronously once 4 KiB gathered, and at least every 100 ms (`periodicFlush`), the
 * way pino documents for throughput. On exit — a normal one, or an uncaught exception or unhandled
 * rejection — the rest is written synchronously (`flushSync`), and `runService` flushes it on SIGTERM:
 * only a SIGKILL can lose what the last 100 ms gathered. One write per request line measured 4–5 µs of
 * a ~30 µs `/health` request on these machines; an asynchronous destination, a thread-pool round trip
 * per batch (~2 µs a request).
 */
function createLogger(
  config: Pick<ServiceConfig, 'logLevel'>,
  service: string,
  version: string,
  fd: 1 | 2,
): Logger {
  if (config.logLevel === 'silent') return pino({ level: 'silent' });
  const destination = pino.destination({
    dest: fd,
    sync: true,
    minLength: LOG_BUFFER_BYTES,
    periodicFlush: LOG_FLUSH_MS,
  });
  flushOnExit(destination);
  return pino(
    { level: config.logLevel, base: { service, version }, timestamp: pino.stdTimeFunctions.isoTime },
    destination,
  );
}

export function createRuntime(
  config: Pick<ServiceConfig, 'logLevel'>,
  service: string,
  version: string,
  /** `stderr` where stdout carries something else (the MCP stdio transport, docs/conventions.md §13). */
  logTo: 'stdout' | 'stderr' = 'stdout',
): Runtime {
  const logger = createLogger(config, service, version, logTo === 'stderr' ? 2 : 1);
  const closers: Array<() => Promise<void>> = [];
  const holds: Array<Promise<unknown>> = [];
  return {
    holdReadiness: (until) => holds.push(until),
    warmedUp: async () => {
      await Promise.allSettled(holds);
    },
    lifecycle: { ready: true, draining: false, startedAt: Date.now() },
    logger,
    accessLog: accessLogger(logger),
    onClose: (close) => closers.push(close),
    close: async () => {
      await Promise.allSettled(closers.splice(0).map((close) => close()));
    },
  };
}
