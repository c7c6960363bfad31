// Holdings at a date, by exact values worked out by hand, and cross-checked against /calculate's own
// holdings and gains on the same trades (the same engine must agree with itself at every cut-off).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { holdingsReport, type Method } from '../../src/domain/index.js';
import { holdingsInput } from '../../src/schemas.js';
import { METHODS, problemOf, report, trade } from './helpers.js';

const holdings = (body: Record<string, unknown>) => {
  const { trades, method, options } = holdingsInput.parse(body);
  return holdingsReport(trades, method, options);
};

const history = [
  trade('buy', 'BTC', '1', '30000', '2024-01-15', { fee: '5' }),
  trade('buy', 'BTC', '0.5', '40000', '2024-06-01'),
  trade('buy', 'BTC', '0.5', '20000', '2024-09-01'),
  trade('sell', 'BTC', '0.75', '45000', '2025-03-01'),
  trade('buy', 'ETH', '2', '1500', '2025-03-01'),
];

describe('holdings at a date, by hand', () => {
  it('fifo: the sale takes 0.75 of the first lot; value and unrealised gain at the price', () => {
    const answer = holdings({
      trades: history,
      prices: { BTC: '65000', ETH: '3000.005' },
      as_of: '2025-12-31',
    });
    expect(answer).toEqual({
      as_of: '2025-12-31',
      base_currency: 'USD',
      method: 'fifo',
      jurisdiction: null,
      pooling_rule: {
        pooling: 'universal',
        source: 'default',
        reason: 'no `pooling` given: one pool per asset across all wallets',
      },
      holdings: [
        {
          asset: 'BTC',
          wallet: null,
          amount: '1.25',
          cost_basis: '37501.25',
          price: '65000',
          value: '81250.00',
          unrealised_gain: '43748.75',
          lots: [
            { trade_id: '0', date_acquired: '2024-01-15', amount: '0.25', cost: '7501.25' },
            { trade_id: '1', date_acquired: '2024-06-01', amount: '0.5', cost: '20000.00' },
            { trade_id: '2', date_acquired: '2024-09-01', amount: '0.5', cost: '10000.00' },
          ],
        },
        {
          asset: 'ETH',
          wallet: null,
          amount: '2',
          cost_basis: '3000.00',
          price: '3000.005',
          value: '6000.01',
          unrealised_gain: '3000.01',
          lots: [{ trade_id: '4', date_acquired: '2025-03-01', amount: '2', cost: '3000.00' }],
        },
      ],
      // 33,750 − 0.75 × 30,005 = 11,246.25
      totals: {
        cost_basis: '40501.25',
        value: '87250.01',
        unrealised_gain: '46748.76',
        realised_gain: '11246.25',
      },
      warnings: [],
    });
  });

  it('hifo and lifo leave different lots, listed oldest first', () => {
    const lots = (method: Method) =>
      holdings({ trades: history, method, as_of: '2025-03-01' }).holdings[0]!.lots.map((lot) => [
        lot.trade_id,
        lot.amount,
        lot.cost,
      ]);
    // hifo: 0.5 at 40,000/unit, then 0.25 at 30,005/unit
    expect(lots('hifo')).toEqual([
      ['0', '0.75', '22503.75'],
      ['2', '0.5', '10000.00'],
    ]);
    // lifo: the newest 0.5 (20,000/unit), then 0.25 of the 40,000/unit lot
    expect(lots('lifo')).toEqual([
      ['0', '1', '30005.00'],
      ['1', '0.25', '10000.00'],
    ]);
  });

  it('average: each open lot carries its share of the pool; the last takes the exact rest', () => {
    const answer = holdings({ trades: history.slice(0, 2), method: 'average', year: 2024 });
    expect(answer.as_of).toBe('2024-12-31');
    expect(answer.holdings[0]).toMatchObject({
      amount: '1.5',
      cost_basis: '50005.00',
      price: null,
      value: null,
      unrealised_gain: null,
      lots: [
        { trade_id: '0', amount: '1', cost: '33336.67' },
        { trade_id: '1', amount: '0.5', cost: '16668.33' },
      ],
    });
    expect(answer.totals).toEqual({
      cost_basis: '50005.00',
      value: null,
      unrealised_gain: null,
      realised_gain: '0.00',
    });
    expect(answer.warnings.map((w) => w.code)).toEqual(['average_cost_us']);
  });

  it('counts the trades of the as_of day and none after it', () => {
    const before = holdings({ trades: history, as_of: '2025-02-28' });
    expect(before.holdings.map((h) => [h.asset, h.amount])).toEqual([['BTC', '2']]);
    expect(before.totals.realised_gain).toBe('0.00');
    const on = holdings({ trades: history, as_of: '2025-03-01' });
    expect(on.holdings.map((h) => [h.asset, h.amount])).toEqual([
      ['BTC', '1.25'],
      ['ETH', '2'],
    ]);
    expect(on.totals.realised_gain).toBe('11246.25');
    expect(holdings({ trades: history, year: 2023 }).holdings).toEqual([]);
  });

  it('per_wallet pooling: a position per wallet, and the rule says it was asked for', () => {
    const trades = [
      trade('buy', 'BTC', '1', '100', '2024-01-01', { wallet: 'cold' }),
      trade('buy', 'BTC', '1', '200', '2024-01-02', { wallet: 'hot' }),
      trade('sell', 'BTC', '0.5', '300', '2024-02-01', { wallet: 'hot' }),
    ];
    const answer = holdings({ trades, pooling: 'per_wallet', prices: { btc: '400' }, as_of: '2024-12-31' });
    expect(answer.pooling_rule).toEqual({
      pooling: 'per_wallet',
      source: 'request',
      reason: '`pooling` given in the request',
    });
    expect(
      answer.holdings.map((h) => [h.wallet, h.amount, h.cost_basis, h.value, h.unrealised_gain]),
    ).toEqual([
      ['cold', '1', '100.00', '400.00', '300.00'],
      ['hot', '0.5', '100.00', '200.00', '100.00'],
    ]);
    expect(answer.totals).toEqual({
      cost_basis: '200.00',
      value: '600.00',
      unrealised_gain: '400.00',
      realised_gain: '50.00',
    });
  });

  it('a price for only some held assets leaves the totals null; a zero price is a price', () => {
    const some = holdings({ trades: history, prices: { BTC: '0' }, as_of: '2025-12-31' });
    expect(some.holdings.map((h) => h.value)).toEqual(['0.00', null]);
    expect(some.holdings[0]!.unrealised_gain).toBe('-37501.25');
    expect(some.totals.value).toBeNull();
    expect(some.totals.unrealised_gain).toBeNull();
  });

  it('refuses what it cannot read, naming the field', () => {
    const issues = (body: Record<string, unknown>) =>
      holdingsInput.safeParse(body).error?.issues.map((issue) => [issue.path.join('/'), issue.message]);
    expect(issues({ trades: history, as_of: '2025-02-30' })).toEqual([
      ['as_of', 'must be a calendar date YYYY-MM-DD'],
    ]);
    expect(issues({ trades: history, as_of: '2025-03-01T10:00:00Z' })).toEqual([
      ['as_of', 'must be a calendar date YYYY-MM-DD'],
    ]);
    expect(issues({ trades: history, year: 2024, prices: { BTC: '-1' } })?.[0]?.[0]).toBe('prices/BTC');
    expect(issues({ trades: history })).toEqual([['as_of', 'give one of "as_of" (a date) or "year"']]);
    expect(issues({ trades: history, as_of: '2024-01-01', year: 2024 })).toEqual([
      ['year', 'give only one of "as_of" (a date) or "year"'],
    ]);
  });

  it('a sale beyond the holdings is the same 422 as /calculate', () => {
    const trades = [trade('sell', 'BTC', '1', '100', '2024-01-01')];
    expect(problemOf(() => holdings({ trades, year: 2024 }))).toMatchObject({
      status: 422,
      code: 'insufficient_holdings',
    });
  });
});

describe('holdings agree with /calculate on the same trades', () => {
  const day = fc
    .integer({ min: 0, max: 60 })
    .map((d) => new Date(Date.UTC(2024, 0, 1 + d)).toISOString().slice(0, 10));
  const asset = fc.constantFrom('BTC', 'ETH');
  const buy = fc.record({
    asset,
    amount: fc.integer({ min: 1, max: 9 }),
    price: fc.integer({ min: 1, max: 999 }),
    date: day,
  });
  it('cost basis, amounts and open lots per asset; realised gain = Σ gains up to as_of', () => {
    fc.assert(
      fc.property(
        fc.array(buy, { minLength: 1, maxLength: 12 }),
        fc.array(fc.tuple(asset, day), { maxLength: 6 }),
        day,
        fc.constantFrom(...METHODS),
        (buys, sells, asOf, method) => {
          const trades = [
            ...buys.map((b) => trade('buy', b.asset, b.amount, b.price, b.date)),
            ...sells.map(([a, d]) => trade('sell', a, '0.5', '500', d)),
          ];
          const body = { trades, insufficient_holdings: 'zero_basis' };
          const answer = holdings({ ...body, method, as_of: asOf });
          const upTo = trades.filter((t) => t.date <= asOf);
          const gains = report({ ...body, trades: upTo }, method);
          expect(answer.totals.realised_gain).toBe(gains.summary.gain);
          expect(answer.holdings.map((h) => [h.asset, h.amount, h.cost_basis, h.lots.length])).toEqual(
            gains.holdings.map((h) => [h.asset, h.amount, h.cost_basis, h.lots]),
          );
          for (const h of answer.holdings) {
            const lotAmounts = h.lots.reduce((total, lot) => total + Number(lot.amount), 0);
            expect(lotAmounts).toBeCloseTo(Number(h.amount), 9);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
