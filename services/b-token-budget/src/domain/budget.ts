import { infeasibility, type Profile, requestCost } from './cost.js';
import { Dec, type Decimal, floor, MILLION, usd } from './money.js';
import { byId, type Model, resolveModels } from './models.js';

export interface BudgetInput {
  budget: Decimal;
  models: readonly string[] | undefined;
  inputRatio: Decimal;
  profile: Profile;
}

/** Base-tier USD per token pair at input ratio r: r × in + (1 − r) × out (per 1M tokens). */
const blendedPrice = (model: Model, r: Decimal) =>
  r.times(model.base.input).plus(new Dec(1).minus(r).times(model.base.output));

/** Whole tokens a budget buys at a price per 1M tokens. */
const tokensFor = (budget: Decimal, perMillion: Decimal) => floor(budget.times(MILLION).div(perMillion));

/**
 * What a budget buys on each model (tokens at the base tier; requests of the profile, priced with the
 * long-context rules), and a split of the budget weighted by how much better than the cheapest model
 * each one is overall.
 */
export function budgetCalculator({ budget, models: ids, inputRatio, profile }: BudgetInput) {
  const rows = resolveModels(ids).map((model) => {
    const cost = requestCost(model, profile);
    const feasible = infeasibility(model, profile) === undefined;
    return {
      model,
      cost,
      json: {
        id: model.id,
        input_tokens: tokensFor(budget, model.base.input),
        output_tokens: tokensFor(budget, model.base.output),
        blended_tokens: tokensFor(budget, blendedPrice(model, inputRatio)),
        requests: feasible ? floor(budget.div(cost)) : 0,
        cost_per_request: usd(cost),
        feasible,
      },
    };
  });
  rows.sort((a, b) => b.json.requests - a.json.requests || byId(a.json, b.json));

  const cheapest = rows.reduce((best, row) =>
    row.cost.lt(best.cost) || (row.cost.eq(best.cost) && byId(row.json, best.json) < 0) ? row : best,
  );
  const weights = rows.map((row) => Math.max(0, row.model.fit.default - cheapest.model.fit.default));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const shares = rows.map((_, i) =>
    (totalWeight === 0 ? budget.div(rows.length) : budget.times(weights[i]!).div(totalWeight)).round(
      6,
      Dec.roundDown,
    ),
  );
  // The micro-dollars lost to rounding down go to the highest weight (ties: id).
  let top = 0;
  rows.forEach((row, i) => {
    if (weights[i]! > weights[top]! || (weights[i] === weights[top] && byId(row.json, rows[top]!.json) < 0))
      top = i;
  });
  shares[top] = shares[top]!.plus(budget.minus(shares.reduce((a, b) => a.plus(b), new Dec(0))));

  return {
    budget: usd(budget),
    models: rows.map((row) => row.json),
    allocation: rows.map((row, i) => ({
      id: row.model.id,
      weight: weights[i]!,
      budget: usd(shares[i]!),
      blended_tokens: tokensFor(shares[i]!, blendedPrice(row.model, inputRatio)),
    })),
  };
}
