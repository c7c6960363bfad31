import { describe, expect, it } from 'vitest';
import { app, bothOk, callTool, type Json, postJson, twins } from './helpers.js';

it('GET /models: 19 models in table order, with as_of and fit_source; list_models gives the same', async () => {
  const res = await app.request('/models');
  const body: Json = await res.json();
  expect(body.count).toBe(19);
  expect(body.models).toHaveLength(19);
  expect(body.as_of).toBe('2025-12-12');
  expect(body.fit_source).toMatch(/LMArena/);
  expect((await callTool('list_models', {})).result.structuredContent).toEqual(body);
});

describe('GET and POST twins give byte-identical bodies; MCP the same object', () => {
  it('budget_calculator', async () => {
    const { json } = await twins(
      '/api/v1/budget_calculator',
      { budget: '10', models: 'gpt-5-nano, gpt-5-mini,gpt-5.1,gpt-5-mini' },
      { budget: 10, models: ['gpt-5-nano', 'gpt-5-mini', 'gpt-5.1'] },
    );
    expect(json.allocation.map((a: Json) => a.budget)).toEqual([0, 3.121387, 6.878613]);
    await bothOk('/api/v1/budget_calculator', 'budget_calculator', {
      budget: 10,
      models: 'gpt-5-nano,gpt-5-mini,gpt-5.1',
    });
  });

  it('model_selector', async () => {
    const { json } = await twins('/api/v1/model_selector', { useCase: 'code' }, { useCase: 'code' });
    expect(json.recommended).toEqual({ id: 'gemini-3-pro-preview', fit: 1520, cost: 0.016 });
    await bothOk('/api/v1/model_selector', 'model_selector', {
      useCase: 'reasoning',
      budget: 0.5,
      requests: 10,
    });
  });

  it('cost_optimizer over all 19 models', async () => {
    const { json } = await twins(
      '/api/v1/cost_optimizer',
      { inputTokens: '1000', outputTokens: '500' },
      { inputTokens: 1000, outputTokens: 500 },
    );
    expect(json.costs).toHaveLength(19);
    expect(json.cheapest).toEqual({ id: 'gpt-5-nano', total_cost: 0.00025 });
    await bothOk('/api/v1/cost_optimizer', 'cost_optimizer', {
      inputTokens: 250000,
      outputTokens: 1000,
      models: 'gemini-2.5-pro,claude-sonnet-4-5',
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
      { budget: '10', models: 'gpt-5.1,,gpt-5-mini' },
      { budget: 10, models: 'gpt-5.1, ' },
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

  it('unknown models → 422 unknown_model with unknown (input order) and valid (all 19)', async () => {
    const { status, json } = await twins(
      '/api/v1/cost_optimizer',
      { inputTokens: '1', outputTokens: '1', models: 'zeta,gpt-5.1,alpha' },
      { inputTokens: 1, outputTokens: 1, models: ['zeta', 'gpt-5.1', 'alpha'] },
    );
    expect(status).toBe(422);
    expect(json).toMatchObject({ code: 'unknown_model', unknown: ['zeta', 'alpha'] });
    expect(json.valid).toHaveLength(19);
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
