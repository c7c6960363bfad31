import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listen } from '@dus/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, trade } from './helpers.js';

let server: Awaited<ReturnType<typeof listen>>;
let client: Client;

beforeAll(async () => {
  server = await listen(makeApp());
  client = new Client({ name: 'f-crypto-tax-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.origin}/mcp`)));
  // Listing caches each tool's outputSchema: from then on the client validates every structuredContent.
  await client.listTools();
});
afterAll(async () => {
  await client.close();
  await server.close();
});

async function rest(path: string, body: unknown) {
  const res = await fetch(`${server.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return res.json();
}

const trades = [
  trade('buy', 'BTC', '1', '30000', '2024-01-15', { fee: '5' }),
  trade('sell', 'BTC', '0.5', '45000', '2025-03-01'),
];

const CALLS: Array<[tool: string, path: string, args: Record<string, unknown>]> = [
  ['calculate_crypto_tax', '/api/v1/calculate', { trades }],
  ['calculate_crypto_tax', '/api/v1/calculate', { trades, method: 'average' }],
  [
    'parse_csv_trades',
    '/api/v1/csv',
    { csv: readFileSync(join(import.meta.dirname, '..', 'fixtures', 'koinly.csv'), 'utf8') },
  ],
  [
    'annual_tax_summary',
    '/api/v1/summary',
    { trades, short_term_rate: '0.37', long_term_rate: '0.15', jurisdiction: 'US' },
  ],
];

describe('MCP with the official SDK client', () => {
  it('lists the 4 tools, sorted, read-only and idempotent, with object schemas', async () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'f-crypto-tax', version: '1.1.0' });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'annual_tax_summary',
      'calculate_crypto_tax',
      'list_tax_methods',
      'parse_csv_trades',
    ]);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.inputSchema).not.toHaveProperty('$schema');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
    }
    const calculate = tools.find((tool) => tool.name === 'calculate_crypto_tax')!;
    expect(Object.keys(calculate.inputSchema.properties ?? {})).not.toContain('output');
  });

  it.each(CALLS)('%s: structuredContent equals the REST response', async (name, path, args) => {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    expect(result.structuredContent).toEqual(await rest(path, args));
  });

  it('list_tax_methods', async () => {
    const result = await client.callTool({ name: 'list_tax_methods', arguments: {} });
    expect((result.structuredContent as { default: string }).default).toBe('fifo');
  });

  it('bad arguments and domain refusals → isError with the problem detail', async () => {
    const bad = await client.callTool({
      name: 'calculate_crypto_tax',
      arguments: { trades: [{ ...trades[0], amount: '1e3' }] },
    });
    expect(bad.isError).toBe(true);
    expect((bad.content as Array<{ text: string }>)[0]!.text).toMatch(/\/trades\/0\/amount/);
    const short = await client.callTool({ name: 'calculate_crypto_tax', arguments: { trades: [trades[1]] } });
    expect(short.isError).toBe(true);
    expect((short.content as Array<{ text: string }>)[0]!.text).toMatch(/only 0 is held/);
  });
});
