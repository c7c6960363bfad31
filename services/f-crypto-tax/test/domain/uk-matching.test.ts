// The UK matching beyond HMRC's examples: rule order, the 30-day window in UK days, removals,
// shortfalls, several assets, rounding.
import { describe, expect, it } from 'vitest';
import { buy, matchesOf, remove, runUk, sell } from './uk-helpers.js';
import { problemOf } from './helpers.js';

describe('one disposal over all three rules', () => {
  it('same day, then the 30 days, then the pool', () => {
    const { rows, pools } = runUk([
      buy('BTC', '10', '1000', '2024-01-01'),
      buy('BTC', '2', '300', '2024-06-01T09:00:00Z'),
      sell('BTC', '6', '1200', '2024-06-01T10:00:00Z', 's'),
      buy('BTC', '1', '160', '2024-06-06'),
    ]);
    expect(rows[0]).toMatchObject({
      amount: '6',
      proceeds: '1200.00',
      cost_basis: '760.00',
      gain: '440.00',
      trade_ids: ['s'],
    });
    expect(matchesOf(rows[0]!)).toEqual([
      ['same_day', '2', '300.00', '2024-06-01'],
      ['bed_and_breakfast', '1', '160.00', '2024-06-06'],
      ['s104', '3', '300.00', null],
    ]);
    expect(pools).toEqual({ BTC: ['7', '700.00'] });
  });

  it('a later acquisition serves its own day first, then the earlier disposal', () => {
    const { rows, pools } = runUk([
      buy('BTC', '4', '400', '2024-01-01'),
      sell('BTC', '2', '500', '2024-06-01'),
      buy('BTC', '3', '900', '2024-06-10T09:00:00Z'),
      sell('BTC', '2', '700', '2024-06-10T15:00:00Z'),
    ]);
    expect(matchesOf(rows[0]!)).toEqual([
      ['bed_and_breakfast', '1', '300.00', '2024-06-10'],
      ['s104', '1', '100.00', null],
    ]);
    expect(matchesOf(rows[1]!)).toEqual([['same_day', '2', '600.00', '2024-06-10']]);
    expect(pools).toEqual({ BTC: ['3', '300.00'] });
  });

  it('an acquisition shared by two earlier disposals goes to the earlier first; the rest joins the pool on its day', () => {
    const { rows, pools } = runUk([
      buy('BTC', '10', '1000', '2024-01-01'),
      sell('BTC', '3', '600', '2024-06-01'),
      sell('BTC', '2', '400', '2024-06-05'),
      buy('BTC', '6', '1500', '2024-06-08'),
      sell('BTC', '1', '300', '2024-07-01'),
    ]);
    expect(matchesOf(rows[0]!)).toEqual([['bed_and_breakfast', '3', '750.00', '2024-06-08']]);
    expect(matchesOf(rows[1]!)).toEqual([['bed_and_breakfast', '2', '500.00', '2024-06-08']]);
    // The pool is untouched (10 / 1000) until 8 June, when the unused unit (250) joins: 11 / 1250.
    expect(matchesOf(rows[2]!)).toEqual([['s104', '1', '113.64', null]]);
    expect(pools).toEqual({ BTC: ['10', '1136.36'] });
  });

  it('bed and breakfast takes several days earliest first and stops when the disposal is matched', () => {
    const { rows, pools } = runUk([
      buy('ETH', '5', '50', '2024-01-01'),
      sell('ETH', '3', '90', '2024-06-01'),
      buy('ETH', '1', '20', '2024-06-02'),
      buy('ETH', '1', '30', '2024-06-03'),
      buy('ETH', '2', '80', '2024-06-04'),
      buy('ETH', '1', '50', '2024-06-05'),
    ]);
    expect(matchesOf(rows[0]!)).toEqual([
      ['bed_and_breakfast', '1', '20.00', '2024-06-02'],
      ['bed_and_breakfast', '1', '30.00', '2024-06-03'],
      ['bed_and_breakfast', '1', '40.00', '2024-06-04'],
    ]);
    expect(pools).toEqual({ ETH: ['7', '140.00'] });
  });
});

describe('the 30 days are UK days', () => {
  const history = (buyAt: string) =>
    runUk([
      buy('BTC', '5', '500', '2023-12-01'),
      sell('BTC', '1', '300', '2024-03-01T12:00:00Z'),
      buy('BTC', '1', '250', buyAt),
    ]);

  it('day + 30 (31 March 23:30 BST) is bed and breakfast', () => {
    expect(matchesOf(history('2024-03-31T22:30:00Z').rows[0]!)).toEqual([
      ['bed_and_breakfast', '1', '250.00', '2024-03-31'],
    ]);
  });

  it('day + 31 (1 April 00:30 BST, still 31 March in UTC) is not', () => {
    expect(matchesOf(history('2024-03-31T23:30:00Z').rows[0]!)).toEqual([['s104', '1', '100.00', null]]);
  });

  it('23:30 and 00:30 UTC are one day in summer (BST) and two in winter (GMT)', () => {
    const summer = runUk([
      sell('BTC', '1', '20', '2023-07-10T23:30:00Z'),
      buy('BTC', '1', '18', '2023-07-11T00:30:00Z'),
    ]);
    expect(summer.rows[0]!.date_sold).toBe('2023-07-11');
    expect(matchesOf(summer.rows[0]!)).toEqual([['same_day', '1', '18.00', '2023-07-11']]);
    const winter = runUk([
      sell('BTC', '1', '20', '2023-12-10T23:30:00Z'),
      buy('BTC', '1', '18', '2023-12-11T00:30:00Z'),
    ]);
    expect(winter.rows[0]!.date_sold).toBe('2023-12-10');
    expect(matchesOf(winter.rows[0]!)).toEqual([['bed_and_breakfast', '1', '18.00', '2023-12-11']]);
  });

  it('a sale at 23:30 BST on 5 April is in the earlier tax year, one at 00:30 BST on 6 April in the next', () => {
    const { rows, years } = runUk([
      buy('BTC', '4', '400', '2023-01-01'),
      sell('BTC', '1', '200', '2024-04-05T22:30:00Z'),
      sell('BTC', '1', '200', '2024-04-05T23:30:00Z'),
    ]);
    expect(rows.map((r) => r.date_sold)).toEqual(['2024-04-05', '2024-04-06']);
    expect(years).toEqual([2023, 2024]);
  });
});

describe('one disposal a day per asset', () => {
  it('the trade ids of the day in time order; assets matched apart; rows in order of first sale', () => {
    const { rows, pools } = runUk([
      buy('ETH', '10', '100', '2024-01-01'),
      buy('BTC', '10', '1000', '2024-01-01'),
      sell('ETH', '1', '20', '2024-06-01T16:00:00Z', 'e2'),
      sell('BTC', '1', '200', '2024-06-01T10:00:00Z', 'b1'),
      sell('ETH', '1', '20', '2024-06-01T08:00:00Z', 'e1'),
      buy('BTC', '1', '150', '2024-06-02'),
    ]);
    expect(rows.map((r) => [r.asset, r.trade_ids, r.amount, r.cost_basis])).toEqual([
      ['ETH', ['e1', 'e2'], '2', '20.00'],
      ['BTC', ['b1'], '1', '150.00'],
    ]);
    expect(pools).toEqual({ BTC: ['10', '1000.00'], ETH: ['8', '80.00'] });
  });

  it('pools come sorted by asset, an emptied one included', () => {
    const { pools, exactPools } = runUk([
      buy('ZRX', '1', '1', '2024-01-01'),
      buy('ADA', '1', '1', '2024-01-01'),
      sell('ADA', '1', '2', '2024-02-01'),
    ]);
    expect(exactPools.map((p) => p.asset)).toEqual(['ADA', 'ZRX']);
    expect(pools).toEqual({ ADA: ['0', '0.00'], ZRX: ['1', '1.00'] });
  });

  it('a day whose first event is the first of the history keeps its place', () => {
    const { rows } = runUk(
      [
        sell('ETH', '1', '5', '2024-06-01T08:00:00Z', 'e1'),
        sell('BTC', '1', '5', '2024-06-01T09:00:00Z', 'b'),
        sell('ETH', '1', '5', '2024-06-01T10:00:00Z', 'e2'),
      ],
      'zero_basis',
    );
    expect(rows.map((r) => r.trade_ids)).toEqual([['e1', 'e2'], ['b']]);
  });
});

describe('removals (a transfer fee added to basis): units leave, the cost stays', () => {
  it('the rest of the pool carries the whole cost', () => {
    const { rows, pools } = runUk([
      buy('BTC', '2', '20000', '2024-01-01'),
      remove('BTC', '0.01', '2024-02-01'),
      sell('BTC', '0.99', '30000', '2024-03-01'),
    ]);
    // 20,000 × 0.99 / 1.99
    expect(matchesOf(rows[0]!)).toEqual([['s104', '0.99', '9949.75', null]]);
    expect(pools).toEqual({ BTC: ['1', '10050.25'] });
  });

  it('in time order within a day: before the disposal it raises the average, after it not', () => {
    const before = runUk([
      buy('BTC', '1', '1000', '2024-01-01'),
      remove('BTC', '0.5', '2024-03-01T09:00:00Z'),
      sell('BTC', '0.5', '900', '2024-03-01T10:00:00Z'),
    ]);
    expect(matchesOf(before.rows[0]!)).toEqual([['s104', '0.5', '1000.00', null]]);
    const after = runUk([
      buy('BTC', '1', '1000', '2024-01-01'),
      sell('BTC', '0.5', '900', '2024-03-01T09:00:00Z'),
      remove('BTC', '0.25', '2024-03-01T10:00:00Z'),
    ]);
    expect(matchesOf(after.rows[0]!)).toEqual([['s104', '0.5', '500.00', null]]);
    expect(after.pools).toEqual({ BTC: ['0.25', '500.00'] });
  });

  it("a removal can take the day's own purchase once it has joined the pool", () => {
    const { pools } = runUk([
      buy('BTC', '1', '1000', '2024-03-01T09:00:00Z'),
      remove('BTC', '0.1', '2024-03-01T10:00:00Z'),
    ]);
    expect(pools).toEqual({ BTC: ['0.9', '1000.00'] });
  });

  it('a removal of more than the pool holds is refused, whatever insufficient_holdings says', () => {
    for (const mode of ['error', 'zero_basis'] as const) {
      expect(
        problemOf(() =>
          runUk(
            [
              buy('BTC', '1', '1000', '2024-03-01T10:00:00Z'),
              remove('BTC', '0.1', '2024-03-01T09:00:00Z', 'fee'),
            ],
            mode,
          ),
        ),
      ).toMatchObject({
        status: 422,
        code: 'insufficient_holdings',
        detail: 'trade fee removes 0.1 BTC but the pool holds only 0 at that time',
        trade_id: 'fee',
        asset: 'BTC',
        shortfall: '0.1',
      });
    }
  });
});

describe('insufficient holdings', () => {
  const short = [
    buy('BTC', '1', '100', '2024-01-01'),
    sell('BTC', '1', '300', '2024-06-01T09:00:00Z', 'a'),
    sell('BTC', '2', '600', '2024-06-01T10:00:00Z', 'b'),
    buy('BTC', '0.5', '150', '2024-06-20'),
  ];

  it('422 naming the first sale of the day, the asset and the shortfall', () => {
    expect(problemOf(() => runUk(short))).toMatchObject({
      status: 422,
      code: 'insufficient_holdings',
      detail:
        'the disposals of BTC on 2024-06-01 (trade a, b) sell 3 but only 1.5 is held or bought back within 30 days',
      trade_id: 'a',
      asset: 'BTC',
      shortfall: '1.5',
    });
  });

  it('zero_basis: the missing part is a zero-cost match, with a warning', () => {
    const { rows, warnings, pools } = runUk(short, 'zero_basis');
    expect(matchesOf(rows[0]!)).toEqual([
      ['bed_and_breakfast', '0.5', '150.00', '2024-06-20'],
      ['s104', '1', '100.00', null],
      ['zero_basis', '1.5', '0.00', null],
    ]);
    expect(rows[0]).toMatchObject({ proceeds: '900.00', cost_basis: '250.00', gain: '650.00' });
    expect(warnings).toEqual([
      {
        code: 'zero_basis',
        message:
          'the disposals of BTC on 2024-06-01 sold 1.5 more than was held or bought back within 30 days; that part has a zero cost',
        trade_id: 'a',
        asset: 'BTC',
        shortfall: '1.5',
      },
    ]);
    expect(pools).toEqual({ BTC: ['0', '0.00'] });
  });

  it('a sale with nothing ever held is all zero basis; warnings follow the disposals in time order', () => {
    const { rows, warnings } = runUk(
      [
        sell('ETH', '1', '5', '2024-06-02', 'e'),
        sell('BTC', '1', '5', '2024-06-01', 'b'),
        buy('SOL', '1', '1', '2024-01-01'),
        sell('SOL', '1', '5', '2024-06-03', 'fine'),
      ],
      'zero_basis',
    );
    expect(rows.map((r) => [r.asset, matchesOf(r)])).toEqual([
      ['BTC', [['zero_basis', '1', '0.00', null]]],
      ['ETH', [['zero_basis', '1', '0.00', null]]],
      ['SOL', [['s104', '1', '1.00', null]]],
    ]);
    expect(warnings.map((w) => w.trade_id)).toEqual(['b', 'e']);
  });
});

describe('rounding', () => {
  it('each match cost to pence half-up, the pool kept exact', () => {
    const { rows, exactPools } = runUk([
      buy('BTC', '2', '0.01', '2024-01-01'),
      sell('BTC', '1', '1.005', '2024-02-01'),
      sell('BTC', '1', '1', '2024-03-01'),
    ]);
    expect(rows.map((r) => [r.proceeds, r.cost_basis, r.gain])).toEqual([
      ['1.01', '0.01', '1.00'],
      ['1.00', '0.01', '0.99'],
    ]);
    expect(exactPools[0]!.cost.toFixed()).toBe('0');
  });

  it('thirds: the last unit takes the exact rest', () => {
    const { matched } = runUk([
      buy('BTC', '3', '100', '2024-01-01'),
      ...['1', '1', '1'].map((n, i) => sell('BTC', n, '50', `2024-0${i + 2}-01`)),
    ]);
    const costs = matched.disposals.map((d) => d.matches[0]!.cost);
    expect(costs.reduce((a, b) => a.plus(b)).toFixed()).toBe('100');
    expect(costs[0]!.toFixed()).toBe('33.333333333333333333333333');
  });

  it('equal instants keep input order', () => {
    const { rows } = runUk([
      buy('BTC', '1', '100', '2024-01-01'),
      remove('BTC', '0.5', '2024-02-01T10:00:00Z'),
      sell('BTC', '0.5', '80', '2024-02-01T10:00:00Z'),
    ]);
    expect(matchesOf(rows[0]!)).toEqual([['s104', '0.5', '100.00', null]]);
  });
});
