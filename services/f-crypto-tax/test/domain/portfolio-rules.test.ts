// The engine's bookkeeping under transfers, the US switch and method_by_year, pinned case by case.
import { describe, expect, it } from 'vitest';
import { holdingsReport, methodsListing } from '../../src/domain/index.js';
import { holdingsInput } from '../../src/schemas.js';
import { calc, problemOf, summary, trade } from './helpers.js';

const move = (
  amount: string,
  date: string,
  from: string,
  to: string,
  extra: Record<string, unknown> = {},
) => ({
  type: 'transfer',
  asset: 'BTC',
  amount,
  date,
  from_wallet: from,
  to_wallet: to,
  ...extra,
});

describe('wallet bookkeeping', () => {
  it('a wallet named "null" is not the trades without a wallet', () => {
    const trades = [
      trade('buy', 'BTC', '1', '100', '2024-01-01'),
      trade('buy', 'BTC', '2', '200', '2024-01-02', { wallet: 'null' }),
    ];
    expect(calc({ trades, pooling: 'per_wallet' }).holdings.map((h) => [h.wallet, h.amount])).toEqual([
      [null, '1'],
      ['null', '2'],
    ]);
  });

  it('holdings list the no-wallet pool first, then wallets by name', () => {
    const trades = [
      trade('buy', 'BTC', '1', '1', '2024-01-01', { wallet: 'B' }),
      trade('buy', 'BTC', '1', '1', '2024-01-02'),
      trade('buy', 'BTC', '1', '1', '2024-01-03', { wallet: 'A' }),
      trade('buy', 'BTC', '1', '1', '2024-01-04'),
    ];
    expect(calc({ trades, pooling: 'per_wallet' }).holdings.map((h) => h.wallet)).toEqual([null, 'A', 'B']);
  });

  it('a wallet’s units go down with its sales and transfers out, and up with transfers in', () => {
    const bought = trade('buy', 'BTC', '2', '100', '2024-01-01', { wallet: 'A' });
    // Universal pooling: the sale from A is matched across wallets, but A has given its units.
    const sold = trade('sell', 'BTC', '2', '100', '2024-02-01', { wallet: 'A' });
    const other = trade('buy', 'BTC', '5', '100', '2024-01-15', { wallet: 'C' });
    expect(
      problemOf(() => calc({ trades: [bought, other, sold, move('1', '2024-03-01', 'A', 'B')] })),
    ).toMatchObject({
      code: 'insufficient_holdings',
      wallet: 'A',
      shortfall: '1',
    });
    // Moved out: A cannot move them again; B can.
    const out = move('2', '2024-02-01', 'A', 'B');
    expect(problemOf(() => calc({ trades: [bought, out, move('1', '2024-03-01', 'A', 'C')] }))).toMatchObject(
      {
        wallet: 'A',
        shortfall: '1',
      },
    );
    expect(
      calc({ trades: [bought, out, move('1.5', '2024-03-01', 'B', 'C')], pooling: 'per_wallet' }).holdings,
    ).toEqual([
      { asset: 'BTC', wallet: 'B', amount: '0.5', cost_basis: '50.00', lots: 1 },
      { asset: 'BTC', wallet: 'C', amount: '1.5', cost_basis: '150.00', lots: 1 },
    ]);
  });

  it('parts of one lot moved apart and back are listed in the order they were made', () => {
    const trades = [
      trade('buy', 'BTC', '1', '100', '2024-01-01', { id: 'x', wallet: 'A' }),
      move('0.3', '2024-02-01', 'A', 'B'),
    ];
    const {
      trades: read,
      method,
      options,
    } = holdingsInput.parse({ trades, method: 'lifo', as_of: '2024-12-31' });
    expect(holdingsReport(read, method, options).holdings[0]!.lots).toEqual([
      { trade_id: 'x', date_acquired: '2024-01-01', amount: '0.7', cost: '70.00' },
      { trade_id: 'x', date_acquired: '2024-01-01', amount: '0.3', cost: '30.00' },
    ]);
  });
});

describe('the US switch and method_by_year', () => {
  it('a sale at 2025-01-01T00:00Z is the first per-wallet disposal', () => {
    const trades = [
      trade('buy', 'BTC', '1', '100', '2024-01-10', { id: 'a', wallet: 'A' }),
      trade('buy', 'BTC', '1', '200', '2024-02-10', { id: 'b', wallet: 'B' }),
      trade('sell', 'BTC', '1', '300', '2025-01-01T00:00:00Z', { wallet: 'B' }),
    ];
    expect(calc({ trades, jurisdiction: 'US' }).disposals[0]!.lots[0]!.trade_id).toBe('b');
    const lastOf2024 = trades.map((t, i) => (i === 2 ? { ...t, date: '2024-12-31T23:59:59Z' } : t));
    expect(calc({ trades: lastOf2024, jurisdiction: 'US' }).disposals[0]!.lots[0]!.trade_id).toBe('a');
  });

  it('a buy into a pool re-ordered for another year keeps that order until the next sale', () => {
    const trades = [
      trade('buy', 'BTC', '1', '100', '2023-01-01', { id: 'low' }),
      trade('buy', 'BTC', '1', '300', '2023-02-01', { id: 'high' }),
      trade('sell', 'BTC', '1', '250', '2023-12-01'),
      trade('buy', 'BTC', '1', '500', '2024-01-05', { id: 'top' }),
      trade('buy', 'BTC', '1', '50', '2024-01-06', { id: 'bottom' }),
      trade('sell', 'BTC', '1', '250', '2024-02-01'),
      trade('sell', 'BTC', '1', '250', '2025-02-01'),
    ];
    const report = calc({ trades, jurisdiction: 'US', method_by_year: { 2023: 'hifo', 2024: 'hifo' } });
    expect(report.disposals.map((d) => d.lots[0]!.trade_id)).toEqual(['high', 'top', 'low']);
  });

  it('summary under the US rules computes every method, average included, across the switch', () => {
    const trades = [
      trade('buy', 'BTC', '1', '100', '2024-01-10', { wallet: 'A' }),
      trade('buy', 'BTC', '1', '300', '2024-02-10', { wallet: 'A' }),
      trade('sell', 'BTC', '1', '400', '2025-03-01', { wallet: 'A' }),
    ];
    const answer = summary({ trades, jurisdiction: 'US' });
    expect(answer.pooling_rule.pooling).toBe('universal_then_per_wallet');
    expect([answer.methods.fifo.gain, answer.methods.hifo.gain, answer.methods.average.gain]).toEqual([
      '300.00',
      '100.00',
      '200.00',
    ]);
  });
});

describe('answers', () => {
  it('income by kind is listed by kind name', () => {
    const income = (kind: string) => ({
      type: 'income',
      income_kind: kind,
      asset: 'ETH',
      amount: '1',
      price: '1',
      date: '2024-01-01',
    });
    const report = calc({ trades: ['staking', 'airdrop', 'salary', 'mining'].map(income) });
    expect(Object.keys(report.summary.income.by_kind)).toEqual(['airdrop', 'mining', 'salary', 'staking']);
  });

  it('the methods listing names the CSV formats', () => {
    expect(methodsListing().csv_formats).toEqual(['native', 'koinly', 'coinbase', 'kraken', 'binance']);
  });
});
