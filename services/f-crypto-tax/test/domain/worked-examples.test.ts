// The worked examples of f-crypto-tax.md, each under every method it names.
import { describe, expect, it } from 'vitest';
import { METHODS, report, summary, trade } from './helpers.js';

const BTC = (type: 'buy' | 'sell', amount: string, total: number, date: string, extra = {}) =>
  trade(type, 'BTC', amount, String(total / Number(amount)), date, extra);

describe('three buys, three sales (2017-2018)', () => {
  const plain = [
    BTC('buy', '2', 5000, '2017-09-22'),
    BTC('buy', '1', 2000, '2018-01-06'),
    BTC('buy', '1', 8000, '2018-04-19'),
    BTC('sell', '1', 4000, '2018-05-03'),
    BTC('sell', '1', 6000, '2018-06-11'),
    BTC('sell', '1', 2000, '2018-08-01'),
  ];
  // The same totals when the buys carry fees (4950+50, 1990+10, 7920+80) and the sales (4040−40, 6060−60, 2020−20).
  const withFees = [
    BTC('buy', '2', 4950, '2017-09-22', { fee: '50' }),
    BTC('buy', '1', 1990, '2018-01-06', { fee: '10' }),
    BTC('buy', '1', 7920, '2018-04-19', { fee: '80' }),
    BTC('sell', '1', 4040, '2018-05-03', { fee: '40' }),
    BTC('sell', '1', 6060, '2018-06-11', { fee: '60' }),
    BTC('sell', '1', 2020, '2018-08-01', { fee: '20' }),
  ];
  const expected = { fifo: '5000.00', lifo: '-500.00', hifo: '-1000.00', average: '750.00' };

  it.each(METHODS)('%s', (method) => {
    for (const trades of [plain, withFees]) {
      const { summary: totals, holdings } = report({ trades }, method);
      expect(totals.gain).toBe(expected[method]);
      expect(totals.proceeds).toBe('12000.00');
      expect(totals.long_term.net).toBe('0.00');
      expect(holdings).toHaveLength(1);
      expect(holdings[0]!.amount).toBe('1');
    }
  });

  it('fifo rows: oldest lot first, the 2-BTC lot split over two sales', () => {
    const { disposals } = report({ trades: plain }, 'fifo');
    expect(disposals.map((d) => [d.trade_id, d.lots[0]!.trade_id, d.cost_basis, d.gain])).toEqual([
      ['3', '0', '2500.00', '1500.00'],
      ['4', '0', '2500.00', '3500.00'],
      ['5', '1', '2000.00', '0.00'],
    ]);
  });
});

describe('1 @ 1,000, 2 @ 9,000, 5 @ 6,000, sell 2 @ 100,000', () => {
  const trades = [
    trade('buy', 'BTC', '1', '1000', '2017-01-10'),
    trade('buy', 'BTC', '2', '9000', '2018-01-10'),
    trade('buy', 'BTC', '5', '6000', '2019-01-10'),
    trade('sell', 'BTC', '2', '100000', '2024-12-10'),
  ];
  const expected = { fifo: '190000.00', lifo: '188000.00', hifo: '182000.00', average: '187750.00' };
  it.each(METHODS)('%s: all long-term', (method) => {
    const { summary: totals } = report({ trades }, method);
    expect(totals.gain).toBe(expected[method]);
    expect(totals.long_term.gain).toBe(expected[method]);
    expect(totals.short_term.proceeds).toBe('0.00');
  });
});

describe('0.5 @ 23,000, 0.5 @ 28,000, 0.5 @ 35,000, sell 0.5 @ 42,000', () => {
  const trades = [
    trade('buy', 'BTC', '0.5', '23000', '2023-02-10'),
    trade('buy', 'BTC', '0.5', '28000', '2023-08-10'),
    trade('buy', 'BTC', '0.5', '35000', '2023-11-10'),
    trade('sell', 'BTC', '0.5', '42000', '2023-12-10'),
  ];
  const expected = { fifo: '9500.00', lifo: '3500.00', hifo: '3500.00', average: '6666.67' };
  it.each(METHODS)('%s: short-term', (method) => {
    const { summary: totals } = report({ trades }, method);
    expect(totals.gain).toBe(expected[method]);
    expect(totals.short_term.net).toBe(expected[method]);
  });
});

it('average cost, pool per asset: +5, −15, +20, −15, −2.5', () => {
  const eth = (type: 'buy' | 'sell', amount: string, price: string, day: number) =>
    trade(type, 'ETH', amount, price, `2025-01-${String(day).padStart(2, '0')}`);
  const trades = [
    eth('buy', '2', '10', 1),
    eth('sell', '1', '15', 2),
    eth('buy', '1', '30', 3),
    eth('sell', '1.5', '10', 4),
    eth('buy', '3', '20', 5),
    eth('sell', '2', '30', 6),
    eth('sell', '1.5', '10', 7),
    eth('buy', '1', '10', 8),
    eth('sell', '0.5', '5', 9),
  ];
  const { disposals, summary: totals, holdings, warnings } = report({ trades }, 'average');
  const bySale = new Map<string, number>();
  for (const d of disposals) bySale.set(d.trade_id, (bySale.get(d.trade_id) ?? 0) + Number(d.gain));
  expect([...bySale.values()]).toEqual([5, -15, 20, -15, -2.5]);
  expect(totals.gain).toBe('-7.50');
  expect(holdings).toEqual([{ asset: 'ETH', wallet: null, amount: '0.5', cost_basis: '5.00', lots: 1 }]);
  expect(warnings.map((w) => w.code)).toEqual(['average_cost_us']);
});

describe('holding period by calendar anniversary', () => {
  it.each([
    ['2024-01-15', '2025-01-15', 'short', 366],
    ['2024-01-15', '2025-01-16', 'long', 367],
    ['2024-02-29', '2025-02-28', 'short', 365],
    ['2024-02-29', '2025-03-01', 'long', 366],
    ['2023-03-01', '2024-03-01', 'short', 366],
    ['2023-03-01', '2024-03-02', 'long', 367],
  ])('acquired %s, sold %s → %s (%i days)', (acquired, sold, term, days) => {
    const { disposals } = report({
      trades: [trade('buy', 'BTC', '1', '100', acquired), trade('sell', 'BTC', '1', '150', sold)],
    });
    expect(disposals[0]).toMatchObject({
      date_acquired: acquired,
      date_sold: sold,
      term,
      holding_days: days,
    });
  });
});

describe('average cost with mixed terms, and the estimated tax', () => {
  const trades = [
    trade('buy', 'XYZ', '200', '10', '2008-05-15'),
    trade('buy', 'XYZ', '200', '12', '2009-05-14'),
    trade('sell', 'XYZ', '300', '15', '2009-11-10'),
  ];

  it('cost 3,300, gain 1,200 = long 800 (200 units, cost 2,200) + short 400 (100 units, cost 1,100)', () => {
    const { disposals, summary: totals } = report({ trades }, 'average');
    expect(totals).toMatchObject({ cost_basis: '3300.00', gain: '1200.00' });
    expect(disposals.map((d) => [d.term, d.amount, d.cost_basis, d.gain])).toEqual([
      ['long', '200', '2200.00', '800.00'],
      ['short', '100', '1100.00', '400.00'],
    ]);
  });

  it('rates 0.37/0.15: FIFO 261, LIFO 297, average 268; FIFO recommended', () => {
    const result = summary({ trades, short_term_rate: '0.37', long_term_rate: '0.15' });
    expect(result.methods.fifo.estimated_tax).toBe('261.00');
    expect(result.methods.lifo.estimated_tax).toBe('297.00');
    expect(result.methods.average.estimated_tax).toBe('268.00');
    expect(result.recommendation).toMatchObject({ method: 'fifo' });
    expect(result.recommendation).not.toHaveProperty('note');
  });
});
