// Properties over random trade histories (fast-check): conservation, totals, method agreement, order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec, match, prepare } from '../../src/domain/index.js';
import { calculateInput } from '../../src/schemas.js';
import { METHODS, report, trade } from './helpers.js';

const ASSETS = ['BTC', 'ETH', 'SOL'];
const WALLETS = [undefined, 'a', 'b'];

/** Buys and sales that never sell more than the (asset, wallet) pool holds; one trade a day. */
const history = (options: { integer?: boolean; onePrice?: boolean; sellAll?: boolean } = {}) =>
  fc
    .array(
      fc.record({
        buy: fc.boolean(),
        asset: fc.constantFrom(...ASSETS),
        wallet: fc.constantFrom(...WALLETS),
        amount: options.integer
          ? fc.integer({ min: 1, max: 50 }).map(String)
          : fc.integer({ min: 1, max: 10 ** 9 }).map((n) => (n / 1e4).toString()),
        price: options.onePrice
          ? fc.constant('250')
          : options.integer
            ? fc.integer({ min: 1, max: 900 }).map(String)
            : fc.integer({ min: 0, max: 10 ** 7 }).map((n) => (n / 100).toString()),
        share: fc.integer({ min: 1, max: 4 }),
        fee: options.integer
          ? fc.constant('0')
          : fc.integer({ min: 0, max: 500 }).map((n) => (n / 100).toString()),
      }),
      { minLength: 1, maxLength: 40 },
    )
    .map((steps) => {
      const held = new Map<string, InstanceType<typeof Dec>>();
      const trades: ReturnType<typeof trade>[] = [];
      steps.forEach((step, i) => {
        const key = `${step.asset}/${step.wallet ?? ''}`;
        const have = held.get(key) ?? new Dec(0);
        const date = new Date(Date.UTC(2020, 0, 1 + i * 40)).toISOString().slice(0, 10);
        const extra = { fee: step.fee, ...(step.wallet ? { wallet: step.wallet } : {}) };
        if (step.buy || have.eq(0)) {
          held.set(key, have.plus(step.amount));
          trades.push(trade('buy', step.asset, step.amount, step.price, date, extra));
        } else {
          const amount = options.integer ? have.div(step.share).round(0, Dec.roundUp) : have.div(step.share);
          held.set(key, have.minus(amount));
          trades.push(trade('sell', step.asset, amount.toFixed(), step.price, date, extra));
        }
      });
      if (options.sellAll) {
        for (const [key, amount] of held) {
          if (amount.eq(0)) continue;
          const [asset, wallet] = key.split('/');
          trades.push(trade('sell', asset!, amount.toFixed(), '300', '2031-01-01', wallet ? { wallet } : {}));
        }
      }
      return trades;
    });

const method = fc.constantFrom(...METHODS);
const pooling = fc.constantFrom('universal', 'per_wallet');

describe('properties', () => {
  it('sold + held = bought, per asset and wallet', () => {
    fc.assert(
      fc.property(history(), method, pooling, (trades, m, pool) => {
        const result = report({ trades, pooling: pool }, m);
        const balance = new Map<string, InstanceType<typeof Dec>>();
        const key = (asset: string, wallet: string | null | undefined) =>
          `${asset}/${pool === 'per_wallet' ? (wallet ?? '') : ''}`;
        for (const t of trades) {
          const k = key(t.asset, (t as { wallet?: string }).wallet);
          balance.set(k, (balance.get(k) ?? new Dec(0))[t.type === 'buy' ? 'plus' : 'minus'](t.amount));
        }
        const held = new Map(result.holdings.map((h) => [key(h.asset, h.wallet), h.amount]));
        for (const [k, amount] of balance) expect(held.get(k) ?? '0').toBe(amount.toFixed());
      }),
      { numRuns: 150 },
    );
  });

  it('Σ row gains = proceeds − cost basis, in every total and every row', () => {
    fc.assert(
      fc.property(history(), method, (trades, m) => {
        const { summary, disposals } = report({ trades }, m);
        for (const d of disposals) expect(new Dec(d.proceeds).minus(d.cost_basis).toFixed(2)).toBe(d.gain);
        expect(new Dec(summary.proceeds).minus(summary.cost_basis).toFixed(2)).toBe(summary.gain);
        const sumGain = disposals.reduce((s, d) => s.plus(d.gain), new Dec(0));
        expect(sumGain.toFixed(2)).toBe(summary.gain);
        expect(new Dec(summary.short_term.net).plus(summary.long_term.net).toFixed(2)).toBe(summary.gain);
      }),
      { numRuns: 150 },
    );
  });

  it('everything sold: every method gives exactly the same total (unrounded rows, any amounts and fees)', () => {
    fc.assert(
      fc.property(history({ sellAll: true }), (trades) => {
        const { trades: read, options } = calculateInput.parse({ trades });
        const entries = prepare(read, options);
        const totals = METHODS.map((m) =>
          match(entries, { method: m, pooling: 'universal', endDay: 0 }, options)
            .rows.reduce((s, r) => s.plus(r.proceeds).minus(r.costBasis), new Dec(0))
            .toFixed(20),
        );
        expect(new Set(totals).size).toBe(1);
      }),
      { numRuns: 100 },
    );
  });

  it('everything sold, whole units at whole prices: the rounded totals are equal too (FIFO, LIFO, HIFO)', () => {
    fc.assert(
      fc.property(history({ integer: true, sellAll: true }), (trades) => {
        const gains = (['fifo', 'lifo', 'hifo'] as const).map((m) => report({ trades }, m).summary.gain);
        expect(new Set(gains).size).toBe(1);
      }),
      { numRuns: 100 },
    );
  });

  it('FIFO and LIFO agree when all lots have one price', () => {
    fc.assert(
      fc.property(history({ integer: true, onePrice: true }), (trades) => {
        const fifo = report({ trades }, 'fifo').summary;
        const lifo = report({ trades }, 'lifo').summary;
        expect([lifo.gain, lifo.cost_basis, lifo.proceeds]).toEqual([
          fifo.gain,
          fifo.cost_basis,
          fifo.proceeds,
        ]);
      }),
      { numRuns: 100 },
    );
  });

  it('trades at one instant keep their input order (FIFO consumes them in it, LIFO in reverse)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { minLength: 2, maxLength: 12 }),
        (ids) => {
          const at = '2025-03-01T12:00:00Z';
          const trades = [
            ...ids.map((id, i) => trade('buy', 'BTC', '1', String(100 + ((i * 7) % 5)), at, { id })),
            trade('sell', 'BTC', String(ids.length), '1000', '2025-04-01', { id: 'sale' }),
          ];
          const lots = (m: 'fifo' | 'lifo') =>
            report({ trades }, m).disposals.map((d) => d.lots[0]!.trade_id);
          expect(lots('fifo')).toEqual(ids);
          expect(lots('lifo')).toEqual([...ids].reverse());
        },
      ),
      { numRuns: 100 },
    );
  });
});
