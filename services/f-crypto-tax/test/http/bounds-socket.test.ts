// F's own input bounds on the built server over a real socket, on every surface: a CSV of more than
// MAX_CSV_ROWS rows and a summary of more than MAX_SUMMARY_TRADES trades are 422 `too_expensive` naming
// the input and the limit — over REST, through both MCP eras' official clients, and as a batch element.
import { join } from 'node:path';
import {
  connectClient,
  MCP_CLIENT_KINDS,
  type ServerProcess,
  startServerProcess,
  type TestJson,
} from '@dus/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CSV_ROWS, MAX_SUMMARY_TRADES } from '../../src/domain/index.js';

let server: ServerProcess;

beforeAll(async () => {
  server = await startServerProcess(join(import.meta.dirname, '..', '..', 'dist', 'server.js'));
});
afterAll(() => server.stop('SIGKILL'));

const csv = [
  'type,asset,amount,price,date',
  ...Array(MAX_CSV_ROWS + 1).fill('buy,BTC,1,100,2024-01-01'),
].join('\n');
const trades = Array(MAX_SUMMARY_TRADES + 1).fill({
  type: 'buy',
  asset: 'BTC',
  amount: '1',
  price: '100',
  date: '2024-01-01',
});

const CSV_PROBLEM = {
  status: 422,
  code: 'too_expensive',
  errors: [{ path: '/csv', code: 'too_expensive' }],
  limit: 300_000,
};
const SUMMARY_PROBLEM = {
  status: 422,
  code: 'too_expensive',
  detail:
    'the summary matches the trades once per method: at most 150,000 trades (150,001 sent); compare the methods on part of the history, or ask /calculate for one method',
  errors: [{ path: '/trades', code: 'too_expensive' }],
  limit: 150_000,
};

const post = (path: string, body: string, contentType = 'application/json') =>
  fetch(`${server.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': contentType, accept: 'application/json' },
    body,
  });

/** The problem a tool error result carries (its second text block). */
const problemOf = (result: TestJson) => {
  expect(result.isError).toBe(true);
  return JSON.parse(result.content[1]!.text);
};

describe('REST', () => {
  it('a CSV one row over the bound (raw text/csv and as JSON) → 422 naming /csv and the limit', {
    timeout: 60_000,
  }, async () => {
    for (const [body, type] of [
      [csv, 'text/csv'],
      [JSON.stringify({ csv }), 'application/json'],
    ] as const) {
      const res = await post('/api/v1/csv', body, type);
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject(CSV_PROBLEM);
    }
  });

  it('a summary one trade over the bound → 422 naming /trades and the limit', {
    timeout: 60_000,
  }, async () => {
    const res = await post('/api/v1/summary', JSON.stringify({ trades }));
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject(SUMMARY_PROBLEM);
  });
});

describe.each(MCP_CLIENT_KINDS)('MCP through the %s client', (kind) => {
  it('parse_csv_trades and annual_tax_summary refuse the same inputs with the same problems', {
    timeout: 60_000,
  }, async () => {
    const client = await connectClient(kind, { http: new URL(`${server.origin}/mcp`) });
    try {
      expect(problemOf(await client.callTool('parse_csv_trades', { csv }))).toMatchObject(CSV_PROBLEM);
      expect(problemOf(await client.callTool('annual_tax_summary', { trades }))).toMatchObject(
        SUMMARY_PROBLEM,
      );
    } finally {
      await client.close();
    }
  });
});

describe('a JSON-RPC batch', () => {
  it('answers the over-bound element with its problem and the next element as usual', {
    timeout: 60_000,
  }, async () => {
    const call = (id: number, name: string, args: unknown) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name, arguments: args },
    });
    const res = await post(
      '/mcp',
      JSON.stringify([call(1, 'annual_tax_summary', { trades }), call(2, 'list_tax_methods', {})]),
    );
    expect(res.status).toBe(200);
    const [refused, listed] = (await res.json()) as TestJson[];
    expect(refused!.id).toBe(1);
    expect(problemOf(refused!.result)).toMatchObject(SUMMARY_PROBLEM);
    expect(listed).toMatchObject({ id: 2, result: { structuredContent: { default: 'fifo' } } });
  });
});
