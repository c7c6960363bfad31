// Every worked example of spec E, through HTTP: ±1 s unless stated, VDOT ±0.01, Daniels' book values within
// max(3 s, 0.25 %), zones ±2 s.
import { describe, expect, it } from 'vitest';
import { expectNear, hms, ok } from './helpers.js';

type Equivalent = { name: string; distance_m: number; time_s: number; text: string };
const equivalentOf = (body: { equivalent: Equivalent[] }, name: string) => {
  const found = body.equivalent.find((row) => row.name === name);
  expect(found, name).toBeDefined();
  return found!;
};

/** Daniels–Gilbert written again here, independently of the domain, to find the 5K time of VDOT 50 exactly. */
function fiveKTimeAtVdot(vdot: number): number {
  const vdotOf = (seconds: number) => {
    const t = seconds / 60;
    const v = 5000 / t;
    const vo2 = -4.6 + 0.182258 * v + 0.000104 * v * v;
    return vo2 / (0.8 + 0.1894393 * Math.exp(-0.012778 * t) + 0.2989558 * Math.exp(-0.1932605 * t));
  };
  let lo = 600;
  let hi = 3600;
  for (let i = 0; i < 80; i++) {
    const mid = (lo + hi) / 2;
    if (vdotOf(mid) > vdot) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

describe('VDOT (±0.01)', () => {
  it.each([
    ['5k', '20:00', 49.81],
    ['10k', '40:00', 51.94],
    ['half', '1:30:00', 50.98],
    ['marathon', '3:00:00', 53.53],
    ['5k', '24:34', 39.11],
  ])('%s in %s → %d', async (distance, time, vdot) => {
    const body = await ok('/vdot', { distance, time });
    expectNear(body.vdot, vdot, 0.01, 'vdot');
    expect(body.vo2max).toBe(body.vdot);
    expect(body.equivalent.map((row: Equivalent) => row.name)).toEqual([
      '1500m',
      'mile',
      '3k',
      '2mi',
      '5k',
      '10k',
      '15k',
      'half',
      'marathon',
    ]);
  });

  it('equivalent times from 10K 40:00: 5K 19:18, half 1:28:33, marathon 3:04:38', async () => {
    const body = await ok('/vdot', { distance: '10k', time: '40:00' });
    for (const [name, text] of [
      ['5k', '19:18'],
      ['half', '1:28:33'],
      ['marathon', '3:04:38'],
    ] as const) {
      const row = equivalentOf(body, name);
      expectNear(row.time_s, hms(text), 1, name);
      expect(row.text).toBe(text);
    }
    expectNear(equivalentOf(body, '10k').time_s, 2400, 0.1, '10k itself');
    expect(equivalentOf(body, 'mile').distance_m).toBe(1609.344);
    expect(equivalentOf(body, '2mi').distance_m).toBe(3218.688);
  });

  it("VDOT 50 by the formula: 19:56 / 41:20 / 1:31:31 / 3:10:40 (±1 s), Daniels' book within max(3 s, 0.25 %)", async () => {
    const body = await ok('/vdot', { distance: '5k', time: fiveKTimeAtVdot(50) });
    expect(body.vdot).toBe(50);
    const book = { '5k': '19:57', '10k': '41:21', half: '1:31:35', marathon: '3:10:49' };
    const formula = { '5k': '19:56', '10k': '41:20', half: '1:31:31', marathon: '3:10:40' };
    for (const name of ['5k', '10k', 'half', 'marathon'] as const) {
      const row = equivalentOf(body, name);
      expectNear(row.time_s, hms(formula[name]), 1, `formula ${name}`);
      const bookS = hms(book[name]);
      expectNear(row.time_s, bookS, Math.max(3, 0.0025 * bookS), `book ${name}`);
    }
  });

  it("Daniels' book times for VDOT 50 are each a VDOT of 50 ± 0.25 and predict one another within max(3 s, 0.25 %)", async () => {
    const book = { '5k': '19:57', '10k': '41:21', half: '1:31:35', marathon: '3:10:49' };
    for (const [distance, time] of Object.entries(book)) {
      const body = await ok('/vdot', { distance, time });
      expectNear(body.vdot, 50, 0.25, distance);
    }
    const from5k = await ok('/vdot', { distance: '5k', time: book['5k'] });
    for (const name of ['10k', 'half', 'marathon'] as const) {
      const bookS = hms(book[name]);
      expectNear(equivalentOf(from5k, name).time_s, bookS, Math.max(3, 0.0025 * bookS), name);
    }
  });
});

describe('Riegel and Cameron predictions', () => {
  it('Riegel: 10K 40:00 → half 5295.37 s (1:28:15), marathon 11040.48 s (3:04:00)', async () => {
    const half = await ok('/predict', {
      known_distance: '10k',
      known_time: '40:00',
      target_distance: 'half',
    });
    expectNear(half.predictions.riegel.time_s, 5295.37, 1);
    expect(half.predictions.riegel.time_s).toBe(5295.4);
    expect(half.predictions.riegel.text).toBe('1:28:15');
    expect(half.known).toMatchObject({ distance_m: 10000, time_s: 2400, text: '40:00' });
    expect(half.target).toEqual({ distance_m: 21097.5 });
    expect(half.riegel_exponent).toBe(1.06);
    expect(half.warnings).toEqual([]);

    const marathon = await ok('/predict', {
      known_distance: '10k',
      known_time: '40:00',
      target_distance: 'marathon',
    });
    expectNear(marathon.predictions.riegel.time_s, 11040.48, 1);
    expect(marathon.predictions.riegel.text).toBe('3:04:00');
  });

  it('Riegel and Cameron: 5000 m in 1200 s → 10000 m 2501.92 s / 2499.66 s', async () => {
    const body = await ok('/predict', {
      known_distance: '5000 m',
      known_time: 1200,
      target_distance: '10000 m',
    });
    expectNear(body.predictions.riegel.time_s, 2501.92, 1);
    expect(body.predictions.riegel.time_s).toBe(2501.9);
    expectNear(body.predictions.cameron.time_s, 2499.66, 1);
    expect(body.predictions.cameron.time_s).toBe(2499.7);
    expect(body.predictions.cameron.pace.per_km.seconds).toBe(250);
  });

  it('Cameron: 800 m in 115 s → 1500 m 238.24 s; 5K 20:00 → marathon 11711.47 s (3:15:11)', async () => {
    const track = await ok('/predict', {
      known_distance: '800 m',
      known_time: 115,
      target_distance: '1500m',
    });
    expectNear(track.predictions.cameron.time_s, 238.24, 1);
    expect(track.predictions.cameron.time_s).toBe(238.2);
    // 115 s is under Riegel's 3.5 minutes: a warning says so, and both predictions are still given.
    expect(track.warnings).toEqual([
      { code: 'outside_riegel_validity', message: expect.stringContaining('3.5–230 minutes') },
    ]);

    const marathon = await ok('/predict', {
      known_distance: '5k',
      known_time: '20:00',
      target_distance: 'marathon',
    });
    expectNear(marathon.predictions.cameron.time_s, 11711.47, 1);
    expect(marathon.predictions.cameron.text).toBe('3:15:11');
  });

  it('riegel_exponent changes the Riegel prediction only', async () => {
    const body = await ok('/predict', {
      known_distance: '10k',
      known_time: '40:00',
      target_distance: '20 km',
      riegel_exponent: 1,
    });
    expect(body.predictions.riegel.time_s).toBe(4800);
    expect(body.riegel_exponent).toBe(1);
  });

  it('beyond 200 km Cameron is null with a warning; an effort over 230 min warns too', async () => {
    const body = await ok('/predict', {
      known_distance: '100 km',
      known_time: '8:00:00',
      target_distance: '250 km',
    });
    expect(body.predictions.cameron).toBeNull();
    expect(body.warnings.map((warning: { code: string }) => warning.code)).toEqual([
      'outside_riegel_validity',
      'outside_cameron_range',
    ]);
    expect(body.predictions.riegel.time_s).toBeGreaterThan(8 * 3600 * 2.5);
  });
});

describe('training zones at VDOT 50 (per km, ±2 s)', () => {
  it('easy 5:34–4:57, marathon 4:31, threshold 4:15, interval 3:55, repetition 3:40', async () => {
    const body = await ok('/zones', { vdot: 50 });
    expect(body.vdot).toBe(50);
    const { zones } = body;
    expectNear(zones.easy.from.per_km.seconds, hms('5:34'), 2, 'easy slow');
    expectNear(zones.easy.to.per_km.seconds, hms('4:57'), 2, 'easy fast');
    expectNear(zones.marathon.per_km.seconds, hms('4:31'), 2, 'marathon');
    expectNear(zones.threshold.per_km.seconds, hms('4:15'), 2, 'threshold');
    expectNear(zones.interval.per_km.seconds, hms('3:55'), 2, 'interval');
    expectNear(zones.repetition.per_km.seconds, hms('3:40'), 2, 'repetition');
    expect(zones.easy.from.per_km.text).toBe('5:34');
    expect(zones.threshold.per_km.text).toBe('4:15');
    // per mile = per km × 1.609344; per 400 m and 200 m are fractions of the per-km pace.
    expectNear(zones.threshold.per_mile.seconds, zones.threshold.per_km.seconds * 1.609344, 0.1);
    expectNear(zones.interval.per_400m.seconds, zones.interval.per_km.seconds * 0.4, 0.1);
    expectNear(zones.repetition.per_400m.seconds, zones.repetition.per_km.seconds * 0.4, 0.1);
    expectNear(zones.repetition.per_200m.seconds, zones.repetition.per_km.seconds * 0.2, 0.1);
    // Repetition is interval − 15 s/km from VDOT 50 up (Daniels' "6 s per 400 m").
    expectNear(zones.interval.per_km.seconds - zones.repetition.per_km.seconds, 15, 0.1);
  });

  it('below VDOT 50 repetition is interval − 20 s/km', async () => {
    const { zones } = await ok('/zones', { vdot: 45 });
    expectNear(zones.interval.per_km.seconds - zones.repetition.per_km.seconds, 20, 0.1);
  });

  it('from a performance: the zones of its VDOT', async () => {
    const fromRace = await ok('/zones', { distance: '10k', time: '40:00' });
    expect(fromRace.vdot).toBe(51.94);
    const fromVdot = await ok('/zones', { vdot: 51.94 });
    expectNear(fromRace.zones.threshold.per_km.seconds, fromVdot.zones.threshold.per_km.seconds, 0.1);
    // Its marathon pace is the pace of its equivalent marathon (3:04:38).
    expectNear(fromRace.zones.marathon.per_km.seconds, hms('3:04:38') / 42.195, 0.1);
  });
});

describe('splits and finish projections', () => {
  it('marathon in 3:30:00 → 298.614 s/km; 42 km at 3:29:02; final 0.195 km in 58.2 s', async () => {
    const body = await ok('/splits', { distance: 'marathon', time: '3:30:00' });
    expect(body.splits).toHaveLength(43);
    expectNear(body.pace.per_km.seconds, 298.614, 0.05);
    const at42 = body.splits[41];
    expect(at42).toMatchObject({ index: 42, distance_m: 42000, cumulative_text: '3:29:02' });
    expectNear(at42.cumulative_s, 42 * (12600 / 42.195), 0.05);
    const last = body.splits[42];
    expect(last).toMatchObject({
      index: 43,
      distance_m: 42195,
      length_m: 195,
      split_s: 58.2,
      cumulative_s: 12600,
      cumulative_text: '3:30:00',
    });
  });

  it('negative 2 % on 3:30:00 → halves 1:46:03.6 and 1:43:56.4', async () => {
    const body = await ok('/splits', { distance: 'marathon', time: '3:30:00', strategy: 'negative' });
    expect(body.negative_percent).toBe(2);
    expect(body.halves.first.time_s).toBe(hms('1:46:03.6'));
    expect(body.halves.second.time_s).toBe(hms('1:43:56.4'));
    expect(body.halves.first.text).toBe('1:46:04');
    expect(body.halves.first.distance_m).toBe(21097.5);
    expect(body.splits.at(-1).cumulative_s).toBe(12600);
  });

  it('finish: 10 km in 50:00 of a half → 1:45:29.2 / 1:50:19.2', async () => {
    const body = await ok('/finish', {
      distance_done: '10 km',
      elapsed_time: '50:00',
      total_distance: 'half',
    });
    expect(body.projections.linear).toMatchObject({
      finish_s: hms('1:45:29.2'),
      text: '1:45:29',
      remaining_s: 3329.2,
    });
    expect(body.projections.power_law).toMatchObject({ finish_s: hms('1:50:19.2'), text: '1:50:19' });
    expect(body.exponent).toBe(1.06);
  });

  it('finish: 30 km in 1:30:00 of a marathon → 2:06:35.1 / 2:09:12.1', async () => {
    const body = await ok('/finish', {
      distance_done: '30 km',
      elapsed_time: '1:30:00',
      total_distance: 'marathon',
    });
    expect(body.projections.linear.finish_s).toBe(hms('2:06:35.1'));
    expect(body.projections.power_law.finish_s).toBe(hms('2:09:12.1'));
  });

  it('finish: d = D → both projections are the elapsed time', async () => {
    const body = await ok('/finish', {
      distance_done: 'half',
      elapsed_time: '1:40:00',
      total_distance: '21.0975 km',
    });
    expect(body.projections.linear).toMatchObject({ finish_s: 6000, remaining_s: 0 });
    expect(body.projections.power_law).toMatchObject({ finish_s: 6000, remaining_s: 0 });
  });
});

describe('pace and conversion', () => {
  it('convert: 5:00/km = 12.0000 km/h = 7.4565 mph = 8:02.8/mi', async () => {
    const body = await ok('/convert', { pace: '5:00/km' });
    expect(body).toEqual({
      pace: { per_km: { seconds: 300, text: '5:00' }, per_mile: { seconds: 482.8, text: '8:03' } },
      speed: { kmh: 12, mph: 7.4565, mps: 3.3333 },
    });
    expect((await ok('/convert', { speed: '12 km/h' })).pace.per_km.seconds).toBe(300);
    expect((await ok('/convert', { speed: '7.4565 mph' })).pace.per_km.seconds).toBe(300);
    expect((await ok('/convert', { pace: '8:02.8/mi' })).speed.kmh).toBeCloseTo(12, 3);
    expect((await ok('/convert', { pace: '8:02/mile' })).speed.mph).toBe(7.4689);
    expect((await ok('/convert', { speed: '3.2 m/s' })).pace.per_km.seconds).toBe(312.5);
  });

  it('pace: 10 km in 50:00 → 5:00/km, 8:02.8/mi, 12 km/h', async () => {
    expect(await ok('/pace', { distance: '10 km', time: '50:00' })).toEqual({
      distance_m: 10000,
      time_s: 3000,
      pace: { per_km: { seconds: 300, text: '5:00' }, per_mile: { seconds: 482.8, text: '8:03' } },
      speed: { kmh: 12, mph: 7.4565, mps: 3.3333 },
    });
  });

  it('a marathon in 2:00:35 — times over an hour are H:MM:SS', async () => {
    const body = await ok('/pace', { distance: 'marathon', time: '2:00:35' });
    expect(body.time_s).toBe(7235);
    expect(body.pace.per_km.text).toBe('2:51');
  });
});

describe('accepted input forms', () => {
  it.each([
    ['5k', 5000],
    ['5K', 5000],
    ['10k', 10000],
    ['half', 21097.5],
    ['Half-Marathon', 21097.5],
    ['MARATHON', 42195],
    ['mile', 1609.344],
    ['1500m', 1500],
    ['3k', 3000],
    ['15k', 15000],
    ['10mi', 16093.44],
    ['10 km', 10000],
    ['6.2mi', 9977.933],
    ['800 m', 800],
    ['3.1 miles', 4988.966],
    ['400yd', 365.76],
    [{ value: 10, unit: 'km' }, 10000],
    [{ value: 1, unit: 'mile' }, 1609.344],
  ])('distance %j → %d m', async (distance, meters) => {
    expect((await ok('/pace', { distance, time: '20:00' })).distance_m).toBe(meters);
  });

  it.each([
    ['20:00', 1200],
    ['19:57.5', 1197.5],
    ['63:46', 3826],
    ['1:03:46', 3826],
    ['1:30:00', 5400],
    [1200, 1200],
    [1197.5, 1197.5],
    ['1200', 1200],
  ])('time %j → %d s', async (time, seconds) => {
    expect((await ok('/pace', { distance: '5k', time })).time_s).toBe(seconds);
  });

  it('text is rounded as a total, never "4:60"', async () => {
    // 5k in 1499.6 s: 299.92 s/km → "5:00", not "4:60".
    const body = await ok('/pace', { distance: '5k', time: 1499.6 });
    expect(body.pace.per_km).toEqual({ seconds: 299.9, text: '5:00' });
    expect(body.time_s).toBe(1499.6);
  });
});
