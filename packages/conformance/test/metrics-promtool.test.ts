// Every service's /metrics as Prometheus's own linter reads it: `promtool check metrics` (Debian's
// `prometheus` package) accepts the text format after each documented path, MCP, a 404 and a 405 were
// answered. CI installs promtool and sets REQUIRE_PROMTOOL=1, so a missing binary fails there; elsewhere
// the test is skipped with one line saying so.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { type BuiltService, type Json, services } from './helpers/services.js';

const available = spawnSync('promtool', ['--version'], { encoding: 'utf8' }).status === 0;
const required = process.env.REQUIRE_PROMTOOL === '1';
if (!available && !required)
  console.log('promtool not found: the /metrics lint is skipped (apt-get install prometheus)');

/** `promtool check metrics` on a text exposition: its exit status and what it printed. */
function promtool(text: string): { status: number | null; output: string } {
  const result = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
  if (result.error !== undefined) throw result.error;
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Some traffic on every documented path, so that every series family has samples. */
async function traffic(service: BuiltService): Promise<void> {
  const document = (await (await service.app.request(`${service.basePath}/openapi.json`)).json()) as Json;
  for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
    if (path.endsWith('/metrics')) continue;
    for (const method of Object.keys(item)) {
      const upper = method.toUpperCase();
      await service.app.request(path, {
        method: upper,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        ...(upper === 'POST' ? { body: '{}' } : {}),
      });
    }
  }
  await service.app.request(`${service.basePath}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'nope', arguments: {} },
    }),
  });
  await service.app.request(`${service.basePath}/no-such-path`);
  await service.app.request(`${service.basePath}/openapi.json`, { method: 'DELETE' });
}

describe.skipIf(!available && !required)('promtool check metrics', () => {
  it.each(services.map((service) => ({ service, dir: service.dir })))(
    '$dir: accepts /metrics, with its build_info',
    async ({ service }) => {
      await traffic(service);
      const response = await service.app.request(`${service.basePath}/metrics`);
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toContain(`${service.dir.replace(/-/g, '_')}_build_info{version="`);
      expect(text).toMatch(/^http_request_duration_seconds_bucket\{/m);
      expect(promtool(text)).toEqual({ status: 0, output: '' });
    },
  );

  it('refuses what prom-client exposes by default (the check is real)', () => {
    const misnamed =
      '# HELP nodejs_active_handles_total x\n# TYPE nodejs_active_handles_total gauge\nnodejs_active_handles_total 3\n';
    const result = promtool(misnamed);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('non-counter metrics should not have "_total" suffix');
  });
});
