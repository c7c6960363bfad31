import { describe, expect, it } from 'vitest';
import {
  budgetCalculator,
  costOptimizer,
  modelSelector,
  MODELS,
  requestCost,
  infeasibility,
  usd,
} from '../../src/domain/index.js';
import { budgetInput, optimizerInput, selectorInput } from '../../src/schemas.js';

const model = (id: string) => MODELS.find((m) => m.id === id)!;
const cost = (id: string, input: number, output: number) => usd(requestCost(model(id), { input, output }));

describe('cost of a request', () => {
  it.each([
    ['gpt-5.1', 0.00625],
    ['claude-opus-4-5', 0.0175],
    ['gemini-2.5-flash', 0.00155],
    ['deepseek-chat', 0.00049],
    ['gpt-5-nano', 0.00025],
  ])('1,000 in + 500 out on %s: %f', (id, expected) => {
    expect(cost(id, 1000, 500)).toBe(expected);
  });

  it('long context: the whole request at the higher rate when input > threshold (strictly)', () => {
    expect(cost('gemini-2.5-pro', 250_000, 1000)).toBe(0.64);
    expect(cost('gemini-2.5-pro', 200_000, 1000)).toBe(0.26);
    expect(cost('gemini-2.5-pro', 200_001, 1000)).toBe(0.515003); // 0.5150025 half-up;
    expect(cost('claude-sonnet-4-5', 250_000, 1000)).toBe(1.5225);
    expect(infeasibility(model('claude-sonnet-4-5'), { input: 250_000, output: 1000 })).toMatch(
      /context window of 200000/,
    );
  });

  it('no max output: input + output must fit the context window', () => {
    expect(infeasibility(model('grok-4-fast'), { input: 1_999_000, output: 1000 })).toBeUndefined();
    expect(infeasibility(model('grok-4-fast'), { input: 1_999_000, output: 1001 })).toMatch(
      /input \+ output of 2000001/,
    );
    expect(infeasibility(model('gpt-4.1'), { input: 1000, output: 32_769 })).toMatch(/max output of 32768/);
  });
});

describe('budget_calculator', () => {
  it('budget 10 on gpt-5-nano: 200,000,000 input and 25,000,000 output tokens', () => {
    const result = budgetCalculator(budgetInput.parse({ budget: 10, models: 'gpt-5-nano' }));
    expect(result.models[0]).toMatchObject({
      input_tokens: 200_000_000,
      output_tokens: 25_000_000,
      requests: 40_000,
    });
  });

  it('budget 10 on nano, mini, 5.1: weights 0/54/119, allocation 0, 3.121387, 6.878613', () => {
    const result = budgetCalculator(
      budgetInput.parse({ budget: 10, models: 'gpt-5-nano,gpt-5-mini,gpt-5.1' }),
    );
    expect(result.allocation.map((a) => [a.id, a.weight, a.budget])).toEqual([
      ['gpt-5-nano', 0, 0],
      ['gpt-5-mini', 54, 3.121387],
      ['gpt-5.1', 119, 6.878613],
    ]);
  });
});

describe('model_selector', () => {
  it('code without a budget: band ≥ 1505 holds gemini-3-pro-preview and claude-opus-4-5; the cheaper wins', () => {
    const result = modelSelector(selectorInput.parse({ useCase: 'code' }));
    expect(result.recommended).toEqual({ id: 'gemini-3-pro-preview', fit: 1520, cost: 0.016 });
    expect(result.alternatives[0]).toEqual({ id: 'claude-opus-4-5', fit: 1516, cost: 0.035 });
    expect(result.alternatives.map((a) => a.id)).toContain('claude-sonnet-4-5');
    expect(result.excluded).toEqual([]);
  });

  it('a budget excludes what costs more, ascending by cost, naming the budget', () => {
    const result = modelSelector(selectorInput.parse({ useCase: 'code', budget: 0.01 }));
    expect(result.recommended?.id).not.toBe('gemini-3-pro-preview');
    expect(result.excluded.map((e) => e.cost)).toEqual(
      [...result.excluded.map((e) => e.cost)].sort((a, b) => a - b),
    );
    expect(result.excluded[0]!.reason).toMatch(/over the budget of 0.01/);
  });
});

describe('cost_optimizer', () => {
  it('feasible first by total, then infeasible; savings on totals', () => {
    const result = costOptimizer(
      optimizerInput.parse({
        inputTokens: 250_000,
        outputTokens: 1000,
        models: ['claude-sonnet-4-5', 'gemini-2.5-pro'],
      }),
    );
    expect(result.costs.map((c) => [c.id, c.total_cost, c.feasible])).toEqual([
      ['gemini-2.5-pro', 0.64, true],
      ['claude-sonnet-4-5', 1.5225, false],
    ]);
    expect(result.savings).toEqual({ absolute: 0, percent: 0 });
  });

  it('minFit leaves models out, listed by fit descending', () => {
    const result = costOptimizer(
      optimizerInput.parse({ inputTokens: 1000, outputTokens: 500, useCase: 'code', minFit: 1500 }),
    );
    expect(result.costs.map((c) => c.id).sort()).toEqual([
      'claude-opus-4-5',
      'claude-sonnet-4-5',
      'gemini-3-pro-preview',
    ]);
    expect(result.excluded_by_fit[0]).toEqual({ id: 'gpt-5.1', fit: 1489 });
    expect(result.excluded_by_fit).toHaveLength(16);
  });
});
