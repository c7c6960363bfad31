// The service's metrics (metrics.ts): prom-client's own counters and histogram, whose labels take only
// known values — a request method outside the standard ones is `other`, a tool the service does not
// have is `unknown` — so no client can grow the number of series.
import { describe, expect, it } from 'vitest';
import { createMetrics, methodLabel, metricPrefix, wantsOpenMetrics } from '../../src/kit/metrics.js';
import { createService, defineOperation, testConfig, z } from '../../src/index.js';

const echo = defineOperation({
  name: 'echo',
  summary: 'Echoes a text',
  method: 'POST',
  path: '/v1/echo',
  input: z.strictObject({ text: z.string() }),
  output: z.object({ text: z.string() }),
  example: { input: { text: 'a' }, output: { text: 'a' } },
  handler: ({ text }) => ({ text }),
});

const definition = {
  name: 'kit-metrics',
  title: 'Kit metrics',
  description: 'metrics tests',
  version: '1.0.0',
  openapi: '3.1' as const,
  basePath: '/base',
  operations: [echo],
};

/** Prometheus text format: every sample as `name{labels}` → value. */
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

const STANDARD = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

describe('metric labels', () => {
  it('a method outside the standard ones is `other`', () => {
    for (const method of STANDARD) expect(methodLabel(method)).toBe(method);
    for (const method of ['FOO', 'get', 'PROPFIND', 'CONNECT', 'TRACE', '', 'GET ']) {
      expect(methodLabel(method)).toBe('other');
    }
  });

  it('requests with fifty made-up methods add no series but `other`', async () => {
    const app = createService(definition, testConfig());
    const odd = Array.from({ length: 50 }, (_, i) => `FOO${i + 1}`);
    for (const method of odd) {
      await app.request('/base/v1/echo', { method });
      await app.request(`/base/nowhere/${method}`, { method });
    }
    const res = await app.request('/base/v1/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'a' }),
    });
    expect(res.status).toBe(200);
    const metrics = samples(await (await app.request('/base/metrics')).text());
    const series = [...metrics.keys()].filter((key) => key.startsWith('http_request'));
    const methods = new Set(series.map((key) => /method="([^"]*)"/.exec(key)?.[1]));
    expect([...methods].sort()).toEqual(['POST', 'other']);
    expect(series.some((key) => key.includes('FOO'))).toBe(false);
    const counted = [...metrics]
      .filter(([key]) => key.startsWith('http_requests_total{') && key.includes('method="other"'))
      .reduce((sum, [, value]) => sum + value, 0);
    expect(counted).toBe(100);
    expect(metrics.get('http_requests_total{route="/base/v1/echo",method="POST",status="200"}')).toBe(1);
  });

  it('a tool the service does not have is `unknown`', async () => {
    const metrics = createMetrics(() => true, ['digest', 'compare']);
    metrics.toolCall('digest', true);
    metrics.toolCall('digest', true);
    metrics.toolCall('compare', false);
    for (let i = 0; i < 20; i++) metrics.toolCall(`made-up-${i}`, i % 2 === 0);
    const found = samples(await metrics.text());
    const tools = [...found].filter(([key]) => key.startsWith('mcp_tool_calls_total'));
    expect(Object.fromEntries(tools)).toEqual({
      'mcp_tool_calls_total{tool="digest",outcome="ok"}': 2,
      'mcp_tool_calls_total{tool="compare",outcome="error"}': 1,
      'mcp_tool_calls_total{tool="unknown",outcome="ok"}': 10,
      'mcp_tool_calls_total{tool="unknown",outcome="error"}': 10,
    });
  });

  it('counts and times requests as prom-client renders them: route pattern or `unmatched`, status', async () => {
    const metrics = createMetrics(() => false, []);
    metrics.request('/a', 'GET', 200, 0.001);
    metrics.request('/a', 'GET', 200, 0.2);
    metrics.request('/a', 'GET', 404, 12);
    metrics.request(undefined, 'PATCH', 404, 0.005);
    metrics.rateLimit('free', true);
    metrics.rateLimit('free', false);
    metrics.rateLimit('free', false);
    const found = samples(await metrics.text());
    expect(found.get('http_requests_total{route="/a",method="GET",status="200"}')).toBe(2);
    expect(found.get('http_requests_total{route="/a",method="GET",status="404"}')).toBe(1);
    expect(found.get('http_requests_total{route="unmatched",method="PATCH",status="404"}')).toBe(1);
    expect(found.get('http_request_duration_seconds_bucket{le="0.005",route="/a",method="GET"}')).toBe(1);
    expect(found.get('http_request_duration_seconds_bucket{le="0.25",route="/a",method="GET"}')).toBe(2);
    expect(found.get('http_request_duration_seconds_bucket{le="10",route="/a",method="GET"}')).toBe(2);
    expect(found.get('http_request_duration_seconds_bucket{le="+Inf",route="/a",method="GET"}')).toBe(3);
    expect(found.get('http_request_duration_seconds_count{route="/a",method="GET"}')).toBe(3);
    expect(found.get('http_request_duration_seconds_sum{route="/a",method="GET"}')).toBeCloseTo(12.201);
    expect(
      found.get('http_request_duration_seconds_bucket{le="0.005",route="unmatched",method="PATCH"}'),
    ).toBe(1);
    expect(found.get('rate_limit_decisions_total{plan="free",outcome="allowed"}')).toBe(1);
    expect(found.get('rate_limit_decisions_total{plan="free",outcome="limited"}')).toBe(2);
    expect(found.get('rate_limit_store_up')).toBe(0);
    expect(found.get('process_cpu_seconds_total')).toBeGreaterThan(0);
  });
});

describe('every method the parser accepts, on a route that serves one', () => {
  it('adds one `other` series with status 405 and no histogram', async () => {
    const app = createService(definition, testConfig());
    const post = () =>
      app.request('/base/v1/echo', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'a' }),
      });
    await post();
    const before = (await (await app.request('/base/metrics')).text()).split('\n').length;
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE', 'PROPFIND', 'MKCOL', 'PURGE', 'QUERY', 'LINK'])
      await app.request('/base/v1/echo', { method });
    const text = await (await app.request('/base/metrics')).text();
    const found = samples(text);
    expect(found.get('http_requests_total{route="/base/v1/echo",method="other",status="405"}')).toBe(9);
    const echo = [...found.keys()].filter((key) => key.includes('route="/base/v1/echo"'));
    expect(echo.filter((key) => key.startsWith('http_requests_total')).length).toBe(2);
    expect(echo.some((key) => key.startsWith('http_request_duration') && key.includes('other'))).toBe(false);
    // One new series, whatever the number of methods.
    expect(text.split('\n').length).toBe(before + 1);
  });
});

describe('what promtool and an OpenMetrics scraper read', () => {
  const build = { service: 'e-pace', version: '1.2.3' };

  it('a `<service>_build_info{version, node}` gauge of 1', async () => {
    expect(metricPrefix('e-pace')).toBe('e_pace');
    expect(metricPrefix('9lives.svc')).toBe('_9lives_svc');
    const text = await createMetrics(() => true, [], build).text();
    expect(text).toContain('# TYPE e_pace_build_info gauge');
    expect(samples(text).get(`e_pace_build_info{version="1.2.3",node="${process.version}"}`)).toBe(1);
  });

  it("no gauge named like a counter (prom-client's nodejs_active_*_total); the counts by type stay", async () => {
    const text = await createMetrics(() => true, [], build).text();
    expect(text).not.toMatch(/^nodejs_active_\w+_total/m);
    for (const name of ['nodejs_active_handles', 'nodejs_active_requests', 'nodejs_active_resources'])
      expect(text).toContain(`# TYPE ${name} gauge`);
    for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm))
      expect(name!.endsWith('_total'), name).toBe(type === 'counter');
  });

  it('reads an Accept header as a scraper sends it', () => {
    const prometheus =
      'application/openmetrics-text;version=1.0.0,application/openmetrics-text;version=0.0.1;q=0.75,text/plain;version=0.0.4;q=0.5,*/*;q=0.1';
    expect(wantsOpenMetrics(prometheus)).toBe(true);
    expect(wantsOpenMetrics('Application/OpenMetrics-Text; version=1.0.0')).toBe(true);
    for (const accept of [
      undefined,
      '',
      '*/*',
      'text/plain;version=0.0.4',
      'application/openmetrics-text;q=0',
    ])
      expect(wantsOpenMetrics(accept), String(accept)).toBe(false);
  });

  it('OpenMetrics when asked, and the text format keeps its `_total` names after it', async () => {
    const metrics = createMetrics(() => true, ['digest'], build);
    metrics.request('/a', 'GET', 200, 0.01);
    metrics.toolCall('digest', true);
    const open = await metrics.exposition('application/openmetrics-text; version=1.0.0');
    expect(open.contentType).toBe('application/openmetrics-text; version=1.0.0; charset=utf-8');
    expect(open.body.endsWith('# EOF\n')).toBe(true);
    expect(open.body).toContain('# TYPE http_requests counter');
    expect(open.body).toContain('http_requests_total{route="/a",method="GET",status="200"} 1');
    expect(open.body).toContain('mcp_tool_calls_total{tool="digest",outcome="ok"} 1');
    expect(open.body).toContain('http_request_duration_seconds_count{route="/a",method="GET"} 1');
    expect(open.body).toContain(`e_pace_build_info{version="1.2.3",node="${process.version}"} 1`);
    metrics.request('/a', 'GET', 200, 0.01);
    const text = await metrics.exposition('text/plain');
    expect(text.contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(text.body).toContain('# TYPE http_requests_total counter');
    expect(samples(text.body).get('http_requests_total{route="/a",method="GET",status="200"}')).toBe(2);
    expect(samples(text.body).get('process_cpu_seconds_total')).toBeGreaterThan(0);
    const again = await metrics.exposition('application/openmetrics-text');
    expect(again.body).toContain('http_requests_total{route="/a",method="GET",status="200"} 2');
  });

  it('over HTTP: the content type follows Accept, with Vary', async () => {
    const app = createService(definition, testConfig());
    const open = await app.request('/base/metrics', { headers: { accept: 'application/openmetrics-text' } });
    expect(open.headers.get('content-type')).toMatch(/^application\/openmetrics-text; version=1\.0\.0/);
    expect(open.headers.get('vary')).toMatch(/Accept/);
    expect(await open.text()).toContain('kit_metrics_build_info{version="1.0.0"');
    const text = await app.request('/base/metrics');
    expect(text.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  });
});
