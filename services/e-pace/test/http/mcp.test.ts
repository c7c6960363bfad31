import { describeMcpMatchesRest, errorText, type ToolCall } from '@dus/testing';
import { describe, expect, it } from 'vitest';
import { makeApp } from './helpers.js';

const CALLS: ToolCall[] = [
  ['pace', '/pace', { distance: '10 km', time: '50:00' }],
  [
    'predict_race_time',
    '/predict',
    { known_distance: '10k', known_time: '40:00', target_distance: 'marathon' },
  ],
  [
    'predict_race_time',
    '/predict',
    { known_distance: '100 km', known_time: '8:00:00', target_distance: '250 km' },
  ],
  ['vdot', '/vdot', { distance: '5k', time: '20:00' }],
  ['training_zones', '/zones', { vdot: 50 }],
  ['training_zones', '/zones', { distance: 'half', time: '1:30:00' }],
  ['splits', '/splits', { distance: 'half', time: '1:45:00', split: '1 mi' }],
  ['splits', '/splits', { distance: 'marathon', time: '3:30:00', strategy: 'negative', negative_percent: 3 }],
  [
    'finish_projection',
    '/finish',
    { distance_done: '30 km', elapsed_time: '1:30:00', total_distance: 'marathon' },
  ],
  ['convert_pace', '/convert', { pace: '8:02/mi' }],
  ['convert_pace', '/convert', { speed: '12 km/h' }],
  ['time_at_pace', '/time-at-pace', { distance: 'half', pace: '5:00/km' }],
  ['distance_at_pace', '/distance-at-pace', { time: '1:00:00', pace: '8:00/mi' }],
  ['purdy_points', '/purdy', { distance: '5k', time: '20:00' }],
  [
    'predict_race_time',
    '/predict',
    { known_distance: '10k', known_time: '40:00', target_distances: ['5k', 'half', '250 km'] },
  ],
  [
    'predict_race_time',
    '/predict',
    { known_distance: 'mile', known_time: '1:00:00', target_distance: 'marathon' },
  ],
  ['vdot', '/vdot', { distance: '5k', time: '20:00', targets: ['800 m', '25 km'] }],
  ['predict_race_time', '/predict', { known_distance: '10 km', known_time: '40:00', target_time: '1:30:00' }],
  ['predict_race_time', '/predict', { known_distance: 'mile', known_time: 3600, target_time: '2:00:00' }],
  [
    'fit_riegel_exponent',
    '/fit',
    {
      results: [
        { distance: '5k', time: '20:00' },
        { distance: '10k', time: '41:40' },
        { distance: 'half', time: '1:33:20' },
      ],
      targets: ['15k', 'marathon'],
    },
  ],
  [
    'fit_riegel_exponent',
    '/fit',
    {
      results: [
        { distance: '5k', time: '20:00' },
        { distance: '10k', time: '41:40' },
      ],
      targets: ['half'],
    },
  ],
  ['adjust_for_conditions', '/adjust', { distance: '10 km', time: '50:00', grade_percent: 5 }],
  [
    'adjust_for_conditions',
    '/adjust',
    {
      distance: 'marathon',
      time: '3:30:00',
      grade_percent: -1,
      altitude_m: 1500,
      acclimatized: true,
      wbgt_c: 20,
      sex: 'female',
      direction: 'from_standard',
    },
  ],
  ['age_grade', '/age-grade', { distance: '5k', time: '20:00', age: 50, sex: 'male' }],
  ['age_grade', '/age-grade', { distance: '7 km', time: '30:00', age: 50, sex: 'female' }],
];

const session = describeMcpMatchesRest(makeApp(), {
  server: { name: 'e-pace', version: '1.0.0' },
  tools: [
    'adjust_for_conditions',
    'age_grade',
    'convert_pace',
    'distance_at_pace',
    'finish_projection',
    'fit_riegel_exponent',
    'pace',
    'predict_race_time',
    'purdy_points',
    'splits',
    'time_at_pace',
    'training_zones',
    'vdot',
  ],
  calls: CALLS,
});

describe('E over MCP', () => {
  it('training_zones takes a VDOT or a performance', async () => {
    const { tools } = await session().client.listTools();
    const zones = tools.find((tool) => tool.name === 'training_zones')!;
    expect(Object.keys(zones.inputSchema.properties ?? {}).sort()).toEqual(['distance', 'time', 'vdot']);
  });

  it('distances and times refer to one described schema each, with their accepted forms', async () => {
    const { tools } = await session().client.listTools();
    const vdot = tools.find((tool) => tool.name === 'vdot')!;
    // biome-ignore lint/suspicious/noExplicitAny: JSON Schema inspected member by member
    const input = vdot.inputSchema as any;
    expect(input.properties.distance).toMatchObject({
      $ref: '#/$defs/DistanceInput',
      description: 'Race distance.',
      examples: ['5k'],
    });
    expect(input.properties.time).toMatchObject({ $ref: '#/$defs/DurationInput', description: 'Race time.' });
    expect(input.properties.targets.items).toEqual({ $ref: '#/$defs/DistanceInput' });
    expect(input.$defs.DistanceInput.description).toMatch(/bare number is refused/);
    // A string or { value, unit }: the bare number zod takes (to refuse it by name) is not documented.
    expect(input.$defs.DistanceInput.anyOf.map((form: { type: string }) => form.type)).toEqual([
      'string',
      'object',
    ]);
    expect(input.$defs.DurationInput.description).toMatch(/HH:MM:SS/);
    expect(input.$defs.DurationInput.type).toEqual(['string', 'number']);
  });

  it('bad arguments → isError with the problem detail', async () => {
    const bare = await session().client.callTool({
      name: 'pace',
      arguments: { distance: 10, time: '50:00' },
    });
    expect(bare.isError).toBe(true);
    expect(errorText(bare)).toMatch(/\/distance: distance 10 needs a unit/);

    const seconds = await session().client.callTool({
      name: 'vdot',
      arguments: { distance: '5k', time: '4:60' },
    });
    expect(seconds.isError).toBe(true);
    expect(errorText(seconds)).toMatch(/below 60/);

    const range = await session().client.callTool({ name: 'training_zones', arguments: { vdot: 95 } });
    expect(range.isError).toBe(true);
    expect(errorText(range)).toMatch(/outside the valid range 20–90/);

    const done = await session().client.callTool({
      name: 'finish_projection',
      arguments: { distance_done: '25 km', elapsed_time: '2:00:00', total_distance: 'half' },
    });
    expect(done.isError).toBe(true);
  });
});
