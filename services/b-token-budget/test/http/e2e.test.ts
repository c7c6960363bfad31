import { execFileSync } from 'node:child_process';
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
    // Since 2026-08-21: 1000 × 4 + 500 × 20.
    expect(((await res.json()) as { cheapest: unknown }).cheapest).toEqual({
      id: 'gpt-5.6',
      total_cost: 0.014,
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
      expect(body).toEqual({
        models: [second, first],
        count: 2,
        as_of: '2026-08-01',
        fit_source: null,
        priced_on: new Date().toISOString().slice(0, 10),
      });
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

  it('issue 43: a FIFO, as_of 2026-02-30, duplicate members and unselectable ids stop start-up at once', async () => {
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    await expect(startServerProcess(serverFile, { CATALOG_FILE: fifo })).rejects.toThrow(
      /CATALOG_FILE: .*fifo is not a regular file$/,
    );
    const original = (await (await fetch(`${server.origin}/models`)).json()) as { models: object[] };
    const [model] = original.models;
    const bad = join(dir, 'bad-dates.json');
    for (const [text, message] of [
      [JSON.stringify({ as_of: '2026-02-30', models: [model] }), /CATALOG_FILE: as_of: must be a real date/],
      [
        `{"as_of":"2026-08-01","as_of":"2026-08-02","models":${JSON.stringify([model])}}`,
        /CATALOG_FILE: as_of: is a duplicate member name/,
      ],
      [
        JSON.stringify({ as_of: '2026-08-01', models: [{ ...model, id: 'a,b' }] }),
        /CATALOG_FILE: models\[0\]\.id: must not contain a comma/,
      ],
      [
        JSON.stringify({ as_of: '2026-08-01', models: [{ ...model, id: ' gpt' }] }),
        /CATALOG_FILE: models\[0\]\.id: must not begin or end with whitespace/,
      ],
    ] as const) {
      writeFileSync(bad, text);
      await expect(startServerProcess(serverFile, { CATALOG_FILE: bad })).rejects.toThrow(message);
    }
  });

  it('a file of one custom model: /openapi.json, /docs and tools/list answer 200; the examples name other models', async () => {
    const path = join(dir, 'one.json');
    writeFileSync(
      path,
      JSON.stringify({
        as_of: '2026-11-01',
        models: [
          {
            id: 'in-house',
            provider: 'us',
            hosted_by: null,
            name: 'In-house model',
            source_key: 'in-house',
            input_per_mtok: 0,
            output_per_mtok: 0,
            cached_input_per_mtok: null,
            cache_write_per_mtok: null,
            cache_write_1h_per_mtok: null,
            batch: null,
            context_window: 32_000,
            max_input_tokens: 32_000,
            max_output_tokens: 4_000,
            capabilities: ['tools'],
            long_context: null,
            fit: null,
            source: 'our own',
            verified: true,
            as_of: '2026-11-01',
          },
        ],
      }),
    );
    const one = await startServerProcess(serverFile, { CATALOG_FILE: path });
    try {
      const openapi = await fetch(`${one.origin}/openapi.json`);
      expect(openapi.status).toBe(200);
      expect(JSON.stringify(await openapi.json())).toContain('gpt-5.6');
      expect((await fetch(`${one.origin}/docs`)).status).toBe(200);
      const tools = await fetch(`${one.origin}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(tools.status).toBe(200);
      const list = (await tools.json()) as { result: { tools: Array<{ name: string }> } };
      expect(list.result.tools.map((tool) => tool.name)).toContain('estimate_tokens');
      const models = (await (await fetch(`${one.origin}/models`)).json()) as Record<string, unknown>;
      expect(models).toMatchObject({ count: 1, as_of: '2026-11-01' });
      const costs = (await (await fetch(`${one.origin}/api/v1/budget_calculator?budget=1`)).json()) as {
        models: unknown[];
      };
      expect(costs.models).toEqual([
        {
          id: 'in-house',
          input_tokens: null,
          output_tokens: null,
          blended_tokens: null,
          requests: null,
          cost_per_request: 0,
          feasible: true,
          price_from: null,
        },
      ]);
    } finally {
      await one.stop('SIGKILL');
    }
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
