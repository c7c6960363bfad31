// Metrics and traces (docs/conventions.md §11) on G, over real sockets: /metrics parses and counts
// what was answered, and a span carrying the caller's trace id reaches an OTLP receiver.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { listen, testConfig } from '@dus/core';
import { startServerProcess } from '@dus/testing';
import { describe, expect, it } from 'vitest';
import { type Json, servicesDir } from './helpers/services.js';

const G = join(servicesDir, 'g-canonical');
const BASE = '/canonical-digest-api';
const { createApp } = await import(pathToFileURL(join(G, 'dist', 'app.js')).href);

const post = (origin: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const toolCall = (name: string, args: unknown) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name, arguments: args },
});

/** Prometheus text format: every sample as `name{labels}` → value (labels sorted as exposed). */
function samples(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (match === null) throw new Error(`not a Prometheus sample line: ${line}`);
    found.set(match[1]!, Number(match[2]));
  }
  return found;
}

describe('/metrics', () => {
  it('counts requests by route pattern, method and status, tool calls, rate-limit decisions; probes and itself not', async () => {
    const server = await listen(createApp(testConfig({ rateLimitPerMinute: 3 })));
    try {
      const { origin } = server;
      for (let i = 0; i < 2; i++)
        expect((await post(origin, `${BASE}/v1/digest`, { text: 'a' })).status).toBe(200);
      expect((await post(origin, `${BASE}/mcp`, toolCall('digest', { text: 'a' }))).status).toBe(200);
      expect((await post(origin, `${BASE}/v1/digest`, { text: 'a' })).status).toBe(429);
      await fetch(`${origin}${BASE}/livez`);
      await fetch(`${origin}${BASE}/readyz`);
      const scrape = await fetch(`${origin}${BASE}/metrics`);
      expect(scrape.status).toBe(200);
      expect(scrape.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      const metrics = samples(await scrape.text());
      const digest = `route="${BASE}/v1/digest",method="POST"`;
      expect(metrics.get(`http_requests_total{${digest},status="200"}`)).toBe(2);
      expect(metrics.get(`http_requests_total{${digest},status="429"}`)).toBe(1);
      expect(metrics.get(`http_requests_total{route="${BASE}/mcp",method="POST",status="200"}`)).toBe(1);
      expect(metrics.get(`http_request_duration_seconds_count{${digest}}`)).toBe(3);
      expect(metrics.get(`http_request_duration_seconds_bucket{le="+Inf",${digest}}`)).toBe(3);
      expect(metrics.get('mcp_tool_calls_total{tool="digest",outcome="ok"}')).toBe(1);
      expect(metrics.get('rate_limit_decisions_total{plan="free",outcome="allowed"}')).toBe(3);
      expect(metrics.get('rate_limit_decisions_total{plan="free",outcome="limited"}')).toBe(1);
      expect(metrics.get('rate_limit_store_up')).toBe(1);
      expect(metrics.get('process_cpu_seconds_total')).toBeGreaterThan(0);
      expect(metrics.has('nodejs_eventloop_lag_seconds')).toBe(true);
      const routes = [...metrics.keys()].filter((key) => key.startsWith('http_requests_total'));
      expect(routes.filter((key) => /livez|readyz|metrics/.test(key))).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('labels what no route matches `unmatched`, never the raw path; METRICS_ENABLED=false is a 404', async () => {
    const server = await listen(createApp(testConfig()));
    try {
      expect((await fetch(`${server.origin}/secret-looking/path/123`)).status).toBe(404);
      const metrics = samples(await (await fetch(`${server.origin}${BASE}/metrics`)).text());
      expect(metrics.get('http_requests_total{route="unmatched",method="GET",status="404"}')).toBe(1);
      expect([...metrics.keys()].some((key) => key.includes('secret-looking'))).toBe(false);
    } finally {
      await server.close();
    }
    const off = await listen(createApp(testConfig({ metricsEnabled: false })));
    try {
      expect((await fetch(`${off.origin}${BASE}/metrics`)).status).toBe(404);
    } finally {
      await off.close();
    }
  });
});

/** An OTLP/HTTP receiver collecting the JSON trace exports sent to /v1/traces. */
async function otlpReceiver() {
  const exports: Json[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url === '/v1/traces') exports.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { endpoint: `http://127.0.0.1:${port}`, exports, close: () => new Promise((r) => server.close(r)) };
}

describe('tracing', () => {
  it("sends a SERVER span per request, a child of the caller's traceparent, and a child span per operation call", async () => {
    const receiver = await otlpReceiver();
    const server = await startServerProcess(join(G, 'dist', 'server.js'), {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_BSP_SCHEDULE_DELAY: '50',
    });
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parentId = '00f067aa0ba902b7';
    const traceparent = `00-${traceId}-${parentId}-01`;
    expect(
      (
        await post(
          server.origin,
          `${BASE}/v1/digest?x=secret`,
          { text: 'a' },
          { traceparent, 'user-agent': 'conformance/1.0' },
        )
      ).status,
    ).toBe(200);
    expect(
      (await post(server.origin, `${BASE}/mcp`, toolCall('digest', { text: 'b' }), { traceparent })).status,
    ).toBe(200);
    expect(await server.stop('SIGTERM')).toBe(0);
    await receiver.close();

    const spans = receiver.exports.flatMap((batch) =>
      (batch.resourceSpans as Json[]).flatMap((resource) => {
        const serviceName = (resource.resource.attributes as Json[]).find((a) => a.key === 'service.name')
          ?.value.stringValue;
        return (resource.scopeSpans as Json[]).flatMap((scope) =>
          (scope.spans as Json[]).map((span): Json => ({ ...span, serviceName })),
        );
      }),
    );
    const attributes = (span: Json) =>
      Object.fromEntries((span.attributes as Json[]).map((a) => [a.key, Object.values(a.value)[0]]));
    const rest = spans.find((span) => span.name === `POST ${BASE}/v1/digest`);
    expect(rest).toMatchObject({ traceId, parentSpanId: parentId, kind: 2, serviceName: 'g-canonical' });
    // The HTTP semantic conventions' server span attributes (the query left out).
    const { port } = new URL(server.origin);
    expect(attributes(rest!)).toEqual({
      'http.route': `${BASE}/v1/digest`,
      'http.request.method': 'POST',
      'http.response.status_code': 200,
      'url.path': `${BASE}/v1/digest`,
      'url.scheme': 'http',
      'server.address': '127.0.0.1',
      'server.port': Number(port),
      'client.address': '127.0.0.1',
      'user_agent.original': 'conformance/1.0',
    });
    const mcp = spans.find((span) => span.name === `POST ${BASE}/mcp`);
    expect(mcp).toMatchObject({ traceId, parentSpanId: parentId, kind: 2 });
    const calls = spans.filter((span) => span.name === 'digest');
    expect(calls.map((span) => span.parentSpanId).sort()).toEqual([rest!.spanId, mcp!.spanId].sort());
    expect(calls.every((span) => span.traceId === traceId)).toBe(true);
    const logged = server.stdout
      .filter((line) => line.includes('"msg":"request"'))
      .map((line) => JSON.parse(line));
    const traced = logged.filter((line) => line.trace_id === traceId);
    expect(traced).toHaveLength(2);
    // Each line names its request's SERVER span beside the trace.
    expect(traced.map((line) => line.span_id).sort()).toEqual([rest!.spanId, mcp!.spanId].sort());
  });
});

describe('access log', () => {
  it('writes one line per request on the production server, keyed by its id, for REST, MCP and a batch', async () => {
    const server = await startServerProcess(join(G, 'dist', 'server.js'));
    const rest = await post(server.origin, `${BASE}/v1/digest`, { text: 'a' });
    const presented = await post(
      server.origin,
      `${BASE}/v1/digest`,
      { text: 'a' },
      { 'x-request-id': 'caller:42' },
    );
    const refused = await post(server.origin, `${BASE}/v1/digest`, { txet: 'a' });
    const mcp = await post(server.origin, `${BASE}/mcp`, toolCall('digest', { text: 'b' }));
    const batch = await post(server.origin, `${BASE}/mcp`, [
      { ...toolCall('digest', { text: 'c' }), id: 1 },
      { jsonrpc: '2.0', id: 2, method: 'ping' },
      { ...toolCall('digest', { text: 'd' }), id: 3 },
    ]);
    expect([rest, presented, refused, mcp, batch].map((res) => res.status)).toEqual([
      200, 200, 400, 200, 200,
    ]);
    expect(await server.stop('SIGTERM')).toBe(0); // the drain writes out the lines still batched

    const ids = [rest, presented, refused, mcp, batch].map((res) => res.headers.get('x-request-id')!);
    expect(ids[1]).toBe('caller:42');
    const generated = [ids[0]!, ...ids.slice(2)];
    for (const id of generated)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);

    const lines = server.stdout.filter((line) => line.includes('"msg":"request"'));
    const byId = new Map(lines.map((line) => [JSON.parse(line).req_id as string, line]));
    expect(lines).toHaveLength(byId.size);
    const base = {
      level: 30,
      service: 'g-canonical',
      version: expect.any(String),
      method: 'POST',
      plan: 'free',
    };
    const expected = [
      { route: `${BASE}/v1/digest`, status: 200 },
      { route: `${BASE}/v1/digest`, status: 200 },
      { route: `${BASE}/v1/digest`, status: 400 },
      { route: `${BASE}/mcp`, status: 200, tool: 'digest' },
      { route: `${BASE}/mcp`, status: 200, tool: 'digest' },
    ];
    ids.forEach((id, i) => {
      const line = byId.get(id);
      expect(line, id).toBeDefined();
      const entry = JSON.parse(line!);
      expect(entry).toEqual({
        ...base,
        ...expected[i],
        time: expect.any(String),
        req_id: id,
        ms: expect.any(Number),
        msg: 'request',
      });
      expect(new Date(entry.time).toISOString()).toBe(entry.time);
      // pino's order: level, time, the service's fields, the request's, then msg.
      expect(Object.keys(entry)).toEqual([
        'level',
        'time',
        'service',
        'version',
        'req_id',
        'method',
        'route',
        'status',
        'ms',
        'plan',
        ...(expected[i]!.tool ? ['tool'] : []),
        'msg',
      ]);
    });
  });
});
