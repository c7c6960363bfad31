// Every worked example of the spec over REST and, with the same arguments, over MCP.
import { describe, expect, it } from 'vitest';
import { bothOk, trade } from './helpers.js';

const METHODS = ['fifo', 'lifo', 'hifo', 'average'] as const;

const cases: Array<{
  name: string;
  trades: ReturnType<typeof trade>[];
  gains: Record<(typeof METHODS)[number], string>;
}> = [
  {
    name: 'three buys, three sales',
    trades: [
      trade('buy', 'BTC', '2', '2500', '2017-09-22'),
      trade('buy', 'BTC', '1', '2000', '2018-01-06'),
      trade('buy', 'BTC', '1', '8000', '2018-04-19'),
      trade('sell', 'BTC', '1', '4000', '2018-05-03'),
      trade('sell', 'BTC', '1', '6000', '2018-06-11'),
      trade('sell', 'BTC', '1', '2000', '2018-08-01'),
    ],
    gains: { fifo: '5000.00', lifo: '-500.00', hifo: '-1000.00', average: '750.00' },
  },
  {
    name: 'the same with buy and sale fees',
    trades: [
      trade('buy', 'BTC', '2', '2475', '2017-09-22', { fee: '50' }),
      trade('buy', 'BTC', '1', '1990', '2018-01-06', { fee: '10' }),
      trade('buy', 'BTC', '1', '7920', '2018-04-19', { fee: '80' }),
      trade('sell', 'BTC', '1', '4040', '2018-05-03', { fee: '40' }),
      trade('sell', 'BTC', '1', '6060', '2018-06-11', { fee: '60' }),
      trade('sell', 'BTC', '1', '2020', '2018-08-01', { fee: '20' }),
    ],
    gains: { fifo: '5000.00', lifo: '-500.00', hifo: '-1000.00', average: '750.00' },
  },
  {
    name: 'sell 2 of 8 at 100,000',
    trades: [
      trade('buy', 'BTC', '1', '1000', '2017-01-10'),
      trade('buy', 'BTC', '2', '9000', '2018-01-10'),
      trade('buy', 'BTC', '5', '6000', '2019-01-10'),
      trade('sell', 'BTC', '2', '100000', '2024-12-10'),
    ],
    gains: { fifo: '190000.00', lifo: '188000.00', hifo: '182000.00', average: '187750.00' },
  },
  {
    name: 'sell 0.5 of 1.5 at 42,000',
    trades: [
      trade('buy', 'BTC', '0.5', '23000', '2023-02-10'),
      trade('buy', 'BTC', '0.5', '28000', '2023-08-10'),
      trade('buy', 'BTC', '0.5', '35000', '2023-11-10'),
      trade('sell', 'BTC', '0.5', '42000', '2023-12-10'),
    ],
    gains: { fifo: '9500.00', lifo: '3500.00', hifo: '3500.00', average: '6666.67' },
  },
];

describe.each(cases)('$name', ({ trades, gains }) => {
  it.each(METHODS)('%s over REST and MCP', async (method) => {
    const body = await bothOk('/api/v1/calculate', 'calculate_crypto_tax', { trades, method });
    expect(body.summary.gain).toBe(gains[method]);
    expect(body.method).toBe(method);
  });
});

it('average cost pool: +5, −15, +20, −15, −2.5 over REST and MCP', async () => {
  const days = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => `2025-01-0${d}`);
  const steps: Array<['buy' | 'sell', string, string]> = [
    ['buy', '2', '10'],
    ['sell', '1', '15'],
    ['buy', '1', '30'],
    ['sell', '1.5', '10'],
    ['buy', '3', '20'],
    ['sell', '2', '30'],
    ['sell', '1.5', '10'],
    ['buy', '1', '10'],
    ['sell', '0.5', '5'],
  ];
  const trades = steps.map(([type, amount, price], i) => trade(type, 'ETH', amount, price, days[i]!));
  const body = await bothOk('/api/v1/calculate', 'calculate_crypto_tax', { trades, method: 'average' });
  // A sale spanning several underlying lots has one row per lot: the gain of a sale is the sum of its rows.
  const bySale = new Map<string, number>();
  for (const d of body.disposals as Array<{ trade_id: string; gain: string }>) {
    bySale.set(d.trade_id, (bySale.get(d.trade_id) ?? 0) + Math.round(Number(d.gain) * 100));
  }
  expect([...bySale.values()]).toEqual([500, -1500, 2000, -1500, -250]);
});

it('holding periods over REST and MCP', async () => {
  const pairs = [
    ['2024-01-15', '2025-01-15', 'short'],
    ['2024-01-15', '2025-01-16', 'long'],
    ['2024-02-29', '2025-02-28', 'short'],
    ['2024-02-29', '2025-03-01', 'long'],
    ['2023-03-01', '2024-03-01', 'short'],
    ['2023-03-01', '2024-03-02', 'long'],
  ];
  for (const [acquired, sold, term] of pairs) {
    const body = await bothOk('/api/v1/calculate', 'calculate_crypto_tax', {
      trades: [trade('buy', 'BTC', '1', '1', acquired!), trade('sell', 'BTC', '1', '2', sold!)],
    });
    expect(body.disposals[0].term).toBe(term);
  }
});

it('mixed terms under average cost, and the summary with rates over REST and MCP', async () => {
  const trades = [
    trade('buy', 'XYZ', '200', '10', '2008-05-15'),
    trade('buy', 'XYZ', '200', '12', '2009-05-14'),
    trade('sell', 'XYZ', '300', '15', '2009-11-10'),
  ];
  const average = await bothOk('/api/v1/calculate', 'calculate_crypto_tax', { trades, method: 'average' });
  expect(average.summary.long_term).toMatchObject({ cost_basis: '2200.00', gain: '800.00' });
  expect(average.summary.short_term).toMatchObject({ cost_basis: '1100.00', gain: '400.00' });
  const summary = await bothOk('/api/v1/summary', 'annual_tax_summary', {
    trades,
    short_term_rate: '0.37',
    long_term_rate: '0.15',
  });
  expect(Object.keys(summary.methods)).toEqual(['fifo', 'lifo', 'hifo', 'average']);
  expect([
    summary.methods.fifo.estimated_tax,
    summary.methods.lifo.estimated_tax,
    summary.methods.average.estimated_tax,
  ]).toEqual(['261.00', '297.00', '268.00']);
  expect(summary.methods.fifo.by_year['2009'].long_term.gain).toBe('1000.00');
  expect(summary.recommendation.method).toBe('fifo');
});
