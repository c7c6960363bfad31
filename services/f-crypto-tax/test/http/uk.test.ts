// `jurisdiction: "GB"` over a real socket: HMRC's worked examples (CRYPTO22251–22256) through REST and
// the official MCP SDK client (which checks every answer against the tool's output schema).
import { errorText, type SdkSession, sdkSession } from '@dus/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, trade } from './helpers.js';

let session: SdkSession;
beforeAll(async () => {
  session = await sdkSession(makeApp(), 'f-crypto-tax');
});
afterAll(() => session.close());

/** REST answer of calculate under GB; the MCP tool answers the same. */
async function both(trades: ReturnType<typeof trade>[], extra: Record<string, unknown> = {}) {
  const body = { trades, jurisdiction: 'GB', ...extra };
  const rest = await session.post('/api/v1/calculate', body);
  expect(rest.status).toBe(200);
  const mcp = await session.client.callTool({ name: 'calculate_crypto_tax', arguments: body });
  expect(mcp.structuredContent).toEqual(rest.body);
  // biome-ignore lint/suspicious/noExplicitAny: a report read field by field
  return rest.body as any;
}

// biome-ignore lint/suspicious/noExplicitAny: rows read field by field
const rows = (report: any) =>
  report.disposals.map(
    (d: {
      date_sold: string;
      proceeds: string;
      cost_basis: string;
      gain: string;
      matches: Array<Record<string, unknown>>;
    }) => [
      d.date_sold,
      d.proceeds,
      d.cost_basis,
      d.gain,
      d.matches.map((m) => [m.rule, m.amount, m.cost, m.date_acquired]),
    ],
  );

const TKN = (type: 'buy' | 'sell', amount: string, price: string, date: string, extra = {}) =>
  trade(type, 'TKN', amount, price, date, extra);

describe('HMRC worked examples over REST and MCP', () => {
  it('CRYPTO22251: pool 150 / £126,000, sell 50 for £300,000', async () => {
    const report = await both([
      TKN('buy', '150', '840', '2021-05-01'),
      TKN('sell', '50', '6000', '2023-06-01'),
    ]);
    expect(rows(report)).toEqual([
      ['2023-06-01', '300000.00', '42000.00', '258000.00', [['s104', '50', '42000.00', null]]],
    ]);
    expect(report.holdings).toEqual([
      { asset: 'TKN', wallet: null, amount: '100', cost_basis: '84000.00', lots: 0 },
    ]);
    expect(report).toMatchObject({ method: 'average', base_currency: 'GBP', jurisdiction: 'GB' });
  });

  it('CRYPTO22252: one day, two sales and a purchase', async () => {
    const report = await both([
      TKN('buy', '5000', '0.1', '2021-05-01'),
      TKN('sell', '1000', '0.8', '2023-06-01T09:00:00Z', { id: 'a' }),
      TKN('buy', '1600', '0.625', '2023-06-01T11:00:00Z'),
      TKN('sell', '500', '1.2', '2023-06-01T15:00:00Z', { id: 'c' }),
    ]);
    expect(rows(report)).toEqual([
      ['2023-06-01', '1400.00', '937.50', '462.50', [['same_day', '1500', '937.50', '2023-06-01']]],
    ]);
    expect(report.disposals[0]).toMatchObject({ trade_ids: ['a', 'c'], amount: '1500' });
    expect(report.holdings[0]).toMatchObject({ amount: '5100', cost_basis: '562.50' });
  });

  it('CRYPTO22253: bed and breakfast over two disposals and three purchases', async () => {
    const report = await both([
      TKN('buy', '2000', '0.5', '2023-01-10'),
      TKN('sell', '1000', '0.4', '2024-03-31'),
      TKN('sell', '500', '0.3', '2024-04-20'),
      TKN('buy', '700', '0.25', '2024-04-21'),
      TKN('buy', '500', '0.2', '2024-04-28'),
      TKN('buy', '500', '0.3', '2024-05-01'),
    ]);
    expect(rows(report)).toEqual([
      [
        '2024-03-31',
        '400.00',
        '235.00',
        '165.00',
        [
          ['bed_and_breakfast', '700', '175.00', '2024-04-21'],
          ['bed_and_breakfast', '300', '60.00', '2024-04-28'],
        ],
      ],
      [
        '2024-04-20',
        '150.00',
        '130.00',
        '20.00',
        [
          ['bed_and_breakfast', '200', '40.00', '2024-04-28'],
          ['bed_and_breakfast', '300', '90.00', '2024-05-01'],
        ],
      ],
    ]);
    expect(Object.keys(report.summary.by_year)).toEqual(['2023', '2024']);
    expect(report.holdings[0]).toMatchObject({ amount: '2200', cost_basis: '1060.00' });
  });

  it('CRYPTO22254: several sales and purchases on one day, the excess from the pool', async () => {
    const report = await both([
      TKN('buy', '8000', '0.125', '2021-05-01'),
      TKN('sell', '5000', '0.1', '2023-06-01T08:00:00Z'),
      TKN('buy', '4000', '0.08', '2023-06-01T09:00:00Z'),
      TKN('sell', '2000', '0.071', '2023-06-01T10:00:00Z'),
      TKN('buy', '1000', '0.075', '2023-06-01T11:00:00Z'),
      TKN('buy', '1000', '0.07', '2023-06-01T12:00:00Z'),
      TKN('buy', '500', '0.07', '2023-06-01T13:00:00Z'),
    ]);
    expect(rows(report)).toEqual([
      [
        '2023-06-01',
        '642.00',
        '562.50',
        '79.50',
        [
          ['same_day', '6500', '500.00', '2023-06-01'],
          ['s104', '500', '62.50', null],
        ],
      ],
    ]);
    expect(report.holdings[0]).toMatchObject({ amount: '7500', cost_basis: '937.50' });
  });

  it('CRYPTO22255: bought back 12 days later', async () => {
    // 14,000 for £200,000: 14 a unit and £4,000 of fees.
    const report = await both([
      TKN('buy', '14000', '14', '2021-05-01', { fee: '4000' }),
      TKN('sell', '4000', '40', '2023-06-01'),
      TKN('buy', '500', '35', '2023-06-13'),
    ]);
    expect(rows(report)).toEqual([
      [
        '2023-06-01',
        '160000.00',
        '67500.00',
        '92500.00',
        [
          ['bed_and_breakfast', '500', '17500.00', '2023-06-13'],
          ['s104', '3500', '50000.00', null],
        ],
      ],
    ]);
    expect(report.holdings[0]).toMatchObject({ amount: '10500', cost_basis: '150000.00' });
  });

  it('CRYPTO22256: same day, a purchase shared by two disposals, then the pool', async () => {
    const report = await both([
      TKN('buy', '100000', '3', '2021-05-01'),
      TKN('buy', '10000', '4.5', '2023-07-31T10:00:00Z'),
      TKN('sell', '30000', '5', '2023-07-31T14:00:00Z'),
      TKN('sell', '20000', '5', '2023-08-05'),
      TKN('buy', '50000', '4.5', '2023-08-06'),
      TKN('sell', '100000', '1.5', '2023-08-07'),
    ]);
    expect(rows(report)).toEqual([
      [
        '2023-07-31',
        '150000.00',
        '135000.00',
        '15000.00',
        [
          ['same_day', '10000', '45000.00', '2023-07-31'],
          ['bed_and_breakfast', '20000', '90000.00', '2023-08-06'],
        ],
      ],
      [
        '2023-08-05',
        '100000.00',
        '90000.00',
        '10000.00',
        [['bed_and_breakfast', '20000', '90000.00', '2023-08-06']],
      ],
      ['2023-08-07', '150000.00', '313636.36', '-163636.36', [['s104', '100000', '313636.36', null]]],
    ]);
    expect(report.summary).toMatchObject({
      disposals: 3,
      gain: '-138636.36',
      gains: '25000.00',
      losses: '-163636.36',
    });
  });
});

describe('GB on the other operations', () => {
  const trades = [
    trade('buy', 'BTC', '2', '10000', '2024-01-10'),
    trade('sell', 'BTC', '1', '15000', '2024-05-01'),
  ];

  it('csv: a raw text/csv body with jurisdiction=GB in the query', async () => {
    const csv = 'type,asset,amount,price,date\nbuy,BTC,2,10000,2024-01-10\nsell,BTC,1,15000,2024-05-01\n';
    const response = await fetch(`${session.origin}/api/v1/csv?jurisdiction=GB`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: csv,
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ jurisdiction: 'GB', base_currency: 'GBP', summary: { gain: '5000.00' } });
    const mcp = await session.client.callTool({
      name: 'parse_csv_trades',
      arguments: { csv, jurisdiction: 'GB' },
    });
    expect(mcp.structuredContent).toEqual(body);
  });

  it('summary and holdings answer alike over REST and MCP', async () => {
    for (const [tool, path, extra] of [
      ['annual_tax_summary', '/api/v1/summary', {}],
      ['holdings_report', '/api/v1/holdings', { as_of: '2024-12-31', prices: { BTC: '20000' } }],
    ] as const) {
      const body = { trades, jurisdiction: 'GB', ...extra };
      const rest = await session.post(path, body);
      expect(rest.status).toBe(200);
      const mcp = await session.client.callTool({ name: tool, arguments: body });
      expect(mcp.structuredContent).toEqual(rest.body);
    }
    const holdings = await session.post('/api/v1/holdings', { trades, jurisdiction: 'GB', year: 2024 });
    expect(holdings.body).toMatchObject({
      as_of: '2025-04-05',
      holdings: [{ asset: 'BTC', amount: '1', cost_basis: '10000.00', lots: [] }],
      totals: { realised_gain: '5000.00' },
    });
  });

  it.each([
    [
      '/api/v1/calculate?output=8949',
      { trades, jurisdiction: 'GB' },
      'unsupported_output_for_jurisdiction',
      '/output',
    ],
    [
      '/api/v1/summary',
      { trades, jurisdiction: 'GB', short_term_rate: '0.2', long_term_rate: '0.2' },
      'unsupported_option_for_jurisdiction',
      '/short_term_rate',
    ],
    [
      '/api/v1/calculate',
      { trades, jurisdiction: 'GB', method: 'fifo' },
      'unsupported_method_for_jurisdiction',
      '/method',
    ],
    [
      '/api/v1/holdings',
      { trades, jurisdiction: 'GB', pooling: 'per_wallet', year: 2024 },
      'unsupported_pooling_for_jurisdiction',
      '/pooling',
    ],
  ])('%s %j → 422 %s at %s', async (path, body, code, pointer) => {
    const rest = await session.post(path, body);
    expect(rest.status).toBe(422);
    expect(rest.body).toMatchObject({ code, errors: [{ path: pointer, code }] });
  });

  it('the MCP tool refuses as REST does', async () => {
    const body = { trades, jurisdiction: 'GB', short_term_rate: '0.2', long_term_rate: '0.2' };
    const rest = await session.post('/api/v1/summary', body);
    const mcp = await session.client.callTool({ name: 'annual_tax_summary', arguments: body });
    expect(mcp.isError).toBe(true);
    expect(errorText(mcp)).toBe((rest.body as { detail: string }).detail);
  });

  it('Accept: text/csv under GB is refused like output=8949', async () => {
    const response = await fetch(`${session.origin}/api/v1/calculate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/csv' },
      body: JSON.stringify({ trades, jurisdiction: 'GB' }),
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code: 'unsupported_output_for_jurisdiction' });
  });
});
