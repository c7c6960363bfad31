// Every list B answers is in a documented order with a documented tie-break (the model id). These
// properties restate each rule plainly and compare whole answers on random catalog subsets and
// workloads, including ones some models cannot serve; plus the exact texts of the refusals.
import { ProblemError } from '@dus/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  budgetCalculator,
  costOptimizer,
  Dec,
  type Decimal,
  infeasibility,
  MODEL_IDS,
  modelSelector,
  plain,
  requestCost as priced,
  USE_CASES,
  usd,
} from '../../src/domain/index.js';
import { FIT_BAND, MAX_ALTERNATIVES } from '../../src/domain/selector.js';
import { DAY, model, PRICED } from './priced.js';

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const requestCost = (m: (typeof PRICED)[number], work: { input: number; output: number }) =>
  priced(m, plain(work.input, work.output)).cost;
/** Fit of a use case; unrated models have none (null), below every rating. */
const fitOf = (id: string, useCase: (typeof USE_CASES)[number]) => model(id).fit?.[useCase] ?? null;
const byFit = (a: number | null, b: number | null) => (b ?? -Infinity) - (a ?? -Infinity) || 0;
const ids = fc.shuffledSubarray(
  PRICED.map((m) => m.id),
  { minLength: 1 },
);
// Token counts from tiny to beyond every context window, so some models cannot serve the request.
const tokens = fc.oneof(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 100_000, max: 3_000_000 }));
const profile = fc.record({ input: tokens, output: tokens });

describe('cost_optimizer', () => {
  it('feasible first, then by total cost, then by id; cheapest, dearest and savings from the feasible', () => {
    fc.assert(
      fc.property(
        ids,
        profile,
        fc.integer({ min: 1, max: 1000 }),
        fc.option(fc.constantFrom(...USE_CASES), { nil: undefined }),
        // Fit scores are arena ratings of about 1300–1520.
        fc.option(fc.integer({ min: 1250, max: 1550 }), { nil: undefined }),
        (models, work, requests, useCase, minFit) => {
          const fitCase = useCase ?? 'default';
          const result = costOptimizer({
            pricedOn: DAY,
            models,
            usage: plain(work.input, work.output),
            requests,
            useCase,
            minFit: minFit === undefined ? undefined : new Dec(minFit),
          });
          const kept = models.filter(
            (id) => minFit === undefined || (fitOf(id, fitCase) !== null && fitOf(id, fitCase)! >= minFit),
          );
          const rows = kept
            .map((id) => {
              const perRequest = requestCost(model(id), work);
              return {
                id,
                perRequest,
                total: perRequest.times(requests),
                reason: infeasibility(model(id), work),
              };
            })
            .sort(
              (a, b) =>
                (a.reason === undefined ? 0 : 1) - (b.reason === undefined ? 0 : 1) ||
                a.total.cmp(b.total) ||
                byText(a.id, b.id),
            );
          expect(result.costs.map(({ notes: _, ...rest }) => rest)).toStrictEqual(
            rows.map((r) => ({
              id: r.id,
              cost_per_request: usd(r.perRequest),
              total_cost: usd(r.total),
              feasible: r.reason === undefined,
              ...(r.reason === undefined ? {} : { reason: r.reason }),
              price_from: model(r.id).priceFrom,
            })),
          );
          const feasible = rows.filter((r) => r.reason === undefined);
          const [first, last] = [feasible[0], feasible.at(-1)];
          expect(result.cheapest).toEqual(first ? { id: first.id, total_cost: usd(first.total) } : null);
          expect(result.most_expensive).toEqual(last ? { id: last.id, total_cost: usd(last.total) } : null);
          expect(result.savings === null).toBe(first === undefined);
          if (first && last) {
            const saved = last.total.minus(first.total);
            expect(result.savings).toEqual({
              absolute: usd(saved),
              percent: last.total.eq(0)
                ? 0
                : Number(saved.div(last.total).times(100).toFixed(2, Dec.roundHalfUp)),
            });
          }
          expect(result.excluded_by_fit).toEqual(
            models
              .filter((id) => !kept.includes(id))
              .map((id) => ({ id, fit: fitOf(id, fitCase) }))
              .sort((a, b) => byFit(a.fit, b.fit) || byText(a.id, b.id)),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('model_selector', () => {
  it('recommends the cheapest within 15 fit points of the best affordable rated model; every list in its order', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...USE_CASES),
        fc.option(fc.constantFrom('0.0001', '0.01', '1', '50'), { nil: undefined }),
        fc.integer({ min: 1, max: 3 }),
        fc.option(tokens, { nil: undefined }),
        fc.option(tokens, { nil: undefined }),
        fc.boolean(),
        (useCase, budgetText, requests, inputTokens, outputTokens, includeUnrated) => {
          const budget: Decimal | undefined = budgetText === undefined ? undefined : new Dec(budgetText);
          const defaults = {
            code: [2000, 1000],
            reasoning: [1000, 4000],
            content: [500, 1500],
            default: [1000, 500],
          };
          const work = {
            input: inputTokens ?? defaults[useCase][0]!,
            output: outputTokens ?? defaults[useCase][1]!,
          };
          const result = modelSelector({
            pricedOn: DAY,
            today: new Date('2026-09-01T00:00:00Z'),
            useCase,
            budget,
            requests,
            usage: plain(work.input, work.output),
            includeUnrated,
          });
          const all = PRICED.map((m) => {
            const cost = requestCost(m, work).times(requests);
            const limit = infeasibility(m, work);
            const over = budget !== undefined && cost.gt(budget);
            const fit = fitOf(m.id, useCase);
            const reason =
              (fit === null && !includeUnrated ? 'unrated' : undefined) ??
              limit ??
              (over
                ? `costs ${usd(cost)} for ${requests} ${requests === 1 ? 'request' : 'requests'}, over the budget of ${usd(budget!)}`
                : undefined);
            return { id: m.id, fit, cost, limit, reason };
          });
          type C = (typeof all)[number];
          const pick = (c: C) => ({
            id: c.id,
            fit: c.fit,
            cost: usd(c.cost),
            price_from: model(c.id).priceFrom,
          });
          const cheaperThenFitter = (a: C, b: C) =>
            a.cost.cmp(b.cost) || byFit(a.fit, b.fit) || byText(a.id, b.id);
          const affordable = all.filter((c) => c.reason === undefined);
          const rated = affordable.filter((c) => c.fit !== null);
          const unrated = affordable.filter((c) => c.fit === null).sort(cheaperThenFitter);
          const best = Math.max(...rated.map((c) => c.fit!));
          const recommended =
            rated.filter((c) => best - c.fit! <= FIT_BAND).sort(cheaperThenFitter)[0] ?? unrated[0];
          const cheapest = all
            .filter((c) => c.limit === undefined && c.reason !== 'unrated')
            .sort(cheaperThenFitter)[0];
          expect(result).toEqual({
            recommended: recommended ? pick(recommended) : null,
            cheapest: cheapest ? pick(cheapest) : null,
            alternatives: [...rated.sort((a, b) => byFit(a.fit, b.fit) || byText(a.id, b.id)), ...unrated]
              .filter((c) => c.id !== recommended?.id)
              .slice(0, MAX_ALTERNATIVES)
              .map(pick),
            excluded: all
              .filter((c) => c.reason !== undefined)
              .sort((a, b) => a.cost.cmp(b.cost) || byText(a.id, b.id))
              .map((c) => ({ ...pick(c), reason: c.reason })),
            priced_on: DAY,
            catalog_as_of: '2026-08-27',
            warnings: [],
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('budget_calculator', () => {
  it('rows by requests (most first, then id); the rounding remainder goes to the top weight, ties by id', () => {
    fc.assert(
      fc.property(
        ids,
        fc.constantFrom('0.01', '1', '7.777777', '100'),
        profile,
        (models, budgetText, work) => {
          const budget = new Dec(budgetText);
          const result = budgetCalculator({
            pricedOn: DAY,
            budget,
            models,
            inputRatio: new Dec('0.5'),
            usage: plain(work.input, work.output),
          });
          const requests = (id: string) =>
            infeasibility(model(id), work) === undefined
              ? Math.floor(Number(budget.div(requestCost(model(id), work)).round(0, Dec.roundDown)))
              : 0;
          const order = [...models].sort((a, b) => requests(b) - requests(a) || byText(a, b));
          expect(result.models.map((m) => [m.id, m.requests, m.feasible])).toEqual(
            order.map((id) => [id, requests(id), infeasibility(model(id), work) === undefined]),
          );
          // The cheapest rated request (ties: id) sets the zero weight; the others weigh their fit above
          // it; unrated models weigh 0.
          const cheapest = models
            .filter((id) => model(id).fit !== null)
            .sort((a, b) => requestCost(model(a), work).cmp(requestCost(model(b), work)) || byText(a, b))[0];
          const weight = (id: string) =>
            model(id).fit === null ? 0 : Math.max(0, model(id).fit!.default - model(cheapest!).fit!.default);
          expect(result.allocation.map((a) => [a.id, a.weight])).toEqual(order.map((id) => [id, weight(id)]));
          const total = result.allocation.reduce((sum, a) => sum.plus(a.budget), new Dec(0));
          expect(total.eq(budget)).toBe(true);
          const top = [...order].sort((a, b) => weight(b) - weight(a) || byText(a, b))[0]!;
          const totalWeight = order.reduce((s, id) => s + weight(id), 0);
          for (const a of result.allocation) {
            const exact =
              totalWeight === 0 ? budget.div(order.length) : budget.times(weight(a.id)).div(totalWeight);
            const floor = exact.round(6, Dec.roundDown);
            if (a.id === top) expect(new Dec(a.budget).gte(floor.round(2, Dec.roundDown))).toBe(true);
            else expect(a.budget).toBe(usd(floor));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('unknown model ids', () => {
  const problem = (unknown: string[]) => {
    try {
      budgetCalculator({
        pricedOn: DAY,
        budget: new Dec(1),
        models: unknown,
        inputRatio: new Dec('0.5'),
        usage: plain(1, 1),
      });
    } catch (error) {
      if (error instanceof ProblemError) return error.toProblem();
      throw error;
    }
    throw new Error('expected a problem');
  };

  it('one id, or several; at most 20 echoed, with the total beyond that', () => {
    const one = problem(['gpt-x']);
    expect(one.detail).toBe(`unknown model id: gpt-x; GET /models lists the ${MODEL_IDS.length} valid ids`);
    expect(one).not.toHaveProperty('unknown_total');
    expect(problem(['a', 'b']).detail).toBe(
      `unknown model ids: a, b; GET /models lists the ${MODEL_IDS.length} valid ids`,
    );
    const many = Array.from({ length: 21 }, (_, i) => `m${i}`);
    expect(problem(many)).toMatchObject({ unknown: many.slice(0, 20), unknown_total: 21 });
    expect(problem(many.slice(0, 20))).not.toHaveProperty('unknown_total');
  });
});
