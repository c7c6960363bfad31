import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splits } from '../../src/domain/index.js';
import { expectUnprocessable, HALF, hms, MARATHON, MILE } from './helpers.js';

describe('even splits (spec worked example: marathon in 3:30:00)', () => {
  const report = splits(MARATHON, 12_600);

  it('298.614 s/km average', () => {
    expect((12_600 / MARATHON) * 1000).toBeCloseTo(298.614, 3);
    expect(report.pace.per_km).toEqual({ seconds: 298.6, text: '4:59' });
    expect(report.splits[0]).toEqual({
      index: 1,
      distance_m: 1000,
      length_m: 1000,
      split_s: 298.6,
      cumulative_s: 298.6,
      cumulative_text: '4:59',
      pace_per_km: { seconds: 298.6, text: '4:59' },
    });
  });

  it('43 splits; cumulative at 42 km is 3:29:02', () => {
    expect(report.splits).toHaveLength(43);
    const at42 = report.splits[41];
    expect(at42?.distance_m).toBe(42_000);
    expect(at42?.cumulative_text).toBe('3:29:02');
    expect(Math.abs((at42?.cumulative_s ?? 0) - hms('3:29:02'))).toBeLessThanOrEqual(1);
    expect(at42?.cumulative_s).toBe(12_541.8);
  });

  it('the final 0.195 km split takes 58.2 s and ends at the goal time', () => {
    const last = report.splits[42];
    expect(last).toEqual({
      index: 43,
      distance_m: 42_195,
      length_m: 195,
      split_s: 58.2,
      cumulative_s: 12_600,
      cumulative_text: '3:30:00',
      pace_per_km: { seconds: 298.6, text: '4:59' },
    });
  });

  it('cumulative times are rounded from the exact value, not summed from rounded splits', () => {
    for (const row of report.splits) {
      const exact = (row.distance_m * 12_600) / MARATHON;
      expect(row.cumulative_s).toBe(Math.round(exact * 10) / 10);
    }
  });

  it('has no halves and no negative_percent', () => {
    expect(report.strategy).toBe('even');
    expect(report.halves).toBeUndefined();
    expect(report.negative_percent).toBeUndefined();
  });
});

describe('negative splits (spec worked example: 2 % on 3:30:00)', () => {
  const report = splits(MARATHON, 12_600, { strategy: 'negative', negative_percent: 2 });

  it('halves 1:46:03.6 and 1:43:56.4', () => {
    expect(report.halves?.first.time_s).toBe(hms('1:46:03.6'));
    expect(report.halves?.second.time_s).toBe(hms('1:43:56.4'));
    expect(report.halves?.first.distance_m).toBe(21_097.5);
    expect(report.halves?.first.text).toBe('1:46:04');
    expect(report.halves?.second.text).toBe('1:43:56');
    expect(report.negative_percent).toBe(2);
  });

  it('defaults to 2 %', () => {
    expect(splits(MARATHON, 12_600, { strategy: 'negative' })).toEqual(report);
  });

  it('each half at its own constant pace; the split containing halfway mixes both', () => {
    const firstPace = 12_600 / 1.98 / 21.0975;
    const secondPace = (12_600 * 0.98) / 1.98 / 21.0975;
    const rows = report.splits;
    expect(rows[0]?.split_s).toBe(Math.round(firstPace * 10) / 10);
    expect(rows[20]?.split_s).toBe(Math.round(firstPace * 10) / 10);
    expect(rows[22]?.split_s).toBe(Math.round(secondPace * 10) / 10);
    const mixed = 0.0975 * firstPace + 0.9025 * secondPace;
    expect(rows[21]?.split_s).toBe(Math.round(mixed * 10) / 10);
    expect(rows[21]?.distance_m).toBe(22_000);
    expect(rows[42]?.cumulative_s).toBe(12_600);
  });

  it('0 % equals even splits', () => {
    const zero = splits(MARATHON, 12_600, { strategy: 'negative', negative_percent: 0 });
    expect(zero.splits).toEqual(splits(MARATHON, 12_600).splits);
    expect(zero.halves?.first.time_s).toBe(6300);
  });
});

describe('split lengths', () => {
  it('mile splits of a 10 mi race: exactly 10, no float-noise split', () => {
    const report = splits(10 * MILE, 3600, { split_m: MILE });
    expect(report.splits).toHaveLength(10);
    expect(report.splits[9]?.cumulative_s).toBe(3600);
  });

  it('a split equal to the race is one split', () => {
    const report = splits(5000, 1200, { split_m: 5000 });
    expect(report.splits).toEqual([
      {
        index: 1,
        distance_m: 5000,
        length_m: 5000,
        split_s: 1200,
        cumulative_s: 1200,
        cumulative_text: '20:00',
        pace_per_km: { seconds: 240, text: '4:00' },
      },
    ]);
  });

  it('400 m splits of a 5K: 13 splits, last 200 m', () => {
    const report = splits(5000, 1200, { split_m: 400 });
    expect(report.splits).toHaveLength(13);
    expect(report.splits[12]?.length_m).toBe(200);
    expect(report.splits[12]?.split_s).toBe(48);
  });
});

describe('refusals', () => {
  it('a split longer than the race', () => {
    expectUnprocessable(() => splits(5000, 1200, { split_m: 5001 }), 'split_too_long');
  });

  it('more than 1000 splits', () => {
    expect(splits(1000, 600, { split_m: 1 }).splits).toHaveLength(1000);
    expect(expectUnprocessable(() => splits(MARATHON, 12_600, { split_m: 1 }), 'too_many_splits')).toContain(
      '1000',
    );
  });

  it.each([[-1], [20.5], [Number.NaN]])('negative_percent %d', (percent) => {
    expectUnprocessable(
      () => splits(MARATHON, 12_600, { strategy: 'negative', negative_percent: percent }),
      'negative_percent_out_of_range',
    );
  });
});

describe('the last cumulative time is the goal time to 0.1 s', () => {
  const races = fc.constantFrom(5000, 10_000, HALF, MARATHON);
  const units = fc.constantFrom(1000, MILE);
  const strategy = fc.constantFrom('even' as const, 'negative' as const);

  it('even and negative, per km and per mile, on 5k/10k/half/marathon', () => {
    fc.assert(
      fc.property(
        races,
        units,
        strategy,
        fc.double({ min: 600, max: 36_000, noNaN: true }),
        fc.double({ min: 0, max: 20, noNaN: true }),
        (distance, unit, how, time, percent) => {
          const report = splits(distance, time, { split_m: unit, strategy: how, negative_percent: percent });
          const rows = report.splits;
          const last = rows[rows.length - 1];
          expect(Math.abs((last?.cumulative_s ?? 0) - time)).toBeLessThanOrEqual(0.05 + 1e-9);
          expect(last?.distance_m).toBe(distance);
          expect(rows).toHaveLength(Math.ceil(distance / unit - 1e-6));
          for (let i = 1; i < rows.length; i++) {
            expect(rows[i]!.cumulative_s).toBeGreaterThanOrEqual(rows[i - 1]!.cumulative_s);
            expect(rows[i]!.cumulative_text).not.toMatch(/:60/);
          }
          if (how === 'negative') {
            const halves = report.halves;
            expect(
              Math.abs((halves?.first.time_s ?? 0) + (halves?.second.time_s ?? 0) - time),
            ).toBeLessThanOrEqual(0.1 + 1e-9);
          }
        },
      ),
    );
  });
});
