import { listen } from '@dus/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp } from './helpers.js';

let server: Awaited<ReturnType<typeof listen>>;
let client: Client;

beforeAll(async () => {
  server = await listen(makeApp());
  client = new Client({ name: 'e-pace-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.origin}/mcp`)));
  // Listing caches each tool's outputSchema: from then on the client validates every structuredContent.
  await client.listTools();
});
afterAll(async () => {
  await client.close();
  await server.close();
});

async function rest(path: string, body: unknown) {
  const res = await fetch(`${server.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return res.json();
}

const CALLS: Array<[tool: string, path: string, args: Record<string, unknown>]> = [
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
];

describe('MCP with the official SDK client', () => {
  it('lists the 10 tools, sorted, read-only and idempotent, with object schemas', async () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'e-pace', version: '1.0.0' });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'convert_pace',
      'distance_at_pace',
      'finish_projection',
      'pace',
      'predict_race_time',
      'purdy_points',
      'splits',
      'time_at_pace',
      'training_zones',
      'vdot',
    ]);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.inputSchema).not.toHaveProperty('$schema');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
    }
    const zones = tools.find((tool) => tool.name === 'training_zones')!;
    expect(Object.keys(zones.inputSchema.properties ?? {}).sort()).toEqual(['distance', 'time', 'vdot']);
  });

  it('distances and times refer to one described schema each, with their accepted forms', async () => {
    const { tools } = await client.listTools();
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
    expect(input.$defs.DistanceInput.anyOf).toHaveLength(3);
    expect(input.$defs.DurationInput.description).toMatch(/HH:MM:SS/);
    expect(input.$defs.DurationInput.type).toEqual(['string', 'number']);
  });

  it.each(CALLS)('%s %s: structuredContent equals the REST response', async (name, path, args) => {
    // The SDK client validates structuredContent against the tool's outputSchema.
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    expect(result.structuredContent).toEqual(await rest(path, args));
    expect(JSON.parse((result.content as Array<{ text: string }>)[0]!.text)).toEqual(
      result.structuredContent,
    );
  });

  it('bad arguments → isError with the problem detail', async () => {
    const bare = await client.callTool({ name: 'pace', arguments: { distance: 10, time: '50:00' } });
    expect(bare.isError).toBe(true);
    expect((bare.content as Array<{ text: string }>)[0]!.text).toMatch(
      /\/distance: distance 10 needs a unit/,
    );

    const seconds = await client.callTool({ name: 'vdot', arguments: { distance: '5k', time: '4:60' } });
    expect(seconds.isError).toBe(true);
    expect((seconds.content as Array<{ text: string }>)[0]!.text).toMatch(/below 60/);

    const range = await client.callTool({ name: 'training_zones', arguments: { vdot: 95 } });
    expect(range.isError).toBe(true);
    expect((range.content as Array<{ text: string }>)[0]!.text).toMatch(/outside the valid range 20–90/);

    const done = await client.callTool({
      name: 'finish_projection',
      arguments: { distance_done: '25 km', elapsed_time: '2:00:00', total_distance: 'half' },
    });
    expect(done.isError).toBe(true);
  });
});
