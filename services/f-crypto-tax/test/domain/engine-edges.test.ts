// The engine's edges: wallets in problems, rows and holdings; the HIFO heap against a plain sorted
// reference; sales from an empty pool under every method; the summary's recommendation texts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../src/domain/decimal.js';
import { createPool, type Lot } from '../../src/domain/pools.js';
import { METHODS, problemOf, report, summary, trade } from './helpers.js';

describe('wallets', () => {
  // Pools open in an order that is neither sorted nor its reverse.
  const trades = [
    trade('buy', 'BTC', '1', '20', '2025-01-01', { wallet: 'a' }),
    trade('buy', 'ETH', '1', '10', '2025-01-01', { wallet: '0' }),
    trade('buy', 'BTC', '1', '30', '2025-01-02'),
    trade('buy', 'BTC', '1', '10', '2025-01-03', { wallet: 'b' }),
  ];

  it('per_wallet holdings: by asset, then no wallet first, then wallets in code-unit order', () => {
    const { holdings } = report({ trades, pooling: 'per_wallet' });
    expect(holdings.map((h) => [h.asset, h.wallet, h.cost_basis])).toEqual([
      ['BTC', null, '30.00'],
      ['BTC', 'a', '20.00'],
      ['BTC', 'b', '10.00'],
      ['ETH', '0', '10.00'],
    ]);
  });

  it('universal pooling reports no wallet, whatever the trades carry', () => {
    const { holdings } = report({ trades });
    expect(holdings.map((h) => [h.asset, h.wallet, h.amount])).toEqual([
      ['BTC', null, '3'],
      ['ETH', null, '1'],
    ]);
  });

  it('insufficient holdings names the wallet when pools are per wallet, and only then', () => {
    const sale = trade('sell', 'BTC', '2', '50', '2025-02-01', { wallet: 'a', id: 's1' });
    expect(problemOf(() => report({ trades: [...trades, sale], pooling: 'per_wallet' }))).toMatchObject({
      code: 'insufficient_holdings',
      detail: 'sale s1 sells 2 BTC but only 1 is held in wallet "a" at that time',
      trade_id: 's1',
      asset: 'BTC',
      shortfall: '1',
      wallet: 'a',
    });
    const universal = problemOf(() => report({ trades: [...trades, { ...sale, amount: '4' }] }));
    expect(universal).toMatchObject({ detail: 'sale s1 sells 4 BTC but only 3 is held at that time' });
    expect(universal).not.toHaveProperty('wallet');
  });

  it('the zero-basis warning says how much more was sold than held', () => {
    const result = report({
      insufficient_holdings: 'zero_basis',
      trades: [
        trade('buy', 'BTC', '1', '10', '2025-01-01'),
        trade('sell', 'BTC', '1.25', '8', '2025-01-02', { id: 'x' }),
      ],
    });
    expect(result.warnings).toEqual([
      {
        code: 'zero_basis',
        message: 'sale x sold 0.25 BTC more than was held; that part has a zero cost basis',
        trade_id: 'x',
        asset: 'BTC',
        shortfall: '0.25',
      },
    ]);
  });
});

describe('order', () => {
  it('many trades at one instant keep their input order (lots follow it under FIFO)', () => {
    const at = '2025-01-01T00:00:00Z';
    const buys = Array.from({ length: 100 }, (_, i) =>
      trade('buy', 'BTC', '1', String(i + 1), at, { id: `b${i}` }),
    );
    const sells = Array.from({ length: 100 }, (_, i) =>
      trade('sell', 'BTC', '1', '1000', '2025-06-01', { id: `s${i}` }),
    );
    const result = report({ trades: [...buys, ...sells] });
    expect(result.disposals.map((d) => d.lots[0]!.trade_id)).toEqual(buys.map((_, i) => `b${i}`));
  });

  it('by_asset and by_year come sorted whatever order the sales came in', () => {
    const result = report({
      trades: [
        trade('buy', 'ETH', '2', '10', '2023-01-01'),
        trade('buy', 'BTC', '2', '10', '2023-01-01'),
        trade('sell', 'ETH', '1', '20', '2025-01-01'),
        trade('sell', 'BTC', '1', '20', '2024-01-01'),
        trade('sell', 'ETH', '1', '20', '2024-06-01'),
      ],
    });
    expect(Object.keys(result.summary.by_asset)).toEqual(['BTC', 'ETH']);
    expect(Object.keys(result.summary.by_year)).toEqual(['2024', '2025']);
  });

  it('many assets (past the small-array path of the sort) come out in code-unit order', () => {
    // A fixed shuffle of 64 codes, so the order does not depend on a random seed.
    const assets = Array.from({ length: 64 }, (_, i) => `A${String((i * 37) % 64).padStart(2, '0')}`);
    const trades = assets.flatMap((asset) => [
      trade('buy', asset, '1', '1', '2024-01-01'),
      trade('sell', asset, '1', '2', '2024-02-01'),
    ]);
    const result = report({ trades });
    expect(Object.keys(result.summary.by_asset)).toEqual([...assets].sort());
    const held = report({ trades: assets.map((asset) => trade('buy', asset, '1', '1', '2024-01-01')) });
    expect(held.holdings.map((h) => h.asset)).toEqual([...assets].sort());
  });
});

describe('a sale from an empty pool, under every method', () => {
  it.each(METHODS)('%s: one zero-basis row, no holdings', (method) => {
    const result = report(
      { insufficient_holdings: 'zero_basis', trades: [trade('sell', 'BTC', '1', '5', '2025-01-01')] },
      method,
    );
    expect(result.disposals.map((d) => [d.amount, d.proceeds, d.cost_basis, d.lots])).toEqual([
      ['1', '5.00', '0.00', []],
    ]);
    expect(result.holdings).toEqual([]);
  });

  it.each(METHODS)('%s: holdings count the open lots', (method) => {
    const result = report(
      {
        trades: [
          trade('buy', 'BTC', '1', '5', '2025-01-01'),
          trade('buy', 'BTC', '1', '7', '2025-01-02'),
          trade('buy', 'BTC', '1', '6', '2025-01-03'),
          trade('sell', 'BTC', '1.5', '9', '2025-01-04'),
        ],
      },
      method,
    );
    expect(result.holdings.map((h) => [h.amount, h.lots])).toEqual([['1.5', 2]]);
  });
});

/** HIFO by sorting: highest unit cost first, the oldest among equals. */
function referenceHifo(ops: ReadonlyArray<{ buy: boolean; amount: number; cost: number }>) {
  const open: Array<{ seq: number; unit: number; left: number }> = [];
  const taken: Array<Array<[number, number]>> = [];
  ops.forEach((op, seq) => {
    if (op.buy) {
      open.push({ seq, unit: op.cost / op.amount, left: op.amount });
      return;
    }
    open.sort((a, b) => b.unit - a.unit || a.seq - b.seq);
    let left = op.amount;
    const portions: Array<[number, number]> = [];
    while (left > 0 && open.length > 0) {
      const lot = open[0]!;
      const amount = Math.min(left, lot.left);
      portions.push([lot.seq, amount]);
      lot.left -= amount;
      left -= amount;
      if (lot.left === 0) open.shift();
    }
    taken.push(portions);
  });
  return taken;
}

describe('the HIFO heap', () => {
  it('consumes lots exactly as sorting them would, ties oldest first', () => {
    const op = fc.record({
      buy: fc.boolean(),
      amount: fc.integer({ min: 1, max: 4 }),
      // Few distinct unit costs, so ties are common.
      cost: fc.constantFrom(4, 8, 12, 16),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const pool = createPool('hifo');
        const taken: Array<Array<[number, number]>> = [];
        ops.forEach((o, seq) => {
          if (o.buy) {
            const lot: Lot = {
              tradeId: String(seq),
              day: 0,
              seq,
              tie: 0,
              wallet: null,
              moved: false,
              amount: new Dec(o.amount),
              cost: new Dec(o.cost),
              unitCost: undefined,
              remaining: new Dec(o.amount),
              remainingCost: new Dec(o.cost),
            };
            pool.add(lot);
          } else {
            taken.push(pool.take(new Dec(o.amount)).map((p) => [p.lot.seq, p.amount.toNumber()]));
          }
        });
        expect(taken).toEqual(referenceHifo(ops));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the summary recommendation', () => {
  const trades = [
    trade('buy', 'BTC', '1', '100', '2024-01-01'),
    trade('buy', 'BTC', '1', '300', '2024-02-01'),
    trade('sell', 'BTC', '1', '250', '2024-03-01'),
  ];

  it('without rates: the lowest total gain of all methods', () => {
    expect(summary({ trades }).recommendation).toEqual({
      method: 'hifo',
      reason:
        'hifo gives the lowest total gain (-50.00 USD) of all methods; ties go to the first of fifo, hifo, lifo, average.',
    });
  });

  it('with rates and a jurisdiction: the lowest estimated tax among the methods allowed there', () => {
    expect(
      summary({ trades, short_term_rate: '0.3', long_term_rate: '0.1', jurisdiction: 'US' }).recommendation,
    ).toEqual({
      method: 'hifo',
      reason:
        'hifo gives the lowest estimated tax (0.00 USD) of the methods allowed in US (fifo, hifo, lifo); ties go to the first of fifo, hifo, lifo, average.',
    });
  });

  it('average can win on terms; outside a jurisdiction the US note comes with it', () => {
    const trades = [
      trade('buy', 'BTC', '1', '100', '2023-01-01'),
      trade('buy', 'BTC', '1', '120', '2024-05-01'),
      trade('sell', 'BTC', '1', '130', '2024-06-01'),
    ];
    const rates = { short_term_rate: '0.5', long_term_rate: '0.1' };
    expect(summary({ trades, ...rates }).recommendation).toEqual({
      method: 'average',
      reason:
        'average gives the lowest estimated tax (2.00 USD) of all methods; ties go to the first of fifo, hifo, lifo, average.',
      note: 'US individuals may not use average cost for crypto; for a US return choose among fifo, lifo and hifo (pass "jurisdiction": "US").',
    });
    expect(summary({ trades, ...rates, jurisdiction: 'CA' }).recommendation).toEqual({
      method: 'average',
      reason:
        'average gives the lowest estimated tax (2.00 USD) of the methods allowed in CA (average); ties go to the first of fifo, hifo, lifo, average.',
    });
  });

  it('a jurisdiction no method lists is 422 with the supported ones', () => {
    expect(problemOf(() => summary({ trades, jurisdiction: 'XX' }))).toMatchObject({
      status: 422,
      code: 'unsupported_jurisdiction',
      detail: 'no method lists XX in allowed_in; see GET /api/v1/methods',
      jurisdiction: 'XX',
      supported: ['AU', 'CA', 'DE', 'GB', 'JP', 'US'],
    });
  });

  it('a net loss is taxed at zero, not refunded', () => {
    const loss = summary({ trades, short_term_rate: '0.3', long_term_rate: '0.1' });
    expect(loss.methods.fifo.estimated_tax).toBe('45.00');
    expect(loss.methods.lifo.gain).toBe('-50.00');
    expect(loss.methods.lifo.estimated_tax).toBe('0.00');
  });
});

describe('valuation', () => {
  it('a missing rate names the field that would give it', () => {
    const buy = (extra: Record<string, unknown>) =>
      trade('buy', 'BTC', '1', '10', '2025-01-01', { id: 'f', ...extra });
    expect(problemOf(() => report({ trades: [buy({ fee: '1', fee_asset: 'BNB' })] }))).toMatchObject({
      code: 'missing_fx_rate',
      detail:
        'trade f needs the value of BNB in the base currency: give "fee_fx_rate" on the trade or fx_rates.BNB',
      trade_id: 'f',
      currency: 'BNB',
    });
    expect(problemOf(() => report({ trades: [buy({ quote: 'EUR' })] }))).toMatchObject({
      detail:
        'trade f needs the value of EUR in the base currency: give "fx_rate" on the trade or fx_rates.EUR',
    });
  });

  it('a fee paid in the base currency is added as is, whatever the quote', () => {
    const { holdings } = report({
      trades: [
        trade('buy', 'BTC', '1', '10', '2025-01-01', {
          quote: 'EUR',
          fx_rate: '2',
          fee: '1',
          fee_asset: 'USD',
        }),
      ],
    });
    expect(holdings[0]!.cost_basis).toBe('21.00');
  });
});

describe('long histories', () => {
  it('FIFO over more than a thousand consumed lots: one whole lot per sale, nothing left', () => {
    const buys = Array.from({ length: 1100 }, (_, i) =>
      trade('buy', 'BTC', '1', String(i + 1), '2024-01-01', { id: `b${i}` }),
    );
    const sells = Array.from({ length: 1100 }, (_, i) =>
      trade('sell', 'BTC', '1', '5000', '2025-06-01', { id: `s${i}` }),
    );
    const result = report({ trades: [...buys, ...sells] });
    expect(result.disposals).toHaveLength(1100);
    expect(
      result.disposals.every(
        (d, i) => d.lots.length === 1 && d.lots[0]!.trade_id === `b${i}` && d.amount === '1',
      ),
    ).toBe(true);
    expect(result.holdings).toEqual([]);
  });
});
