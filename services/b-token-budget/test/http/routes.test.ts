import { describe, expect, it } from 'vitest';
import { app, bothOk, callTool, type Json, postJson, twins } from './helpers.js';

it('GET /models: 24 models in table order, with as_of, fit_source and priced_on; list_models gives the same', async () => {
  const res = await app.request('/models');
  const body: Json = await res.json();
  expect(body.count).toBe(24);
  expect(body.models).toHaveLength(24);
  expect(body.as_of).toBe('2026-08-27');
  expect(body.priced_on).toBe(new Date().toISOString().slice(0, 10));
  expect(body.fit_source).toMatch(/LMArena/);
  expect((await callTool('list_models', {})).result.structuredContent).toEqual(body);
});

it('GET /models?at=…: the models priced that day, each with its set in force; list_models the same', async () => {
  const res = await app.request('/models?at=2026-07-29T23:30:00-01:00');
  const body: Json = await res.json();
  expect(body.priced_on).toBe('2026-07-30');
  expect(body.count).toBe(23);
  const luna = body.models.find((m: Json) => m.id === 'gpt-5.6-luna');
  expect([luna.price_from, luna.input_per_mtok, luna.prices.length]).toEqual(['2026-07-30', 0.2, 2]);
  expect(
    (await callTool('list_models', { at: '2026-07-29T23:30:00-01:00' })).result.structuredContent,
  ).toEqual(body);
  const early = (await (await app.request('/models?at=2025-04-05')).json()) as Json;
  expect(early.models.map((m: Json) => m.id)).toEqual(['llama-4-maverick', 'llama-4-scout']);
  for (const bad of ['2026-02-30', '2026-07-30T24:00:00Z', '1999-12-31', 'today']) {
    const refused = await app.request(`/models?at=${encodeURIComponent(bad)}`);
    expect(refused.status, bad).toBe(400);
    expect(((await refused.json()) as Json).errors[0].path).toBe('/at');
  }
  const twice = await app.request('/models?at=2026-07-30&at=2026-07-31');
  expect(((await twice.json()) as Json).errors[0].path).toBe('/at');
});

describe('GET and POST twins give byte-identical bodies; MCP the same object', () => {
  it('budget_calculator', async () => {
    const { json } = await twins(
      '/api/v1/budget_calculator',
      { budget: '10', models: 'llama-4-scout, mistral-large-3,gemini-3.1-pro-preview,mistral-large-3' },
      { budget: 10, models: ['llama-4-scout', 'mistral-large-3', 'gemini-3.1-pro-preview'] },
    );
    expect(json.allocation.map((a: Json) => a.budget)).toEqual([0, 3.799283, 6.200717]);
    expect(json.catalog_as_of).toBe('2026-08-27');
    expect(json.warnings).toEqual([]);
    await bothOk('/api/v1/budget_calculator', 'budget_calculator', {
      budget: 10,
      models: 'llama-4-scout,mistral-large-3,gemini-3.1-pro-preview',
      batch: true,
    });
  });

  it('model_selector', async () => {
    const { json } = await twins('/api/v1/model_selector', { useCase: 'code' }, { useCase: 'code' });
    expect(json.recommended).toEqual({
      id: 'gemini-3.1-pro-preview',
      fit: 1531,
      cost: 0.016,
      price_from: '2026-02-19',
    });
    await bothOk('/api/v1/model_selector', 'model_selector', {
      useCase: 'reasoning',
      budget: 0.5,
      requests: 10,
    });
  });

  it('cost_optimizer over all 24 models', async () => {
    const { json } = await twins(
      '/api/v1/cost_optimizer',
      { inputTokens: '1000', outputTokens: '500' },
      { inputTokens: 1000, outputTokens: 500 },
    );
    expect(json.costs).toHaveLength(24);
    // Since 2026-08-17 deepseek-v4-flash costs 0.0011 (peak rate): llama-4-scout is the cheapest.
    expect(json.cheapest).toEqual({ id: 'llama-4-scout', total_cost: 0.00028 });
    const july = await twins(
      '/api/v1/cost_optimizer',
      { inputTokens: '1000', outputTokens: '500', at: '2026-08-16' },
      { inputTokens: 1000, outputTokens: 500, at: '2026-08-16' },
    );
    // The day before, deepseek-v4-flash and llama-4-scout both cost 0.00028: the id breaks the tie.
    expect(july.json.cheapest).toEqual({ id: 'deepseek-v4-flash', total_cost: 0.00028 });
    expect(july.json.priced_on).toBe('2026-08-16');
    await bothOk('/api/v1/cost_optimizer', 'cost_optimizer', {
      inputTokens: 250000,
      outputTokens: 1000,
      models: 'gemini-3.1-pro-preview,claude-haiku-4-5',
    });
  });
});

describe('bad input → 400 naming the field, on GET and POST alike', () => {
  it.each([
    ['/api/v1/budget_calculator', { budget: '12abc' }, { budget: '12abc' }, '/budget'],
    ['/api/v1/budget_calculator', { budget: '-1' }, { budget: -1 }, '/budget'],
    ['/api/v1/budget_calculator', { budget: '1e3' }, { budget: 'NaN' }, '/budget'],
    ['/api/v1/budget_calculator', { budget: '0.1234567' }, { budget: 0.1234567 }, '/budget'],
    ['/api/v1/budget_calculator', { budget: '1000001' }, { budget: 1000001 }, '/budget'],
    ['/api/v1/budget_calculator', { budget: '10', models: '' }, { budget: 10, models: [] }, '/models'],
    [
      '/api/v1/budget_calculator',
      { budget: '10', models: 'gpt-5.6,,gpt-5.4-mini' },
      { budget: 10, models: 'gpt-5.6, ' },
      '/models',
    ],
    [
      '/api/v1/budget_calculator',
      { budget: '10', inputTokens: '0', outputTokens: '0' },
      { budget: 10, inputTokens: 0, outputTokens: 0 },
      '/outputTokens',
    ],
    [
      '/api/v1/budget_calculator',
      { budget: '10', inputRatio: '1.5' },
      { budget: 10, inputRatio: 1.5 },
      '/inputRatio',
    ],
    ['/api/v1/budget_calculator', { budget: '10', extra: '1' }, { budget: 10, extra: 1 }, '/extra'],
    ['/api/v1/model_selector', { useCase: 'poetry' }, { useCase: 'poetry' }, '/useCase'],
    ['/api/v1/model_selector', {}, {}, '/useCase'],
    [
      '/api/v1/model_selector',
      { useCase: 'code', requests: '0' },
      { useCase: 'code', requests: 0 },
      '/requests',
    ],
    [
      '/api/v1/model_selector',
      { useCase: 'code', requests: '1.5' },
      { useCase: 'code', requests: 1.5 },
      '/requests',
    ],
    ['/api/v1/cost_optimizer', { inputTokens: '10' }, { inputTokens: 10 }, '/outputTokens'],
    [
      '/api/v1/cost_optimizer',
      { inputTokens: ' 10', outputTokens: '1' },
      { inputTokens: '10', outputTokens: 1 },
      '/inputTokens',
    ],
    [
      '/api/v1/cost_optimizer',
      { inputTokens: '0x10', outputTokens: '1' },
      { inputTokens: 10000001, outputTokens: 1 },
      '/inputTokens',
    ],
    [
      '/api/v1/cost_optimizer',
      { inputTokens: '10', outputTokens: '1', cachedInputTokens: '11' },
      { inputTokens: 10, outputTokens: 1, cachedInputTokens: 11, cacheWriteTokens: 1 },
      '/cachedInputTokens',
    ],
    [
      '/api/v1/cost_optimizer',
      { inputTokens: '10', outputTokens: '1', cachedInputTokens: '6', cacheWriteTokens: '5' },
      { inputTokens: 10, outputTokens: 1, cachedInputTokens: 6, cacheWriteTokens: 5 },
      '/cacheWriteTokens',
    ],
    [
      '/api/v1/budget_calculator',
      { budget: '1', cacheWriteTokens: '1001' },
      { budget: 1, cacheWriteTokens: 1001 },
      '/cacheWriteTokens',
    ],
    [
      '/api/v1/model_selector',
      { useCase: 'content', cachedInputTokens: '501' },
      { useCase: 'content', cachedInputTokens: 501 },
      '/cachedInputTokens',
    ],
    [
      '/api/v1/cost_optimizer',
      { inputTokens: '1', outputTokens: '1', batch: 'yes' },
      { inputTokens: 1, outputTokens: 1, batch: 'true' },
      '/batch',
    ],
    [
      '/api/v1/cost_optimizer',
      { inputTokens: '1', outputTokens: '1', cacheTtl: '2h' },
      { inputTokens: 1, outputTokens: 1, cacheTtl: '2h' },
      '/cacheTtl',
    ],
    [
      '/api/v1/model_selector',
      { useCase: 'code', includeUnrated: '1' },
      { useCase: 'code', includeUnrated: 1 },
      '/includeUnrated',
    ],
    [
      '/api/v1/cost_optimizer',
      { inputTokens: '1', outputTokens: '1', minFit: '-5' },
      { inputTokens: 1, outputTokens: 1, minFit: -5 },
      '/minFit',
    ],
  ] as const)('%s %j / %j → %s', async (path, query, body, pointer) => {
    const { status, json } = await twins(
      path,
      query as Record<string, string>,
      body as Record<string, unknown>,
    );
    expect(status).toBe(400);
    expect(json.code).toBe('validation_failed');
    expect(json.errors.map((e: Json) => e.path)).toContain(pointer);
    const get = await app.request(`${path}?${new URLSearchParams(query as Record<string, string>)}`);
    expect(((await get.json()) as Json).errors.map((e: Json) => e.path)).toContain(pointer);
  });

  it('a repeated query parameter is refused', async () => {
    const res = await app.request('/api/v1/budget_calculator?budget=1&budget=2');
    expect(res.status).toBe(400);
  });

  it('unknown models → 422 unknown_model with unknown (input order) and valid (all 24)', async () => {
    const { status, json } = await twins(
      '/api/v1/cost_optimizer',
      { inputTokens: '1', outputTokens: '1', models: 'zeta,gpt-5.6,alpha' },
      { inputTokens: 1, outputTokens: 1, models: ['zeta', 'gpt-5.6', 'alpha'] },
    );
    expect(status).toBe(422);
    expect(json).toMatchObject({ code: 'unknown_model', unknown: ['zeta', 'alpha'] });
    expect(json.valid).toHaveLength(24);
  });

  it('a model not yet priced on `at` → 422 at_before_first_price (unknown_model first)', async () => {
    const { status, json } = await twins(
      '/api/v1/cost_optimizer',
      { inputTokens: '1', outputTokens: '1', models: 'gpt-5.6,llama-4-scout,grok-4.6', at: '2026-07-08' },
      { inputTokens: 1, outputTokens: 1, models: ['gpt-5.6', 'llama-4-scout', 'grok-4.6'], at: '2026-07-08' },
    );
    expect(status).toBe(422);
    expect(json).toMatchObject({
      code: 'at_before_first_price',
      priced_on: '2026-07-08',
      unpriced: [
        { id: 'gpt-5.6', from: '2026-07-09' },
        { id: 'grok-4.6', from: '2026-08-12' },
      ],
    });
    const unknown = await twins(
      '/api/v1/cost_optimizer',
      { inputTokens: '1', outputTokens: '1', models: 'gpt-5.6,nope', at: '2026-07-08' },
      { inputTokens: 1, outputTokens: 1, models: ['gpt-5.6', 'nope'], at: '2026-07-08' },
    );
    expect(unknown.json.code).toBe('unknown_model');
    // No model priced at all and no custom ones: the same 422 listing every catalog id.
    const none = await twins(
      '/api/v1/model_selector',
      { useCase: 'code', at: '2025-04-04' },
      { useCase: 'code', at: '2025-04-04' },
    );
    expect(none.status).toBe(422);
    expect(none.json.unpriced).toHaveLength(24);
    const budget = await twins(
      '/api/v1/budget_calculator',
      { budget: '1', at: '2025-01-01' },
      { budget: 1, at: '2025-01-01' },
    );
    expect(budget.json.code).toBe('at_before_first_price');
  });

  it('at: a date or an RFC 3339 date-time (T and Z capital, 1–9 fraction digits, real, 2000–2999)', async () => {
    // GET /models prices on any day (an empty catalog before the first release), so it shows priced_on.
    const pricedOn = async (at: string) => {
      const res = await app.request(`/models?at=${encodeURIComponent(at)}`);
      const json: Json = await res.json();
      return res.status === 200 ? json.priced_on : json.errors?.[0]?.path;
    };
    expect(await pricedOn('2026-07-30')).toBe('2026-07-30');
    expect(await pricedOn('2026-07-30T00:00:00Z')).toBe('2026-07-30');
    expect(await pricedOn('2026-07-30T01:30:00+02:00')).toBe('2026-07-29');
    expect(await pricedOn('2026-07-29T22:00:00.123456789-02:00')).toBe('2026-07-30');
    expect(await pricedOn('2024-02-29T23:59:59+23:59')).toBe('2024-02-29');
    expect(await pricedOn('2999-12-31T23:59:59-23:59')).toBe('3000-01-01');
    for (const bad of [
      '2026-07-30t00:00:00Z',
      '2026-07-30T00:00:00z',
      '2026-07-30T00:00:00',
      '2026-07-30T00:00Z',
      '2026-07-30T00:00:00.Z',
      '2026-07-30T00:00:00.1234567890Z',
      '2026-07-30T23:60:00Z',
      '2026-07-30T23:00:60Z',
      '2026-07-30T00:00:00+24:00',
      '2026-07-30T00:00:00+01:60',
      '2025-02-29',
      '2026-04-31',
      '1999-12-31',
      '3000-01-01',
      ' 2026-07-30',
      '2026-07-30 ',
      '20260730',
    ])
      expect(await pricedOn(bad), bad).toBe('/at');
    const number = await postJson('/api/v1/cost_optimizer', {
      inputTokens: 1,
      outputTokens: 1,
      at: 20260730,
    });
    expect(((await number.json()) as Json).errors[0].path).toBe('/at');
  });

  it('an error body does not grow with the request: 20 unknown ids echoed, with their total', async () => {
    const models = Array.from({ length: 2_500 }, (_, i) => `unknown-model-${i}`);
    const res = await postJson('/api/v1/cost_optimizer', { inputTokens: 1, outputTokens: 1, models });
    const text = await res.text();
    expect(res.status).toBe(422);
    expect(text.length).toBeLessThan(4_000);
    const json = JSON.parse(text);
    expect(json.unknown).toEqual(models.slice(0, 20));
    expect(json.unknown_total).toBe(2_500);
    expect(json.detail).toContain('unknown-model-19 and 2480 more');
  });

  it('DELETE → 405 with GET and POST allowed', async () => {
    const res = await app.request('/api/v1/model_selector', { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toMatch(/^GET, HEAD, POST, OPTIONS$/);
  });
});

describe('the usage shape over GET, POST and MCP (spec worked examples)', () => {
  const example = {
    inputTokens: '10000',
    outputTokens: '1000',
    cachedInputTokens: '4000',
    cacheWriteTokens: '1000',
    models: 'gpt-5.6',
    at: '2026-08-01',
  };
  const body = {
    inputTokens: 10000,
    outputTokens: 1000,
    cachedInputTokens: 4000,
    cacheWriteTokens: 1000,
    models: ['gpt-5.6'],
    at: '2026-08-01',
  };

  it('gpt-5.6, 10,000 in (4,000 cached, 1,000 written) + 1,000 out: 0.06325; 1h TTL: 0.062 with a note', async () => {
    const five = await twins('/api/v1/cost_optimizer', example, body);
    expect(five.json.costs).toEqual([
      {
        id: 'gpt-5.6',
        cost_per_request: 0.06325,
        total_cost: 0.06325,
        feasible: true,
        price_from: '2026-07-09',
      },
    ]);
    const hour = await twins(
      '/api/v1/cost_optimizer',
      { ...example, cacheTtl: '1h' },
      { ...body, cacheTtl: '1h' },
    );
    expect(hour.json.costs).toEqual([
      {
        id: 'gpt-5.6',
        cost_per_request: 0.062,
        total_cost: 0.062,
        feasible: true,
        price_from: '2026-07-09',
        notes: ['no 1h cache-write pricing'],
      },
    ]);
    await bothOk('/api/v1/cost_optimizer', 'cost_optimizer', { ...body, cacheTtl: '1h' });
    const mcp = await callTool('cost_optimizer', body);
    expect(mcp.result.structuredContent.costs[0].cost_per_request).toBe(0.06325);
  });

  it('272,001 in + 1,000 out: 2.76501; with batch, noted', async () => {
    const { json } = await twins(
      '/api/v1/cost_optimizer',
      { inputTokens: '272001', outputTokens: '1000', models: 'gpt-5.6', batch: 'true', at: '2026-08-01' },
      { inputTokens: 272001, outputTokens: 1000, models: 'gpt-5.6', batch: true, at: '2026-08-01' },
    );
    expect(json.costs[0]).toEqual({
      id: 'gpt-5.6',
      cost_per_request: 2.76501,
      total_cost: 2.76501,
      feasible: true,
      price_from: '2026-07-09',
      notes: ['no batch pricing above the long-context threshold'],
    });
    const mcp = await callTool('cost_optimizer', {
      inputTokens: 272001,
      outputTokens: 1000,
      models: 'gpt-5.6',
      at: '2026-08-01',
    });
    expect(mcp.result.structuredContent.costs[0].cost_per_request).toBe(2.76501);
  });

  it('model_selector: unrated models are excluded unless includeUnrated', async () => {
    const { json } = await twins(
      '/api/v1/model_selector',
      {
        useCase: 'default',
        budget: '0.0002',
        cachedInputTokens: '900',
        includeUnrated: 'true',
        at: '2026-07-24',
      },
      { useCase: 'default', budget: 0.0002, cachedInputTokens: 900, includeUnrated: true, at: '2026-07-24' },
    );
    expect(json.recommended).toEqual({
      id: 'deepseek-v4-flash',
      fit: null,
      cost: 0.000157,
      price_from: '2026-04-24',
    });
    const rated = await twins('/api/v1/model_selector', { useCase: 'default' }, { useCase: 'default' });
    expect(rated.json.excluded.filter((e: Json) => e.reason === 'unrated')).toHaveLength(18);
  });
});

describe('customModels (POST and MCP only)', () => {
  const mine = {
    id: 'my-model',
    input_per_mtok: 1,
    output_per_mtok: 2,
    max_input_tokens: 1000,
    max_output_tokens: 1000,
  };

  it('priced like catalog models, marked custom: true; the default list is the catalog then these', async () => {
    const res = await postJson('/api/v1/cost_optimizer', {
      inputTokens: 1000,
      outputTokens: 500,
      cachedInputTokens: 500,
      models: ['my-model', 'gpt-5.6'],
      customModels: [mine],
      at: '2026-08-01',
    });
    const json: Json = await res.json();
    expect(res.status).toBe(200);
    expect(json.costs).toEqual([
      {
        id: 'my-model',
        cost_per_request: 0.002,
        total_cost: 0.002,
        feasible: true,
        price_from: null,
        notes: ['no cached-input pricing'],
        custom: true,
      },
      {
        id: 'gpt-5.6',
        cost_per_request: 0.01775,
        total_cost: 0.01775,
        feasible: true,
        price_from: '2026-07-09',
      },
    ]);
    const all = await callTool('cost_optimizer', {
      inputTokens: 1001,
      outputTokens: 1,
      customModels: [
        { ...mine, cached_input_per_mtok: 0.1, fit: { code: 1, reasoning: 2, content: 3, default: 1500 } },
      ],
      minFit: 1500,
    });
    const content = all.result.structuredContent;
    expect(content.costs.map((c: Json) => [c.id, c.feasible, c.custom])).toEqual([['my-model', false, true]]);
    expect(content.costs[0].reason).toBe('input of 1001 tokens exceeds the max input of 1000');
    expect(content.excluded_by_fit).toHaveLength(24);
  });

  it('model_selector and budget_calculator take them too', async () => {
    const selected = await postJson('/api/v1/model_selector', {
      useCase: 'code',
      customModels: [
        { ...mine, max_input_tokens: 5000, fit: { code: 1600, reasoning: 1, content: 1, default: 1 } },
      ],
    });
    expect(((await selected.json()) as Json).recommended).toEqual({
      id: 'my-model',
      fit: 1600,
      cost: 0.004,
      price_from: null,
      custom: true,
    });
    const budget = await postJson('/api/v1/budget_calculator', {
      budget: 1,
      models: 'my-model',
      customModels: [mine],
    });
    expect(((await budget.json()) as Json).models[0]).toEqual({
      id: 'my-model',
      input_tokens: 1_000_000,
      output_tokens: 500_000,
      blended_tokens: 800_000,
      requests: 500,
      cost_per_request: 0.002,
      feasible: true,
      price_from: null,
      custom: true,
    });
  });

  it('a catalog id or a repeated id → 400; GET cannot send them; unknown_model.valid lists them', async () => {
    const clash = await postJson('/api/v1/cost_optimizer', {
      inputTokens: 1,
      outputTokens: 1,
      customModels: [mine, { ...mine, id: 'gpt-5.6' }, mine],
    });
    const json: Json = await clash.json();
    expect(clash.status).toBe(400);
    expect(json.errors.map((e: Json) => e.path)).toEqual(['/customModels/1/id', '/customModels/2/id']);
    const get = await app.request('/api/v1/cost_optimizer?inputTokens=1&outputTokens=1&customModels=x');
    expect(get.status).toBe(400);
    const unknown = await postJson('/api/v1/cost_optimizer', {
      inputTokens: 1,
      outputTokens: 1,
      models: 'nope',
      customModels: [mine],
    });
    const problem: Json = await unknown.json();
    expect(unknown.status).toBe(422);
    expect(problem.valid).toHaveLength(25);
    expect(problem.valid.at(-1)).toBe('my-model');
    const tooMany = await postJson('/api/v1/cost_optimizer', {
      inputTokens: 1,
      outputTokens: 1,
      customModels: Array.from({ length: 21 }, (_, i) => ({ ...mine, id: `m${i}` })),
    });
    expect(((await tooMany.json()) as Json).errors[0].path).toBe('/customModels');
    // Prices keep every count a safe integer: each 0 or 0.001 … 1,000,000.
    for (const [member, value] of [
      ['input_per_mtok', 0.0009],
      ['input_per_mtok', -1],
      ['output_per_mtok', 0.0001],
      ['output_per_mtok', 1_000_001],
      ['cached_input_per_mtok', 0.0005],
      ['cached_input_per_mtok', -1],
    ] as const) {
      const res = await postJson('/api/v1/budget_calculator', {
        budget: 1,
        customModels: [{ ...mine, [member]: value }],
      });
      expect(res.status, `${member} ${value}`).toBe(400);
      expect(((await res.json()) as Json).errors[0].path).toBe(`/customModels/0/${member}`);
    }
    const free = await postJson('/api/v1/budget_calculator', {
      budget: 1,
      models: 'my-model',
      customModels: [{ ...mine, cached_input_per_mtok: 0 }],
      cachedInputTokens: 1000,
      outputTokens: 0,
    });
    expect(((await free.json()) as Json).models[0]).toMatchObject({ requests: null, cost_per_request: 0 });
  });

  it('a free (self-hosted) model: prices 0; the counts a zero price makes unbounded are null, sorted first', async () => {
    const selfHosted = { ...mine, id: 'self-hosted', input_per_mtok: 0, output_per_mtok: 0 };
    const halfFree = { ...mine, id: 'half-free', input_per_mtok: 0, output_per_mtok: 4 };
    const json = await bothOk('/api/v1/budget_calculator', 'budget_calculator', {
      budget: 1,
      models: ['llama-4-scout', 'half-free', 'self-hosted'],
      customModels: [selfHosted, halfFree],
      inputTokens: 1000,
      outputTokens: 500,
    });
    expect(json.models).toEqual([
      {
        id: 'self-hosted',
        input_tokens: null,
        output_tokens: null,
        blended_tokens: null,
        requests: null,
        cost_per_request: 0,
        feasible: true,
        price_from: null,
        custom: true,
      },
      {
        id: 'llama-4-scout',
        input_tokens: 9_090_909,
        output_tokens: 2_941_176,
        blended_tokens: 5_970_149,
        requests: 3571,
        cost_per_request: 0.00028,
        feasible: true,
        price_from: '2025-04-05',
      },
      {
        // 500 × 4 / 10^6 = 0.002 a request; blended = 1 / (0.25 × 4) per 1M tokens.
        id: 'half-free',
        input_tokens: null,
        output_tokens: 250_000,
        blended_tokens: 1_000_000,
        requests: 500,
        cost_per_request: 0.002,
        feasible: true,
        price_from: null,
        custom: true,
      },
    ]);
    const costs = await postJson('/api/v1/cost_optimizer', {
      inputTokens: 1000,
      outputTokens: 500,
      models: ['self-hosted', 'llama-4-scout'],
      customModels: [selfHosted],
    });
    expect(((await costs.json()) as Json).savings).toEqual({ absolute: 0.00028, percent: 100 });
  });
});

describe('POST /api/v1/estimate_tokens', () => {
  it('counts over REST and MCP alike; GET → 405; bad text → 400; unknown ids → 422', async () => {
    const res = await postJson('/api/v1/estimate_tokens', {
      text: 'Hello, world!',
      models: ['gpt-5.6', 'grok-4.5'],
    });
    expect(await res.json()).toEqual({
      models: [
        { id: 'gpt-5.6', tokens: 4, method: 'exact' },
        {
          id: 'grok-4.5',
          tokens: 4,
          method: 'approximate',
          rule: 'ceil(characters / 4)',
          error: expect.stringMatching(/^±30% on English prose/),
        },
      ],
    });
    await bothOk('/api/v1/estimate_tokens', 'estimate_tokens', { text: 'Hello, world!' });
    expect((await app.request('/api/v1/estimate_tokens')).status).toBe(405);
    const bad = await postJson('/api/v1/estimate_tokens', { text: 5 });
    expect(((await bad.json()) as Json).errors[0].path).toBe('/text');
    const unknown = await postJson('/api/v1/estimate_tokens', { text: 'x', models: 'nope' });
    expect(unknown.status).toBe(422);
  });
});
