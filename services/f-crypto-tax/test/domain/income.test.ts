// Income (staking, mining, airdrops, interest, rewards, salary): ordinary income at fair market value,
// never a capital gain, opening a lot with that basis (Rev. Rul. 2023-14; IRS FAQ A14).
import { describe, expect, it } from 'vitest';
import { calc } from './helpers.js';

const income = (kind: string, asset: string, amount: string, price: string, date: string, extra = {}) => ({
  type: 'income',
  income_kind: kind,
  asset,
  amount,
  price,
  date,
  ...extra,
});

const trades = [
  income('staking', 'ETH', '0.1', '2000', '2024-03-01', { id: 'st' }),
  income('airdrop', 'XYZ', '10', '0.5', '2024-04-01'),
  income('staking', 'ETH', '0.05', '3000.333', '2024-05-01'),
  income('salary', 'BTC', '0.01', '90', '2023-12-31', { quote: 'EUR', fx_rate: '1.1' }),
  { type: 'sell', asset: 'ETH', amount: '0.1', price: '2500', date: '2024-06-01', id: 'out' },
];

describe('income', () => {
  it('sums each income at fair market value in cents, by kind; the lot has that basis', () => {
    const report = calc({ trades });
    expect(report.summary.income).toEqual({
      total: '356.01',
      by_kind: { airdrop: '5.00', salary: '0.99', staking: '350.02' },
    });
    expect(report.disposals).toEqual([
      {
        trade_id: 'out',
        asset: 'ETH',
        amount: '0.1',
        date_acquired: '2024-03-01',
        date_sold: '2024-06-01',
        holding_days: 92,
        term: 'short',
        form_8949_box: 'C',
        proceeds: '250.00',
        cost_basis: '200.00',
        gain: '50.00',
        lots: [{ trade_id: 'st', amount: '0.1', cost: '200.00' }],
      },
    ]);
    // Income is not a gain: the totals are the sale's alone.
    expect(report.summary.gain).toBe('50.00');
    expect(report.holdings.map((h) => [h.asset, h.amount, h.cost_basis])).toEqual([
      ['BTC', '0.01', '0.99'],
      ['ETH', '0.05', '150.02'],
      ['XYZ', '10', '5.00'],
    ]);
  });

  it('`year` keeps the income dated in it', () => {
    expect(calc({ trades, year: 2023 }).summary.income).toEqual({
      total: '0.99',
      by_kind: { salary: '0.99' },
    });
    expect(calc({ trades: [] }).summary.income).toEqual({ total: '0.00', by_kind: {} });
  });

  it.each([
    [{ price: undefined }, 'price', 'required'],
    [{ income_kind: undefined }, 'income_kind', 'required'],
    [{ fee: '1' }, 'fee', 'not_allowed'],
    [{ from_wallet: 'A' }, 'from_wallet', 'not_allowed'],
  ])('%j → 400 at /trades/0/%s (%s)', (extra, field, code) => {
    let issues: Array<{ path: unknown[]; params?: { code: string } }> = [];
    try {
      calc({ trades: [{ ...trades[0], ...extra }] });
    } catch (error) {
      issues = (error as { issues: typeof issues }).issues;
    }
    expect(issues).toContainEqual(expect.objectContaining({ path: ['trades', 0, field], params: { code } }));
  });

  it('an unknown kind is refused at its path; a price in another currency needs a rate', () => {
    expect(() => calc({ trades: [income('gift', 'BTC', '1', '10', '2024-01-01')] })).toThrow(/income_kind/);
    expect(
      calc({ trades: [income('mining', 'BTC', '1', '10', '2024-01-01')] }).summary.income.by_kind,
    ).toEqual({
      mining: '10.00',
    });
    expect(() =>
      calc({ trades: [income('interest', 'BTC', '1', '10', '2024-01-01', { quote: 'EUR' })] }),
    ).toThrow(/fx_rate/);
  });
});
