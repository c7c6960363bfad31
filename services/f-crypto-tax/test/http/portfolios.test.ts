// Real portfolios over a real socket: transfers, income, the US switch of 2025 and method_by_year, REST
// and the MCP SDK client alike; and two properties of any history of buys, sales, transfers and income.
import { errorText, type SdkSession, sdkSession } from '@dus/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../../src/domain/index.js';
import { makeApp } from './helpers.js';

let session: SdkSession;
beforeAll(async () => {
  session = await sdkSession(makeApp(), 'f-crypto-tax');
});
afterAll(() => session.close());

type Body = Record<string, unknown>;

/** The same call over REST and MCP: both must answer alike; returns the REST answer. */
async function both(tool: string, path: string, body: Body) {
  const rest = await session.post(path, body);
  const mcp = await session.client.callTool({ name: tool, arguments: body });
  if (rest.status === 200) expect(mcp.structuredContent).toEqual(rest.body);
  else expect(errorText(mcp)).toBe((rest.body as { detail: string }).detail);
  return rest as { status: number; body: Json };
}
// biome-ignore lint/suspicious/noExplicitAny: answers are checked by value
type Json = any;

const calculate = (body: Body) => both('calculate_crypto_tax', '/api/v1/calculate', body);
const holdings = (body: Body) => both('holdings_report', '/api/v1/holdings', body);

describe('the spec’s transfer example over REST and MCP', () => {
  const trades = [
    { id: 'b', type: 'buy', asset: 'BTC', amount: '2', price: '10000', date: '2024-01-10', wallet: 'A' },
    {
      id: 't',
      type: 'transfer',
      asset: 'BTC',
      amount: '1',
      fee: '0.01',
      date: '2024-02-01',
      from_wallet: 'A',
      to_wallet: 'B',
    },
  ];

  it('add_to_basis: B 1 / 10,100, A 0.99 / 9,900', async () => {
    const { body } = await holdings({
      trades,
      pooling: 'per_wallet',
      as_of: '2024-12-31',
      prices: { BTC: '30000' },
    });
    expect(body.holdings.map((h: Json) => [h.wallet, h.amount, h.cost_basis, h.value])).toEqual([
      ['A', '0.99', '9900.00', '29700.00'],
      ['B', '1', '10100.00', '30000.00'],
    ]);
    expect(body.totals).toEqual({
      cost_basis: '20000.00',
      value: '59700.00',
      unrealised_gain: '39700.00',
      realised_gain: '0.00',
    });
  });

  it('fee_price 30,000: a fee row 300 − 100 = 200; B 1 / 10,000', async () => {
    const withPrice = [trades[0], { ...trades[1], fee_price: '30000' }];
    const { body } = await calculate({ trades: withPrice, pooling: 'per_wallet' });
    expect(body.disposals.map((d: Json) => [d.trade_id, d.amount, d.proceeds, d.cost_basis, d.gain])).toEqual(
      [['t', '0.01', '300.00', '100.00', '200.00']],
    );
    expect(body.holdings.map((h: Json) => [h.wallet, h.cost_basis])).toEqual([
      ['A', '9900.00'],
      ['B', '10000.00'],
    ]);
  });

  it('too little in from_wallet → 422 insufficient_holdings naming the wallet', async () => {
    const { status, body } = await calculate({ trades: [trades[0], { ...trades[1], amount: '2' }] });
    expect(status).toBe(422);
    expect(body).toMatchObject({
      code: 'insufficient_holdings',
      wallet: 'A',
      asset: 'BTC',
      trade_id: 't',
      shortfall: '0.01',
    });
  });

  it.each([
    [{ to_wallet: 'A' }, '/trades/1/to_wallet'],
    [{ fee_treatment: 'disposal' }, '/trades/1/fee_price'],
    [{ price: '1' }, '/trades/1/price'],
  ])('%j → 400 at %s', async (extra, path) => {
    const { status, body } = await calculate({ trades: [trades[0], { ...trades[1], ...extra }] });
    expect(status).toBe(400);
    expect(body.errors.map((e: Json) => e.path)).toContain(path);
  });
});

describe('income, the US switch and method_by_year over REST and MCP', () => {
  it('income: summary.income by kind; a missing price → 400 at the field', async () => {
    const trades = [
      {
        type: 'income',
        income_kind: 'staking',
        asset: 'ETH',
        amount: '0.5',
        price: '3000',
        date: '2024-03-01',
      },
      {
        type: 'income',
        income_kind: 'interest',
        asset: 'USDC',
        amount: '12.345',
        price: '1',
        date: '2024-04-01',
      },
    ];
    const { body } = await calculate({ trades });
    expect(body.summary.income).toEqual({
      total: '1512.35',
      by_kind: { interest: '12.35', staking: '1500.00' },
    });
    const bad = await calculate({ trades: [{ ...trades[0], price: undefined }] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContainEqual(
      expect.objectContaining({ path: '/trades/0/price', code: 'required' }),
    );
  });

  it('US: per_wallet from 2025, reported in pooling_rule; method_by_year outside the US is 422', async () => {
    const trades = [
      { type: 'buy', asset: 'BTC', amount: '1', price: '100', date: '2024-01-10', wallet: 'A', id: 'a' },
      { type: 'buy', asset: 'BTC', amount: '1', price: '200', date: '2024-02-10', wallet: 'B', id: 'b' },
      { type: 'sell', asset: 'BTC', amount: '0.5', price: '400', date: '2025-03-01', wallet: 'B', id: 's' },
    ];
    const { body } = await calculate({ trades, jurisdiction: 'US', method_by_year: { 2025: 'hifo' } });
    expect(body.pooling_rule).toMatchObject({
      pooling: 'universal_then_per_wallet',
      source: 'rev_proc_2024_28',
    });
    expect(body.disposals[0].lots).toEqual([{ trade_id: 'b', amount: '0.5', cost: '100.00' }]);
    expect(body.holdings.map((h: Json) => h.wallet)).toEqual(['A', 'B']);
    const refused = await calculate({ trades, method_by_year: { 2025: 'hifo' } });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'unsupported_method_for_jurisdiction',
      errors: [{ path: '/method_by_year' }],
    });
    const badKey = await calculate({ trades, jurisdiction: 'US', method_by_year: { 25: 'hifo' } });
    expect(badKey.status).toBe(400);
    expect(badKey.body.errors[0].path).toBe('/method_by_year/25');
  });
});

// ---------------------------------------------------------------------------------------------------------
// Properties over random histories in whole units at whole prices (so every cent is exact).
// ---------------------------------------------------------------------------------------------------------

const WALLETS = ['A', 'B', 'C'] as const;
const ASSETS = ['BTC', 'ETH'] as const;
const step = fc.oneof(
  fc.record({
    kind: fc.constant('buy'),
    wallet: fc.constantFrom(...WALLETS),
    amount: fc.integer({ min: 1, max: 5 }),
    price: fc.integer({ min: 0, max: 900 }),
  }),
  fc.record({
    kind: fc.constant('income'),
    wallet: fc.constantFrom(...WALLETS),
    amount: fc.integer({ min: 1, max: 3 }),
    price: fc.integer({ min: 1, max: 900 }),
  }),
  fc.record({
    kind: fc.constant('sell'),
    wallet: fc.constantFrom(...WALLETS),
    amount: fc.integer({ min: 1, max: 4 }),
    price: fc.integer({ min: 0, max: 900 }),
  }),
  fc.record({
    kind: fc.constant('transfer'),
    wallet: fc.constantFrom(...WALLETS),
    to: fc.constantFrom(...WALLETS),
    amount: fc.integer({ min: 1, max: 4 }),
    fee: fc.integer({ min: 0, max: 1 }),
    price: fc.option(fc.integer({ min: 0, max: 900 }), { nil: undefined }),
  }),
);

interface History {
  trades: Body[];
  /** Σ acquisition cost: buys and income at their value. */
  basis: number;
  balances: Map<string, number>;
}

/** Turns random steps into a feasible history (no wallet ever gives more than it holds). */
function history(
  steps: ReadonlyArray<{
    kind: string;
    wallet: string;
    amount: number;
    price?: number | undefined;
    to?: string;
    fee?: number;
  }>,
  asset: string,
): History {
  const balances = new Map<string, number>();
  const trades: Body[] = [];
  let basis = 0;
  const held = (w: string) => balances.get(w) ?? 0;
  steps.forEach((s, i) => {
    const date = new Date(Date.UTC(2024, 0, 1) + i * 86_400_000 * 7).toISOString().slice(0, 10);
    if (s.kind === 'buy' || s.kind === 'income') {
      balances.set(s.wallet, held(s.wallet) + s.amount);
      basis += s.amount * s.price!;
      trades.push({
        type: s.kind,
        asset,
        amount: String(s.amount),
        price: String(s.price),
        date,
        wallet: s.wallet,
        ...(s.kind === 'income' ? { income_kind: 'staking' } : {}),
      });
    } else if (s.kind === 'sell') {
      const amount = Math.min(s.amount, held(s.wallet));
      if (amount === 0) return;
      balances.set(s.wallet, held(s.wallet) - amount);
      trades.push({
        type: 'sell',
        asset,
        amount: String(amount),
        price: String(s.price),
        date,
        wallet: s.wallet,
      });
    } else {
      if (s.to === s.wallet) return;
      const fee = held(s.wallet) > 1 ? s.fee! : 0;
      const amount = Math.min(s.amount, held(s.wallet) - fee);
      if (amount <= 0) return;
      balances.set(s.wallet, held(s.wallet) - amount - fee);
      balances.set(s.to!, held(s.to!) + amount);
      trades.push({
        type: 'transfer',
        asset,
        amount: String(amount),
        date,
        from_wallet: s.wallet,
        to_wallet: s.to,
        ...(fee > 0 ? { fee: String(fee) } : {}),
        ...(fee > 0 && s.price !== undefined ? { fee_price: String(s.price) } : {}),
      });
    }
  });
  return { trades, basis, balances };
}

const histories = fc
  .tuple(fc.array(step, { minLength: 1, maxLength: 25 }), fc.array(step, { maxLength: 15 }))
  .map(([btc, eth]) => {
    const a = history(btc, ASSETS[0]);
    const b = history(eth, ASSETS[1]);
    return { trades: [...a.trades, ...b.trades], basis: a.basis + b.basis, btc: a.balances };
  });
const method = fc.constantFrom('fifo', 'lifo', 'hifo');
const pooling = fc.constantFrom('universal', 'per_wallet');
const PRICES = { BTC: '1000', ETH: '7' };
const cents = (money: string) => new Dec(money).times(100).toNumber();

describe('properties over REST and MCP', () => {
  it('a fee-less transfer leaves the total amount and basis unchanged (and the realised gain)', async () => {
    await fc.assert(
      fc.asyncProperty(histories, method, pooling, fc.nat(), async (h, m, p, pick) => {
        const from = WALLETS.find((w) => (h.btc.get(w) ?? 0) > 0);
        fc.pre(from !== undefined);
        const to = WALLETS[(WALLETS.indexOf(from!) + 1 + (pick % 2)) % 3]!;
        const amount = 1 + (pick % h.btc.get(from!)!);
        const move = {
          type: 'transfer',
          asset: 'BTC',
          amount: String(amount),
          date: '2026-01-01',
          from_wallet: from,
          to_wallet: to,
        };
        const body = { method: m, pooling: p, as_of: '2026-12-31', prices: PRICES };
        const before = (await holdings({ ...body, trades: h.trades })).body;
        const after = (await holdings({ ...body, trades: [...h.trades, move] })).body;
        expect(after.totals).toEqual(before.totals);
        const amounts = (answer: Json) =>
          ASSETS.map((asset) =>
            answer.holdings
              .filter((x: Json) => x.asset === asset)
              .reduce((total: InstanceType<typeof Dec>, x: Json) => total.plus(x.amount), new Dec(0))
              .toString(),
          );
        expect(amounts(after)).toEqual(amounts(before));
      }),
      { numRuns: 25 },
    );
  });

  it('realised + unrealised = proceeds + value − basis', async () => {
    await fc.assert(
      fc.asyncProperty(histories, method, pooling, async (h, m, p) => {
        const options = { method: m, pooling: p };
        const report = (await calculate({ ...options, trades: h.trades })).body;
        const { totals } = (
          await holdings({ ...options, trades: h.trades, as_of: '2026-12-31', prices: PRICES })
        ).body;
        expect(cents(totals.realised_gain) + cents(totals.unrealised_gain)).toBe(
          cents(report.summary.proceeds) + cents(totals.value) - h.basis * 100,
        );
      }),
      { numRuns: 25 },
    );
  });
});
