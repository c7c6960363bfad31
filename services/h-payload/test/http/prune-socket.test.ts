// Pruning 10 MiB of `{}` (3.4 million values) on the built server with the default memory budget, on
// every surface: H's walk keeps one frame per open container and the pruned payload shares what lost
// nothing, so the call fits the 512 MB a worker has by default (it was 422 `too_expensive`).
import { join } from 'node:path';
import { connectClient, type ServerProcess, startServerProcess, type TestJson } from '@dus/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: ServerProcess;

beforeAll(async () => {
  // No MAX_HEAP_MB: the default budget is what this checks. A deadline far above the kit's: a busy
  // machine may be slow, and the answer, not the speed, is checked here.
  server = await startServerProcess(join(import.meta.dirname, '..', '..', 'dist', 'server.js'), {
    CALL_TIMEOUT_MS: '300000',
  });
});
afterAll(() => server.stop('SIGKILL'));

const ITEMS = 3_400_000;
const payloadText = `[${Array(ITEMS).fill('{}').join(',')}]`;
const answer = (pruned: TestJson) => {
  expect(pruned.suggestions).toEqual([]);
  expect(pruned.pruned_payload).toHaveLength(ITEMS);
  expect(pruned.total_bytes_saved).toBe(0);
};

describe('prune of 10 MiB of {} at the default memory budget (built server)', () => {
  it('REST: 200 with the document unchanged', { timeout: 60_000 }, async () => {
    const response = await fetch(`${server.origin}/api/v1/field-prune-suggest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"payload":${payloadText}}`,
    });
    expect(response.status).toBe(200);
    answer(await response.json());
  });

  // One client per era: the v2 client pinned to 2026-07-28, the v1 client on 2025-11-25.
  it.each(['v2-pinned', 'v1'] as const)(
    'MCP through the %s client: the same result',
    { timeout: 60_000 },
    async (kind) => {
      const client = await connectClient(kind, { http: new URL(`${server.origin}/mcp`) });
      try {
        const result = await client.callTool('field_prune_suggest', { payload: JSON.parse(payloadText) });
        expect(result.isError).toBeFalsy();
        answer(result.structuredContent);
      } finally {
        await client.close();
      }
    },
  );

  it('a JSON-RPC batch element: the same result beside a small call', { timeout: 60_000 }, async () => {
    const response = await fetch(`${server.origin}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: `[{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"field_prune_suggest","arguments":{"payload":${payloadText}}}},{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"field_prune_suggest","arguments":{"payload":{"a":1}}}}]`,
    });
    expect(response.status).toBe(200);
    const [big, small] = (await response.json()) as Array<{
      id: number;
      result: { structuredContent: never };
    }>;
    expect(big!.id).toBe(1);
    answer(big!.result.structuredContent);
    expect(small).toMatchObject({ id: 2, result: { structuredContent: { pruned_payload: { a: 1 } } } });
  });
});
