import fc from 'fast-check';
import { expect, it } from 'vitest';
import {
  budgetCalculator,
  costOptimizer,
  Dec,
  infeasibility,
  plain,
  requestCost as priced,
} from '../../src/domain/index.js';
import { budgetInput, optimizerInput } from '../../src/schemas.js';
import { DAY, PRICED } from './priced.js';

const requestCost = (m: (typeof PRICED)[number], work: { input: number; output: number }) =>
  priced(m, plain(work.input, work.output)).cost;
const tokens = fc.integer({ min: 0, max: 10_000_000 });
const anyModel = fc.constantFrom(...PRICED);

it('cost is monotone in input and in output tokens (long-context tiers included)', () => {
  fc.assert(
    fc.property(anyModel, tokens, tokens, fc.integer({ min: 0, max: 100_000 }), (m, input, output, more) => {
      const base = requestCost(m, { input, output });
      expect(requestCost(m, { input: input + more, output }).gte(base)).toBe(true);
      expect(requestCost(m, { input, output: output + more }).gte(base)).toBe(true);
    }),
    { numRuns: 500 },
  );
});

it('budget → tokens → cost never exceeds the budget; one more token would', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 1_000_000_000_000 }), anyModel, (micro, m) => {
      const budget = micro / 1e6;
      const [row] = budgetCalculator(budgetInput.parse({ at: DAY, budget, models: m.id })).models;
      const spend = (n: number, price: InstanceType<typeof Dec>) => new Dec(n).times(price).div(1_000_000);
      const b = new Dec(String(budget));
      expect(spend(row!.input_tokens!, m.base.input).lte(b)).toBe(true);
      expect(spend(row!.input_tokens! + 1, m.base.input).gt(b)).toBe(true);
      expect(spend(row!.output_tokens!, m.base.output).lte(b)).toBe(true);
      if (row!.feasible)
        expect(requestCost(m, { input: 1000, output: 500 }).times(row!.requests!).lte(b)).toBe(true);
    }),
    { numRuns: 300 },
  );
});

it("the optimiser's choice is never more expensive than any feasible model", () => {
  fc.assert(
    fc.property(
      tokens,
      tokens,
      fc.integer({ min: 1, max: 1_000_000 }),
      fc.subarray(
        PRICED.map((m) => m.id),
        { minLength: 1 },
      ),
      (input, output, requests, ids) => {
        const result = costOptimizer(
          optimizerInput.parse({ at: DAY, inputTokens: input, outputTokens: output, requests, models: ids }),
        );
        for (const m of PRICED.filter((x) => ids.includes(x.id))) {
          if (infeasibility(m, plain(input, output)) !== undefined) continue;
          const total = requestCost(m, { input, output }).times(requests);
          expect(new Dec(String(result.cheapest!.total_cost)).lte(total.round(6, Dec.roundHalfUp))).toBe(
            true,
          );
        }
        if (result.cheapest === null) expect(result.costs.every((c) => !c.feasible)).toBe(true);
      },
    ),
    { numRuns: 300 },
  );
});
