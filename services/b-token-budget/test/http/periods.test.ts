// Every price period of every model, over REST (GET and POST twins) and MCP: priced inside the period and
// on both of its boundaries (its first day, and its last day before the next set starts), against the
// spec's table computed independently (decimal.js), below and above the long-context threshold.
import { bothSurfaces } from '@dus/testing';
import { describe, expect, it } from 'vitest';
import { addDays, SPEC_MODELS, type SpecSet, specCost } from '../spec-table.js';
import { app, type Json, twins } from './helpers.js';

const target = { path: '/api/v1/cost_optimizer', tool: 'cost_optimizer', mcpPath: '/mcp' };

/** The days a set must price: its first day, one inside, and its last (the day before `until`). */
function daysOf(set: SpecSet): string[] {
  const last = set.until === null ? addDays(set.from, 400) : addDays(set.until, -1);
  const inside = set.until === null ? addDays(set.from, 30) : addDays(set.from, 1);
  const early = [inside, last].sort()[0]!;
  return [...new Set([set.from, early, last])];
}

/** Requests to price: a plain one, and one just above the tier threshold where the set has a tier. */
const requestsOf = (set: SpecSet, maxOutput: number) => [
  [10_000, Math.min(1000, maxOutput)],
  ...(set.tier ? [[set.tier.threshold, 1000] as const, [set.tier.threshold + 1, 1000] as const] : []),
];

const cases = SPEC_MODELS.flatMap((model) =>
  model.sets.flatMap((set) =>
    daysOf(set).flatMap((day) =>
      requestsOf(set, model.maxOutput).map(([input, output]) => ({
        id: model.id,
        day,
        input: input!,
        output: output!,
        expected: specCost(set, input!, output!),
        from: set.from,
      })),
    ),
  ),
);

describe('every price period of every model, REST and MCP', () => {
  it.each(cases)('$id on $day, $input in + $output out: $expected (set from $from)', async (c) => {
    const args = { models: c.id, at: c.day, inputTokens: c.input, outputTokens: c.output };
    const { rest, mcp } = await bothSurfaces(app, target, JSON.stringify(args));
    expect(rest.kind).toBe('ok');
    expect(mcp).toEqual(rest);
    const body = (rest as { value: Json }).value;
    expect(body.priced_on).toBe(c.day);
    expect(body.costs).toHaveLength(1);
    expect([body.costs[0].cost_per_request, body.costs[0].price_from]).toEqual([c.expected, c.from]);
  });

  it.each(SPEC_MODELS.map((m) => [m.id, m.sets[0]!.from] as const))(
    '%s: the day before its first set (%s) → 422 at_before_first_price over GET, POST and MCP',
    async (id, from) => {
      const day = addDays(from, -1);
      const query = { models: id, at: day, inputTokens: '1', outputTokens: '1' };
      const { status, json } = await twins('/api/v1/cost_optimizer', query, {
        ...query,
        inputTokens: 1,
        outputTokens: 1,
      });
      expect(status).toBe(422);
      expect(json).toMatchObject({ code: 'at_before_first_price', priced_on: day, unpriced: [{ id, from }] });
      const { mcp } = await bothSurfaces(
        app,
        target,
        JSON.stringify({ ...query, inputTokens: 1, outputTokens: 1 }),
      );
      expect(mcp).toMatchObject({ kind: 'problem', status: 422, code: 'at_before_first_price' });
    },
  );

  it('GET twins agree on a boundary day (byte-identical bodies)', async () => {
    const query = { at: '2026-08-21', inputTokens: '272000', outputTokens: '0' };
    const { json } = await twins('/api/v1/cost_optimizer', query, {
      at: '2026-08-21',
      inputTokens: 272_000,
      outputTokens: 0,
    });
    expect(json.costs.find((c: Json) => c.id === 'gpt-5.6')).toMatchObject({
      cost_per_request: 2.176,
      price_from: '2026-08-21',
    });
  });
});
