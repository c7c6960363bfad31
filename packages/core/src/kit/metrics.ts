import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

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
 * Node's default process metrics. Label sets are bound once and kept: hashing a label object on every
 * request would cost more than the observation itself.
 */
export function createMetrics(storeUp: () => boolean): ServiceMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to its answer, by route pattern and method.',
    labelNames: ['route', 'method'] as const,
    registers: [registry],
  });
  const tools = new Counter({
    name: 'mcp_tool_calls_total',
    help: 'MCP tool calls, by tool and outcome (ok or error).',
    labelNames: ['tool', 'outcome'] as const,
    registers: [registry],
  });
  const decisions = new Counter({
    name: 'rate_limit_decisions_total',
    help: 'Rate-limit decisions, by plan and outcome (allowed or limited).',
    labelNames: ['plan', 'outcome'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'rate_limit_store_up',
    help: 'Whether the shared rate-limit store answers (1 without one).',
    registers: [registry],
    collect() {
      this.set(storeUp() ? 1 : 0);
    },
  });

  const counted = new Map<string, { inc(): void }>();
  const timed = new Map<string, { observe(seconds: number): void }>();
  const bound = <T>(cache: Map<string, T>, key: string, make: () => T): T => {
    let child = cache.get(key);
    if (child === undefined) {
      child = make();
      cache.set(key, child);
    }
    return child;
  };

  return {
    request(route, method, status, seconds) {
      const pattern = route ?? 'unmatched';
      bound(counted, `${pattern} ${method} ${status}`, () =>
        requests.labels(pattern, method, String(status)),
      ).inc();
      bound(timed, `${pattern} ${method}`, () => durations.labels(pattern, method)).observe(seconds);
    },
    toolCall(tool, ok) {
      const outcome = ok ? 'ok' : 'error';
      bound(counted, `\0tool ${tool} ${outcome}`, () => tools.labels(tool, outcome)).inc();
    },
    rateLimit(plan, allowed) {
      const outcome = allowed ? 'allowed' : 'limited';
      bound(counted, `\0limit ${plan} ${outcome}`, () => decisions.labels(plan, outcome)).inc();
    },
    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
}
