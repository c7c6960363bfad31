import { infeasibility, ioPrices, notesOf, requestCost, type Usage } from './cost.js';
import { byId, type CustomModel, customFlag, type Model, priceFrom, resolveModels } from './models.js';
import { Dec, type Decimal, floor, MILLION, usd } from './money.js';
import { type Dating, dated } from './staleness.js';

export interface BudgetInput extends Dating {
  budget: Decimal;
  models: readonly string[] | undefined;
  customModels?: readonly CustomModel[] | undefined;
  inputRatio: Decimal;
  usage: Usage;
}

/** Whole tokens a budget buys at a price per 1M tokens; null when the price is 0 (no limit). */
const tokensFor = (budget: Decimal, perMillion: Decimal) =>
  perMillion.eq(0) ? null : floor(budget.times(MILLION).div(perMillion));

/**
 * What a budget buys on each model (tokens at the base tier, or the batch prices with `batch`;
 * requests of the usage, priced with every rule), and a split of the budget weighted by how much better
 * than the cheapest rated model each one is overall.
 */
export function budgetCalculator(input: BudgetInput) {
  const { budget, models: ids, customModels = [], inputRatio, usage } = input;
  const { day, catalog, status } = dated(input);
  const rows = resolveModels(ids, customModels, day, catalog).map((model) => {
    const { cost, notes } = requestCost(model, usage);
    const feasible = infeasibility(model, usage) === undefined;
    // Base-tier prices (batch ones when asked and available): r × in + (1 − r) × out per 1M tokens.
    const io = ioPrices(model, 0, usage.batch);
    const blended = inputRatio.times(io.input).plus(new Dec(1).minus(inputRatio).times(io.output));
    return {
      model,
      cost,
      blended,
      json: {
        id: model.id,
        input_tokens: tokensFor(budget, io.input),
        output_tokens: tokensFor(budget, io.output),
        blended_tokens: tokensFor(budget, blended),
        // A request that costs nothing (all of it written to a free cache, say) has no count: null.
        requests: !feasible ? 0 : cost.eq(0) ? null : floor(budget.div(cost)),
        cost_per_request: usd(cost),
        feasible,
        ...priceFrom(model),
        ...notesOf(notes),
        ...customFlag(model),
      },
    };
  });
  const count = (row: (typeof rows)[number]) => row.json.requests ?? Number.POSITIVE_INFINITY;
  rows.sort((a, b) => Number(count(b) > count(a)) - Number(count(a) > count(b)) || byId(a.json, b.json));

  const cheaperFirst = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
    a.cost.cmp(b.cost) || byId(a.json, b.json);
  // The zero weight is the cheapest rated model's overall fit; unrated models weigh 0.
  const [baseline] = rows
    .filter((row) => row.model.fit !== null)
    .sort(cheaperFirst)
    .map((row) => row.model.fit!.default);
  const weights = rows.map((row) =>
    row.model.fit === null ? 0 : Math.max(0, row.model.fit.default - (baseline as number)),
  );
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
    // Stryker disable next-line EqualityOperator: `<= 0` differs only when i = top (ids are unique), a no-op.
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
      blended_tokens: tokensFor(shares[i]!, row.blended),
    })),
    ...status,
  };
}

export type { Model };
