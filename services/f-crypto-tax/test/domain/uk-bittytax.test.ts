// A second engine: BittyTax (UK individual rules) on HMRC's six examples and mixed histories of our
// own; its answers are in test/fixtures/bittytax (SOURCE.md says how they were made).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Dec } from '../../src/domain/decimal.js';
import { matchUk, roundUk, type UkEvent, ukDisposalJson } from '../../src/domain/uk/index.js';

interface ScenarioEvent {
  type: 'buy' | 'sell';
  asset: string;
  amount: string;
  value: string;
  timestamp: string;
}
interface BittyEvent {
  tax_year: number;
  date: string;
  asset: string;
  rule: 'SAME_DAY' | 'BED_AND_BREAKFAST' | 'SECTION_104';
  quantity: string;
  proceeds: string;
  cost: string;
  date_acquired: string | null;
}

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/bittytax/${name}`, import.meta.url), 'utf8'));
const scenarios: Array<{ name: string; events: ScenarioEvent[] }> = fixture('scenarios.json').scenarios;
const answers: Array<{
  name: string;
  events: BittyEvent[];
  pools: Record<string, { quantity: string; cost: string }>;
}> = fixture('answers.json').results;

const RULES = { SAME_DAY: 'same_day', BED_AND_BREAKFAST: 'bed_and_breakfast', SECTION_104: 's104' } as const;

const toEvents = (events: ScenarioEvent[]): UkEvent[] =>
  events.map((e, i) =>
    e.type === 'buy'
      ? {
          kind: 'acquisition',
          tradeId: String(i),
          asset: e.asset,
          instant: Date.parse(e.timestamp),
          amount: new Dec(e.amount),
          cost: new Dec(e.value),
        }
      : {
          kind: 'disposal',
          tradeId: String(i),
          asset: e.asset,
          instant: Date.parse(e.timestamp),
          amount: new Dec(e.amount),
          proceeds: new Dec(e.value),
        },
  );

/** One line per (disposal day, rule, acquisition day): amounts summed, costs in pence. */
type Line = [
  asset: string,
  sold: string,
  taxYear: number,
  rule: string,
  acquired: string | null,
  amount: string,
  cost: string,
];
const byKey = (lines: Line[]): Line[] => {
  const merged = new Map<string, Line>();
  for (const line of lines) {
    const key = line.slice(0, 5).join('|');
    const seen = merged.get(key);
    merged.set(
      key,
      seen === undefined
        ? line
        : ([
            ...line.slice(0, 5),
            new Dec(seen[5]).plus(line[5]).toFixed(),
            new Dec(seen[6]).plus(line[6]).toFixed(2),
          ] as Line),
    );
  }
  return [...merged.values()].sort((a, b) => (a.join('|') < b.join('|') ? -1 : 1));
};

describe('our UK matching agrees with BittyTax', () => {
  it('has every scenario answered', () => {
    expect(answers.map((a) => a.name)).toEqual(scenarios.map((s) => s.name));
    expect(scenarios.length).toBeGreaterThanOrEqual(12);
  });

  it.each(scenarios.map((s, i) => [s.name, i] as const))('%s', (_, i) => {
    const ours = matchUk(toEvents(scenarios[i]!.events), 'error');
    const rounded = ours.disposals.map(roundUk);
    const rows = rounded.map(ukDisposalJson);
    const theirs = answers[i]!;

    // Each match: same rule, same acquisition day, same amount, same cost to the penny.
    const ourLines = rows.flatMap((row, r) =>
      row.matches.map(
        (m): Line => [
          row.asset,
          row.date_sold,
          rounded[r]!.taxYear,
          m.rule,
          m.date_acquired,
          m.amount,
          m.cost,
        ],
      ),
    );
    const theirLines = theirs.events.map(
      (e): Line => [
        e.asset,
        e.date,
        e.tax_year,
        RULES[e.rule],
        e.date_acquired,
        new Dec(e.quantity).toFixed(),
        e.cost,
      ],
    );
    expect(byKey(ourLines)).toEqual(byKey(theirLines));

    // Proceeds: BittyTax splits a disposal's proceeds over its matches and rounds each part, so a
    // disposal's sum may differ from our one rounding by at most half a penny per extra part.
    for (const row of rows) {
      const parts = theirs.events.filter((e) => e.asset === row.asset && e.date === row.date_sold);
      const total = parts.reduce((sum, e) => sum.plus(e.proceeds), new Dec(0));
      expect(total.minus(row.proceeds).abs().toNumber()).toBeLessThanOrEqual(0.01 * (parts.length - 1));
    }

    // The pools at the end: same units, same cost to the penny.
    const pools = Object.fromEntries(
      ours.pools.map((p) => [p.asset, [p.amount.toFixed(), p.cost.round(2, Dec.roundHalfUp).toFixed(2)]]),
    );
    const theirPools = Object.fromEntries(
      Object.entries(theirs.pools).map(([asset, p]) => [
        asset,
        [new Dec(p.quantity).toFixed(), new Dec(p.cost).round(2, Dec.roundHalfUp).toFixed(2)],
      ]),
    );
    expect(pools).toEqual(theirPools);
  });
});
