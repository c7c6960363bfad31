import {
  Counter,
  collectDefaultMetrics,
  Gauge,
  Histogram,
  type OpenMetricsContentType,
  Registry,
} from 'prom-client';

/** The Prometheus series of a service (docs/conventions.md §11). */
export interface ServiceMetrics {
  /** One answered request: `route` is the route pattern, `unmatched` when none matched. */
  request(route: string | undefined, method: string, status: number, seconds: number): void;
  toolCall(tool: string, ok: boolean): void;
  rateLimit(plan: string, allowed: boolean): void;
  /** The Prometheus text exposition format (0.0.4). */
  text(): Promise<string>;
  readonly contentType: string;
  /** The exposition a scrape's `Accept` asks for: OpenMetrics 1.0 when it names it, else the text format. */
  exposition(accept: string | undefined): Promise<{ body: string; contentType: string }>;
}

/** What `<service>_build_info` says: the service's version and the Node it runs on. */
export interface BuildInfo {
  service: string;
  version: string;
}

/**
 * prom-client's default metrics that `promtool check metrics` refuses: gauges named like counters
 * (`_total`). Their information stays in `nodejs_active_handles`, `nodejs_active_requests` and
 * `nodejs_active_resources` (the same counts, by type).
 */
const MISNAMED_DEFAULTS = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

/** Whether an `Accept` header asks for OpenMetrics (a range naming it with a non-zero q). */
export function wantsOpenMetrics(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  return accept.split(',').some((range) => {
    const [type, ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    if (type !== 'application/openmetrics-text') return false;
    const q = params.find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** A Prometheus metric name from a service's name (`e-pace` → `e_pace`). */
export const metricPrefix = (service: string): string =>
  service.replace(/[^a-zA-Z0-9_]/g, '_').replace(/^(?=\d)/, '_');

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
export function createMetrics(
  storeUp: () => boolean,
  knownTools: readonly string[],
  build: BuildInfo = { service: 'service', version: '0.0.0' },
): ServiceMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const name of MISNAMED_DEFAULTS) registry.removeSingleMetric(name);
  new Gauge({
    name: `${metricPrefix(build.service)}_build_info`,
    help: 'Always 1: the version of the service and of Node it runs.',
    labelNames: ['version', 'node'] as const,
    registers: [registry],
  }).set({ version: build.version, node: process.version }, 1);
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
      // A method the route does not serve (405) is `other` and not timed: a client sending every
      // method the parser accepts adds one series a route, not a histogram for each method.
      if (status === 405) {
        requests.inc({ route: pattern, method: 'other', status });
        return;
      }
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
    async exposition(accept) {
      return wantsOpenMetrics(accept)
        ? { body: await openMetricsText(registry), contentType: Registry.OPENMETRICS_CONTENT_TYPE }
        : { body: await registry.metrics(), contentType: registry.contentType };
    },
  };
}

/**
 * The same series in OpenMetrics 1.0, by prom-client, on a registry made for the scrape. Its counters
 * are copies (by the public `get()`): prom-client renames a counter it writes as OpenMetrics in place
 * (`http_requests_total` → `http_requests`, prom-client PR #829), which would strip `_total` from the
 * text format of every later scrape. Histograms and gauges are shared as they are.
 */
async function openMetricsText(registry: Registry): Promise<string> {
  const open = new Registry<OpenMetricsContentType>();
  open.setContentType(Registry.OPENMETRICS_CONTENT_TYPE);
  for (const { name, help } of registry.getMetricsAsArray()) {
    const metric = registry.getSingleMetric(name)!;
    if (!(metric instanceof Counter)) {
      open.registerMetric(metric);
      continue;
    }
    const { values } = await metric.get();
    const labelNames = [...new Set(values.flatMap((value) => Object.keys(value.labels)))];
    const copy = new Counter({ name, help, labelNames, registers: [open] });
    for (const { labels, value } of values) copy.inc(labels, value);
  }
  return open.metrics();
}
