// `jurisdiction` over a real socket: REST and the MCP SDK client answer alike, and refusals name the field.
import { errorText, sdkSession, type SdkSession } from '@dus/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, trade } from './helpers.js';

let session: SdkSession;
beforeAll(async () => {
  session = await sdkSession(makeApp(), 'f-crypto-tax');
});
afterAll(() => session.close());

const trades = [
  trade('buy', 'BTC', '1', '100', '2024-01-15'),
  trade('sell', 'BTC', '1', '150', '2024-02-01'),
];

const ROUTES = [
  ['calculate_crypto_tax', '/api/v1/calculate', {}],
  ['parse_csv_trades', '/api/v1/csv', { csv: 'type,asset,amount,price,date\nbuy,BTC,1,100,2024-01-15\n' }],
  ['annual_tax_summary', '/api/v1/summary', {}],
  ['holdings_report', '/api/v1/holdings', { as_of: '2024-12-31' }],
] as const;

describe('jurisdiction over REST and MCP', () => {
  it.each(ROUTES)('%s echoes it with the pooling rule', async (tool, path, extra) => {
    const body = { trades, ...extra, jurisdiction: 'ca' };
    if (tool === 'parse_csv_trades') delete (body as { trades?: unknown }).trades;
    const rest = await session.post(path, body);
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({
      jurisdiction: 'CA',
      pooling_rule: { pooling: 'universal', source: 'default' },
    });
    const mcp = await session.client.callTool({ name: tool, arguments: body });
    expect(mcp.structuredContent).toEqual(rest.body);
  });

  it.each([
    [{ method: 'average', jurisdiction: 'US' }, 'unsupported_method_for_jurisdiction', '/method'],
    [{ method: 'hifo', jurisdiction: 'GB' }, 'unsupported_method_for_jurisdiction', '/method'],
    [{ pooling: 'per_wallet', jurisdiction: 'GB' }, 'unsupported_pooling_for_jurisdiction', '/pooling'],
    [{ jurisdiction: 'FR' }, 'unsupported_jurisdiction', '/jurisdiction'],
  ])('%j → 422 %s at %s', async (options, code, path) => {
    const rest = await session.post('/api/v1/calculate', { trades, ...options });
    expect(rest.status).toBe(422);
    expect(rest.body).toMatchObject({ code, errors: [{ path, code }] });
    const mcp = await session.client.callTool({
      name: 'calculate_crypto_tax',
      arguments: { trades, ...options },
    });
    expect(mcp.isError).toBe(true);
    expect(errorText(mcp)).toBe((rest.body as { detail: string }).detail);
  });

  it('a jurisdiction of three letters → 400 at /jurisdiction', async () => {
    const rest = await session.post('/api/v1/summary', { trades, jurisdiction: 'USA' });
    expect(rest.status).toBe(400);
    expect((rest.body as { errors: unknown[] }).errors).toContainEqual(
      expect.objectContaining({ path: '/jurisdiction', code: 'invalid_country' }),
    );
  });
});
