import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOMAIN_422, EPSILON, ok, paceText, post, ROUTES } from './helpers.js';

describe('round trips and monotonicity through HTTP', () => {
  it('/convert: pace → speed → pace within 0.1 s (per km and per mile)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1200, max: 12_000 }), // 2:00 to 20:00 per unit, in tenths
        fc.constantFrom('km', 'mi'),
        async (tenths, unit) => {
          const forward = await ok('/convert', { pace: `${paceText(tenths)}/${unit}` });
          const given = tenths / 10;
          const perUnit = (reply: {
            pace: { per_km: { seconds: number }; per_mile: { seconds: number } };
          }) => (unit === 'km' ? reply.pace.per_km.seconds : reply.pace.per_mile.seconds);
          expect(Math.abs(perUnit(forward) - given)).toBeLessThanOrEqual(0.05 + EPSILON);
          // Back from the speed as reported (4 decimals): the pace given, within 0.1 s.
          const viaKmh = await ok('/convert', { speed: `${forward.speed.kmh} km/h` });
          expect(Math.abs(perUnit(viaKmh) - given)).toBeLessThanOrEqual(0.1 + EPSILON);
          const viaMph = await ok('/convert', { speed: `${forward.speed.mph} mph` });
          expect(Math.abs(perUnit(viaMph) - given)).toBeLessThanOrEqual(0.1 + EPSILON);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('/pace → /convert: the pace of a run and the pace of its speed agree within 0.1 s', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 100, max: 100_000 }), // metres
        fc.double({ min: 2, max: 20, noNaN: true }), // minutes per km
        async (meters, minutesPerKm) => {
          const seconds = Math.round((meters / 1000) * minutesPerKm * 60 * 10) / 10;
          const run = await ok('/pace', { distance: `${meters} m`, time: seconds });
          expect(run.distance_m).toBe(meters);
          const exact = (seconds * 1000) / meters;
          expect(Math.abs(run.pace.per_km.seconds - exact)).toBeLessThanOrEqual(0.05 + EPSILON);
          const converted = await ok('/convert', { speed: `${run.speed.kmh} km/h` });
          expect(Math.abs(converted.pace.per_km.seconds - exact)).toBeLessThanOrEqual(0.1 + EPSILON);
          const back = await ok('/convert', {
            pace: `${paceText(Math.round(run.pace.per_km.seconds * 10))}/km`,
          });
          // …and the speed of the reported pace is the run's pace again: 3600 / km/h = s per km.
          expect(Math.abs(3600 / back.speed.kmh - exact)).toBeLessThanOrEqual(0.1);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('/predict is monotone in the target distance (Riegel and Cameron)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 800, max: 42_195 }),
        fc.double({ min: 2.5, max: 10, noNaN: true }),
        fc.integer({ min: 100, max: 199_000 }),
        fc.integer({ min: 1, max: 50_000 }),
        fc.double({ min: 1, max: 1.2, noNaN: true }),
        async (knownM, minutesPerKm, shorterM, extraM, k) => {
          const known = { known_distance: `${knownM} m`, known_time: (knownM / 1000) * minutesPerKm * 60 };
          const longerM = Math.min(shorterM + extraM, 200_000);
          const shorter = await ok('/predict', {
            ...known,
            target_distance: `${shorterM} m`,
            riegel_exponent: k,
          });
          const longer = await ok('/predict', {
            ...known,
            target_distance: `${longerM} m`,
            riegel_exponent: k,
          });
          expect(longer.predictions.riegel.time_s).toBeGreaterThanOrEqual(shorter.predictions.riegel.time_s);
          expect(longer.predictions.cameron.time_s).toBeGreaterThanOrEqual(
            shorter.predictions.cameron.time_s,
          );
          // The average pace slows down with distance too (k ≥ 1).
          expect(longer.predictions.riegel.pace.per_km.seconds).toBeGreaterThanOrEqual(
            shorter.predictions.riegel.pace.per_km.seconds,
          );
        },
      ),
      { numRuns: 80 },
    );
  });
});

// ------------------------------------------------------------------------------------------------------
// No input within the limits yields a 5xx: random bodies, mostly shaped like each route's input.
// ------------------------------------------------------------------------------------------------------

const number = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.double({ min: -100, max: 100 }),
  fc.constantFrom(0, -0, 1, 1.06, 1.2, 20, 50, 90, 1e308, 5e-324, Number.MAX_SAFE_INTEGER),
);
const unit = fc.constantFrom('m', 'km', 'k', 'mi', 'mile', 'miles', 'yd', 'KM', 'furlong', '');
const distanceText = fc.oneof(
  fc.constantFrom(
    '5k',
    '10k',
    'half',
    'marathon',
    'mile',
    '1500m',
    '3k',
    '15k',
    '10mi',
    'half-marathon',
    '1 m',
  ),
  fc
    .tuple(fc.double({ min: 0, max: 2_000, noNaN: true }), fc.constantFrom(' ', ''), unit)
    .map(([value, space, u]) => `${value}${space}${u}`),
);
const timeText = fc.oneof(
  fc.tuple(fc.nat(200), fc.nat(70), fc.nat(9)).map(([m, s, t]) => `${m}:${String(s).padStart(2, '0')}.${t}`),
  fc.tuple(fc.nat(200), fc.nat(70), fc.nat(70)).map(([h, m, s]) => `${h}:${m}:${s}`),
  fc.constantFrom('0:00.1', '0.1', '168:00:00', '168:00:01', '4:60', '-5:00', '1:2:3:4', 'abc'),
);
const anything = fc.oneof(
  { weight: 3, arbitrary: number },
  { weight: 2, arbitrary: fc.string() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
);
const distance = fc.oneof(
  { weight: 5, arbitrary: distanceText },
  { weight: 2, arbitrary: fc.record({ value: number, unit }) },
  { weight: 1, arbitrary: anything },
);
const time = fc.oneof(
  { weight: 4, arbitrary: timeText },
  { weight: 2, arbitrary: fc.double({ min: -10, max: 700_000 }) },
  { weight: 1, arbitrary: anything },
);
const paceString = fc
  .tuple(fc.nat(100), fc.nat(70), fc.constantFrom('/km', '/mi', '/mile', '/KM', ' / km', '', '/yd'))
  .map(([m, s, u]) => `${m}:${String(s).padStart(2, '0')}${u}`);
const speedString = fc
  .tuple(
    fc.double({ min: 0, max: 2_000, noNaN: true }),
    fc.constantFrom(' km/h', 'kmh', ' kph', ' mph', ' m/s', ''),
  )
  .map(([v, u]) => `${v}${u}`);
const strategy = fc.oneof(fc.constantFrom('even', 'negative'), anything);
const distances = fc.oneof(
  { weight: 4, arbitrary: fc.array(distance, { minLength: 0, maxLength: 22 }) },
  { weight: 1, arbitrary: anything },
);

/** A target a runner asks about: a named race, or 100 m to 100 km in whole metres (always valid). */
const raceDistance = fc.oneof(
  fc.constantFrom('5k', '10k', 'half', 'marathon', 'mile', '1500m', '3k', '15k', '10mi', 'half-marathon'),
  fc.integer({ min: 100, max: 100_000 }).map((meters) => `${meters} m`),
);

/** A realistic performance: 800 m to a marathon at 3:00–8:00 per km (VDOT about 25–60). */
const performance = fc
  .tuple(fc.integer({ min: 800, max: 42_195 }), fc.double({ min: 180, max: 480, noNaN: true }))
  .map(([meters, perKm]) => ({
    distance: `${meters} m`,
    time: Math.round((meters / 1000) * perKm * 10) / 10,
  }));
const goodNumber = (min: number, max: number) => fc.double({ min, max, noNaN: true });
const BODIES: Record<(typeof ROUTES)[number], fc.Arbitrary<Record<string, unknown>>> = {
  '/pace': fc.record({ distance, time }, { requiredKeys: [] }),
  '/predict': fc.oneof(
    fc.record(
      { known_distance: distance, known_time: time, target_distance: distance, riegel_exponent: number },
      { requiredKeys: ['known_distance', 'known_time', 'target_distance'] },
    ),
    fc.record(
      {
        known_distance: distance,
        known_time: time,
        target_distance: distance,
        target_distances: distances,
        target_time: time,
        riegel_exponent: number,
      },
      { requiredKeys: ['known_distance', 'known_time'] },
    ),
  ),
  '/vdot': fc.record({ distance, time, targets: distances }, { requiredKeys: [] }),
  '/zones': fc.oneof(
    fc.record({ vdot: fc.oneof(number, fc.double({ min: 15, max: 95 })) }),
    fc.record({ distance, time }),
    fc.record({ vdot: number, distance, time }, { requiredKeys: [] }),
  ),
  '/splits': fc.record(
    { distance, time, split: distance, strategy, negative_percent: number },
    { requiredKeys: ['distance', 'time'] },
  ),
  '/finish': fc.record(
    { distance_done: distance, elapsed_time: time, total_distance: distance, exponent: number },
    { requiredKeys: ['distance_done', 'elapsed_time', 'total_distance'] },
  ),
  '/convert': fc.oneof(
    fc.record({ pace: fc.oneof(paceString, anything) }),
    fc.record({ speed: fc.oneof(speedString, anything) }),
    fc.record({ pace: paceString, speed: speedString }, { requiredKeys: [] }),
  ),
  '/time-at-pace': fc.record({ distance, pace: fc.oneof(paceString, anything) }, { requiredKeys: [] }),
  '/distance-at-pace': fc.record({ time, pace: fc.oneof(paceString, anything) }, { requiredKeys: [] }),
  '/purdy': fc.record({ distance, time }, { requiredKeys: [] }),
  '/fit': fc.record(
    {
      results: fc.oneof(
        fc.array(fc.record({ distance, time }, { requiredKeys: [] }), { minLength: 0, maxLength: 12 }),
        anything,
      ),
      targets: distances,
    },
    { requiredKeys: ['results'] },
  ),
  '/adjust': fc.record(
    {
      distance,
      time,
      grade_percent: fc.oneof(number, goodNumber(-60, 60)),
      altitude_m: fc.oneof(number, goodNumber(-100, 5000)),
      acclimatized: fc.oneof(fc.boolean(), anything),
      wbgt_c: fc.oneof(number, goodNumber(0, 30)),
      sex: fc.oneof(fc.constantFrom('male', 'female'), anything),
      direction: fc.oneof(fc.constantFrom('to_standard', 'from_standard'), anything),
    },
    { requiredKeys: ['distance', 'time'] },
  ),
  '/age-grade': fc.record(
    {
      distance,
      time,
      age: fc.oneof(number, fc.integer({ min: -10, max: 120 })),
      sex: fc.oneof(fc.constantFrom('male', 'female'), anything),
    },
    { requiredKeys: ['distance', 'time'] },
  ),
};

/** Bodies that should mostly succeed, so that every run also exercises the handlers and the 422 paths. */
const REALISTIC: Record<(typeof ROUTES)[number], fc.Arbitrary<unknown>> = {
  '/pace': performance,
  '/predict': fc.oneof(
    fc.tuple(performance, distanceText, goodNumber(0.95, 1.25)).map(([known, target, k]) => ({
      known_distance: known.distance,
      known_time: known.time,
      target_distance: target,
      riegel_exponent: k,
    })),
    fc
      .tuple(performance, fc.array(raceDistance, { minLength: 1, maxLength: 20 }), goodNumber(0.95, 1.25))
      .map(([known, targets, k]) => ({
        known_distance: known.distance,
        known_time: known.time,
        target_distances: targets,
        riegel_exponent: k,
      })),
    fc.tuple(performance, timeText, goodNumber(0.95, 1.25)).map(([known, target, k]) => ({
      known_distance: known.distance,
      known_time: known.time,
      target_time: target,
      riegel_exponent: k,
    })),
  ),
  '/vdot': fc
    .oneof(
      { weight: 4, arbitrary: performance },
      // VDOT outside 20–90 (5 km in 3–6 hours, 800 m in 30–60 s): the 422 path, which random bodies reach
      // too rarely for every run to see it.
      {
        weight: 1,
        arbitrary: fc.oneof(
          fc.integer({ min: 10_800, max: 21_600 }).map((time) => ({ distance: '5k', time })),
          fc.integer({ min: 30, max: 60 }).map((time) => ({ distance: '800 m', time })),
        ),
      },
    )
    .chain((run) =>
      // Valid targets, so that the answer depends on the performance (random text is mostly refused).
      fc
        .array(fc.constantFrom('5k', '10k', 'half', 'marathon', 'mile', '1500m', '800 m', '25 km', '10mi'), {
          minLength: 1,
          maxLength: 20,
        })
        .map((targets) => ({ ...run, targets })),
    ),
  '/zones': fc.oneof(
    performance,
    goodNumber(15, 95).map((vdot) => ({ vdot })),
  ),
  '/splits': fc
    .tuple(
      performance,
      fc.constantFrom('1 km', '1 mi', '400 m', '5k', '100 m'),
      fc.constantFrom('even', 'negative'),
    )
    .chain(([run, split, how]) =>
      goodNumber(-5, 25).map((percent) => ({ ...run, split, strategy: how, negative_percent: percent })),
    ),
  '/finish': fc
    .tuple(performance, fc.integer({ min: 1, max: 60_000 }), goodNumber(0.95, 1.25))
    .map(([run, total, k]) => ({
      distance_done: run.distance,
      elapsed_time: run.time,
      total_distance: `${total} m`,
      exponent: k,
    })),
  '/convert': fc.oneof(
    paceString.map((pace) => ({ pace })),
    speedString.map((speed) => ({ speed })),
  ),
  '/time-at-pace': fc.tuple(distanceText, paceString).map(([distance, pace]) => ({ distance, pace })),
  '/distance-at-pace': fc.tuple(timeText, paceString).map(([time, pace]) => ({ time, pace })),
  '/purdy': performance,
  '/fit': fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(
          fc.array(performance, { minLength: 2, maxLength: 10 }),
          fc.array(raceDistance, { minLength: 1, maxLength: 20 }),
        )
        .map(([results, targets]) => ({ results, targets })),
    },
    // One distance only: the 422 path.
    {
      weight: 1,
      arbitrary: fc
        .array(fc.integer({ min: 600, max: 3600 }), { minLength: 2, maxLength: 10 })
        .map((times) => ({ results: times.map((time) => ({ distance: '5k', time })) })),
    },
  ),
  '/adjust': fc
    .tuple(
      performance,
      fc.record(
        {
          grade_percent: goodNumber(-50, 50),
          altitude_m: goodNumber(-100, 4500),
          acclimatized: fc.boolean(),
          wbgt_c: goodNumber(4, 27),
          sex: fc.constantFrom('male', 'female'),
          direction: fc.constantFrom('to_standard', 'from_standard'),
        },
        { requiredKeys: [] },
      ),
    )
    .map(([run, conditions]) => ({ ...run, ...conditions })),
  '/age-grade': fc
    .tuple(
      fc.oneof(
        performance,
        fc.constant({ distance: '800 m', time: 120 }),
        fc.constant({ distance: '5k', time: 1200 }),
      ),
      fc.integer({ min: 0, max: 110 }),
      fc.constantFrom('male', 'female'),
    )
    .map(([run, age, sex]) => ({ ...run, age, sex })),
};

describe('no input within the limits yields a 5xx', () => {
  for (const route of ROUTES) {
    it(`${route}: random bodies → 200, 400 or 422, and a 200 holds only finite numbers`, async () => {
      const seen = new Set<number>();
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            { weight: 6, arbitrary: BODIES[route] },
            { weight: 3, arbitrary: REALISTIC[route] },
            { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
          ),
          async (body) => {
            const res = await post(route, JSON.stringify(body));
            seen.add(res.status);
            expect([200, 400, 422], `${res.status} for ${JSON.stringify(body)}: ${res.text}`).toContain(
              res.status,
            );
            // JSON has no NaN or Infinity: a non-finite result would show as null. Only the predictions of
            // a model that does not apply (Cameron, VDOT, Purdy: documented, with a warning) and the statistics
            // of a fit that two results cannot give may be null.
            if (res.status === 200) {
              expect(
                res.text.replace(/"(cameron|vdot|purdy|r_squared|residual_se|interval_95)":null/g, ''),
              ).not.toContain('null');
            }
          },
        ),
        { numRuns: 150 },
      );
      // The generators reach past the schema, not only into 400s.
      const statuses = [...seen].sort();
      expect(statuses).toContain(200);
      expect(statuses).toContain(400);
      if (DOMAIN_422[route].length > 0) expect(statuses).toContain(422);
    });
  }
});
