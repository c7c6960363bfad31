// The pools of lots: a heap built from lots at once (a method change, the US switch) consumes them in
// exactly the order the method defines, as one built lot by lot does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../src/domain/index.js';
import { createPool, type Lot } from '../../src/domain/pools.js';

const lotOf = (seq: number, tie: number, amount: number, cost: number): Lot => ({
  tradeId: `${seq}.${tie}`,
  day: seq,
  seq,
  tie,
  wallet: null,
  moved: false,
  amount: new Dec(amount),
  cost: new Dec(cost),
  unitCost: undefined,
  remaining: new Dec(amount),
  remainingCost: new Dec(cost),
});

const lots = fc.array(
  fc.record({
    seq: fc.integer({ min: 0, max: 6 }),
    amount: fc.integer({ min: 1, max: 3 }),
    unit: fc.constantFrom(2, 4, 8),
  }),
  { maxLength: 30 },
);

/** The order a method consumes lots in, by sorting. */
const ORDER = {
  fifo: (a: Lot, b: Lot) => a.seq - b.seq || a.tie - b.tie,
  lifo: (a: Lot, b: Lot) => b.seq - a.seq || b.tie - a.tie,
  hifo: (a: Lot, b: Lot) => b.cost.div(b.amount).cmp(a.cost.div(a.amount)) || a.seq - b.seq || a.tie - b.tie,
};

describe('pools of lots', () => {
  it.each(['fifo', 'lifo', 'hifo'] as const)(
    '%s: built at once or lot by lot, the same order as sorting',
    (method) => {
      fc.assert(
        fc.property(lots, (specs) => {
          const make = () => specs.map((s, tie) => lotOf(s.seq, tie, s.amount, s.amount * s.unit));
          const expected = make()
            .sort(ORDER[method])
            .map((l) => l.tradeId);
          const atOnce = createPool(method, make());
          const oneByOne = createPool(method);
          for (const lot of make()) oneByOne.add(lot);
          const total = new Dec(specs.reduce((sum, s) => sum + s.amount, 0));
          for (const pool of [atOnce, oneByOne]) {
            expect(pool.take(total).map((p) => p.lot.tradeId)).toEqual(expected);
            expect(pool.held().toString()).toBe('0');
          }
        }),
        { numRuns: 500 },
      );
    },
  );

  it('an average pool built from lots holds their amounts and costs', () => {
    const pool = createPool('average', [lotOf(0, 0, 1, 100), lotOf(1, 1, 3, 500)]);
    expect([pool.held().toString(), pool.cost().toString(), pool.openLots()]).toEqual(['4', '600', 2]);
    expect(pool.take(new Dec(2)).map((p) => [p.lot.tradeId, p.amount.toString(), p.cost.toString()])).toEqual(
      [
        ['0.0', '1', '150'],
        ['1.1', '1', '150'],
      ],
    );
    expect(pool.lots().map((l) => [l.tradeId, l.amount.toString(), l.cost.toString()])).toEqual([
      ['1.1', '2', '300'],
    ]);
  });
});
