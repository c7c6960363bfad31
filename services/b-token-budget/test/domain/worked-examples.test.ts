// The spec's worked examples ("Next" and "Next II") and worked examples of each operation, priced on a
// stated day (`at`): every figure below is computed by hand from the spec's table.
import { describe, expect, it } from 'vitest';
import {
  budgetCalculator,
  costOptimizer,
  infeasibility,
  modelSelector,
  plain,
  requestCost,
  usd,
} from '../../src/domain/index.js';
import { budgetInput, optimizerInput, selectorInput } from '../../src/schemas.js';
import { DAY, model } from './priced.js';

const cost = (id: string, input: number, output: number, day = DAY) =>
  usd(requestCost(model(id, day), plain(input, output)).cost);

/** cost_optimizer for one model on `at`: its cost per request, or the problem's code. */
function priced(id: string, at: string, inputTokens: number, outputTokens: number) {
  try {
    return costOptimizer(optimizerInput.parse({ models: id, at, inputTokens, outputTokens })).costs[0]!
      .cost_per_request;
  } catch (error) {
    return (error as { code: string }).code;
  }
}

describe('"Next II" worked examples: the price in force on the usage date', () => {
  it('gpt-5.6-luna, 10,000 in + 1,000 out: 0.016 on 2026-07-29, 0.0032 from 2026-07-30', () => {
    expect(priced('gpt-5.6-luna', '2026-07-29', 10_000, 1000)).toBe(0.016);
    expect(priced('gpt-5.6-luna', '2026-07-30', 10_000, 1000)).toBe(0.0032);
    // 2026-07-30T01:30:00+02:00 is 2026-07-29T23:30:00Z.
    expect(priced('gpt-5.6-luna', '2026-07-30T01:30:00+02:00', 10_000, 1000)).toBe(0.016);
    expect(priced('gpt-5.6-luna', '2026-07-29T23:59:59.999999999Z', 10_000, 1000)).toBe(0.016);
    expect(priced('gpt-5.6-luna', '2026-07-29T22:00:00-02:00', 10_000, 1000)).toBe(0.0032);
  });

  it('gpt-5.6 on 2026-08-21, 272,000 in: 2.176 (the whole request at the 8 tier)', () => {
    expect(priced('gpt-5.6', '2026-08-21', 272_000, 0)).toBe(2.176);
    // 271,999 is not above the tier start: 271,999 × 4.
    expect(priced('gpt-5.6', '2026-08-21', 271_999, 0)).toBe(1.087996);
    expect(priced('gpt-5.6', '2026-08-20', 272_000, 0)).toBe(2.72);
  });

  it('claude-opus-4-6, 300,000 in + 1,000 out: 3.0375 on 2026-03-12, 1.525 from 2026-03-13', () => {
    expect(priced('claude-opus-4-6', '2026-03-12', 300_000, 1000)).toBe(3.0375);
    expect(priced('claude-opus-4-6', '2026-03-13', 300_000, 1000)).toBe(1.525);
  });

  it('gemini-3.6-flash, 100,000 in + 10,000 out: 0.1125 on 2026-12-31, 0.225 from 2027-01-01', () => {
    expect(priced('gemini-3.6-flash', '2026-12-31', 100_000, 10_000)).toBe(0.1125);
    expect(priced('gemini-3.6-flash', '2027-01-01', 100_000, 10_000)).toBe(0.225);
  });

  it('gpt-5.6 on 2026-07-08 → 422 at_before_first_price', () => {
    expect(priced('gpt-5.6', '2026-07-08', 1, 1)).toBe('at_before_first_price');
    expect(priced('gpt-5.6', '2026-07-09', 1000, 0)).toBe(0.005);
  });

  it('DeepSeek V4 from 2026-08-17 at the peak rate', () => {
    expect(priced('deepseek-v4-pro', '2026-08-16', 1_000_000, 1_000_000)).toBe(1.305);
    expect(priced('deepseek-v4-pro', '2026-08-17', 1_000_000, 0)).toBe(1.32);
    expect(priced('deepseek-v4-flash', '2026-08-17', 0, 1_000_000)).toBe(1.32);
  });

  it('a long-context 1-hour write uses the tier 1-hour price (claude-sonnet-4-6 before 2026-03-13)', () => {
    const usage = { ...plain(300_000, 0), written: 100_000, ttl: '1h' as const };
    // 200,000 × 6 + 100,000 × 12 (the tier's 1h write) = 2.4
    expect(usd(requestCost(model('claude-sonnet-4-6', '2026-03-12'), usage).cost)).toBe(2.4);
    // From 2026-03-13 no tier: 300,000 is below any threshold: 200,000 × 3 + 100,000 × 6 = 1.2
    expect(usd(requestCost(model('claude-sonnet-4-6', '2026-03-13'), usage).cost)).toBe(1.2);
    // A tier without a 1-hour price falls back to the set's own (gpt-5.6 has none: at the tier input, noted).
    const gpt = requestCost(model('gpt-5.6', '2026-08-21'), usage);
    expect([usd(gpt.cost), gpt.notes]).toEqual([2.4, ['no 1h cache-write pricing']]);
  });
});

describe('"Next" worked examples on 2026-08-01', () => {
  const day = '2026-08-01';
  const gpt = (usage: Partial<Parameters<typeof requestCost>[1]>) =>
    requestCost(model('gpt-5.6', day), { ...plain(10_000, 1000), ...usage });

  it('gpt-5.6, 10,000 in (4,000 cached, 1,000 written) + 1,000 out: 0.06325; 1h TTL: 0.062 with a note', () => {
    expect(usd(gpt({ cached: 4000, written: 1000 }).cost)).toBe(0.06325);
    const oneHour = gpt({ cached: 4000, written: 1000, ttl: '1h' });
    expect([usd(oneHour.cost), oneHour.notes]).toEqual([0.062, ['no 1h cache-write pricing']]);
  });

  it('272,001 in + 1,000 out: 2.76501', () => {
    expect(cost('gpt-5.6', 272_001, 1000, day)).toBe(2.76501);
  });
});

describe('cost of a request on 2026-07-24', () => {
  it.each([
    ['gpt-5.6', 0.02],
    ['claude-opus-5', 0.0175],
    ['gemini-3.6-flash', 0.002625],
    ['deepseek-v4-flash', 0.00028],
    ['gpt-5.4-nano', 0.000825],
    ['claude-fable-5', 0.035],
  ])('1,000 in + 500 out on %s: %f', (id, expected) => {
    expect(cost(id, 1000, 500)).toBe(expected);
  });

  it('long context: the whole request at the tier when input > threshold (strictly)', () => {
    expect(cost('gemini-3.1-pro-preview', 250_000, 1000)).toBe(1.018);
    expect(cost('gemini-3.1-pro-preview', 200_000, 1000)).toBe(0.412);
    expect(cost('gemini-3.1-pro-preview', 200_001, 1000)).toBe(0.818004);
    expect(cost('gpt-5.6', 271_999, 1000)).toBe(1.389995);
    expect(cost('gpt-5.6', 272_000, 1000)).toBe(2.765);
    expect(cost('grok-4.5', 199_999, 0)).toBe(0.399998);
    expect(cost('grok-4.5', 200_000, 0)).toBe(0.8);
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
    const result = budgetCalculator(budgetInput.parse({ at: DAY, budget: 10, models: 'gpt-5.4-nano' }));
    expect(result.models).toEqual([
      {
        id: 'gpt-5.4-nano',
        input_tokens: 50_000_000,
        output_tokens: 8_000_000,
        blended_tokens: 21_621_621,
        requests: 12_121,
        cost_per_request: 0.000825,
        feasible: true,
        price_from: '2026-03-17',
      },
    ]);
    expect([result.priced_on, result.catalog_as_of]).toEqual([DAY, '2026-08-27']);
  });

  it('the price set of the day: gpt-5.6-luna buys five times the tokens from 2026-07-30', () => {
    const on = (at: string) =>
      budgetCalculator(budgetInput.parse({ at, budget: 1, models: 'gpt-5.6-luna' })).models[0]!;
    expect(on('2026-07-29')).toMatchObject({ input_tokens: 1_000_000, price_from: '2026-07-09' });
    expect(on('2026-07-30')).toMatchObject({ input_tokens: 5_000_000, price_from: '2026-07-30' });
  });

  it('batch: token counts at the batch prices', () => {
    const result = budgetCalculator(
      budgetInput.parse({ at: DAY, budget: 10, models: 'gpt-5.4-nano', batch: true }),
    );
    expect(result.models[0]).toMatchObject({
      input_tokens: 100_000_000,
      output_tokens: 16_000_000,
      requests: 24_242,
      cost_per_request: 0.000413, // 0.0004125 half-up
    });
  });

  it('budget 10 on scout, mistral-large-3, gemini-3.1-pro: weights 0/106/173 above the cheapest rated model', () => {
    const result = budgetCalculator(
      budgetInput.parse({
        at: DAY,
        budget: 10,
        models: 'llama-4-scout,mistral-large-3,gemini-3.1-pro-preview',
      }),
    );
    expect(result.allocation.map((a) => [a.id, a.weight, a.budget])).toEqual([
      ['llama-4-scout', 0, 0],
      ['mistral-large-3', 106, 3.799283],
      ['gemini-3.1-pro-preview', 173, 6.200717],
    ]);
  });

  it('unrated models weigh 0; the cheapest rated one sets the baseline', () => {
    const result = budgetCalculator(
      budgetInput.parse({ at: DAY, budget: 1, models: 'deepseek-v4-flash,mistral-large-3,llama-4-maverick' }),
    );
    expect(result.allocation.map((a) => [a.id, a.weight, a.budget])).toEqual([
      ['deepseek-v4-flash', 0, 0],
      ['llama-4-maverick', 0, 0],
      ['mistral-large-3', 101, 1],
    ]);
  });

  it('only unrated models: equal shares', () => {
    const result = budgetCalculator(
      budgetInput.parse({ at: DAY, budget: 1, models: 'gpt-5.6,claude-opus-5,grok-4.5' }),
    );
    expect(result.allocation.map((a) => [a.id, a.budget])).toEqual([
      ['grok-4.5', 0.333333],
      ['claude-opus-5', 0.333334],
      ['gpt-5.6', 0.333333],
    ]);
  });
});

describe('model_selector on 2026-07-24', () => {
  it('code without a budget: band ≥ 1529 holds claude-opus-4-6 (1544) and gemini-3.1-pro-preview (1531), the cheaper wins', () => {
    const result = modelSelector(selectorInput.parse({ at: DAY, useCase: 'code' }));
    expect(result.recommended).toEqual({
      id: 'gemini-3.1-pro-preview',
      fit: 1531,
      cost: 0.016,
      price_from: '2026-02-19',
    });
    expect(result.cheapest).toEqual({
      id: 'llama-4-scout',
      fit: 1362,
      cost: 0.00056,
      price_from: '2025-04-05',
    });
    expect(result.alternatives.map((a) => [a.id, a.fit, a.cost])).toEqual([
      ['claude-opus-4-6', 1544, 0.035],
      ['claude-sonnet-4-6', 1525, 0.021],
      ['mistral-large-3', 1468, 0.0025],
      ['llama-4-maverick', 1372, 0.001],
      ['llama-4-scout', 1362, 0.00056],
    ]);
    // 23 models are priced on 2026-07-24 (grok-4.6 from 2026-08-12); 6 are rated.
    expect(result.excluded).toHaveLength(17);
    expect(result.excluded.every((e) => e.reason === 'unrated' && e.fit === null)).toBe(true);
    expect(result.excluded[0]).toEqual({
      id: 'deepseek-v4-flash',
      fit: null,
      cost: 0.00056,
      price_from: '2026-04-24',
      reason: 'unrated',
    });
    expect(result.priced_on).toBe(DAY);
  });

  it('includeUnrated: unrated models follow rated ones in alternatives (by cost) and may be cheapest', () => {
    const result = modelSelector(selectorInput.parse({ at: DAY, useCase: 'code', includeUnrated: true }));
    expect(result.recommended?.id).toBe('gemini-3.1-pro-preview');
    // deepseek-v4-flash costs what scout costs: the fitter (rated) one wins the tie.
    expect(result.cheapest?.id).toBe('llama-4-scout');
    expect(result.alternatives.map((a) => a.id)).toEqual([
      'claude-opus-4-6',
      'claude-sonnet-4-6',
      'mistral-large-3',
      'llama-4-maverick',
      'llama-4-scout',
    ]);
    expect(result.excluded).toEqual([]);
  });

  it('includeUnrated: an unrated model is recommended (the cheapest) only when no rated one is affordable', () => {
    const result = modelSelector(
      selectorInput.parse({
        at: DAY,
        useCase: 'default',
        budget: 0.0002,
        includeUnrated: true,
        cachedInputTokens: 900,
      }),
    );
    // deepseek-v4-flash: (100 × 0.14 + 900 × 0.0028 + 500 × 0.28) / 10^6 = 0.00015652.
    expect(result.recommended).toEqual({
      id: 'deepseek-v4-flash',
      fit: null,
      cost: 0.000157,
      price_from: '2026-04-24',
    });
    expect(result.cheapest).toEqual(result.recommended);
    expect(result.alternatives).toEqual([]);
    expect(result.excluded[0]).toEqual({
      id: 'llama-4-scout',
      fit: 1322,
      cost: 0.00028,
      price_from: '2025-04-05',
      notes: ['no cached-input pricing'],
      reason: 'costs 0.00028 for 1 request, over the budget of 0.0002',
    });
  });

  it('a budget excludes what costs more, naming the budget; unrated is the first reason', () => {
    const result = modelSelector(selectorInput.parse({ at: DAY, useCase: 'code', budget: 0.001 }));
    expect(result.recommended?.id).toBe('llama-4-scout');
    expect(result.alternatives.map((a) => a.id)).toEqual(['llama-4-maverick']);
    const over = result.excluded.filter((e) => e.reason !== 'unrated');
    expect(over.map((e) => [e.id, e.reason])).toEqual([
      ['mistral-large-3', 'costs 0.0025 for 1 request, over the budget of 0.001'],
      ['gemini-3.1-pro-preview', 'costs 0.016 for 1 request, over the budget of 0.001'],
      ['claude-sonnet-4-6', 'costs 0.021 for 1 request, over the budget of 0.001'],
      ['claude-opus-4-6', 'costs 0.035 for 1 request, over the budget of 0.001'],
    ]);
  });
});

describe('cost_optimizer', () => {
  it('feasible first by total, then infeasible; savings on totals', () => {
    const result = costOptimizer(
      optimizerInput.parse({
        at: DAY,
        inputTokens: 250_000,
        outputTokens: 1000,
        models: ['claude-haiku-4-5', 'gemini-3.1-pro-preview'],
      }),
    );
    expect(result.costs).toEqual([
      {
        id: 'gemini-3.1-pro-preview',
        cost_per_request: 1.018,
        total_cost: 1.018,
        feasible: true,
        price_from: '2026-02-19',
      },
      {
        id: 'claude-haiku-4-5',
        cost_per_request: 0.255,
        total_cost: 0.255,
        feasible: false,
        reason: 'input of 250000 tokens exceeds the max input of 200000',
        price_from: '2025-10-15',
      },
    ]);
    expect(result.savings).toEqual({ absolute: 0, percent: 0 });
  });

  it('minFit leaves out lower and unrated models, listed by fit descending (unrated last, by id)', () => {
    const result = costOptimizer(
      optimizerInput.parse({ at: DAY, inputTokens: 1000, outputTokens: 500, useCase: 'code', minFit: 1400 }),
    );
    expect(result.costs.map((c) => c.id)).toEqual([
      'mistral-large-3',
      'gemini-3.1-pro-preview',
      'claude-sonnet-4-6',
      'claude-opus-4-6',
    ]);
    expect(result.excluded_by_fit.slice(0, 3)).toEqual([
      { id: 'llama-4-maverick', fit: 1372 },
      { id: 'llama-4-scout', fit: 1362 },
      { id: 'claude-fable-5', fit: null },
    ]);
    expect(result.excluded_by_fit).toHaveLength(19);
  });
});
