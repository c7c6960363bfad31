// Transfers between one's own wallets: lots move with their trade_id, date and cost in the order in
// force; the fee as the spec says; a wallet holding too little is a 422 naming it.
import { describe, expect, it } from 'vitest';
import { holdingsReport } from '../../src/domain/index.js';
import { holdingsInput } from '../../src/schemas.js';
import { calc, problemOf, trade } from './helpers.js';

const holdings = (body: Record<string, unknown>) => {
  const { trades, method, options } = holdingsInput.parse(body);
  return holdingsReport(trades, method, options);
};

const move = (amount: string, date: string, extra: Record<string, unknown> = {}) => ({
  id: 'mv',
  type: 'transfer',
  asset: 'BTC',
  amount,
  date,
  from_wallet: 'A',
  to_wallet: 'B',
  ...extra,
});

// The spec's derived example: A buys 2 BTC for 20,000 and moves 1 to B with a fee of 0.01 BTC.
const bought = trade('buy', 'BTC', '2', '10000', '2024-01-10', { id: 'b1', wallet: 'A' });

describe('the spec example', () => {
  it('add_to_basis (default without fee_price): B 1 / 10,100, A 0.99 / 9,900, no disposal', () => {
    const report = calc({
      trades: [bought, move('1', '2024-02-01', { fee: '0.01' })],
      pooling: 'per_wallet',
    });
    expect(report.disposals).toEqual([]);
    expect(report.holdings).toEqual([
      { asset: 'BTC', wallet: 'A', amount: '0.99', cost_basis: '9900.00', lots: 1 },
      { asset: 'BTC', wallet: 'B', amount: '1', cost_basis: '10100.00', lots: 1 },
    ]);
    const lots = holdings({
      trades: [bought, move('1', '2024-02-01', { fee: '0.01' })],
      pooling: 'per_wallet',
      as_of: '2024-12-31',
    }).holdings.map((h) => [h.wallet, h.lots]);
    expect(lots).toEqual([
      ['A', [{ trade_id: 'b1', date_acquired: '2024-01-10', amount: '0.99', cost: '9900.00' }]],
      ['B', [{ trade_id: 'b1', date_acquired: '2024-01-10', amount: '1', cost: '10100.00' }]],
    ]);
  });

  it('fee_price 30,000 (disposal by default): a fee row 300 − 100 = 200 with the transfer id; B 1 / 10,000', () => {
    const report = calc({
      trades: [bought, move('1', '2024-02-01', { fee: '0.01', fee_price: '30000' })],
      pooling: 'per_wallet',
    });
    expect(report.disposals).toEqual([
      {
        trade_id: 'mv',
        asset: 'BTC',
        amount: '0.01',
        date_acquired: '2024-01-10',
        date_sold: '2024-02-01',
        holding_days: 22,
        term: 'short',
        form_8949_box: 'C',
        proceeds: '300.00',
        cost_basis: '100.00',
        gain: '200.00',
        lots: [{ trade_id: 'b1', amount: '0.01', cost: '100.00' }],
      },
    ]);
    expect(report.holdings).toEqual([
      { asset: 'BTC', wallet: 'A', amount: '0.99', cost_basis: '9900.00', lots: 1 },
      { asset: 'BTC', wallet: 'B', amount: '1', cost_basis: '10000.00', lots: 1 },
    ]);
  });

  it('fee_treatment add_to_basis wins over a fee_price; disposal needs one', () => {
    const kept = calc({
      trades: [
        bought,
        move('1', '2024-02-01', { fee: '0.01', fee_price: '30000', fee_treatment: 'add_to_basis' }),
      ],
      pooling: 'per_wallet',
    });
    expect(kept.disposals).toEqual([]);
    expect(kept.holdings[1]).toMatchObject({ wallet: 'B', cost_basis: '10100.00' });
    expect(() => calc({ trades: [bought, move('1', '2024-02-01', { fee_treatment: 'disposal' })] })).toThrow(
      /fee_price/,
    );
  });
});

describe('lots leave in the order in force', () => {
  const buys = [
    trade('buy', 'ETH', '1', '100', '2024-01-01', { id: 'cheap', wallet: 'A' }),
    trade('buy', 'ETH', '1', '300', '2024-02-01', { id: 'dear', wallet: 'A' }),
  ];
  const eth = (amount: string) => ({ ...move(amount, '2024-03-01'), asset: 'ETH' });

  it.each([
    ['fifo', 'cheap', '100.00', '300.00'],
    ['lifo', 'dear', '300.00', '100.00'],
    ['hifo', 'dear', '300.00', '100.00'],
  ])('%s moves %s', (method, moved, bCost, aCost) => {
    const report = calc({ trades: [...buys, eth('1')], method, pooling: 'per_wallet' });
    expect(report.holdings).toEqual([
      { asset: 'ETH', wallet: 'A', amount: '1', cost_basis: aCost, lots: 1 },
      { asset: 'ETH', wallet: 'B', amount: '1', cost_basis: bCost, lots: 1 },
    ]);
    const sold = calc({
      trades: [...buys, eth('1'), trade('sell', 'ETH', '1', '500', '2024-04-01', { wallet: 'B' })],
      method,
      pooling: 'per_wallet',
    });
    expect(sold.disposals[0]).toMatchObject({ lots: [{ trade_id: moved }], cost_basis: bCost });
  });

  it('average: pool cost × moved / held, the lots underneath oldest first', () => {
    const report = calc({ trades: [...buys, eth('0.5')], method: 'average', pooling: 'per_wallet' });
    expect(report.holdings).toEqual([
      { asset: 'ETH', wallet: 'A', amount: '1.5', cost_basis: '300.00', lots: 2 },
      { asset: 'ETH', wallet: 'B', amount: '0.5', cost_basis: '100.00', lots: 1 },
    ]);
  });

  it('a moved lot keeps its acquisition date: a sale from B a year later is long-term', () => {
    const report = calc({
      trades: [...buys, eth('1'), trade('sell', 'ETH', '1', '500', '2025-01-02', { wallet: 'B' })],
      pooling: 'per_wallet',
    });
    expect(report.disposals[0]).toMatchObject({ date_acquired: '2024-01-01', term: 'long', gain: '400.00' });
  });

  it('universal pooling: a transfer changes nothing in the gains; the lot keeps its place in line', () => {
    const sale = trade('sell', 'ETH', '1', '500', '2024-04-01', { id: 's', wallet: 'A' });
    const without = calc({ trades: [...buys, sale] });
    const withMove = calc({ trades: [...buys, eth('1'), sale] });
    expect(withMove.disposals).toEqual(without.disposals);
    expect(withMove.holdings).toEqual([
      { asset: 'ETH', wallet: null, amount: '1', cost_basis: '300.00', lots: 1 },
    ]);
  });
});

describe('refusals', () => {
  it('from_wallet holding less than amount + fee → 422 insufficient_holdings naming the wallet', () => {
    expect(
      problemOf(() => calc({ trades: [bought, move('2', '2024-02-01', { fee: '0.01' })] })),
    ).toMatchObject({
      status: 422,
      code: 'insufficient_holdings',
      detail: 'transfer mv moves 2.01 BTC but only 2 is held in wallet "A" at that time',
      trade_id: 'mv',
      asset: 'BTC',
      wallet: 'A',
      shortfall: '0.01',
    });
    // Under universal pooling too: the wallet's own units count, not the asset's.
    const elsewhere = trade('buy', 'BTC', '5', '1', '2024-01-01', { wallet: 'C' });
    expect(problemOf(() => calc({ trades: [elsewhere, move('1', '2024-02-01')] }))).toMatchObject({
      wallet: 'A',
      shortfall: '1',
    });
  });

  it('an unknown fee_treatment is refused by the schema at its path', () => {
    expect(() => calc({ trades: [bought, move('1', '2024-02-01', { fee_treatment: 'burn' })] })).toThrow(
      /fee_treatment/,
    );
  });

  it.each([
    [{ to_wallet: 'A' }, 'to_wallet', 'same_wallet'],
    [{ to_wallet: undefined }, 'to_wallet', 'required'],
    [{ from_wallet: '' }, 'from_wallet', 'required'],
    [{ fee_treatment: 'disposal' }, 'fee_price', 'required'],
    [{ fee_price: '-1' }, 'fee_price', 'invalid_decimal'],
    [{ price: '5' }, 'price', 'not_allowed'],
    [{ wallet: 'A' }, 'wallet', 'not_allowed'],
    [{ quote: 'EUR' }, 'quote', 'not_allowed'],
    [{ income_kind: 'staking' }, 'income_kind', 'not_allowed'],
  ])('%j → 400 at /trades/1/%s (%s)', (extra, field, code) => {
    let error: unknown;
    try {
      calc({ trades: [bought, move('1', '2024-02-01', extra)] });
    } catch (e) {
      error = e;
    }
    const issues = (error as { issues: Array<{ path: unknown[]; params?: { code: string } }> }).issues;
    expect(issues).toContainEqual(expect.objectContaining({ path: ['trades', 1, field], params: { code } }));
  });
});
