import { describe, expect, it } from 'vitest';
import { app, expect400, expect422, type FieldError, get, post, postJson, ROUTES } from './helpers.js';

const TIME_EXAMPLE = '"MM:SS", "HH:MM:SS" or a number of seconds, e.g. "19:57.5", "1:30:00" or 1200';
const DISTANCE_EXAMPLE =
  'e.g. "10 km", "6.2mi", "800 m", "400yd", "5k", "half" or { "value": 10, "unit": "km" }';

describe('bad input table → 400 validation_failed naming the field, with an accepted example', () => {
  it('a bare number distance asks for a unit', async () => {
    const error = await expect400('/pace', { distance: 10, time: '50:00' }, '/distance', 'invalid_distance');
    expect(error.message).toBe(`distance 10 needs a unit; ${DISTANCE_EXAMPLE}`);
    for (const [route, field, body] of [
      ['/predict', 'known_distance', { known_distance: 10, known_time: '40:00', target_distance: 'half' }],
      ['/predict', 'target_distance', { known_distance: '10k', known_time: '40:00', target_distance: 21.1 }],
      ['/vdot', 'distance', { distance: 5, time: '20:00' }],
      ['/splits', 'split', { distance: '10k', time: '40:00', split: 1 }],
      ['/finish', 'distance_done', { distance_done: 10, elapsed_time: '50:00', total_distance: 'half' }],
      ['/finish', 'total_distance', { distance_done: '10k', elapsed_time: '50:00', total_distance: 21.1 }],
      ['/zones', 'distance', { distance: '5', time: '20:00' }],
    ] as const) {
      const other = await expect400(route, body, `/${field}`, 'invalid_distance');
      expect(other.message).toMatch(/needs a unit; e\.g\. "10 km"/);
    }
  });

  it.each([
    ['4:60', 'the seconds field of "4:60" must be below 60'],
    ['-5:00', 'duration must not be negative'],
    ['0', 'duration must be greater than zero'],
    [0, 'duration must be greater than zero'],
    [-300, 'duration must be greater than zero'],
    ['1:2:3:4', '"1:2:3:4" is not a duration'],
    ['abc', '"abc" is not a duration'],
    ['1:60:00', 'the minutes field of "1:60:00" must be below 60'],
    ['', 'duration is empty'],
  ])('time %j → 400 at /time', async (time, start) => {
    const error = await expect400('/pace', { distance: '5k', time }, '/time', 'invalid_duration');
    expect(error.message).toBe(`${start}; use ${TIME_EXAMPLE}`);
  });

  it.each([
    ['/predict', 'known_time', { known_distance: '10k', known_time: '4:60', target_distance: 'half' }],
    ['/vdot', 'time', { distance: '5k', time: '-5:00' }],
    ['/zones', 'time', { distance: '5k', time: 'abc' }],
    ['/splits', 'time', { distance: '5k', time: '0' }],
    ['/finish', 'elapsed_time', { distance_done: '5k', elapsed_time: '1:2:3:4', total_distance: '10k' }],
  ])('%s: bad %s → 400 with an example', async (route, field, body) => {
    const error = await expect400(route, body, `/${field}`, 'invalid_duration');
    expect(error.message).toContain(TIME_EXAMPLE);
  });

  it.each([
    ['abc', '"abc" is not a distance'],
    ['0 km', 'distance must be greater than zero'],
    ['-5 km', 'distance must be greater than zero'],
    ['10 furlongs', 'unknown distance unit "furlongs"'],
    ['2000 km', 'distance must be at most 1000 km'],
  ])('distance %j → 400 at /distance', async (distance, start) => {
    const error = await expect400('/pace', { distance, time: '20:00' }, '/distance', 'invalid_distance');
    expect(error.message.startsWith(start)).toBe(true);
  });

  it('missing and mistyped fields name every path', async () => {
    const res = await postJson('/predict', { known_time: true, extra: 1 });
    expect(res.status).toBe(400);
    expect(res.json.errors.map((error: FieldError) => error.path).sort()).toEqual([
      '/extra',
      '/known_distance',
      '/known_time',
      '/target_distance',
    ]);
    const missing = res.json.errors.find((error: FieldError) => error.path === '/known_distance');
    expect(missing.message).toBe(`is required; ${DISTANCE_EXAMPLE}`);
    const extra = res.json.errors.find((error: FieldError) => error.path === '/extra');
    expect(extra).toEqual({ path: '/extra', code: 'unrecognized_key', message: 'is not a known field' });
  });

  it('a distance object with an unknown member or a non-numeric value', async () => {
    await expect400(
      '/pace',
      { distance: { value: 5, unit: 'km', x: 1 }, time: '20:00' },
      '/distance/x',
      'unrecognized_key',
    );
    await expect400(
      '/pace',
      { distance: { value: '5', unit: 'km' }, time: '20:00' },
      '/distance',
      'invalid_union',
    );
    await expect400(
      '/pace',
      { distance: { value: 5, unit: 'lightyear' }, time: '20:00' },
      '/distance',
      'invalid_distance',
    );
  });

  it('/zones takes exactly one form', async () => {
    const none = await expect400('/zones', {}, '/vdot', 'missing_field');
    expect(none.message).toMatch(/"distance" and "time"/);
    await expect400('/zones', { vdot: 50, distance: '5k', time: '20:00' }, '/distance', 'conflicting_fields');
    await expect400('/zones', { vdot: 50, time: '20:00' }, '/time', 'conflicting_fields');
    await expect400('/zones', { distance: '5k' }, '/time', 'missing_field');
    await expect400('/zones', { time: '20:00' }, '/distance', 'missing_field');
    await expect400('/zones', { vdot: '50' }, '/vdot', 'invalid_type');
  });

  it('/convert takes exactly one of pace or speed', async () => {
    await expect400('/convert', {}, '/pace', 'missing_field');
    const both = await expect400(
      '/convert',
      { pace: '5:00/km', speed: '12 km/h' },
      '/speed',
      'conflicting_fields',
    );
    expect(both.message).toMatch(/not both/);
    const pace = await expect400('/convert', { pace: '5:00' }, '/pace', 'invalid_pace');
    expect(pace.message).toContain('"5:00/km"');
    expect((await expect400('/convert', { pace: '4:60/km' }, '/pace', 'invalid_pace')).message).toContain(
      'below 60',
    );
    const speed = await expect400('/convert', { speed: '12' }, '/speed', 'invalid_speed');
    expect(speed.message).toContain('"12 km/h"');
    await expect400('/convert', { speed: '0 km/h' }, '/speed', 'invalid_speed');
    await expect400('/convert', { pace: 300 }, '/pace', 'invalid_type');
  });

  it('splits: unknown strategy, non-numeric negative_percent', async () => {
    await expect400(
      '/splits',
      { distance: '5k', time: '20:00', strategy: 'positive' },
      '/strategy',
      'invalid_value',
    );
    await expect400(
      '/splits',
      { distance: '5k', time: '20:00', negative_percent: '2' },
      '/negative_percent',
      'invalid_type',
    );
  });
});

describe('422 domain errors', () => {
  it('distance_done > total_distance → distance_done_out_of_range', async () => {
    const detail = await expect422(
      '/finish',
      { distance_done: '25 km', elapsed_time: '2:00:00', total_distance: 'half' },
      'distance_done_out_of_range',
    );
    expect(detail).toContain('distance_done');
  });

  it('exponent outside 1.0–1.2', async () => {
    await expect422(
      '/finish',
      { distance_done: '10 km', elapsed_time: '50:00', total_distance: 'half', exponent: 1.3 },
      'exponent_out_of_range',
    );
    await expect422(
      '/predict',
      { known_distance: '10k', known_time: '40:00', target_distance: 'half', riegel_exponent: 0.9 },
      'riegel_exponent_out_of_range',
    );
  });

  it.each([95, 90.01, 19.99, 0, -50])('VDOT %d → 422 vdot_out_of_range', async (vdot) => {
    const detail = await expect422('/zones', { vdot }, 'vdot_out_of_range');
    expect(detail).toContain('20–90');
  });

  it('VDOT 20 and 90 are accepted', async () => {
    expect((await postJson('/zones', { vdot: 20 })).status).toBe(200);
    expect((await postJson('/zones', { vdot: 90 })).status).toBe(200);
  });

  it('a performance whose VDOT is outside 20–90 → 422 on /vdot and /zones', async () => {
    await expect422('/vdot', { distance: '5k', time: '1:00:00' }, 'vdot_out_of_range');
    await expect422('/zones', { distance: '5k', time: '1:00:00' }, 'vdot_out_of_range');
    await expect422('/vdot', { distance: 'marathon', time: '1:30:00' }, 'vdot_out_of_range');
  });

  it.each([-2, -0.5, 20.5, 100])(
    'negative_percent %d → 422 negative_percent_out_of_range',
    async (percent) => {
      const detail = await expect422(
        '/splits',
        { distance: '10k', time: '40:00', strategy: 'negative', negative_percent: percent },
        'negative_percent_out_of_range',
      );
      expect(detail).toContain('between 0 and 20');
    },
  );

  it('split longer than the race, or too many splits', async () => {
    await expect422('/splits', { distance: '5k', time: '20:00', split: '10 km' }, 'split_too_long');
    await expect422('/splits', { distance: 'marathon', time: '3:00:00', split: '10 m' }, 'too_many_splits');
    expect((await postJson('/splits', { distance: '1000 m', time: '3:00', split: '1 m' })).status).toBe(200);
  });
});

describe('HTTP conventions', () => {
  it('malformed JSON → 400 invalid_json', async () => {
    for (const route of ROUTES) {
      const res = await post(route, '{"distance": "5k",');
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('invalid_json');
    }
    expect((await post('/pace', '')).json.code).toBe('invalid_json');
  });

  it('a body that is not an object → 400 validation_failed at the root', async () => {
    for (const body of ['[]', '"5k"', 'null', '42']) {
      const res = await post('/vdot', body);
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('validation_failed');
      expect(res.json.errors[0].path).toBe('');
    }
  });

  it('wrong content type → 415', async () => {
    for (const route of ROUTES) {
      const res = await post(route, '{"pace":"5:00/km"}', { 'content-type': 'text/plain' });
      expect(res.status).toBe(415);
      expect(res.json.code).toBe('unsupported_media_type');
    }
    const none = await app.request('/convert', { method: 'POST', body: new Uint8Array([0x7b, 0x7d]) });
    expect(none.status).toBe(415);
  });

  it('unknown route → 404 problem', async () => {
    const res = await get('/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(res.json.code).toBe('not_found');
    expect((await postJson('/pace/extra', {})).status).toBe(404);
  });

  it('GET on a POST route → 405 with Allow', async () => {
    for (const route of ROUTES) {
      const res = await get(route);
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST, OPTIONS');
      expect(res.json.code).toBe('method_not_allowed');
    }
  });

  it('413 over the body limit', async () => {
    const { makeApp } = await import('./helpers.js');
    const small = makeApp({ maxBodyBytes: 32 });
    const res = await small.request('/pace', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ distance: '5k', time: '20:00', pad: 'x'.repeat(40) }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe('payload_too_large');
  });

  it('responses carry X-Request-Id, nosniff, no-store and CORS', async () => {
    const res = await app.request('/vdot', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'run-42', origin: 'https://x.example' },
      body: '{"distance":"5k","time":"20:00"}',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('x-request-id')).toBe('run-42');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('standard endpoints: /health, /version, /, /docs', async () => {
    const health = await get('/health');
    expect(health.status).toBe(200);
    expect(health.json).toMatchObject({ status: 'ok', service: 'e-pace', version: '1.0.0' });
    expect(typeof health.json.uptime_s).toBe('number');
    expect((await get('/version')).json).toEqual({
      service: 'e-pace',
      version: '1.0.0',
      openapi: '3.1.0',
      mcp_protocol: '2025-11-25',
      node: process.version,
    });
    const root = (await get('/')).json;
    expect(root.operations.map((op: { path: string; mcp_tool: string }) => [op.path, op.mcp_tool])).toEqual([
      ['/pace', 'pace'],
      ['/predict', 'predict_race_time'],
      ['/vdot', 'vdot'],
      ['/zones', 'training_zones'],
      ['/splits', 'splits'],
      ['/finish', 'finish_projection'],
      ['/convert', 'convert_pace'],
      ['/time-at-pace', 'time_at_pace'],
      ['/distance-at-pace', 'distance_at_pace'],
      ['/purdy', 'purdy_points'],
      ['/fit', 'fit_riegel_exponent'],
      ['/adjust', 'adjust_for_conditions'],
      ['/age-grade', 'age_grade'],
    ]);
    const docs = await get('/docs');
    expect(docs.status).toBe(200);
    expect(docs.text).toContain('/openapi.json');
  });
});
