// Transfers move lots in O(lots moved): a fee-free transfer of a whole pool moves none, the pieces of one
// acquisition that meet in a wallet merge, and what is left (parts moved back and forth) is bounded by
// MAX_LOT_MOVES → 422 too_expensive. A fee larger than the amount moved is warned about (issue #43).
import { describe, expect, it } from 'vitest';
import { MAX_LOT_MOVES, match, prepare } from '../../src/domain/engine.js';
import { holdingsReport } from '../../src/domain/index.js';
import { calculateInput, holdingsInput } from '../../src/schemas.js';
import { calc, problemOf, trade } from './helpers.js';

const minute = (base: number, i: number) => new Date(base + i * 60_000).toISOString();
const BUYS_FROM = Date.UTC(2023, 0, 1);
const MOVES_FROM = Date.UTC(2025, 0, 1);

/** `n` buys of 1 BTC in wallet A at 1000 + i, then `m` transfers A→B, B→A, … of what `amount` says. */
function pingPong(n: number, m: number, amount: (held: number) => number) {
  const trades: Record<string, unknown>[] = [];
  for (let i = 0; i < n; i++) {
    trades.push(trade('buy', 'BTC', 1, 1000 + i, minute(BUYS_FROM, i), { id: `b${i}`, wallet: 'A' }));
  }
  const held = { A: n, B: 0 };
  for (let j = 0; j < m; j++) {
    const [from, to] = j % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const);
    const moved = amount(held[from]);
    held[from] -= moved;
    held[to] += moved;
    trades.push({
      id: `t${j}`,
      type: 'transfer',
      asset: 'BTC',
      amount: String(moved),
      date: minute(MOVES_FROM, j),
      from_wallet: from,
      to_wallet: to,
    });
  }
  return { trades, held };
}

const lotsOf = (body: Record<string, unknown>) => {
  const { trades, method, options } = holdingsInput.parse({ ...body, as_of: '2026-12-31' });
  return holdingsReport(trades, method, options).holdings.map((h) => [h.wallet, h.lots]);
};

describe('whole pools move at once', () => {
  it('a fee the pool cannot cover is refused even when the amount is all the pool holds', () => {
    // Universal pooling with zero-basis sales: wallet A still counts 2 units, the pool holds 1.
    const trades = [
      trade('buy', 'BTC', 2, 100, '2024-01-01', { wallet: 'A' }),
      trade('sell', 'BTC', 1, 100, '2024-02-01', { wallet: 'B' }),
      {
        id: 'mv',
        type: 'transfer',
        asset: 'BTC',
        amount: '1',
        fee: '0.5',
        date: '2024-03-01',
        from_wallet: 'A',
        to_wallet: 'C',
      },
    ];
    expect(problemOf(() => calc({ trades, insufficient_holdings: 'zero_basis' }))).toMatchObject({
      code: 'insufficient_holdings',
      trade_id: 'mv',
      shortfall: '0.5',
    });
  });

  it.each([
    [{}, null],
    [{ pooling: 'per_wallet' }, 'B'],
    [{ jurisdiction: 'US' }, 'B'],
    [{ pooling: 'per_wallet', method: 'hifo' }, 'B'],
    [{ pooling: 'per_wallet', method: 'average' }, 'B'],
  ])('%j: 500 lots moved whole 501 times end in B, every lot as bought', (options, wallet) => {
    const { trades } = pingPong(500, 501, (held) => held);
    const report = calc({ trades, ...options });
    expect(report.holdings).toEqual([
      // Σ 1000 + i for i < 500 = 500,000 + 124,750
      { asset: 'BTC', wallet, amount: '500', cost_basis: '624750.00', lots: 500 },
    ]);
  });

  it('a sale after whole moves matches the lots as a history without transfers does', () => {
    const { trades } = pingPong(50, 5, (held) => held);
    const sell = trade('sell', 'BTC', '20.5', 5000, '2025-06-01', { id: 's', wallet: 'B' });
    for (const method of ['fifo', 'lifo', 'hifo', 'average']) {
      const moved = calc({ trades: [...trades, sell], method, pooling: 'per_wallet' });
      const still = calc({
        trades: [...trades.slice(0, 50), { ...sell, wallet: 'A' }],
        method,
        pooling: 'per_wallet',
      });
      expect(moved.disposals.map((d) => [d.lots, d.cost_basis, d.term])).toEqual(
        still.disposals.map((d) => [d.lots, d.cost_basis, d.term]),
      );
      expect(moved.summary).toEqual(still.summary);
    }
  });

  it('per wallet, a whole move into a wallet that already holds lots moves them one by one', () => {
    const trades = [
      trade('buy', 'BTC', 1, 100, '2024-01-01', { id: 'a', wallet: 'A' }),
      trade('buy', 'BTC', 1, 300, '2024-02-01', { id: 'b', wallet: 'B' }),
      { type: 'transfer', asset: 'BTC', amount: '1', date: '2024-03-01', from_wallet: 'A', to_wallet: 'B' },
      trade('sell', 'BTC', 2, 500, '2024-04-01', { id: 's', wallet: 'B' }),
    ];
    const report = calc({ trades, pooling: 'per_wallet' });
    expect(report.disposals.map((d) => [d.lots[0]!.trade_id, d.cost_basis])).toEqual([
      ['a', '100.00'],
      ['b', '300.00'],
    ]);
    expect(report.holdings).toEqual([]);
  });

  it('under universal pooling a whole move re-homes the lots: the US switch finds them in B', () => {
    const trades = [
      trade('buy', 'BTC', 1, 100, '2024-01-01', { id: 'a', wallet: 'A' }),
      trade('buy', 'BTC', 1, 300, '2024-02-01', { id: 'b', wallet: 'A' }),
      { type: 'transfer', asset: 'BTC', amount: '2', date: '2024-03-01', from_wallet: 'A', to_wallet: 'B' },
      trade('buy', 'BTC', 1, 200, '2024-04-01', { id: 'c', wallet: 'A' }),
      trade('sell', 'BTC', 2, 500, '2025-04-01', { id: 's', wallet: 'B' }),
    ];
    const report = calc({ trades, jurisdiction: 'US' });
    expect(report.disposals.map((d) => d.lots[0]!.trade_id)).toEqual(['a', 'b']);
    expect(report.holdings).toEqual([
      { asset: 'BTC', wallet: 'A', amount: '1', cost_basis: '200.00', lots: 1 },
    ]);
  });
});

describe('pieces of one acquisition merge in a wallet', () => {
  it('a piece coming back after its lot left the wallet is a lot again (not lost with the old one)', () => {
    const trades = [
      trade('buy', 'BTC', 1, 100, '2024-01-01', { id: 'a', wallet: 'A' }),
      trade('buy', 'BTC', 1, 300, '2024-01-02', { id: 'b', wallet: 'A' }),
      { type: 'transfer', asset: 'BTC', amount: '1', date: '2024-02-01', from_wallet: 'A', to_wallet: 'B' },
      { type: 'transfer', asset: 'BTC', amount: '0.5', date: '2024-03-01', from_wallet: 'B', to_wallet: 'A' },
      trade('sell', 'BTC', '1.5', 400, '2024-04-01', { id: 's', wallet: 'A' }),
    ];
    const report = calc({ trades, pooling: 'per_wallet' });
    expect(report.disposals.map((d) => [d.lots[0]!.trade_id, d.amount, d.cost_basis])).toEqual([
      ['a', '0.5', '50.00'],
      ['b', '1', '300.00'],
    ]);
  });

  it('a merged lot costs its parts: a piece back with a fee added, then a part sold (FIFO)', () => {
    const trades = [
      trade('buy', 'BTC', 2, 100, '2024-01-01', { id: 'a', wallet: 'A' }),
      {
        type: 'transfer',
        asset: 'BTC',
        amount: '1',
        fee: '0.5',
        date: '2024-02-01',
        from_wallet: 'A',
        to_wallet: 'B',
      },
      { type: 'transfer', asset: 'BTC', amount: '1', date: '2024-03-01', from_wallet: 'B', to_wallet: 'A' },
      trade('sell', 'BTC', '0.75', 400, '2024-04-01', { id: 's', wallet: 'A' }),
    ];
    // A: 0.5 at 50 and 1 at 150 (the fee's 50 added) merge: 1.5 for 200; 0.75 of it costs 100.
    const report = calc({ trades, pooling: 'per_wallet' });
    expect(report.disposals.map((d) => [d.amount, d.cost_basis])).toEqual([['0.75', '100.00']]);
    expect(report.holdings).toEqual([
      { asset: 'BTC', wallet: 'A', amount: '0.75', cost_basis: '100.00', lots: 1 },
    ]);
  });

  it.each(['fifo', 'lifo', 'hifo', 'average'])(
    '%s: parts moved back and forth leave one lot per wallet',
    (method) => {
      const { trades } = pingPong(1, 40, (held) => held - 0.125 * (held > 0.5 ? 1 : 0));
      const body = { trades, method, pooling: 'per_wallet' };
      const report = calc(body);
      expect(report.holdings.map((h) => [h.wallet, h.lots])).toEqual([
        ['A', 1],
        ['B', 1],
      ]);
      expect(report.holdings.map((h) => h.amount)).toEqual(['0.875', '0.125']);
      expect(lotsOf(body).map(([, lots]) => (lots as unknown[]).length)).toEqual([1, 1]);
    },
  );

  it('HIFO keeps a moved piece apart when the fee gave it another unit cost', () => {
    const trades = [
      trade('buy', 'BTC', 2, 100, '2024-01-01', { id: 'a', wallet: 'A' }),
      {
        type: 'transfer',
        asset: 'BTC',
        amount: '1',
        fee: '0.5',
        date: '2024-02-01',
        from_wallet: 'A',
        to_wallet: 'B',
      },
      { type: 'transfer', asset: 'BTC', amount: '1', date: '2024-03-01', from_wallet: 'B', to_wallet: 'A' },
    ];
    const report = calc({ trades, method: 'hifo', pooling: 'per_wallet' });
    // A keeps 0.5 at 100; 1 unit comes back at 150 (the fee's 50 added): two lots of one acquisition.
    expect(report.holdings).toEqual([
      { asset: 'BTC', wallet: 'A', amount: '1.5', cost_basis: '200.00', lots: 2 },
    ]);
    const fifo = calc({ trades, method: 'fifo', pooling: 'per_wallet' });
    expect(fifo.holdings).toEqual([
      { asset: 'BTC', wallet: 'A', amount: '1.5', cost_basis: '200.00', lots: 1 },
    ]);
  });
});

describe('the bound on lots moved', () => {
  // The bound at a small size (the 250,000 of requests is checked over a socket, test/http).
  const options = calculateInput.parse({ trades: [] }).options;
  const run = (transfers: number, maxLotMoves: number) => {
    // 10 lots in A and one newer in B: each whole move between A and B goes lot by lot (the other
    // wallet is never empty) and moves exactly the 10 lots of A.
    const trades = [
      ...Array.from({ length: 10 }, (_, i) =>
        trade('buy', 'BTC', 1, 1000, minute(BUYS_FROM, i), { wallet: 'A' }),
      ),
      trade('buy', 'BTC', 1, 1, minute(BUYS_FROM, 50), { id: 'late', wallet: 'B' }),
      ...Array.from({ length: transfers }, (_, j) => ({
        id: `t${j}`,
        type: 'transfer',
        asset: 'BTC',
        amount: '10',
        date: minute(MOVES_FROM, j),
        from_wallet: j % 2 === 0 ? 'A' : 'B',
        to_wallet: j % 2 === 0 ? 'B' : 'A',
      })),
    ];
    const entries = prepare(calculateInput.parse({ trades, pooling: 'per_wallet' }).trades, options);
    const endDay = entries.at(-1)!.day;
    return () => match(entries, { method: 'fifo', pooling: 'per_wallet', endDay, maxLotMoves }, options);
  };

  it('exactly the bound is computed; one transfer more is 422 too_expensive naming it and the limit', () => {
    const { holdings } = run(25, 250)();
    expect(holdings.map((h) => [h.wallet, h.amount.toFixed(), h.lots])).toEqual([['B', '11', 11]]);
    const problem = problemOf(run(26, 250));
    expect(problem).toMatchObject({
      status: 422,
      code: 'too_expensive',
      trade_id: 't25',
      limit: 250,
      errors: [{ path: '/trades', code: 'too_expensive' }],
    });
    expect(String(problem.detail)).toContain('transfer t25 brings the lots moved by transfers past 250:');
  });

  it(`requests are bounded at ${MAX_LOT_MOVES.toLocaleString('en-US')} lots moved`, () => {
    expect(MAX_LOT_MOVES).toBe(250_000);
    expect(run(26, MAX_LOT_MOVES)().holdings.map((h) => h.wallet)).toEqual(['A', 'B']);
  });
});

describe('a transfer fee larger than the amount moved', () => {
  const bought = trade('buy', 'BTC', 10, 100, '2024-01-01', { id: 'b', wallet: 'A' });
  const move = (extra: Record<string, unknown>) => ({
    id: 'mv',
    type: 'transfer',
    asset: 'BTC',
    amount: '0.000001',
    fee: '9',
    date: '2024-02-01',
    from_wallet: 'A',
    to_wallet: 'B',
    ...extra,
  });

  it('add_to_basis: $900 of basis on 0.000001 BTC is warned about, naming the transfer', () => {
    const report = calc({ trades: [bought, move({})], pooling: 'per_wallet' });
    expect(report.holdings.find((h) => h.wallet === 'B')).toMatchObject({ cost_basis: '900.00' });
    expect(report.warnings).toEqual([
      {
        code: 'transfer_fee_exceeds_amount',
        message:
          'transfer mv moves 0.000001 BTC with a fee of 9 BTC, more than it moves: 900.00 of basis from the fee units is added to the 0.000001 BTC that arrive; check the fee',
        trade_id: 'mv',
        asset: 'BTC',
      },
    ]);
  });

  it('disposal: the fee units are sold, and the warning says so', () => {
    const report = calc({ trades: [bought, move({ fee_price: '100' })], pooling: 'per_wallet' });
    expect(report.warnings.map((w) => [w.code, w.message])).toEqual([
      [
        'transfer_fee_exceeds_amount',
        'transfer mv moves 0.000001 BTC with a fee of 9 BTC, more than it moves: the fee units are sold at fee_price; check the fee',
      ],
    ]);
  });

  it('a fee equal to the amount, or smaller, is not warned about', () => {
    for (const fee of ['0.000001', '0.0000009']) {
      expect(calc({ trades: [bought, move({ fee })], pooling: 'per_wallet' }).warnings).toEqual([]);
    }
  });

  it('GB: the same warning (the fee units leave the pool, their cost stays on the rest)', () => {
    const report = calc({
      trades: [trade('sell', 'BTC', 1, 100, '2024-03-01'), bought, move({})],
      jurisdiction: 'GB',
    });
    expect(report.warnings).toEqual([
      {
        code: 'transfer_fee_exceeds_amount',
        message:
          'transfer mv moves 0.000001 BTC with a fee of 9 BTC, more than it moves: the fee units leave the pool and their cost stays with the units held; check the fee',
        trade_id: 'mv',
        asset: 'BTC',
      },
    ]);
    const sold = calc({ trades: [bought, move({ fee_price: '100' })], jurisdiction: 'GB' });
    expect(sold.warnings.map((w) => w.message)).toEqual([
      'transfer mv moves 0.000001 BTC with a fee of 9 BTC, more than it moves: the fee units are sold at fee_price; check the fee',
    ]);
    expect(calc({ trades: [bought, move({ fee: '0.000001' })], jurisdiction: 'GB' }).warnings).toEqual([]);
  });
});
