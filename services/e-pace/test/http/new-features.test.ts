// The features added after the first release, each through REST and MCP (the tool's structuredContent is
// the REST body): time and distance at a pace, Purdy points, VDOT and Purdy predictions at any number of
// targets, equivalents at chosen distances and rep times. Sources: running-tools' test expectations for
// Purdy (ashermorgan/running-tools), Daniels' Running Formula 3rd ed. table 5.2 for the rep times.
import { surfaces } from '@dus/testing';
import { describe, expect, it } from 'vitest';
import { app, expectNear, hms } from './helpers.js';

const { bothOk } = surfaces(app);

describe('/time-at-pace (time_at_pace)', () => {
  it('10 km at 4:00/km is 40:00; a half at 5:00/km 1:45:29.2; a marathon at 7:00/mi 3:03:32', async () => {
    const tenK = await bothOk('/time-at-pace', 'time_at_pace', { distance: '10k', pace: '4:00/km' });
    expect(tenK).toEqual({
      distance_m: 10000,
      pace: { per_km: { seconds: 240, text: '4:00' }, per_mile: { seconds: 386.2, text: '6:26' } },
      speed: { kmh: 15, mph: 9.3206, mps: 4.1667 },
      time: { seconds: 2400, text: '40:00' },
    });
    const half = await bothOk('/time-at-pace', 'time_at_pace', { distance: 'half', pace: '5:00/km' });
    expect(half.time).toEqual({ seconds: 6329.2, text: '1:45:29' });
    const marathon = await bothOk('/time-at-pace', 'time_at_pace', { distance: 'marathon', pace: '7:00/mi' });
    // 42195 / 1609.344 = 26.21876 mi × 420 s.
    expect(marathon.time).toEqual({ seconds: 11011.9, text: '3:03:32' });
    expect(marathon.pace.per_mile).toEqual({ seconds: 420, text: '7:00' });
  });

  it('takes every distance and pace form: { value, unit }, "6.2mi", "8:02/mile", fractional seconds', async () => {
    const object = await bothOk('/time-at-pace', 'time_at_pace', {
      distance: { value: 5, unit: 'km' },
      pace: '4:59.5/km',
    });
    expect(object.time).toEqual({ seconds: 1497.5, text: '24:58' });
    const miles = await bothOk('/time-at-pace', 'time_at_pace', { distance: '3 mi', pace: '8:02/mile' });
    expect(miles.time).toEqual({ seconds: 1446, text: '24:06' });
  });
});

describe('/distance-at-pace (distance_at_pace)', () => {
  it('45:00 at 5:00/km covers 9 km; an hour at 8:00/mi 7.5 mi', async () => {
    const km = await bothOk('/distance-at-pace', 'distance_at_pace', { time: '45:00', pace: '5:00/km' });
    expect(km).toEqual({
      time_s: 2700,
      pace: { per_km: { seconds: 300, text: '5:00' }, per_mile: { seconds: 482.8, text: '8:03' } },
      speed: { kmh: 12, mph: 7.4565, mps: 3.3333 },
      distance: { m: 9000, km: 9, mi: 5.592341 },
    });
    const mi = await bothOk('/distance-at-pace', 'distance_at_pace', { time: '1:00:00', pace: '8:00/mi' });
    expect(mi.distance).toEqual({ m: 12070.08, km: 12.07008, mi: 7.5 });
  });
});

describe('/purdy (purdy_points)', () => {
  it('5 km in 20:00 → 454.5 (running-tools calculators.spec: closeTo(454.5, 0.1)); 2 mi in 10:30 → 680.1 (its e2e)', async () => {
    expect(await bothOk('/purdy', 'purdy_points', { distance: '5k', time: '20:00' })).toEqual({
      distance_m: 5000,
      time_s: 1200,
      points: 454.5,
      world_record: { time_s: 796.7, text: '13:17', speed_mps: 6.2759 },
    });
    const twoMiles = await bothOk('/purdy', 'purdy_points', { distance: '2 mi', time: '10:30' });
    expect(twoMiles.points).toBe(680.1);
  });

  it("the curve's own 5000 m time scores 1035, a world record of 1970", async () => {
    const record = await bothOk('/purdy', 'purdy_points', { distance: '5k', time: 796.6933631445252 });
    expect(record.points).toBe(1035);
    expect(record.world_record.time_s).toBe(796.7);
  });
});

describe('/predict: four models, one or several targets', () => {
  it('5 km in 20:00 → 10 km: VDOT 2488 and Purdy 2490 (±1, running-tools racePrediction.spec); Riegel and Cameron unchanged', async () => {
    const body = await bothOk('/predict', 'predict_race_time', {
      known_distance: '5k',
      known_time: '20:00',
      target_distance: '10k',
    });
    expect(Object.keys(body)).toEqual(['known', 'target', 'riegel_exponent', 'predictions', 'warnings']);
    expect(Object.keys(body.predictions)).toEqual(['riegel', 'cameron', 'vdot', 'purdy']);
    expectNear(body.predictions.vdot.time_s, 2488, 1, 'vdot');
    expectNear(body.predictions.purdy.time_s, 2490, 1, 'purdy');
    expect(body.predictions.riegel.time_s).toBe(2501.9);
    expect(body.predictions.cameron.time_s).toBe(2499.7);
    expect(body.predictions.vdot).toMatchObject({ time_s: 2487.9, text: '41:28' });
    expect(body.predictions.purdy).toMatchObject({ time_s: 2489.8, text: '41:30' });
  });

  it('target_distances: one row per distance, in the order given, each the single-target answer', async () => {
    const targets = ['half', '1500m', { value: 25, unit: 'km' }, '6.2mi'];
    const many = await bothOk('/predict', 'predict_race_time', {
      known_distance: '10k',
      known_time: '40:00',
      target_distances: targets,
    });
    expect(Object.keys(many)).toEqual(['known', 'riegel_exponent', 'targets', 'warnings']);
    expect(many.targets.map((row: { distance_m: number }) => row.distance_m)).toEqual([
      21097.5, 1500, 25000, 9977.933,
    ]);
    for (const [index, target] of targets.entries()) {
      const single = await bothOk('/predict', 'predict_race_time', {
        known_distance: '10k',
        known_time: '40:00',
        target_distance: target,
      });
      expect(many.targets[index]).toEqual({
        distance_m: single.target.distance_m,
        predictions: single.predictions,
        warnings: single.warnings,
      });
    }
    // Riegel half 1:28:15 (spec worked example); VDOT half 1:28:33 (the /vdot equivalent).
    expect(many.targets[0].predictions.riegel.text).toBe('1:28:15');
    expect(many.targets[0].predictions.vdot.text).toBe('1:28:33');
  });

  it('warnings: Riegel validity once at the top, model ranges per target', async () => {
    const body = await bothOk('/predict', 'predict_race_time', {
      known_distance: '100 km',
      known_time: '8:00:00',
      target_distances: ['marathon', '250 km'],
    });
    expect(body.warnings.map((warning: { code: string }) => warning.code)).toEqual([
      'outside_riegel_validity',
    ]);
    expect(body.targets[0].warnings).toEqual([]);
    expect(body.targets[1].warnings.map((warning: { code: string }) => warning.code)).toEqual([
      'outside_cameron_range',
    ]);
    expect(body.targets[1].predictions.cameron).toBeNull();
  });
});

describe('/vdot targets', () => {
  it('equivalents at chosen distances, in the order given; a standard one equals its row', async () => {
    const body = await bothOk('/vdot', 'vdot', {
      distance: '5k',
      time: '20:00',
      targets: ['10k', '800 m', '25 km'],
    });
    const tenK = body.equivalent.find((row: { name: string }) => row.name === '10k');
    const { name: _name, ...tenKRow } = tenK;
    expect(body.targets[0]).toEqual(tenKRow);
    expect(body.targets.map((row: { distance_m: number }) => row.distance_m)).toEqual([10000, 800, 25000]);
    expect(body.targets[2].time_s).toBeGreaterThan(
      body.equivalent.find((r: { name: string }) => r.name === '15k').time_s,
    );
    expect(body.targets[1]).toMatchObject({ time_s: 163.8, text: '2:44' });
    // The 25 km time is one of the same VDOT: /vdot of it gives the VDOT back.
    const back = await bothOk('/vdot', 'vdot', { distance: '25 km', time: body.targets[2].time_s });
    expectNear(back.vdot, body.vdot, 0.01, '25 km');
  });

  it('without targets the answer has no targets member (as before)', async () => {
    const body = await bothOk('/vdot', 'vdot', { distance: '5k', time: '20:00' });
    expect(Object.keys(body)).toEqual(['distance_m', 'time_s', 'vdot', 'vo2max', 'equivalent']);
  });
});

describe('/zones reps', () => {
  it("VDOT 50 reads as Daniels' table 5.2 (3rd ed.): T 400 1:42, 1000 4:15, mile 6:51; I 400 1:34, 1000 3:55, 1200 4:42; R 200 0:44, 300 1:06, 400 1:28", async () => {
    const { zones } = await bothOk('/zones', 'training_zones', { vdot: 50 });
    const book = {
      threshold: { '400m': '1:42', '1000m': '4:15', mile: '6:51' },
      interval: { '400m': '1:34', '1000m': '3:55', '1200m': '4:42' },
      repetition: { '200m': '0:44', '300m': '1:06', '400m': '1:28' },
    } as const;
    for (const [zone, rows] of Object.entries(book)) {
      for (const [name, text] of Object.entries(rows)) {
        const rep = zones[zone].reps[name];
        expectNear(rep.seconds, hms(text), Math.max(3, 0.0025 * hms(text)), `${zone} ${name}`);
        expect(rep.text).toBe(text);
      }
    }
    expect(zones.interval.reps['400m']).toEqual(zones.interval.per_400m);
    expect(Object.keys(zones.repetition.reps)).toEqual([
      '200m',
      '300m',
      '400m',
      '600m',
      '800m',
      '1000m',
      '1200m',
      'mile',
    ]);
  });
});
