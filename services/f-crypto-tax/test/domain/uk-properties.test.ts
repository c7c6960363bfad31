// Properties of the UK matching over random histories (fast-check), and agreement with a naive
// pairwise matcher written the way the rules read (quadratic, for tests only).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec, type Decimal } from '../../src/domain/decimal.js';
import { matchUk, roundUk, type UkEvent, ukDay, ukDisposalJson } from '../../src/domain/uk/index.js';

const ASSETS = ['BTC', 'ETH'];
const START = Date.UTC(2023, 2, 1);
const HOUR = 3_600_000;

/** Buys, sales and removals that never take more than is held at their instant. */
const history = fc
  .array(
    fc.record({
      kind: fc.constantFrom('acquisition', 'disposal', 'disposal', 'removal'),
      asset: fc.constantFrom(...ASSETS),
      gapHours: fc.constantFrom(0, 1, 5, 23, 24, 24 * 7, 24 * 29, 24 * 30, 24 * 31),
      amount: fc.integer({ min: 1, max: 10 ** 6 }).map((n) => new Dec(n).div(1000)),
      value: fc.integer({ min: 0, max: 10 ** 8 }).map((n) => new Dec(n).div(100)),
      all: fc.boolean(),
    }),
    { minLength: 1, maxLength: 60 },
  )
  .map((steps) => {
    const held = new Map<string, Decimal>();
    let instant = START;
    const events: UkEvent[] = [];
    steps.forEach((step, i) => {
      instant += step.gapHours * HOUR;
      const have = held.get(step.asset) ?? new Dec(0);
      const tradeId = String(i);
      if (step.kind === 'acquisition' || have.eq(0)) {
        held.set(step.asset, have.plus(step.amount));
        events.push({
          kind: 'acquisition',
          tradeId,
          asset: step.asset,
          instant,
          amount: step.amount,
          cost: step.value,
        });
        return;
      }
      const amount = step.all || step.amount.gt(have) ? have : step.amount;
      held.set(step.asset, have.minus(amount));
      events.push(
        step.kind === 'disposal'
          ? { kind: 'disposal', tradeId, asset: step.asset, instant, amount, proceeds: step.value }
          : {
              kind: 'removal',
              tradeId,
              asset: step.asset,
              instant,
              amount: step.all ? amount.div(2) : amount,
            },
      );
    });
    return events;
  });

const total = (values: Decimal[]) => values.reduce((a, b) => a.plus(b), new Dec(0));

describe('UK matching properties', () => {
  it('amounts and costs are conserved: matched + pool = acquired; each disposal fully matched', () => {
    fc.assert(
      fc.property(history, (events) => {
        const { disposals, pools } = matchUk(events, 'error');
        for (const asset of ASSETS) {
          const of = <T extends { asset: string }>(list: readonly T[]) =>
            list.filter((x) => x.asset === asset);
          const mine = of(events);
          const acquired = mine.flatMap((e) => (e.kind === 'acquisition' ? [e] : []));
          const matches = of(disposals).flatMap((d) => d.matches);
          const pool = pools.find((p) => p.asset === asset);
          expect(
            total(matches.map((m) => m.cost))
              .plus(pool?.cost ?? 0)
              .eq(total(acquired.map((a) => a.cost))),
          ).toBe(true);
          const removed = total(mine.flatMap((e) => (e.kind === 'removal' ? [e.amount] : [])));
          expect(
            total(matches.map((m) => m.amount))
              .plus(pool?.amount ?? 0)
              .plus(removed)
              .eq(total(acquired.map((a) => a.amount))),
          ).toBe(true);
        }
        for (const disposal of disposals) {
          expect(total(disposal.matches.map((m) => m.amount)).eq(disposal.amount)).toBe(true);
          expect(disposal.matches.every((m) => m.rule !== 'zero_basis')).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('rows: rule order, the 30-day window, pence sums', () => {
    const order = { same_day: 0, bed_and_breakfast: 1, s104: 2, zero_basis: 3 };
    fc.assert(
      fc.property(history, (events) => {
        for (const rounded of matchUk(events, 'error').disposals.map(roundUk)) {
          const { matches, day } = rounded.disposal;
          const keys = matches.map((m) => order[m.rule] * 1e6 + (m.acquiredDay ?? 0));
          expect(keys).toEqual([...keys].sort((a, b) => a - b));
          for (const m of matches) {
            if (m.rule === 'same_day') expect(m.acquiredDay).toBe(day);
            if (m.rule === 'bed_and_breakfast') expect(m.acquiredDay! - day).toBeGreaterThanOrEqual(1);
            if (m.rule === 'bed_and_breakfast') expect(m.acquiredDay! - day).toBeLessThanOrEqual(30);
          }
          const row = ukDisposalJson(rounded);
          const cents = (s: string) => BigInt(s.replace('.', ''));
          expect(row.matches.reduce((sum, m) => sum + cents(m.cost), 0n)).toBe(cents(row.cost_basis));
          expect(cents(row.proceeds) - cents(row.cost_basis)).toBe(cents(row.gain));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('agrees with a naive pairwise matcher', () => {
    fc.assert(
      fc.property(history, (events) => {
        const ours = matchUk(events, 'error').disposals.map((d) =>
          d.matches.map((m) => [
            d.asset,
            d.day,
            m.rule,
            m.acquiredDay,
            m.amount.toFixed(),
            m.cost.round(6).toFixed(6),
          ]),
        );
        expect(ours.flat()).toEqual(naive(events));
      }),
      { numRuns: 300 },
    );
  });

  it('assets are independent: one asset alone gives its same rows', () => {
    fc.assert(
      fc.property(history, (events) => {
        const all = matchUk(events, 'error')
          .disposals.filter((d) => d.asset === 'BTC')
          .map(ukKey);
        const alone = matchUk(
          events.filter((e) => e.asset === 'BTC'),
          'error',
        ).disposals.map(ukKey);
        expect(all).toEqual(alone);
      }),
      { numRuns: 100 },
    );
  });
});

const ukKey = (d: ReturnType<typeof matchUk>['disposals'][number]) => ukDisposalJson(roundUk(d));

/**
 * The rules as they read, pair by pair: pool each (asset, day)'s buys and sells; match same-day
 * pairs; then each sale, earliest first, with each later buy within 30 days, earliest first; then
 * walk the days, adding what is left of each buy to the pool and taking each sale's rest from it.
 */
function naive(events: readonly UkEvent[]) {
  type Side = {
    asset: string;
    day: number;
    amount: Decimal;
    value: Decimal;
    left: Decimal;
    firstSeq: number;
  };
  const sorted = events
    .map((e, seq) => ({ e, seq }))
    .sort((a, b) => a.e.instant - b.e.instant || a.seq - b.seq);
  const buys: Side[] = [];
  const sells: Side[] = [];
  const removals: Array<{ asset: string; seq: number; amount: Decimal }> = [];
  sorted.forEach(({ e }, seq) => {
    if (e.kind === 'removal') {
      removals.push({ asset: e.asset, seq, amount: e.amount });
      return;
    }
    const list = e.kind === 'acquisition' ? buys : sells;
    const day = ukDay(e.instant);
    const value = e.kind === 'acquisition' ? e.cost : e.proceeds;
    const side = list.find((s) => s.asset === e.asset && s.day === day);
    if (side) {
      side.amount = side.amount.plus(e.amount);
      side.value = side.value.plus(value);
      side.left = side.amount;
    } else list.push({ asset: e.asset, day, amount: e.amount, value, left: e.amount, firstSeq: seq });
  });
  const matches = new Map<Side, Array<[string, number | null, Decimal, Decimal]>>(sells.map((s) => [s, []]));
  const take = (buy: Side, amount: Decimal) => buy.value.times(amount).div(buy.amount);
  for (const sell of sells) {
    const buy = buys.find((b) => b.asset === sell.asset && b.day === sell.day);
    if (!buy) continue;
    const amount = sell.left.lt(buy.left) ? sell.left : buy.left;
    matches.get(sell)!.push(['same_day', buy.day, amount, take(buy, amount)]);
    sell.left = sell.left.minus(amount);
    buy.left = buy.left.minus(amount);
  }
  for (const sell of sells) {
    for (const buy of buys) {
      if (buy.asset !== sell.asset || buy.day <= sell.day || buy.day > sell.day + 30) continue;
      if (sell.left.eq(0) || buy.left.eq(0)) continue;
      const amount = sell.left.lt(buy.left) ? sell.left : buy.left;
      matches.get(sell)!.push(['bed_and_breakfast', buy.day, amount, take(buy, amount)]);
      sell.left = sell.left.minus(amount);
      buy.left = buy.left.minus(amount);
    }
  }
  const pools = new Map<string, { amount: Decimal; cost: Decimal }>();
  const steps = [
    ...buys.map((b) => ({ seq: b.firstSeq, run: () => add(b) })),
    ...sells.map((s) => ({ seq: s.firstSeq, run: () => takeFromPool(s) })),
    ...removals.map((r) => ({
      seq: r.seq,
      run: () => (pools.get(r.asset)!.amount = pools.get(r.asset)!.amount.minus(r.amount)),
    })),
  ].sort((a, b) => a.seq - b.seq);
  for (const e of events) pools.set(e.asset, { amount: new Dec(0), cost: new Dec(0) });
  function add(b: Side) {
    const pool = pools.get(b.asset)!;
    pool.amount = pool.amount.plus(b.left);
    pool.cost = pool.cost.plus(take(b, b.left));
  }
  function takeFromPool(s: Side) {
    if (s.left.eq(0)) return;
    const pool = pools.get(s.asset)!;
    const cost = pool.cost.times(s.left).div(pool.amount);
    matches.get(s)!.push(['s104', null, s.left, cost]);
    pool.amount = pool.amount.minus(s.left);
    pool.cost = pool.cost.minus(cost);
  }
  for (const step of steps) step.run();
  return [...matches]
    .sort(([a], [b]) => a.firstSeq - b.firstSeq)
    .flatMap(([sell, list]) =>
      list.map(([rule, day, amount, cost]) => [
        sell.asset,
        sell.day,
        rule,
        day,
        amount.toFixed(),
        cost.round(6).toFixed(6),
      ]),
    );
}
