// `jurisdiction: "GB"` through the request schemas: calculate, summary and holdings by the UK rules.
import { describe, expect, it } from 'vitest';
import { calculate, holdingsReport, methodsListing, summarize } from '../../src/domain/index.js';
import { computeUk } from '../../src/domain/uk/report.js';
import { calculateInput, holdingsInput, summaryInput } from '../../src/schemas.js';
import { problemOf, trade } from './helpers.js';

const gb = (body: Record<string, unknown>) => {
  const { trades, method, options } = calculateInput.parse({ jurisdiction: 'GB', ...body });
  return calculate(trades, method, options);
};
const gbSummary = (body: Record<string, unknown>) => {
  const { trades, options } = summaryInput.parse({ jurisdiction: 'GB', ...body });
  return summarize(trades, options);
};
const gbHoldings = (body: Record<string, unknown>) => {
  const { trades, method, options } = holdingsInput.parse({ jurisdiction: 'GB', ...body });
  return holdingsReport(trades, method, options);
};

const HMRC = {
  pooling: 'universal',
  source: 'hmrc',
  reason: 'GB: one section 104 pool per asset across all wallets (HMRC CRYPTO22200)',
};

describe('calculate under GB', () => {
  it('the whole report: fees in cost and out of proceeds, pounds by default, wallets pooled', () => {
    const answer = gb({
      trades: [
        trade('buy', 'BTC', '2', '10000', '2024-01-10', { fee: '20', wallet: 'a' }),
        trade('sell', 'BTC', '0.5', '16000', '2024-05-01T09:00:00Z', { fee: '10', wallet: 'b', id: 's1' }),
        trade('buy', 'BTC', '0.25', '15000', '2024-05-01T15:00:00Z', { wallet: 'b' }),
        trade('buy', 'BTC', '0.1', '14000', '2024-05-20', { wallet: 'a' }),
      ],
    });
    expect(answer).toEqual({
      method: 'average',
      base_currency: 'GBP',
      jurisdiction: 'GB',
      pooling_rule: HMRC,
      trades_processed: 4,
      disposals: [
        {
          asset: 'BTC',
          date_sold: '2024-05-01',
          trade_ids: ['s1'],
          amount: '0.5',
          proceeds: '7990.00',
          cost_basis: '6651.50',
          gain: '1338.50',
          matches: [
            { rule: 'same_day', amount: '0.25', cost: '3750.00', date_acquired: '2024-05-01' },
            { rule: 'bed_and_breakfast', amount: '0.1', cost: '1400.00', date_acquired: '2024-05-20' },
            { rule: 's104', amount: '0.15', cost: '1501.50', date_acquired: null },
          ],
        },
      ],
      summary: {
        disposals: 1,
        proceeds: '7990.00',
        cost_basis: '6651.50',
        gain: '1338.50',
        gains: '1338.50',
        losses: '0.00',
        income: { total: '0.00', by_kind: {} },
        by_asset: {
          BTC: {
            disposals: 1,
            proceeds: '7990.00',
            cost_basis: '6651.50',
            gain: '1338.50',
            gains: '1338.50',
            losses: '0.00',
          },
        },
        by_year: {
          '2024': {
            disposals: 1,
            proceeds: '7990.00',
            cost_basis: '6651.50',
            gain: '1338.50',
            gains: '1338.50',
            losses: '0.00',
            annual_exempt_amount: '3000.00',
            taxable_gain: '0.00',
            // SA108: the sale fee of 10 back in the proceeds and in the allowable costs.
            sa108: {
              disposals: 1,
              proceeds: '8000.00',
              allowable_costs: '6661.50',
              gains: '1338.50',
              losses: '0.00',
            },
            rate_periods: [
              {
                from: '2024-04-06',
                to: '2024-10-29',
                basic_rate: '0.10',
                higher_rate: '0.20',
                disposals: 1,
                proceeds: '7990.00',
                cost_basis: '6651.50',
                gain: '1338.50',
                gains: '1338.50',
                losses: '0.00',
              },
              {
                from: '2024-10-30',
                to: '2025-04-05',
                basic_rate: '0.18',
                higher_rate: '0.24',
                disposals: 0,
                proceeds: '0.00',
                cost_basis: '0.00',
                gain: '0.00',
                gains: '0.00',
                losses: '0.00',
              },
            ],
          },
        },
      },
      holdings: [{ asset: 'BTC', wallet: null, amount: '1.85', cost_basis: '18518.50', lots: 0 }],
      warnings: [],
    });
  });

  it('`year` is a tax year: 5 April 23:30 BST is in the earlier one, 00:30 BST on 6 April in the next', () => {
    const trades = [
      trade('buy', 'ETH', '3', '100', '2023-01-01'),
      trade('sell', 'ETH', '1', '150', '2024-04-05T22:30:00Z', { id: 'late' }),
      trade('sell', 'ETH', '1', '150', '2024-04-05T23:30:00Z', { id: 'early' }),
    ];
    const y2024 = gb({ trades, year: 2024 });
    expect(y2024.disposals.map((d) => ('trade_ids' in d ? [d.trade_ids, d.date_sold] : []))).toEqual([
      [['early'], '2024-04-06'],
    ]);
    expect(y2024.trades_processed).toBe(3);
    expect(Object.keys(y2024.summary.by_year)).toEqual(['2024']);
    expect(gb({ trades, year: 2023 }).summary.by_year).toHaveProperty('2023');
  });

  it('another base currency may be named; quotes are valued as usual', () => {
    const answer = gb({
      base_currency: 'USD',
      trades: [
        trade('buy', 'BTC', '1', '100', '2024-01-10', { quote: 'GBP', fx_rate: '1.25' }),
        trade('sell', 'BTC', '1', '200', '2024-03-10'),
      ],
    });
    expect(answer).toMatchObject({ base_currency: 'USD', summary: { cost_basis: '125.00', gain: '75.00' } });
  });

  it('fifo, lifo and hifo are refused; average is the method', () => {
    const trades = [trade('buy', 'BTC', '1', '1', '2024-01-01')];
    expect(problemOf(() => gb({ trades, method: 'fifo' }))).toMatchObject({
      status: 422,
      code: 'unsupported_method_for_jurisdiction',
      errors: [{ path: '/method' }],
    });
    expect(gb({ trades, method: 'average' }).method).toBe('average');
  });

  it('a sale beyond holdings: 422, or a zero-basis match with zero_basis', () => {
    const trades = [
      trade('buy', 'BTC', '1', '10', '2024-01-01'),
      trade('sell', 'BTC', '3', '20', '2024-02-01', { id: 'x' }),
    ];
    expect(problemOf(() => gb({ trades }))).toMatchObject({
      status: 422,
      code: 'insufficient_holdings',
      trade_id: 'x',
      asset: 'BTC',
      shortfall: '2',
    });
    const answer = gb({ trades, insufficient_holdings: 'zero_basis' });
    expect(answer.disposals[0]).toMatchObject({
      cost_basis: '10.00',
      matches: [
        { rule: 's104', amount: '1', cost: '10.00', date_acquired: null },
        { rule: 'zero_basis', amount: '2', cost: '0.00', date_acquired: null },
      ],
    });
    expect(answer.warnings).toMatchObject([{ code: 'zero_basis', trade_id: 'x', shortfall: '2' }]);
    // The pool is empty: no holding is listed.
    expect(answer.holdings).toEqual([]);
  });
});

describe('transfers and income under GB', () => {
  const transfer = (extra: Record<string, unknown>) => ({
    type: 'transfer',
    asset: 'BTC',
    amount: '1',
    date: '2024-03-01',
    from_wallet: 'A',
    to_wallet: 'B',
    fee: '0.01',
    id: 'move',
    ...extra,
  });
  const bought = trade('buy', 'BTC', '2', '10000', '2024-01-10', { wallet: 'A' });

  it('add_to_basis: the fee units leave the one pool, their cost stays (spec: A buys 2 for 20,000, moves 1, fee 0.01)', () => {
    const answer = gb({ trades: [bought, transfer({})] });
    expect(answer.disposals).toEqual([]);
    expect(answer.holdings).toEqual([
      { asset: 'BTC', wallet: null, amount: '1.99', cost_basis: '20000.00', lots: 0 },
    ]);
  });

  it('fee_price: the fee units are a disposal from the pool (300 − 100 = 200)', () => {
    const answer = gb({ trades: [bought, transfer({ fee_price: '30000' })] });
    expect(answer.disposals).toEqual([
      {
        asset: 'BTC',
        date_sold: '2024-03-01',
        trade_ids: ['move'],
        amount: '0.01',
        proceeds: '300.00',
        cost_basis: '100.00',
        gain: '200.00',
        matches: [{ rule: 's104', amount: '0.01', cost: '100.00', date_acquired: null }],
      },
    ]);
    expect(answer.holdings[0]).toMatchObject({ amount: '1.99', cost_basis: '19900.00' });
  });

  it('a transfer without a fee changes nothing', () => {
    expect(gb({ trades: [bought, transfer({ fee: '0' })] }).holdings[0]).toMatchObject({
      amount: '2',
      cost_basis: '20000.00',
    });
  });

  it('only the trades become events: one pool per asset traded', () => {
    const { trades, options } = calculateInput.parse({
      jurisdiction: 'GB',
      trades: [
        bought,
        transfer({}),
        { type: 'income', income_kind: 'airdrop', asset: 'ABC', amount: '1', price: '0', date: '2024-03-02' },
      ],
    });
    expect(computeUk(trades, options).matched.pools.map((p) => [p.asset, p.amount.toFixed()])).toEqual([
      ['ABC', '1'],
      ['BTC', '1.99'],
    ]);
  });

  it('income kinds come sorted', () => {
    const income = (kind: string) => ({
      type: 'income',
      income_kind: kind,
      asset: 'ETH',
      amount: '1',
      price: '10',
      date: '2024-05-01',
    });
    const answer = gb({ trades: [income('staking'), income('airdrop'), income('mining')] });
    expect(Object.keys(answer.summary.income.by_kind)).toEqual(['airdrop', 'mining', 'staking']);
  });

  it('income is an acquisition at its value, and ordinary income by tax year', () => {
    const stake = (amount: string, price: string, date: string) => ({
      type: 'income',
      income_kind: 'staking',
      asset: 'ETH',
      amount,
      price,
      date,
    });
    const trades = [
      stake('1', '1000', '2024-04-05T22:30:00Z'),
      stake('1', '2000', '2024-04-06T12:00:00Z'),
      trade('sell', 'ETH', '1', '2500', '2024-04-06T15:00:00Z'),
    ];
    const answer = gb({ trades });
    // The sale is matched with the same day's income (2,000), not the pool.
    expect(answer.disposals[0]).toMatchObject({ cost_basis: '2000.00', gain: '500.00' });
    expect(answer.summary.income).toEqual({ total: '3000.00', by_kind: { staking: '3000.00' } });
    expect(gb({ trades, year: 2023 }).summary.income).toEqual({
      total: '1000.00',
      by_kind: { staking: '1000.00' },
    });
    expect(answer.holdings[0]).toMatchObject({ asset: 'ETH', amount: '1', cost_basis: '1000.00' });
  });
});

describe('methods listing', () => {
  it('names the CSV formats', () => {
    expect(methodsListing().csv_formats).toEqual(['native', 'koinly', 'coinbase', 'kraken', 'binance']);
  });
});

describe('summary under GB', () => {
  const trades = [
    trade('buy', 'BTC', '2', '100', '2023-05-01'),
    trade('sell', 'BTC', '1', '150', '2024-01-10'),
    trade('sell', 'BTC', '1', '40', '2024-06-10'),
  ];

  it('one method, totals per tax year, the reason', () => {
    expect(gbSummary({ trades })).toEqual({
      jurisdiction: 'GB',
      pooling_rule: HMRC,
      methods: {
        average: {
          disposals: 2,
          proceeds: '190.00',
          cost_basis: '200.00',
          gain: '-10.00',
          gains: '50.00',
          losses: '-60.00',
          by_year: {
            '2023': {
              disposals: 1,
              proceeds: '150.00',
              cost_basis: '100.00',
              gain: '50.00',
              gains: '50.00',
              losses: '0.00',
              annual_exempt_amount: '6000.00',
              taxable_gain: '0.00',
              sa108: {
                disposals: 1,
                proceeds: '150.00',
                allowable_costs: '100.00',
                gains: '50.00',
                losses: '0.00',
              },
            },
            '2024': {
              disposals: 1,
              proceeds: '40.00',
              cost_basis: '100.00',
              gain: '-60.00',
              gains: '0.00',
              losses: '-60.00',
              annual_exempt_amount: '3000.00',
              taxable_gain: '0.00',
              sa108: {
                disposals: 1,
                proceeds: '40.00',
                allowable_costs: '100.00',
                gains: '0.00',
                losses: '60.00',
              },
              rate_periods: [
                expect.objectContaining({ from: '2024-04-06', disposals: 1, gain: '-60.00' }),
                expect.objectContaining({ from: '2024-10-30', disposals: 0, gain: '0.00' }),
              ],
            },
          },
        },
      },
      recommendation: {
        method: 'average',
        reason:
          'GB: the same-day and 30-day rules, then the section 104 pool at average cost, are the only way to match (HMRC CRYPTO22200).',
      },
    });
    expect(gbSummary({ trades, year: 2024 })).toMatchObject({
      methods: { average: { disposals: 1, gain: '-60.00' } },
    });
  });

  it('tax rates by term do not apply: 422 at /short_term_rate', () => {
    expect(
      problemOf(() => gbSummary({ trades, short_term_rate: '0.2', long_term_rate: '0.2' })),
    ).toMatchObject({
      status: 422,
      code: 'unsupported_option_for_jurisdiction',
      detail: 'GB gains have no short and long terms: leave out short_term_rate and long_term_rate',
      errors: [{ path: '/short_term_rate' }],
      jurisdiction: 'GB',
    });
  });
});

describe('holdings under GB', () => {
  const trades = [
    trade('buy', 'BTC', '2', '10000', '2024-01-10'),
    trade('sell', 'BTC', '0.5', '12000', '2024-06-30T22:30:00Z'), // 23:30 BST on 30 June
    trade('buy', 'BTC', '1', '11000', '2024-06-30T23:30:00Z'), // 00:30 BST on 1 July
    trade('buy', 'ETH', '4', '1000', '2025-04-05T22:30:00Z'), // 23:30 BST on 5 April
    trade('buy', 'ETH', '1', '1000', '2025-04-05T23:30:00Z'), // 6 April: tax year 2025
  ];

  it('as_of counts UK days: the 23:30 UTC purchase is on 1 July, not yet bed and breakfast', () => {
    expect(gbHoldings({ trades, as_of: '2024-06-30', prices: { BTC: '15000' } })).toEqual({
      as_of: '2024-06-30',
      base_currency: 'GBP',
      method: 'average',
      jurisdiction: 'GB',
      pooling_rule: HMRC,
      holdings: [
        {
          asset: 'BTC',
          wallet: null,
          amount: '1.5',
          cost_basis: '15000.00',
          price: '15000',
          value: '22500.00',
          unrealised_gain: '7500.00',
          lots: [],
        },
      ],
      totals: {
        cost_basis: '15000.00',
        value: '22500.00',
        unrealised_gain: '7500.00',
        realised_gain: '1000.00',
      },
      warnings: [],
    });
  });

  it('an asset sold out is not held', () => {
    const answer = gbHoldings({
      trades: [...trades, trade('sell', 'ETH', '5', '1500', '2025-06-01')],
      as_of: '2025-12-31',
    });
    expect(answer.holdings.map((h) => h.asset)).toEqual(['BTC']);
    // ETH: 5 for 5,000 sold for 7,500; BTC's 500 before.
    expect(answer.totals.realised_gain).toBe('3000.00');
  });

  it('without GB, `year` still ends on 31 December and days are UTC days', () => {
    const input = holdingsInput.parse({ trades, year: 2024 });
    const answer = holdingsReport(input.trades, input.method, input.options);
    expect(answer.as_of).toBe('2024-12-31');
    // 30 June's sale at 22:30 UTC and 1 July's purchase at 23:30 UTC on 30 June: FIFO from the first lot.
    expect(answer.totals.realised_gain).toBe('1000.00');
    expect(answer.holdings.map((h) => [h.asset, h.amount])).toEqual([['BTC', '2.5']]);
  });

  it('`year` ends on 5 April after it (UK day); the next day bed-and-breakfasts the sale', () => {
    const answer = gbHoldings({ trades, year: 2024 });
    expect(answer.as_of).toBe('2025-04-05');
    // 30 June's sale (6,000) is matched with half of 1 July's purchase (5,500): realised 500.
    expect(answer.totals).toEqual({
      cost_basis: '29500.00',
      value: null,
      unrealised_gain: null,
      realised_gain: '500.00',
    });
    expect(answer.holdings.map((h) => [h.asset, h.amount, h.cost_basis, h.price])).toEqual([
      ['BTC', '2.5', '25500.00', null],
      ['ETH', '4', '4000.00', null],
    ]);
  });
});
