import type { Logger } from 'pino';

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
  /** The request's SERVER span, when tracing is on. */
  spanId?: string | undefined;
}

/**
 * The access log: one `info` line per request, written by the service's pino logger (its destination,
 * its base fields), with the request's fields in this order. A route no pattern matched is `null`;
 * an absent tool, trace id or span id is left out (pino drops undefined values). Nothing when `info` is off.
 */
export function accessLogger(logger: Logger): (entry: AccessLogEntry) => void {
  if (!logger.isLevelEnabled('info')) return () => {};
  return (entry) =>
    logger.info(
      {
        req_id: entry.requestId,
        method: entry.method,
        route: entry.route ?? null,
        status: entry.status,
        ms: entry.ms,
        plan: entry.plan,
        tool: entry.tool,
        trace_id: entry.traceId,
        span_id: entry.spanId,
      },
      'request',
    );
}
