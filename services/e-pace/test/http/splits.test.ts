import { describe, expect, it } from 'vitest';
import { expectNear, ok } from './helpers.js';

type Split = {
  index: number;
  distance_m: number;
  length_m: number;
  split_s: number;
  cumulative_s: number;
  cumulative_text: string;
  pace_per_km: { seconds: number; text: string };
};

const RACES = [
  ['5k', 5000, ['17:31', '25:00', '31:07.3']],
  ['10k', 10000, ['33:33', '50:00', '1:04:59.9']],
  ['half', 21097.5, ['1:19:59', '1:45:00', '2:33:17.7']],
  ['marathon', 42195, ['2:01:09', '3:30:00', '5:47:13.1']],
] as const;
const SPLITS = [
  ['1 km', 1000],
  ['1 mi', 1609.344],
] as const;
const STRATEGIES = ['even', 'negative'] as const;

function seconds(text: string): number {
  return text.split(':').reduce((total, field) => total * 60 + Number(field), 0);
}

describe('the last cumulative time is the goal time (to 0.1 s)', () => {
  for (const [race, meters, goals] of RACES) {
    for (const [split, splitM] of SPLITS) {
      for (const strategy of STRATEGIES) {
        it(`${race}, ${split} splits, ${strategy}`, async () => {
          for (const goal of goals) {
            const goalS = seconds(goal);
            const body = await ok('/splits', { distance: race, time: goal, split, strategy });
            const rows: Split[] = body.splits;
            expect(rows).toHaveLength(Math.ceil(meters / splitM - 1e-9));
            const last = rows.at(-1)!;
            expectNear(last.cumulative_s, goalS, 0.1, 'last cumulative');
            expect(last.distance_m).toBe(meters);
            expectNear(last.length_m, meters - splitM * (rows.length - 1), 0.001);
            expect(body.split_m).toBe(splitM);
            expect(body.strategy).toBe(strategy);
            // Every row: consecutive index, whole split lengths but the last, increasing cumulative times,
            // and the split time is the difference of the exact cumulative times (within rounding).
            let previous = 0;
            rows.forEach((row, i) => {
              expect(row.index).toBe(i + 1);
              if (i < rows.length - 1) expectNear(row.distance_m, (i + 1) * splitM, 0.001);
              expect(row.cumulative_s).toBeGreaterThan(previous);
              expectNear(row.split_s, row.cumulative_s - previous, 0.1 + 1e-9);
              expectNear(
                row.pace_per_km.seconds,
                (row.split_s * 1000) / row.length_m,
                0.05 + 50 / row.length_m,
              );
              previous = row.cumulative_s;
            });
            if (strategy === 'negative') {
              expect(body.negative_percent).toBe(2);
              expectNear(body.halves.first.time_s + body.halves.second.time_s, goalS, 0.1);
              // The second half is 2 % faster: H2 = 0.98 · H1.
              expectNear(body.halves.second.time_s, 0.98 * body.halves.first.time_s, 0.1);
            } else {
              expect(body).not.toHaveProperty('halves');
              expect(body).not.toHaveProperty('negative_percent');
            }
          }
        });
      }
    }
  }
});

describe('negative splits', () => {
  it('10k: the cumulative time at 5 km is the first half, H1 = T/(2 − r)', async () => {
    const body = await ok('/splits', {
      distance: '10k',
      time: '40:00',
      strategy: 'negative',
      negative_percent: 5,
    });
    expectNear(body.splits[4].cumulative_s, 2400 / 1.95, 0.05);
    expect(body.halves.first.time_s).toBe(body.splits[4].cumulative_s);
    // Whole kilometres of each half run at that half's own constant pace.
    expect(body.splits[0].split_s).toBe(body.splits[3].split_s);
    expect(body.splits[5].split_s).toBe(body.splits[9].split_s);
    expectNear(body.splits[9].split_s, 0.95 * body.splits[0].split_s, 0.1);
  });

  it('half marathon: the split containing halfway mixes both paces', async () => {
    const body = await ok('/splits', {
      distance: 'half',
      time: '1:40:00',
      strategy: 'negative',
      negative_percent: 10,
    });
    const first = body.splits[0].split_s;
    const second = body.splits[12].split_s;
    const mixed = body.splits[10].split_s; // km 10–11 contains 10.54875 km
    expect(second).toBeLessThan(first);
    expect(mixed).toBeLessThan(first);
    expect(mixed).toBeGreaterThan(second);
    // 548.75 m at the first pace and 451.25 m at the second.
    expectNear(mixed, 0.54875 * first + 0.45125 * second, 0.1);
  });

  it('negative_percent 0 is even pacing', async () => {
    const even = await ok('/splits', { distance: '10k', time: '45:00' });
    const zero = await ok('/splits', {
      distance: '10k',
      time: '45:00',
      strategy: 'negative',
      negative_percent: 0,
    });
    expect(zero.splits).toEqual(even.splits);
  });

  it('a custom split: 400 m on a 5k gives 13 splits, the last 200 m', async () => {
    const body = await ok('/splits', { distance: '5k', time: '20:00', split: '400 m' });
    expect(body.splits).toHaveLength(13);
    expect(body.splits[12]).toMatchObject({
      distance_m: 5000,
      length_m: 200,
      split_s: 48,
      cumulative_s: 1200,
    });
    expect(body.splits[0]).toMatchObject({ split_s: 96, cumulative_text: '1:36' });
  });

  it('a split equal to the race is one split', async () => {
    const body = await ok('/splits', { distance: '10 mi', time: '1:00:00', split: '10mi' });
    expect(body.splits).toEqual([
      {
        index: 1,
        distance_m: 16093.44,
        length_m: 16093.44,
        split_s: 3600,
        cumulative_s: 3600,
        cumulative_text: '1:00:00',
        pace_per_km: { seconds: 223.7, text: '3:44' },
      },
    ]);
  });
});
