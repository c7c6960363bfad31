// Properties of the features added after the first release, through HTTP: time-at-pace and
// distance-at-pace invert each other and /pace; every model predicts the known time at the known distance
// and more time for more distance.
import { METERS_PER_MILE } from '@dus/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EPSILON, ok, paceText } from './helpers.js';

const MODELS = ['riegel', 'cameron', 'vdot', 'purdy'] as const;

describe('time at a pace ⇄ distance at a pace ⇄ /pace', () => {
  it('distance → time → distance and the pace of that run, within the rounding of the time', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1000, max: 100_000 }), // metres
        fc.integer({ min: 1200, max: 12_000 }), // 2:00 to 20:00 per unit, in tenths
        fc.constantFrom('km', 'mi') as fc.Arbitrary<'km' | 'mi'>,
        async (meters, tenths, unit) => {
          const pace = `${paceText(tenths)}/${unit}`;
          const secondsPerKm = ((tenths / 10) * 1000) / (unit === 'km' ? 1000 : METERS_PER_MILE);
          const timed = await ok('/time-at-pace', { distance: `${meters} m`, pace });
          expect(Math.abs(timed.time.seconds - (meters * secondsPerKm) / 1000)).toBeLessThanOrEqual(
            0.05 + EPSILON,
          );

          // Back: the distance covered in the reported time, off by at most 0.05 s of running (and 1 mm).
          const back = await ok('/distance-at-pace', { time: timed.time.seconds, pace });
          const mps = 1000 / secondsPerKm;
          expect(Math.abs(back.distance.m - meters)).toBeLessThanOrEqual(0.05 * mps + 0.0005 + EPSILON);
          expect(back.distance.km).toBeCloseTo(back.distance.m / 1000, 5);

          // /pace of that run is the pace given: 0.05 s of time over ≥ 1 km, plus the 0.05 s rounding.
          const run = await ok('/pace', { distance: `${meters} m`, time: timed.time.seconds });
          expect(Math.abs(run.pace.per_km.seconds - secondsPerKm)).toBeLessThanOrEqual(0.1 + EPSILON);
        },
      ),
      { numRuns: 60 },
    );
  });
});

/** A realistic performance: 800 m to a marathon at 3:00–8:00 per km (VDOT about 25–60). */
const performance = fc
  .tuple(fc.integer({ min: 800, max: 42_195 }), fc.double({ min: 180, max: 480, noNaN: true }))
  .map(([meters, perKm]) => ({ meters, time: Math.round((meters / 1000) * perKm * 10) / 10 }));

describe('/predict, every model', () => {
  it('at the known distance each model predicts the known time', async () => {
    await fc.assert(
      fc.asyncProperty(performance, async ({ meters, time }) => {
        const body = await ok('/predict', {
          known_distance: `${meters} m`,
          known_time: time,
          target_distance: `${meters} m`,
        });
        // VDOT is null (with its warning) for a slow 800 m whose VDOT is under 20; the others always apply.
        const vdotOutside = body.warnings.some((w: { code: string }) => w.code === 'outside_vdot_range');
        for (const model of MODELS) {
          if (model === 'vdot' && vdotOutside) {
            expect(body.predictions.vdot).toBeNull();
            continue;
          }
          expect(body.predictions[model], model).not.toBeNull();
          expect(Math.abs(body.predictions[model].time_s - body.known.time_s), model).toBeLessThanOrEqual(
            0.1 + EPSILON,
          );
        }
      }),
      { numRuns: 60 },
    );
  });

  it('each model predicts more time for a longer target (100 m – 100 km, targets sorted)', async () => {
    await fc.assert(
      fc.asyncProperty(
        performance,
        fc.uniqueArray(fc.integer({ min: 100, max: 100_000 }), { minLength: 2, maxLength: 20 }),
        async ({ meters, time }, targets) => {
          const sorted = [...targets].sort((a, b) => a - b);
          const body = await ok('/predict', {
            known_distance: `${meters} m`,
            known_time: time,
            target_distances: sorted.map((m) => `${m} m`),
          });
          for (const model of MODELS) {
            if (body.targets[0].predictions[model] === null) continue; // VDOT under 20: null everywhere
            const times = body.targets.map(
              (row: { predictions: Record<string, { time_s: number }> }) => row.predictions[model]!.time_s,
            );
            for (let i = 1; i < times.length; i++) {
              expect(times[i], `${model} at ${sorted[i]} m vs ${sorted[i - 1]} m`).toBeGreaterThanOrEqual(
                times[i - 1],
              );
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
