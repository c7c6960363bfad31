import { writeSync } from 'node:fs';
import pino, { type Logger } from 'pino';
import type { ServiceConfig } from './config.js';
import type { Tracing } from './tracing.js';

export interface Lifecycle {
  /** False until the server can serve (runService sets it once it listens): `/readyz` says `starting`. */
  ready: boolean;
  /** Set on SIGTERM/SIGINT: `/readyz` and `/health` answer 503 while requests finish. */
  draining: boolean;
  readonly startedAt: number;
}

/** The fields of the one log line written per request (never bodies, secrets or keys). */
export interface AccessLogEntry {
  requestId: string;
  method: string;
  route: string | undefined;
  status: number;
  ms: number;
  plan: string;
  /** The MCP tool(s) a `/mcp` request called. */
  tool?: string | undefined;
  /** The trace of the request's span, when tracing is on. */
  traceId?: string | undefined;
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
  /** Writes the per-request line, or nothing when `info` is off. */
  accessLog: (entry: AccessLogEntry) => void;
  /** Writes out request lines still gathered in memory (on shutdown). */
  flushLogs: () => void;
  /** Registers a resource to release on shutdown (e.g. a Redis connection). */
  onClose: (close: () => Promise<void>) => void;
  /** Releases every registered resource. */
  close: () => Promise<void>;
}

interface LogOutput {
  logger: Logger;
  write: ((line: string) => void) | undefined;
  flush?: () => void;
}

function createLogOutput(
  config: Pick<ServiceConfig, 'logLevel'>,
  service: string,
  version: string,
): LogOutput {
  if (config.logLevel === 'silent') return { logger: pino({ level: 'silent' }), write: undefined };
  // pino's default synchronous destination: an asynchronous one costs a thread-pool round trip
  // per write, and request lines are batched below anyway.
  const destination = pino.destination({ dest: 1, sync: true });
  const logger = pino(
    { level: config.logLevel, base: { service, version }, timestamp: pino.stdTimeFunctions.isoTime },
    destination,
  );
  if (!logger.isLevelEnabled('info')) return { logger, write: undefined };
  // Request lines are batched: one write per line measured ~2–5 µs of a ~20 µs /health request.
  return { logger, ...batchedLines(STDOUT, (text) => destination.write(text)) };
}

const STDOUT = 1;
const BATCH_BYTES = 16_384;

/**
 * Lines encoded into one buffer as they are made, and written to `fd` when it is full (or 100 ms
 * after the first). Kept as strings until the write instead, each line (a tree of concatenated parts)
 * was walked again long after its request, out of the CPU's caches; the access log then took a fifth
 * more of a D `/generate` request. A write the descriptor refuses (EAGAIN on a non-blocking pipe)
 * goes through `fallback`, pino's destination, which retries it.
 */
export function batchedLines(fd: number, fallback: (text: string) => void) {
  const batch = Buffer.allocUnsafe(BATCH_BYTES);
  let used = 0;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    let sent = 0;
    try {
      while (sent < used) sent += writeSync(fd, batch, sent, used - sent);
    } catch {
      fallback(batch.toString('utf8', sent, used));
    }
    used = 0;
  };
  const write = (line: string) => {
    // A UTF-16 code unit takes at most 3 bytes of UTF-8.
    if (line.length * 3 > BATCH_BYTES - used) {
      flush();
      if (line.length * 3 > BATCH_BYTES) return fallback(line);
    }
    used += batch.write(line, used);
    if (!scheduled) {
      scheduled = true;
      setTimeout(flush, 100).unref();
    }
  };
  return { write, flush };
}

/**
 * The access log writes pino's own line format (level 30, ISO time, the same base fields) into
 * pino's destination without pino's generic serialiser: logging measured 3–5 µs of a ~25 µs
 * /health request through `logger.info`.
 */
function accessLogWriter(write: ((line: string) => void) | undefined, service: string, version: string) {
  if (write === undefined) return () => {};
  const prefix = `,"service":${JSON.stringify(service)},"version":${JSON.stringify(version)},"req_id":`;
  const routes = new Map<string | undefined, string>();
  const plans = new Map<string, string>();
  let isoMs = 0;
  let iso = '';
  return (entry: AccessLogEntry) => {
    const now = Date.now();
    if (now !== isoMs) {
      isoMs = now;
      iso = new Date(now).toISOString();
    }
    let route = routes.get(entry.route);
    if (route === undefined) {
      route = entry.route === undefined ? 'null' : JSON.stringify(entry.route);
      routes.set(entry.route, route);
    }
    let plan = plans.get(entry.plan);
    if (plan === undefined) {
      plan = JSON.stringify(entry.plan);
      plans.set(entry.plan, plan);
    }
    // The request id (a UUID, or a client token checked against [A-Za-z0-9._:@-]) and the method (an
    // HTTP token Node's parser accepted) never need JSON escaping.
    write(
      `{"level":30,"time":"${iso}"${prefix}"${entry.requestId}","method":"${entry.method}","route":${route},"status":${entry.status},"ms":${entry.ms},"plan":${plan}${entry.tool === undefined ? '' : `,"tool":${JSON.stringify(entry.tool)}`}${entry.traceId === undefined ? '' : `,"trace_id":"${entry.traceId}"`},"msg":"request"}\n`,
    );
  };
}

export function createRuntime(
  config: Pick<ServiceConfig, 'logLevel'>,
  service: string,
  version: string,
): Runtime {
  const output = createLogOutput(config, service, version);
  const closers: Array<() => Promise<void>> = [];
  const holds: Array<Promise<unknown>> = [];
  return {
    holdReadiness: (until) => holds.push(until),
    warmedUp: async () => {
      await Promise.allSettled(holds);
    },
    lifecycle: { ready: true, draining: false, startedAt: Date.now() },
    logger: output.logger,
    accessLog: accessLogWriter(output.write, service, version),
    flushLogs: output.flush ?? (() => {}),
    onClose: (close) => closers.push(close),
    close: async () => {
      await Promise.allSettled(closers.splice(0).map((close) => close()));
    },
  };
}
