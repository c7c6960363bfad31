import { describe, expect, it } from 'vitest';
import {
  budgetCalculator,
  costOptimizer,
  infeasibility,
  MODELS,
  modelSelector,
  plain,
  requestCost,
  usd,
} from '../../src/domain/index.js';
import { budgetInput, optimizerInput, selectorInput } from '../../src/schemas.js';

const model = (id: string) => MODELS.find((m) => m.id === id)!;
const cost = (id: string, input: number, output: number) =>
  usd(requestCost(model(id), plain(input, output)).cost);

describe('cost of a request (2026-07 catalog)', () => {
  it.each([
    ['gpt-5.6', 0.02],
    ['claude-opus-5', 0.0175],
    ['gemini-3.6-flash', 0.00525],
    ['deepseek-v4-flash', 0.00028],
    ['gpt-5.4-nano', 0.000825],
  ])('1,000 in + 500 out on %s: %f', (id, expected) => {
    expect(cost(id, 1000, 500)).toBe(expected);
  });

  it('long context: the whole request at the tier when input > threshold (strictly)', () => {
    expect(cost('gemini-3.1-pro-preview', 250_000, 1000)).toBe(1.018);
    expect(cost('gemini-3.1-pro-preview', 200_000, 1000)).toBe(0.412);
    expect(cost('gemini-3.1-pro-preview', 200_001, 1000)).toBe(0.818004);
    expect(cost('gpt-5.6', 272_000, 1000)).toBe(1.39);
    expect(cost('gpt-5.6', 272_001, 1000)).toBe(2.76501);
  });

  it('feasible ⇔ input ≤ max_input_tokens and output ≤ max_output_tokens', () => {
    expect(infeasibility(model('claude-haiku-4-5'), plain(200_000, 64_000))).toBeUndefined();
    expect(infeasibility(model('claude-haiku-4-5'), plain(200_001, 1))).toBe(
      'input of 200001 tokens exceeds the max input of 200000',
    );
    expect(infeasibility(model('llama-4-scout'), plain(1000, 8193))).toBe(
      'output of 8193 tokens exceeds the max output of 8192',
    );
    expect(infeasibility(model('grok-4.5'), plain(500_000, 500_000))).toBeUndefined();
    expect(infeasibility(model('gpt-5.6'), plain(1_050_001, 0))).toBe(
      'input of 1050001 tokens exceeds the max input of 1050000',
    );
  });
});

describe('budget_calculator', () => {
  it('budget 10 on gpt-5.4-nano: 50,000,000 input and 8,000,000 output tokens, 12,121 requests', () => {
    const result = budgetCalculator(budgetInput.parse({ budget: 10, models: 'gpt-5.4-nano' }));
    expect(result.models).toEqual([
      {
        id: 'gpt-5.4-nano',
        input_tokens: 50_000_000,
        output_tokens: 8_000_000,
        blended_tokens: 21_621_621,
        requests: 12_121,
        cost_per_request: 0.000825,
        feasible: true,
      },
    ]);
  });

  it('batch: token counts at the batch prices', () => {
    const result = budgetCalculator(budgetInput.parse({ budget: 10, models: 'gpt-5.4-nano', batch: true }));
    expect(result.models[0]).toMatchObject({
      input_tokens: 100_000_000,
      output_tokens: 16_000_000,
      requests: 24_242,
      cost_per_request: 0.000413, // 0.0004125 half-up
    });
  });

  it('budget 10 on scout, mistral-large-3, gemini-3.1-pro: weights 0/106/173 above the cheapest rated model', () => {
    const result = budgetCalculator(
      budgetInput.parse({ budget: 10, models: 'llama-4-scout,mistral-large-3,gemini-3.1-pro-preview' }),
    );
    expect(result.allocation.map((a) => [a.id, a.weight, a.budget])).toEqual([
      ['llama-4-scout', 0, 0],
      ['mistral-large-3', 106, 3.799283],
      ['gemini-3.1-pro-preview', 173, 6.200717],
    ]);
  });

  it('unrated models weigh 0; the cheapest rated one sets the baseline', () => {
    const result = budgetCalculator(
      budgetInput.parse({ budget: 1, models: 'deepseek-v4-flash,mistral-large-3,llama-4-maverick' }),
    );
    expect(result.allocation.map((a) => [a.id, a.weight, a.budget])).toEqual([
      ['deepseek-v4-flash', 0, 0],
      ['llama-4-maverick', 0, 0],
      ['mistral-large-3', 101, 1],
    ]);
  });

  it('only unrated models: equal shares', () => {
    const result = budgetCalculator(
      budgetInput.parse({ budget: 1, models: 'gpt-5.6,claude-opus-5,grok-4.5' }),
    );
    expect(result.allocation.map((a) => [a.id, a.budget])).toEqual([
      ['grok-4.5', 0.333333],
      ['claude-opus-5', 0.333334],
      ['gpt-5.6', 0.333333],
    ]);
  });

  it('a request that costs nothing has requests null and comes first', () => {
    const result = budgetCalculator(
      budgetInput.parse({
        budget: 1,
        models: 'gpt-5.6,deepseek-v4-pro',
        inputTokens: 1000,
        outputTokens: 0,
        cacheWriteTokens: 1000,
      }),
    );
    expect(result.models.map((m) => [m.id, m.requests, m.cost_per_request])).toEqual([
      ['deepseek-v4-pro', null, 0],
      ['gpt-5.6', 160, 0.00625],
    ]);
  });
});

describe('model_selector', () => {
  it('code without a budget: gemini-3.1-pro-preview alone in the band ≥ 1516; unrated models excluded', () => {
    const result = modelSelector(selectorInput.parse({ useCase: 'code' }));
    expect(result.recommended).toEqual({ id: 'gemini-3.1-pro-preview', fit: 1531, cost: 0.016 });
    expect(result.cheapest).toEqual({ id: 'llama-4-scout', fit: 1362, cost: 0.00056 });
    expect(result.alternatives).toEqual([
      { id: 'mistral-large-3', fit: 1468, cost: 0.0025 },
      { id: 'llama-4-maverick', fit: 1372, cost: 0.001 },
      { id: 'llama-4-scout', fit: 1362, cost: 0.00056 },
    ]);
    expect(result.excluded).toHaveLength(15);
    expect(result.excluded.every((e) => e.reason === 'unrated' && e.fit === null)).toBe(true);
    expect(result.excluded[0]).toEqual({
      id: 'deepseek-v4-flash',
      fit: null,
      cost: 0.00056,
      reason: 'unrated',
    });
  });

  it('includeUnrated: unrated models follow rated ones in alternatives (by cost) and may be cheapest', () => {
    const result = modelSelector(selectorInput.parse({ useCase: 'code', includeUnrated: true }));
    expect(result.recommended?.id).toBe('gemini-3.1-pro-preview');
    // deepseek-v4-flash costs what scout costs: the fitter (rated) one wins the tie.
    expect(result.cheapest).toEqual({ id: 'llama-4-scout', fit: 1362, cost: 0.00056 });
    expect(result.alternatives.map((a) => a.id)).toEqual([
      'mistral-large-3',
      'llama-4-maverick',
      'llama-4-scout',
      'deepseek-v4-flash',
      'gpt-5.4-nano',
    ]);
    expect(result.excluded).toEqual([]);
  });

  it('includeUnrated: an unrated model is recommended (the cheapest) only when no rated one is affordable', () => {
    const result = modelSelector(
      selectorInput.parse({
        useCase: 'default',
        budget: 0.0002,
        includeUnrated: true,
        cachedInputTokens: 900,
      }),
    );
    // deepseek-v4-flash: (100 × 0.14 + 900 × 0.0028 + 500 × 0.28) / 10^6 = 0.00015652.
    expect(result.recommended).toEqual({ id: 'deepseek-v4-flash', fit: null, cost: 0.000157 });
    expect(result.cheapest).toEqual(result.recommended);
    expect(result.alternatives).toEqual([]);
    expect(result.excluded[0]).toEqual({
      id: 'llama-4-scout',
      fit: 1322,
      cost: 0.00028,
      notes: ['no cached-input pricing'],
      reason: 'costs 0.00028 for 1 request, over the budget of 0.0002',
    });
  });

  it('a budget excludes what costs more, naming the budget; unrated is the first reason', () => {
    const result = modelSelector(selectorInput.parse({ useCase: 'code', budget: 0.001 }));
    expect(result.recommended).toEqual({ id: 'llama-4-scout', fit: 1362, cost: 0.00056 });
    expect(result.alternatives).toEqual([{ id: 'llama-4-maverick', fit: 1372, cost: 0.001 }]);
    const over = result.excluded.filter((e) => e.reason !== 'unrated');
    expect(over.map((e) => [e.id, e.reason])).toEqual([
      ['mistral-large-3', 'costs 0.0025 for 1 request, over the budget of 0.001'],
      ['gemini-3.1-pro-preview', 'costs 0.016 for 1 request, over the budget of 0.001'],
    ]);
  });
});

describe('cost_optimizer', () => {
  it('feasible first by total, then infeasible; savings on totals', () => {
    const result = costOptimizer(
      optimizerInput.parse({
        inputTokens: 250_000,
        outputTokens: 1000,
        models: ['claude-haiku-4-5', 'gemini-3.1-pro-preview'],
      }),
    );
    expect(result.costs).toEqual([
      { id: 'gemini-3.1-pro-preview', cost_per_request: 1.018, total_cost: 1.018, feasible: true },
      {
        id: 'claude-haiku-4-5',
        cost_per_request: 0.255,
        total_cost: 0.255,
        feasible: false,
        reason: 'input of 250000 tokens exceeds the max input of 200000',
      },
    ]);
    expect(result.savings).toEqual({ absolute: 0, percent: 0 });
  });

  it('minFit leaves out lower and unrated models, listed by fit descending (unrated last, by id)', () => {
    const result = costOptimizer(
      optimizerInput.parse({ inputTokens: 1000, outputTokens: 500, useCase: 'code', minFit: 1400 }),
    );
    expect(result.costs.map((c) => c.id)).toEqual(['mistral-large-3', 'gemini-3.1-pro-preview']);
    expect(result.excluded_by_fit.slice(0, 3)).toEqual([
      { id: 'llama-4-maverick', fit: 1372 },
      { id: 'llama-4-scout', fit: 1362 },
      { id: 'claude-haiku-4-5', fit: null },
    ]);
    expect(result.excluded_by_fit).toHaveLength(17);
  });
});
