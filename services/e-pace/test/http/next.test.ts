// The operations of the spec's "Next" section (conditions, age grading, a personal exponent, time
// targets), each through REST and MCP (the tool's structuredContent is the REST body).
import { surfaces } from '@dus/testing';
import { describe, expect, it } from 'vitest';
import { app, expect400 as expectRest400, postJson } from './helpers.js';

const { bothOk, callTool } = surfaces(app);

/** A 400 at `pointer` of `code` over REST; the MCP tool refuses the same arguments with that message. */
async function expect400(path: string, tool: string, body: unknown, pointer: string, code: string) {
  const error = await expectRest400(path, body, pointer, code);
  const mcp = await callTool(tool, body);
  expect(mcp.result.isError).toBe(true);
  expect(mcp.result.content[0].text).toContain(`${pointer}: ${error.message}`);
  return error;
}

/** A 422 of `code` whose errors[0].path is `pointer`, over REST and MCP; returns the detail. */
async function expect422(path: string, tool: string, body: unknown, code: string, pointer: string) {
  const res = await postJson(path, body);
  expect(res.status, res.text).toBe(422);
  expect(res.json).toMatchObject({ type: `urn:problem:${code}`, code, status: 422 });
  expect(res.json.errors[0]).toEqual({ path: pointer, code, message: res.json.detail });
  const mcp = await callTool(tool, body);
  expect(mcp.result.isError).toBe(true);
  expect(mcp.result.content[0].text).toContain(res.json.detail);
  return res.json.detail as string;
}

describe('/predict with target_time (predict_race_time)', () => {
  it('10 km 40:00 → 1:30:00: Riegel 21490.556 m, Cameron 21502.286 m, VDOT 21421.013 m (spec example)', async () => {
    const body = await bothOk('/predict', 'predict_race_time', {
      known_distance: '10 km',
      known_time: '40:00',
      target_time: '1:30:00',
    });
    expect(Object.keys(body)).toEqual(['known', 'target', 'riegel_exponent', 'predictions', 'warnings']);
    expect(body.target).toEqual({ time_s: 5400, text: '1:30:00' });
    expect(body.predictions.riegel).toEqual({
      distance_m: 21490.556,
      pace: { per_km: { seconds: 251.3, text: '4:11' }, per_mile: { seconds: 404.4, text: '6:44' } },
    });
    expect(body.predictions.cameron.distance_m).toBe(21502.286);
    expect(body.predictions.vdot.distance_m).toBe(21421.013);
    expect(body.predictions.purdy.distance_m).toBe(21254.162);
    expect(body.warnings).toEqual([]);
  });

  it('nulls with the 1.0 warnings; the exponent applies', async () => {
    const walk = await bothOk('/predict', 'predict_race_time', {
      known_distance: 'mile',
      known_time: 3600,
      target_time: '2:00:00',
      riegel_exponent: 1,
    });
    expect(walk.predictions.riegel.distance_m).toBe(3218.688);
    expect(walk.predictions.vdot).toBeNull();
    expect(walk.predictions.purdy).toBeNull();
    expect(walk.warnings.map((w: { code: string }) => w.code)).toEqual([
      'outside_vdot_range',
      'outside_purdy_range',
    ]);
  });
});

const SPEC_RESULTS = [
  { distance: '5 km', time: '20:00' },
  { distance: '10 km', time: '41:40' },
  { distance: 'half', time: '1:33:20' },
  { distance: 'marathon', time: '3:18:20' },
];

describe('/fit (fit_riegel_exponent)', () => {
  it('spec example: k 1.0762; 15 km 3892.7 s (3760.4–4029.7; the spec prints 3760.5, rounded twice)', async () => {
    const body = await bothOk('/fit', 'fit_riegel_exponent', { results: SPEC_RESULTS, targets: ['15 km'] });
    expect(body).toMatchObject({
      exponent: 1.0762,
      coefficient: 0.12478,
      log_coefficient: -2.081203,
      r_squared: 1,
      residual_se: 0.007186,
      n: 4,
      warnings: [],
    });
    expect(body.results[3]).toEqual({ distance_m: 42195, time_s: 11900, fitted_s: 11847.6 });
    expect(body.predictions).toEqual([
      {
        distance_m: 15000,
        time_s: 3892.7,
        text: '1:04:53',
        pace: { per_km: { seconds: 259.5, text: '4:20' }, per_mile: { seconds: 417.6, text: '6:58' } },
        interval_95: { low_s: 3760.4, high_s: 4029.7 },
      },
    ]);
  });

  it('two results: residual_se and interval_95 null; no targets: no predictions', async () => {
    const body = await bothOk('/fit', 'fit_riegel_exponent', {
      results: SPEC_RESULTS.slice(0, 2),
      targets: ['half'],
    });
    expect(body.residual_se).toBeNull();
    expect(body.predictions[0].interval_95).toBeNull();
    const none = await bothOk('/fit', 'fit_riegel_exponent', { results: SPEC_RESULTS });
    expect(none.predictions).toEqual([]);
  });

  it('bad input: 1 or 11 results, a bad element, a bad target → 400 naming it', async () => {
    await expect400(
      '/fit',
      'fit_riegel_exponent',
      { results: SPEC_RESULTS.slice(0, 1) },
      '/results',
      'too_small',
    );
    await expect400(
      '/fit',
      'fit_riegel_exponent',
      { results: Array(11).fill(SPEC_RESULTS[0]) },
      '/results',
      'too_big',
    );
    await expect400(
      '/fit',
      'fit_riegel_exponent',
      { results: [SPEC_RESULTS[0], { distance: 10, time: '41:40' }] },
      '/results/1/distance',
      'invalid_distance',
    );
    await expect400(
      '/fit',
      'fit_riegel_exponent',
      { results: [SPEC_RESULTS[0], { distance: '10k' }] },
      '/results/1/time',
      'invalid_union',
    );
    await expect400(
      '/fit',
      'fit_riegel_exponent',
      { results: SPEC_RESULTS, targets: [] },
      '/targets',
      'too_small',
    );
    await expect400('/fit', 'fit_riegel_exponent', {}, '/results', 'invalid_type');
  });

  it('one distance only → 422 fit_degenerate at /results', async () => {
    const detail = await expect422(
      '/fit',
      'fit_riegel_exponent',
      { results: [SPEC_RESULTS[0], { distance: '5000 m', time: '21:00' }] },
      'fit_degenerate',
      '/results',
    );
    expect(detail).toBe('the results need at least 2 different distances to fit an exponent');
  });
});

describe('/adjust (adjust_for_conditions)', () => {
  it('spec: 10 km 50:00 at +5 % → C 4.6852, factor 0.768378, 2305.1 s; at −10 % 5019.3 s', async () => {
    const up = await bothOk('/adjust', 'adjust_for_conditions', {
      distance: '10 km',
      time: '50:00',
      grade_percent: 5,
    });
    expect(Object.keys(up)).toEqual([
      'distance_m',
      'time_s',
      'direction',
      'adjustments',
      'combined',
      'warnings',
    ]);
    expect(up.adjustments.grade).toMatchObject({
      factor: 0.768378,
      time_s: 2305.1,
      text: '38:25',
      cost_j_per_kg_m: 4.6852,
      valid_range: { min: -45, max: 45 },
    });
    expect(up.adjustments.grade.source).toMatch(/^Minetti AE.*J Appl Physiol 93:1039–1046 \(2002\)$/);
    expect(up.combined).toMatchObject({ factor: 0.768378, time_s: 2305.1 });
    const down = await bothOk('/adjust', 'adjust_for_conditions', {
      distance: '10 km',
      time: '50:00',
      grade_percent: -10,
    });
    expect(down.adjustments.grade.time_s).toBe(5019.3);
  });

  it('spec: 10 km 40:00 at 2000 m: VDOT 51.94 → 59.32, 2142.6 s (acclimatised 2228.9 s)', async () => {
    const body = await bothOk('/adjust', 'adjust_for_conditions', {
      distance: '10 km',
      time: '40:00',
      altitude_m: 2000,
    });
    expect(body.adjustments.altitude).toMatchObject({
      time_s: 2142.6,
      aerobic_power_percent: 87.56,
      vdot: 51.94,
      vdot_adjusted: 59.32,
    });
    expect(body.warnings.map((w: { code: string }) => w.code)).toEqual(['altitude_air_resistance_ignored']);
    const acclimatized = await bothOk('/adjust', 'adjust_for_conditions', {
      distance: '10 km',
      time: '40:00',
      altitude_m: 2000,
      acclimatized: true,
    });
    expect(acclimatized.adjustments.altitude.time_s).toBe(2228.9);
  });

  it('spec: marathon 3:30:00 at WBGT 20 °C, men: s 3.888 %, factor 0.978939, 12334.6 s', async () => {
    const body = await bothOk('/adjust', 'adjust_for_conditions', {
      distance: 'marathon',
      time: '3:30:00',
      wbgt_c: 20,
    });
    expect(body.adjustments.heat).toMatchObject({
      factor: 0.978939,
      time_s: 12334.6,
      course_record_gap_percent: 3.888,
      slowdown_percent: 2.15,
      valid_range: { min: 5.1, max: 25 },
    });
    expect(body.warnings).toEqual([]);
  });

  it('no condition → 400 missing_field at /grade_percent; malformed fields → 400 naming them', async () => {
    const error = await expect400(
      '/adjust',
      'adjust_for_conditions',
      { distance: '10 km', time: '50:00', sex: 'female' },
      '/grade_percent',
      'missing_field',
    );
    expect(error.message).toBe('give at least one condition: "grade_percent", "altitude_m" or "wbgt_c"');
    await expect400(
      '/adjust',
      'adjust_for_conditions',
      { distance: '10 km', time: '50:00', grade_percent: '5%' },
      '/grade_percent',
      'invalid_type',
    );
    await expect400(
      '/adjust',
      'adjust_for_conditions',
      { distance: '10 km', time: '50:00', wbgt_c: 20, sex: 'x' },
      '/sex',
      'invalid_value',
    );
    await expect400(
      '/adjust',
      'adjust_for_conditions',
      { distance: '10 km', time: '50:00', altitude_m: 20, direction: 'up' },
      '/direction',
      'invalid_value',
    );
    await expect400(
      '/adjust',
      'adjust_for_conditions',
      { distance: '10 km', time: '50:00', altitude_m: 20, acclimatized: 'yes' },
      '/acclimatized',
      'invalid_type',
    );
  });

  it.each([
    [{ grade_percent: 46 }, '/grade_percent', "grade_percent 46 is outside the model's valid range -45–45 %"],
    [{ altitude_m: 4500 }, '/altitude_m', "altitude_m 4500 is outside the model's valid range 0–4000 m"],
    [{ wbgt_c: 30 }, '/wbgt_c', "wbgt_c 30 is outside the model's valid range 5.1–25 °C"],
  ])('%j → 422 condition_out_of_range at %s', async (condition, pointer, detail) => {
    expect(
      await expect422(
        '/adjust',
        'adjust_for_conditions',
        { distance: '10 km', time: '50:00', ...condition },
        'condition_out_of_range',
        pointer,
      ),
    ).toBe(detail);
  });

  it('an adjusted VDOT outside 20–90 → 422 vdot_out_of_range at /altitude_m', async () => {
    await expect422(
      '/adjust',
      'adjust_for_conditions',
      { distance: '5k', time: '13:00', altitude_m: 3000 },
      'vdot_out_of_range',
      '/altitude_m',
    );
  });
});

describe('/age-grade (age_grade)', () => {
  it('spec: man 50, 5 km 20:00 → 0.8796, OC 771, 1055.5 s, 73.04 %', async () => {
    const body = await bothOk('/age-grade', 'age_grade', {
      distance: '5 km',
      time: '20:00',
      age: 50,
      sex: 'male',
    });
    expect(body).toEqual({
      distance_m: 5000,
      time_s: 1200,
      age: 50,
      sex: 'male',
      age_factor: 0.8796,
      open_standard_s: 771,
      age_standard_s: 876.5,
      age_graded_time_s: 1055.5,
      age_graded_text: '17:36',
      age_grade_percent: 73.04,
      table:
        'WMA/USATF road standards 2020 (AgeStdFactors, github.com/AlanLyttonJones/Age-Grade-Tables @ 4aac673)',
      columns: ['5 km'],
      interpolated: false,
    });
  });

  it("between columns by the log rule; the women's half OC is 3898 s", async () => {
    const seven = await bothOk('/age-grade', 'age_grade', {
      distance: '7 km',
      time: '30:00',
      age: 50,
      sex: 'female',
    });
    expect(seven).toMatchObject({
      age_factor: 0.8879,
      open_standard_s: 1248.7,
      columns: ['4 Mile', '8 km'],
      interpolated: true,
    });
    const half = await bothOk('/age-grade', 'age_grade', {
      distance: 'half',
      time: '1:30:00',
      age: 30,
      sex: 'female',
    });
    expect(half.open_standard_s).toBe(3898);
  });

  it('bad input → 400: a fractional age, no sex, an unknown sex', async () => {
    const body = { distance: '5 km', time: '20:00', age: 50, sex: 'male' };
    await expect400('/age-grade', 'age_grade', { ...body, age: 50.5 }, '/age', 'invalid_type');
    await expect400('/age-grade', 'age_grade', { ...body, sex: undefined }, '/sex', 'invalid_value');
    await expect400('/age-grade', 'age_grade', { ...body, sex: 'm' }, '/sex', 'invalid_value');
  });

  it.each([
    [{ age: 4 }, 'age_out_of_range', '/age', "age 4 is outside the tables' 5–100"],
    [{ age: 101 }, 'age_out_of_range', '/age', "age 101 is outside the tables' 5–100"],
    [
      { distance: '800 m' },
      'distance_out_of_range',
      '/distance',
      'the age-grade tables cover 1 mile to 200 km (1609.344–200000 m), got 800 m',
    ],
    [
      { distance: '250 km', time: '30:00:00' },
      'distance_out_of_range',
      '/distance',
      'the age-grade tables cover 1 mile to 200 km (1609.344–200000 m), got 250000 m',
    ],
  ])('%j → 422 %s at %s', async (change, code, pointer, detail) => {
    expect(
      await expect422(
        '/age-grade',
        'age_grade',
        { distance: '5 km', time: '20:00', age: 50, sex: 'male', ...change },
        code,
        pointer,
      ),
    ).toBe(detail);
  });
});
