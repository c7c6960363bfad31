import type { Attributes, Span } from '@opentelemetry/api';
import type { ServiceConfig } from './config.js';

/** One request's spans: the SERVER span, and a child per operation call. */
export interface Tracing {
  /**
   * The SERVER span of a request, a child of the caller's W3C `traceparent` when it sends one, with the
   * HTTP semantic conventions' attributes of what `target` says (the request URL, the peer's address).
   */
  startRequest(method: string, header: (name: string) => string | undefined, target?: RequestTarget): Span;
  /** Names the request's span `<METHOD> <route>`, records what was answered and ends it. */
  endRequest(span: Span, method: string, route: string | undefined, status: number): void;
  /** A child span for one operation call (REST or MCP), named after the operation; `startTime` in ms since the epoch when it ran elsewhere; `attributes` such as an MCP call's `mcp.method.name`. */
  startCall(parent: Span | undefined, name: string, startTime?: number, attributes?: Attributes): Span;
  /** Ends a call's span, marking a failed call. */
  endCall(span: Span, failed: boolean, endTime?: number): void;
  /** Exports what is still buffered (on shutdown). */
  shutdown(): Promise<void>;
}

/** Where a request went: its full URL as the server saw it, and the peer's address. */
export interface RequestTarget {
  url: string;
  client?: string | undefined;
}

/**
 * The HTTP server span attributes of the OpenTelemetry semantic conventions (stable HTTP conventions):
 * `url.path` and `url.scheme` (required), `server.address` and `server.port` (from `Host`, as the
 * client addressed the server), `user_agent.original` and `client.address` (recommended). The query is
 * left out: it may carry what a log must not.
 */
export function requestAttributes(
  method: string,
  header: (name: string) => string | undefined,
  target: RequestTarget | undefined,
): Record<string, string | number> {
  const attributes: Record<string, string | number> = { 'http.request.method': method };
  if (target !== undefined) {
    const url = URL.parse(target.url);
    if (url !== null) {
      attributes['url.path'] = url.pathname;
      attributes['url.scheme'] = url.protocol.slice(0, -1);
      const host = header('host');
      if (host !== undefined && host !== '') {
        attributes['server.address'] = url.hostname.replace(/^\[(.*)\]$/, '$1');
        attributes['server.port'] = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
      }
    }
    if (target.client !== undefined) attributes['client.address'] = target.client;
  }
  const agent = header('user-agent');
  if (agent !== undefined) attributes['user_agent.original'] = agent;
  return attributes;
}

/**
 * OpenTelemetry tracing, on only with `OTEL_EXPORTER_OTLP_ENDPOINT`: the SDK is not even loaded
 * otherwise. Spans go to `<endpoint>/v1/traces` over OTLP/HTTP (JSON) through a batch processor; the
 * exporter, the processor and the sampler honour the standard `OTEL_*` variables. `service.name` is the
 * service's name unless `OTEL_SERVICE_NAME` says otherwise. Parents are passed explicitly (no async
 * context manager): the kit knows each span's parent where it starts one.
 */
export async function startTracing(
  config: Pick<ServiceConfig, 'otlpEndpoint'>,
  service: string,
  version: string,
): Promise<Tracing | undefined> {
  if (config.otlpEndpoint === undefined) return undefined;
  const [api, { W3CTraceContextPropagator }, { resourceFromAttributes }, sdk, { OTLPTraceExporter }] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/core'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/sdk-trace'),
      import('@opentelemetry/exporter-trace-otlp-http'),
    ]);
  const { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } = api;
  const resource = resourceFromAttributes({
    'service.name': process.env.OTEL_SERVICE_NAME?.trim() || service,
    'service.version': version,
  });
  const provider = new sdk.TracerProvider({
    resource,
    spanProcessors: [new sdk.BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
  });
  const tracer = provider.getTracer(service, version);
  const propagator = new W3CTraceContextPropagator();
  const getter = {
    keys: () => ['traceparent', 'tracestate'],
    get: (header: (name: string) => string | undefined, key: string) => header(key),
  };

  return {
    startRequest(method, header, target) {
      const parent = propagator.extract(ROOT_CONTEXT, header, getter);
      return tracer.startSpan(
        method,
        { kind: SpanKind.SERVER, attributes: requestAttributes(method, header, target) },
        parent,
      );
    },
    endRequest(span, method, route, status) {
      span.updateName(route === undefined ? method : `${method} ${route}`);
      if (route !== undefined) span.setAttribute('http.route', route);
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
    startCall(parent, name, startTime, attributes) {
      const context = parent === undefined ? ROOT_CONTEXT : trace.setSpan(ROOT_CONTEXT, parent);
      return tracer.startSpan(
        name,
        {
          kind: SpanKind.INTERNAL,
          ...(startTime === undefined ? {} : { startTime }),
          ...(attributes === undefined ? {} : { attributes }),
        },
        context,
      );
    },
    endCall(span, failed, endTime) {
      if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end(endTime);
    },
    shutdown: () => provider.shutdown(),
  };
}
