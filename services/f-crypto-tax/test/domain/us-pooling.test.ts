// US rules by date (Rev. Proc. 2024-28): universal matching before 2025-01-01, per wallet after, open
// lots staying where they were bought or moved; and method_by_year.
import { describe, expect, it } from 'vitest';
import { holdingsReport } from '../../src/domain/index.js';
import { holdingsInput } from '../../src/schemas.js';
import { calc, problemOf, trade } from './helpers.js';

const holdings = (body: Record<string, unknown>) => {
  const { trades, method, options } = holdingsInput.parse(body);
  return holdingsReport(trades, method, options);
};

const history = [
  trade('buy', 'BTC', '1', '100', '2024-01-10', { id: 'a', wallet: 'A' }),
  trade('buy', 'BTC', '1', '200', '2024-02-10', { id: 'b', wallet: 'B' }),
  trade('sell', 'BTC', '0.5', '300', '2024-06-01', { id: 's24', wallet: 'B' }),
  trade('sell', 'BTC', '0.5', '400', '2025-03-01', { id: 's25', wallet: 'B' }),
];

const RULE = {
  pooling: 'universal_then_per_wallet',
  source: 'rev_proc_2024_28',
  reason:
    'US: disposals before 2025-01-01 match across wallets, later ones within their wallet (Treas. Reg. §1.1012-1(j), Rev. Proc. 2024-28); open lots stay in the wallet they were bought in or moved to',
};

describe('US pooling by date', () => {
  it('2024 sale matches across wallets (A’s older lot), 2025 sale only within B; holdings per wallet', () => {
    const report = calc({ trades: history, jurisdiction: 'US' });
    expect(report.pooling_rule).toEqual(RULE);
    expect(report.disposals.map((d) => [d.trade_id, d.lots[0]!.trade_id, d.cost_basis, d.gain])).toEqual([
      ['s24', 'a', '50.00', '100.00'],
      ['s25', 'b', '100.00', '100.00'],
    ]);
    expect(report.holdings).toEqual([
      { asset: 'BTC', wallet: 'A', amount: '0.5', cost_basis: '50.00', lots: 1 },
      { asset: 'BTC', wallet: 'B', amount: '0.5', cost_basis: '100.00', lots: 1 },
    ]);
  });

  it('an explicit pooling wins over the date rule', () => {
    const report = calc({ trades: history, jurisdiction: 'US', pooling: 'universal' });
    expect(report.pooling_rule).toEqual({
      pooling: 'universal',
      source: 'request',
      reason: '`pooling` given in the request',
    });
    expect(report.disposals.map((d) => [d.lots[0]!.trade_id, d.gain])).toEqual([
      ['a', '100.00'],
      ['a', '150.00'],
    ]);
    expect(report.holdings).toEqual([
      { asset: 'BTC', wallet: null, amount: '1', cost_basis: '200.00', lots: 1 },
    ]);
  });

  it('holdings are per wallet only once per_wallet is in force at the end', () => {
    const before = holdings({ trades: history, jurisdiction: 'US', as_of: '2024-12-31' });
    expect(before.holdings.map((h) => [h.wallet, h.amount, h.cost_basis])).toEqual([[null, '1.5', '250.00']]);
    const after = holdings({ trades: history, jurisdiction: 'US', as_of: '2025-01-01' });
    expect(after.pooling_rule).toEqual(RULE);
    expect(after.holdings.map((h) => [h.wallet, h.amount, h.cost_basis])).toEqual([
      ['A', '0.5', '50.00'],
      ['B', '1', '200.00'],
    ]);
    // A history that ends in 2024 reports one pool per asset.
    expect(calc({ trades: history.slice(0, 3), jurisdiction: 'US' }).holdings[0]!.wallet).toBeNull();
  });

  it('lots moved in 2024 stay in the wallet they were moved to', () => {
    const moved = [
      trade('buy', 'ETH', '2', '100', '2024-01-01', { id: 'e', wallet: 'A' }),
      { type: 'transfer', asset: 'ETH', amount: '1', date: '2024-05-01', from_wallet: 'A', to_wallet: 'B' },
      trade('sell', 'ETH', '1', '150', '2025-02-01', { id: 'x', wallet: 'B' }),
    ];
    const report = calc({ trades: moved, jurisdiction: 'US' });
    expect(report.disposals.map((d) => [d.lots[0]!.trade_id, d.gain])).toEqual([['e', '50.00']]);
    expect(report.holdings).toEqual([
      { asset: 'ETH', wallet: 'A', amount: '1', cost_basis: '100.00', lots: 1 },
    ]);
  });

  it('our allocation: a 2025 sale from a wallet whose lots a 2024 sale consumed is insufficient there', () => {
    const crossed = [
      trade('buy', 'BTC', '1', '100', '2024-01-10', { wallet: 'A' }),
      trade('buy', 'BTC', '1', '200', '2024-02-10', { wallet: 'B' }),
      trade('sell', 'BTC', '1', '300', '2024-06-01', { wallet: 'B' }),
      trade('sell', 'BTC', '1', '400', '2025-03-01', { id: 'late', wallet: 'A' }),
    ];
    expect(problemOf(() => calc({ trades: crossed, jurisdiction: 'US' }))).toMatchObject({
      code: 'insufficient_holdings',
      trade_id: 'late',
      wallet: 'A',
      shortfall: '1',
    });
  });
});

describe('method_by_year', () => {
  const trades = [
    trade('buy', 'BTC', '1', '100', '2023-01-01', { id: 'low' }),
    trade('buy', 'BTC', '1', '300', '2023-06-01', { id: 'high' }),
    trade('buy', 'BTC', '1', '200', '2023-07-01', { id: 'mid' }),
    trade('sell', 'BTC', '1', '250', '2023-12-01'),
    trade('sell', 'BTC', '1', '250', '2024-02-01'),
    trade('sell', 'BTC', '1', '250', '2025-02-01'),
  ];

  it('a listed year uses its method, others `method`; lots left by one year carry into the next', () => {
    const report = calc({ trades, jurisdiction: 'US', method_by_year: { 2023: 'hifo', 2024: 'lifo' } });
    expect(report.method).toBe('fifo');
    expect(report.disposals.map((d) => [d.date_sold, d.lots[0]!.trade_id, d.gain])).toEqual([
      ['2023-12-01', 'high', '-50.00'],
      ['2024-02-01', 'mid', '50.00'],
      ['2025-02-01', 'low', '150.00'],
    ]);
  });

  it('outside the US → 422 unsupported_method_for_jurisdiction at /method_by_year', () => {
    for (const jurisdiction of [undefined, 'AU']) {
      expect(problemOf(() => calc({ trades, jurisdiction, method_by_year: { 2023: 'hifo' } }))).toMatchObject(
        {
          status: 422,
          code: 'unsupported_method_for_jurisdiction',
          errors: [{ path: '/method_by_year' }],
        },
      );
    }
  });

  it.each([
    [{ 23: 'hifo' }, '23', /four-digit year/],
    [{ 2023: 'average' }, '2023', /"fifo", "lifo" or "hifo"/],
    [{ 2023: 'HIFO' }, '2023', /"fifo", "lifo" or "hifo"/],
  ])('%j → 400 at /method_by_year/%s', (methodByYear, key, message) => {
    let issues: Array<{ path: unknown[]; message: string }> = [];
    try {
      calc({ trades, jurisdiction: 'US', method_by_year: methodByYear });
    } catch (error) {
      issues = (error as { issues: typeof issues }).issues;
    }
    expect(issues).toHaveLength(1);
    expect(issues[0]!.path).toEqual(['method_by_year', key]);
    expect(issues[0]!.message).toMatch(message);
  });

  it('at most 100 years', () => {
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [String(1950 + i), 'fifo']));
    expect(() => calc({ trades, jurisdiction: 'US', method_by_year: many })).toThrow(/at most 100 years/);
  });
});
