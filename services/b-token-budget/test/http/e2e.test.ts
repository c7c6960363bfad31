import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ServerProcess, startServerProcess } from '@dus/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: ServerProcess;

beforeAll(async () => {
  server = await startServerProcess(join(import.meta.dirname, '..', '..', 'dist', 'server.js'));
});
afterAll(() => server.stop('SIGKILL'));

// Steps of one server's life, in order: it serves, then it drains.
describe('the built server over a real socket', { shuffle: false }, () => {
  it('serves /health and a GET twin', async () => {
    const health = await fetch(`${server.origin}/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', service: 'b-token-budget', version: '1.1.0' });
    const res = await fetch(
      `${server.origin}/api/v1/cost_optimizer?inputTokens=1000&outputTokens=500&models=gpt-5.6`,
    );
    expect(((await res.json()) as { cheapest: unknown }).cheapest).toEqual({
      id: 'gpt-5.6',
      total_cost: 0.02,
    });
  });
});

// Each test starts built servers: allow for a loaded machine.
describe('CATALOG_FILE at start-up', { timeout: 30_000 }, () => {
  const serverFile = join(import.meta.dirname, '..', '..', 'dist', 'server.js');
  const dir = mkdtempSync(join(tmpdir(), 'b-catalog-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a valid file replaces the catalog: GET /models shows its as_of, count and models in file order', async () => {
    const original = (await (await fetch(`${server.origin}/models`)).json()) as {
      models: Array<{ id: string }>;
    };
    const [first, second] = original.models;
    const path = join(dir, 'catalog.json');
    writeFileSync(path, JSON.stringify({ as_of: '2026-08-01', models: [second, first] }));
    const custom = await startServerProcess(serverFile, { CATALOG_FILE: path });
    try {
      const body = (await (await fetch(`${custom.origin}/models`)).json()) as Record<string, unknown>;
      expect(body).toEqual({ models: [second, first], count: 2, as_of: '2026-08-01', fit_source: null });
      const costs = (await (
        await fetch(`${custom.origin}/api/v1/cost_optimizer?inputTokens=1&outputTokens=1&models=gpt-5.4-mini`)
      ).json()) as Record<string, unknown>;
      expect(costs).toMatchObject({ code: 'unknown_model', valid: ['gpt-5.6-terra', 'gpt-5.6'] });
    } finally {
      await custom.stop('SIGKILL');
    }
  });

  it('an invalid file stops start-up (exit ≠ 0) with one line naming the place', async () => {
    const path = join(dir, 'bad.json');
    const original = (await (await fetch(`${server.origin}/models`)).json()) as { models: object[] };
    writeFileSync(
      path,
      JSON.stringify({
        as_of: '2026-08-01',
        models: [original.models[0], { ...original.models[1], input_per_mtok: -1 }],
      }),
    );
    await expect(startServerProcess(serverFile, { CATALOG_FILE: path })).rejects.toThrow(
      /exited with 1 before listening: CATALOG_FILE: models\[1\]\.input_per_mtok: must be a number ≥ 0$/,
    );
    await expect(startServerProcess(serverFile, { CATALOG_FILE: join(dir, 'missing.json') })).rejects.toThrow(
      /CATALOG_FILE: cannot read .*missing\.json \(ENOENT\)$/,
    );
  });
});

describe('shutdown', () => {
  it('drains on SIGTERM and exits 0', async () => {
    expect(await server.stop('SIGTERM')).toBe(0);
  });
});

describe('estimate_tokens refuses a run too long to count exactly, on every surface of the built server', () => {
  let own: ServerProcess;
  beforeAll(async () => {
    own = await startServerProcess(join(import.meta.dirname, '..', '..', 'dist', 'server.js'));
  });
  afterAll(() => own.stop('SIGKILL'));
  const text = `ok ${'a'.repeat(1001)}`;
  const args = { text, models: ['gpt-5.6'] };
  const mcp = (body: unknown) =>
    fetch(`${own.origin}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'mcp-protocol-version': '2025-03-26',
      },
      body: JSON.stringify(body),
    });
  const call = (id: number, argumentsOf: unknown) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'estimate_tokens', arguments: argumentsOf },
  });

  it('REST: 422 text_run_too_long at /text', async () => {
    const res = await fetch(`${own.origin}/api/v1/estimate_tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    expect(res.status).toBe(422);
    const problem = (await res.json()) as { code: string; errors: { path: string }[]; max_run: number };
    expect([problem.code, problem.errors[0]!.path, problem.max_run]).toEqual([
      'text_run_too_long',
      '/text',
      1000,
    ]);
  });

  it('MCP: the tool call is an error carrying the same problem; in a batch only that element fails', async () => {
    const single = (await (await mcp(call(1, args))).json()) as {
      result: { isError: boolean; content: { text: string }[] };
    };
    expect(single.result.isError).toBe(true);
    expect(JSON.parse(single.result.content[1]!.text)).toMatchObject({
      code: 'text_run_too_long',
      status: 422,
    });
    const res = await mcp([
      call(1, args),
      call(2, { text: 'How many tokens is this?', models: ['gpt-5.6'] }),
    ]);
    expect(res.status).toBe(200);
    const [bad, good] = (await res.json()) as Array<{
      id: number;
      result: { isError?: boolean; structuredContent?: unknown; content: { text: string }[] };
    }>;
    expect([bad!.id, bad!.result.isError]).toEqual([1, true]);
    expect(JSON.parse(bad!.result.content[1]!.text)).toMatchObject({ code: 'text_run_too_long' });
    expect(good!.id).toBe(2);
    expect(good!.result.structuredContent).toEqual({
      models: [{ id: 'gpt-5.6', tokens: 6, method: 'exact' }],
    });
  });
});
