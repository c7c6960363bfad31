import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeMcpMatchesRest, errorText, type ToolCall } from '@dus/testing';
import { describe, expect, it } from 'vitest';
import { makeApp, trade } from './helpers.js';

const trades = [
  trade('buy', 'BTC', '1', '30000', '2024-01-15', { fee: '5' }),
  trade('sell', 'BTC', '0.5', '45000', '2025-03-01'),
];

const CALLS: ToolCall[] = [
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
  ['holdings_report', '/api/v1/holdings', { trades, prices: { BTC: '65000' }, as_of: '2025-12-31' }],
  ['holdings_report', '/api/v1/holdings', { trades, method: 'average', pooling: 'per_wallet', year: 2024 }],
];

const session = describeMcpMatchesRest(makeApp(), {
  server: { name: 'f-crypto-tax', version: '1.1.0' },
  tools: [
    'annual_tax_summary',
    'calculate_crypto_tax',
    'holdings_report',
    'list_tax_methods',
    'parse_csv_trades',
  ],
  calls: CALLS,
});

describe('F over MCP', () => {
  it('calculate_crypto_tax has no HTTP-only rendering argument', async () => {
    const { tools } = await session().client.listTools();
    const calculate = tools.find((tool) => tool.name === 'calculate_crypto_tax')!;
    expect(Object.keys(calculate.inputSchema.properties ?? {})).not.toContain('output');
  });

  it('list_tax_methods', async () => {
    const result = await session().client.callTool({ name: 'list_tax_methods', arguments: {} });
    expect((result.structuredContent as { default: string }).default).toBe('fifo');
  });

  it('bad arguments and domain refusals → isError with the problem detail', async () => {
    const bad = await session().client.callTool({
      name: 'calculate_crypto_tax',
      arguments: { trades: [{ ...trades[0], amount: '1e3' }] },
    });
    expect(bad.isError).toBe(true);
    expect(errorText(bad)).toMatch(/\/trades\/0\/amount/);
    const short = await session().client.callTool({
      name: 'calculate_crypto_tax',
      arguments: { trades: [trades[1]] },
    });
    expect(short.isError).toBe(true);
    expect(errorText(short)).toMatch(/only 0 is held/);
  });
});
