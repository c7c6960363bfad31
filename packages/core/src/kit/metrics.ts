import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

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

/** The request methods a `method` label names; any other is `other` (docs/conventions.md §11). */
const STANDARD_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The `method` label of a request method: a standard one, or `other`. */
export function methodLabel(method: string): string {
  return STANDARD_METHODS.has(method) ? method : 'other';
}

/**
 * prom-client on a registry of the service's own (several apps may share a process in tests), with
 * Node's default process metrics. Every label takes only known values: a route pattern or
 * `unmatched`, a standard method or `other`, a status code the server answered, a tool of the service
 * (`knownTools`) or `unknown`, a plan of the service. (prom-client's bound children, `labels(...)`,
 * kept per label tuple measured no faster than these calls: a child hashes its labels again anyway.)
 */
export function createMetrics(storeUp: () => boolean, knownTools: readonly string[]): ServiceMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const tools = new Set(knownTools);
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
  const toolCalls = new Counter({
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

  return {
    request(route, method, status, seconds) {
      const pattern = route ?? 'unmatched';
      const label = methodLabel(method);
      requests.inc({ route: pattern, method: label, status });
      durations.observe({ route: pattern, method: label }, seconds);
    },
    toolCall(tool, ok) {
      toolCalls.inc({ tool: tools.has(tool) ? tool : 'unknown', outcome: ok ? 'ok' : 'error' });
    },
    rateLimit(plan, allowed) {
      decisions.inc({ plan, outcome: allowed ? 'allowed' : 'limited' });
    },
    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
}
