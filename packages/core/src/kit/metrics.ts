import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { FastCounter, FastHistogram } from './fast-metrics.js';

/** The Prometheus series of a service (docs/conventions.md §11). */
export interface ServiceMetrics {
  /** One answered request: `route` is the route pattern, `unmatched` when none matched. */
  request(route: string | undefined, method: string, status: number, seconds: number): void;
  toolCall(tool: string, ok: boolean): void;
  rateLimit(plan: string, allowed: boolean): void;
  /** The text exposition format. */
  text(): Promise<string>;
  readonly contentType: string;
}

/**
 * prom-client on a registry of the service's own (several apps may share a process in tests), with
 * Node's default process metrics; the per-request series are the kit's fast counters and histogram
 * (fast-metrics.ts), rendered by the same registry.
 */
export function createMetrics(storeUp: () => boolean): ServiceMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new FastCounter(
    'http_requests_total',
    'HTTP requests answered, by route pattern, method and status.',
    registry,
    ['route', 'method', 'status'],
  );
  const durations = new FastHistogram(
    'http_request_duration_seconds',
    'Time from the request to its answer, by route pattern and method.',
    registry,
    ['route', 'method'],
  );
  const tools = new FastCounter(
    'mcp_tool_calls_total',
    'MCP tool calls, by tool and outcome (ok or error).',
    registry,
    ['tool', 'outcome'],
  );
  const decisions = new FastCounter(
    'rate_limit_decisions_total',
    'Rate-limit decisions, by plan and outcome (allowed or limited).',
    registry,
    ['plan', 'outcome'],
  );
  new Gauge({
    name: 'rate_limit_store_up',
    help: 'Whether the shared rate-limit store answers (1 without one).',
    registers: [registry],
    collect() {
      this.set(storeUp() ? 1 : 0);
    },
  });

  return {
    request(route, method, status, seconds) {
      const pattern = route ?? 'unmatched';
      requests.inc(pattern, method, status);
      durations.observe(pattern, method, seconds);
    },
    toolCall(tool, ok) {
      tools.inc(tool, ok ? 'ok' : 'error');
    },
    rateLimit(plan, allowed) {
      decisions.inc(plan, allowed ? 'allowed' : 'limited');
    },
    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
}
