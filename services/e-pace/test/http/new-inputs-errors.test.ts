// Bad input to the fields added after the first release: a precise 400 naming the field (REST) and the same
// detail as an MCP tool error; out-of-range model inputs keep E's 422 codes in the new forms.
import { surfaces } from '@dus/testing';
import { describe, expect, it } from 'vitest';
import {
  app,
  expect400 as expectRest400,
  expect422 as expectRest422,
  type FieldError,
  postJson,
} from './helpers.js';

const { callTool } = surfaces(app);

/** A 400 with an entry at `pointer` of `code`; the MCP tool refuses the same arguments with that detail. */
async function expect400(path: string, tool: string, body: unknown, pointer: string, code: string) {
  const error = await expectRest400(path, body, pointer, code);
  const mcp = await callTool(tool, body);
  expect(mcp.result.isError).toBe(true);
  expect(mcp.result.content[0].text).toContain(`${pointer}: ${error.message}`);
  return error;
}

async function expect422(path: string, tool: string, body: unknown, code: string) {
  const detail = await expectRest422(path, body, code);
  const mcp = await callTool(tool, body);
  expect(mcp.result.isError).toBe(true);
  expect(mcp.result.content[0].text).toContain(detail);
}

describe('/time-at-pace and /distance-at-pace', () => {
  it.each([
    [
      '/time-at-pace',
      'time_at_pace',
      { distance: '10k', pace: '5:00' },
      '/pace',
      'invalid_pace',
      '"5:00" is not a pace; e.g. "5:00/km", "8:02/mi" or "8:02/mile"',
    ],
    [
      '/time-at-pace',
      'time_at_pace',
      { distance: '10k', pace: '5:60/km' },
      '/pace',
      'invalid_pace',
      'pace time: the seconds field of "5:60" must be below 60; use "MM:SS", "HH:MM:SS" or a number of seconds, e.g. "19:57.5", "1:30:00" or 1200',
    ],
    [
      '/time-at-pace',
      'time_at_pace',
      { distance: '10k', pace: 300 },
      '/pace',
      'invalid_type',
      'must be a pace string; e.g. "5:00/km", "8:02/mi" or "8:02/mile"',
    ],
    [
      '/time-at-pace',
      'time_at_pace',
      { distance: 10, pace: '5:00/km' },
      '/distance',
      'invalid_distance',
      'distance 10 needs a unit; e.g. "10 km", "6.2mi", "800 m", "400yd", "5k", "half" or { "value": 10, "unit": "km" }',
    ],
    [
      '/distance-at-pace',
      'distance_at_pace',
      { time: '4:60', pace: '5:00/km' },
      '/time',
      'invalid_duration',
      'the seconds field of "4:60" must be below 60; use "MM:SS", "HH:MM:SS" or a number of seconds, e.g. "19:57.5", "1:30:00" or 1200',
    ],
    [
      '/distance-at-pace',
      'distance_at_pace',
      { time: '45:00', pace: '0:00/km' },
      '/pace',
      'invalid_pace',
      'pace time: duration must be greater than zero; use "MM:SS", "HH:MM:SS" or a number of seconds, e.g. "19:57.5", "1:30:00" or 1200',
    ],
    [
      '/distance-at-pace',
      'distance_at_pace',
      { time: '45:00', pace: '5:00/yd' },
      '/pace',
      'invalid_pace',
      '"5:00/yd" is not a pace; e.g. "5:00/km", "8:02/mi" or "8:02/mile"',
    ],
  ])('%s %j → 400 at %s', async (path, tool, body, pointer, code, message) => {
    const error = await expect400(path, tool, body, pointer, code);
    expect(error.message).toBe(message);
  });

  it('missing and unknown fields are named', async () => {
    const missing = await expect400(
      '/distance-at-pace',
      'distance_at_pace',
      { time: '45:00' },
      '/pace',
      'invalid_type',
    );
    expect(missing.message).toBe('must be a pace string; e.g. "5:00/km", "8:02/mi" or "8:02/mile"');
    await expect400('/time-at-pace', 'time_at_pace', { pace: '5:00/km' }, '/distance', 'invalid_union');
    await expect400(
      '/time-at-pace',
      'time_at_pace',
      { distance: '5k', pace: '5:00/km', time: '20:00' },
      '/time',
      'unrecognized_key',
    );
  });
});

describe('/purdy', () => {
  it('bad distance and time are named', async () => {
    await expect400(
      '/purdy',
      'purdy_points',
      { distance: '5', time: '20:00' },
      '/distance',
      'invalid_distance',
    );
    await expect400(
      '/purdy',
      'purdy_points',
      { distance: '5k', time: '-20:00' },
      '/time',
      'invalid_duration',
    );
    await expect400(
      '/purdy',
      'purdy_points',
      { distance: '5k', time: '20:00', points: 500 },
      '/points',
      'unrecognized_key',
    );
  });
});

describe('/predict target_distance | target_distances | target_time', () => {
  const known = { known_distance: '10k', known_time: '40:00' };
  const ONE_TARGET =
    'one of "target_distance" (e.g. "half"), "target_distances" (e.g. ["5k", "half"]) or "target_time" (e.g. "1:30:00")';

  it('target_time with a target distance → conflicting_fields at /target_time; a bad target_time is its own 400', async () => {
    for (const other of [{ target_distance: 'half' }, { target_distances: ['5k'] }]) {
      const error = await expect400(
        '/predict',
        'predict_race_time',
        { ...known, ...other, target_time: '1:30:00' },
        '/target_time',
        'conflicting_fields',
      );
      expect(error.message).toBe(`give ${ONE_TARGET}, not both`);
    }
    await expect400(
      '/predict',
      'predict_race_time',
      { ...known, target_time: '1:60:00' },
      '/target_time',
      'invalid_duration',
    );
    await expect400(
      '/predict',
      'predict_race_time',
      { ...known, target_time: 0 },
      '/target_time',
      'invalid_duration',
    );
  });

  it('exactly one of the two: both → conflicting_fields, neither → missing_field, each naming both', async () => {
    const both = await expect400(
      '/predict',
      'predict_race_time',
      { ...known, target_distance: 'half', target_distances: ['5k'] },
      '/target_distances',
      'conflicting_fields',
    );
    expect(both.message).toBe(`give ${ONE_TARGET}, not both`);
    const neither = await expect400(
      '/predict',
      'predict_race_time',
      known,
      '/target_distance',
      'missing_field',
    );
    expect(neither.message).toBe(`is required: give ${ONE_TARGET}`);
  });

  it('a missing target is named together with the other bad fields', async () => {
    const res = await postJson('/predict', { known_distance: 10, known_time: '40:00' });
    expect(res.json.errors.map((error: FieldError) => error.path).sort()).toEqual([
      '/known_distance',
      '/target_distance',
    ]);
  });

  it.each([
    [
      [],
      '/target_distances',
      'too_small',
      'must hold at least one distance; e.g. "10 km", "6.2mi", "800 m", "400yd", "5k", "half" or { "value": 10, "unit": "km" }',
    ],
    [Array(21).fill('5k'), '/target_distances', 'too_big', 'must hold at most 20 distances'],
    [
      'half',
      '/target_distances',
      'invalid_type',
      'must be an array of 1–20 distances; e.g. "10 km", "6.2mi", "800 m", "400yd", "5k", "half" or { "value": 10, "unit": "km" }',
    ],
    [
      ['5k', 21.1],
      '/target_distances/1',
      'invalid_distance',
      'distance 21.1 needs a unit; e.g. "10 km", "6.2mi", "800 m", "400yd", "5k", "half" or { "value": 10, "unit": "km" }',
    ],
    [
      ['5k', 'half', '0 km'],
      '/target_distances/2',
      'invalid_distance',
      'distance must be greater than zero; e.g. "10 km", "6.2mi", "800 m", "400yd", "5k", "half" or { "value": 10, "unit": "km" }',
    ],
  ])('target_distances %j → 400 at %s', async (targets, pointer, code, message) => {
    const error = await expect400(
      '/predict',
      'predict_race_time',
      { ...known, target_distances: targets },
      pointer,
      code,
    );
    expect(error.message).toBe(message);
  });

  it('riegel_exponent out of range is the 422 of the single form', async () => {
    await expect422(
      '/predict',
      'predict_race_time',
      { ...known, target_distances: ['half'], riegel_exponent: 1.3 },
      'riegel_exponent_out_of_range',
    );
  });
});

describe('/vdot targets', () => {
  it('a bad list is named at the list or the element', async () => {
    await expect400('/vdot', 'vdot', { distance: '5k', time: '20:00', targets: [] }, '/targets', 'too_small');
    await expect400(
      '/vdot',
      'vdot',
      { distance: '5k', time: '20:00', targets: ['5k', 3] },
      '/targets/1',
      'invalid_distance',
    );
    await expect400(
      '/vdot',
      'vdot',
      { distance: '5k', time: '20:00', targets: Array(21).fill('1 km') },
      '/targets',
      'too_big',
    );
  });

  it('a VDOT outside 20–90 is still the 422 with targets', async () => {
    await expect422(
      '/vdot',
      'vdot',
      { distance: '5k', time: '60:00', targets: ['10k'] },
      'vdot_out_of_range',
    );
  });
});
