import { describe, expect, it } from 'vitest';
import { form8949 } from '../../src/domain/index.js';
import { problemOf, report, trade } from './helpers.js';

describe('fees and currencies', () => {
  it('a buy fee in the traded crypto is valued at the trade price; a sale fee in another asset by fee_fx_rate', () => {
    const { disposals } = report({
      trades: [
        trade('buy', 'ETH', '2', '1500', '2025-01-01', { fee: '0.01', fee_asset: 'ETH' }),
        trade('sell', 'ETH', '2', '2000', '2025-02-01', { fee: '0.5', fee_asset: 'BNB', fee_fx_rate: '600' }),
      ],
    });
    // cost = 3000 + 0.01 × 1500 = 3015; proceeds = 4000 − 0.5 × 600 = 3700
    expect(disposals[0]).toMatchObject({ cost_basis: '3015.00', proceeds: '3700.00', gain: '685.00' });
  });

  it('a quote other than the base is valued by the trade fx_rate, else fx_rates; the fee follows the quote', () => {
    const { disposals } = report({
      base_currency: 'USD',
      fx_rates: { EUR: '1.10', USDT: '1' },
      trades: [
        trade('buy', 'BTC', '1', '20000', '2025-01-01', { quote: 'EUR', fx_rate: '1.05', fee: '10' }),
        trade('sell', 'BTC', '1', '30000', '2025-02-01', { quote: 'USDT', fee: '3' }),
      ],
    });
    // cost = (20000 + 10) × 1.05 = 21010.50; proceeds = (30000 − 3) × 1 = 29997
    expect(disposals[0]).toMatchObject({ cost_basis: '21010.50', proceeds: '29997.00', gain: '8986.50' });
  });

  it('no rate for a quote → 422 missing_fx_rate naming the trade and the currency; a zero fee needs none', () => {
    expect(
      problemOf(() => report({ trades: [trade('buy', 'BTC', '1', '1', '2025-01-01', { quote: 'EUR' })] })),
    ).toMatchObject({ status: 422, code: 'missing_fx_rate', trade_id: '0', currency: 'EUR' });
    expect(
      report({ trades: [trade('buy', 'BTC', '1', '1', '2025-01-01', { fee: '0', fee_asset: 'BNB' })] })
        .holdings,
    ).toHaveLength(1);
  });

  it('lot and sale quantities are the amounts: fees never change them', () => {
    const { holdings } = report({
      trades: [
        trade('buy', 'BTC', '1', '100', '2025-01-01', { fee: '0.1', fee_asset: 'BTC' }),
        trade('sell', 'BTC', '0.4', '100', '2025-01-02', { fee: '0.1', fee_asset: 'BTC' }),
      ],
    });
    expect(holdings[0]).toMatchObject({ amount: '0.6', cost_basis: '66.00' });
  });
});

describe('order, pools and shortfalls', () => {
  it('equal timestamps keep input order: a sale listed before its same-instant buy is 422', () => {
    const at = '2025-01-01T10:00:00Z';
    expect(
      problemOf(() =>
        report({ trades: [trade('sell', 'BTC', '1', '10', at), trade('buy', 'BTC', '1', '5', at)] }),
      ),
    ).toMatchObject({
      status: 422,
      code: 'insufficient_holdings',
      trade_id: '0',
      asset: 'BTC',
      shortfall: '1',
    });
    expect(
      report({ trades: [trade('buy', 'BTC', '1', '5', at), trade('sell', 'BTC', '1', '10', at)] }).summary
        .gain,
    ).toBe('5.00');
  });

  it('trades are processed in time order, whatever the input order; offsets are honoured', () => {
    const { disposals } = report({
      trades: [
        trade('sell', 'BTC', '1', '10', '2025-01-02T01:45:00+02:00'),
        trade('buy', 'BTC', '1', '4', '2025-01-01T23:30:00Z'),
      ],
    });
    expect(disposals[0]).toMatchObject({
      date_acquired: '2025-01-01',
      date_sold: '2025-01-01',
      gain: '6.00',
    });
  });

  it('per_wallet pools match only within a wallet; no wallet is its own pool', () => {
    const trades = [
      trade('buy', 'BTC', '1', '100', '2025-01-01', { wallet: 'ledger' }),
      trade('buy', 'BTC', '1', '300', '2025-01-02', { wallet: 'exchange' }),
      trade('sell', 'BTC', '1', '500', '2025-01-03', { wallet: 'exchange' }),
    ];
    expect(report({ trades }).summary.gain).toBe('400.00');
    const perWallet = report({ trades, pooling: 'per_wallet' });
    expect(perWallet.summary.gain).toBe('200.00');
    expect(perWallet.holdings).toEqual([
      { asset: 'BTC', wallet: 'ledger', amount: '1', cost_basis: '100.00', lots: 1 },
    ]);
    expect(
      problemOf(() =>
        report({ trades: [...trades, trade('sell', 'BTC', '1', '1', '2025-01-04')], pooling: 'per_wallet' }),
      ),
    ).toMatchObject({ code: 'insufficient_holdings', shortfall: '1' });
  });

  it('zero_basis: the missing part is a zero-cost short row acquired on the sale date, with a warning', () => {
    const result = report({
      insufficient_holdings: 'zero_basis',
      trades: [
        trade('buy', 'BTC', '1', '100', '2024-01-01'),
        trade('sell', 'BTC', '1.5', '200', '2025-06-01'),
      ],
    });
    expect(result.disposals).toEqual([
      expect.objectContaining({ amount: '1', proceeds: '200.00', cost_basis: '100.00', term: 'long' }),
      {
        trade_id: '1',
        asset: 'BTC',
        amount: '0.5',
        date_acquired: '2025-06-01',
        date_sold: '2025-06-01',
        holding_days: 0,
        term: 'short',
        form_8949_box: 'I',
        proceeds: '100.00',
        cost_basis: '0.00',
        gain: '100.00',
        lots: [],
      },
    ]);
    expect(result.warnings).toEqual([
      expect.objectContaining({ code: 'zero_basis', trade_id: '1', asset: 'BTC', shortfall: '0.5' }),
    ]);
    expect(form8949(result).split('\r\n')[1]).toBe(
      '0.5 BTC,VARIOUS,06/01/2025,100.00,0.00,100.00,Short-term,I',
    );
  });

  it('HIFO: highest unit cost including the buy fee; equal unit costs go oldest first', () => {
    const { disposals } = report(
      {
        trades: [
          trade('buy', 'BTC', '1', '100', '2025-01-01', { id: 'a' }),
          trade('buy', 'BTC', '1', '99', '2025-01-02', { id: 'b', fee: '2' }),
          trade('buy', 'BTC', '1', '101', '2025-01-03', { id: 'c' }),
          trade('sell', 'BTC', '3', '200', '2025-01-04', { id: 's' }),
        ],
      },
      'hifo',
    );
    expect(disposals.map((d) => d.lots[0]!.trade_id)).toEqual(['b', 'c', 'a']);
  });
});

describe('rounding and totals', () => {
  it('each row is rounded half away from zero; the totals sum the rounded rows', () => {
    // One lot of 3 units costing 100 sold one unit at a time: 33.333… → 33.33 three times, then proceeds pro rata.
    const { disposals, summary: totals } = report({
      trades: [
        trade('buy', 'BTC', '3', '33.33333333', '2025-01-01', { fee: '0.00000001' }),
        trade('sell', 'BTC', '1', '0.005', '2025-01-02'),
        trade('sell', 'BTC', '1', '0.015', '2025-01-03'),
        trade('sell', 'BTC', '1', '0.025', '2025-01-04'),
      ],
    });
    expect(disposals.map((d) => [d.proceeds, d.cost_basis, d.gain])).toEqual([
      ['0.01', '33.33', '-33.32'],
      ['0.02', '33.33', '-33.31'],
      ['0.03', '33.33', '-33.30'],
    ]);
    expect(totals).toMatchObject({ proceeds: '0.06', cost_basis: '99.99', gain: '-99.93' });
    expect(totals.short_term).toEqual({
      proceeds: '0.06',
      cost_basis: '99.99',
      gain: '0.00',
      losses: '-99.93',
      net: '-99.93',
    });
  });

  it('year keeps the disposals of that UTC year; holdings and trades_processed see the whole history', () => {
    const trades = [
      trade('buy', 'BTC', '2', '100', '2023-06-01'),
      trade('sell', 'BTC', '1', '150', '2024-06-01'),
      trade('sell', 'BTC', '0.5', '50', '2025-06-01'),
    ];
    const result = report({ trades, year: 2025 });
    expect(result.disposals.map((d) => d.date_sold)).toEqual(['2025-06-01']);
    expect(result.summary).toMatchObject({ gain: '-25.00', by_year: { 2025: expect.anything() } });
    expect(Object.keys(result.summary.by_year)).toEqual(['2025']);
    expect(result.trades_processed).toBe(3);
    expect(result.holdings[0]!.amount).toBe('0.5');
  });

  it('several assets: by_asset and holdings sorted by asset', () => {
    const result = report({
      trades: [
        trade('buy', 'SOL', '10', '20', '2025-01-01'),
        trade('buy', 'ETH', '1', '2000', '2025-01-01'),
        trade('sell', 'SOL', '5', '30', '2025-02-01'),
        trade('sell', 'ETH', '0.5', '1000', '2025-02-01'),
      ],
    });
    expect(Object.keys(result.summary.by_asset)).toEqual(['ETH', 'SOL']);
    expect(result.summary.by_asset.ETH!.gain).toBe('-500.00');
    expect(result.summary.by_asset.SOL!.gain).toBe('50.00');
    expect(result.holdings.map((h) => h.asset)).toEqual(['ETH', 'SOL']);
  });

  it('no trades: zero totals and empty lists', () => {
    const result = report({ trades: [] });
    expect(result).toMatchObject({ trades_processed: 0, disposals: [], holdings: [], warnings: [] });
    expect(result.summary).toMatchObject({ proceeds: '0.00', gain: '0.00', by_asset: {}, by_year: {} });
    expect(result.summary.long_term).toEqual({
      proceeds: '0.00',
      cost_basis: '0.00',
      gain: '0.00',
      losses: '0.00',
      net: '0.00',
    });
  });
});
