import { USE_CASES, type UseCase } from './catalog.js';
import { infeasibility, notesOf, requestCost, type Usage } from './cost.js';
import { byId, type CustomModel, customFlag, fitFor, priceFrom, resolveModels } from './models.js';
import { Dec, type Decimal, usd } from './money.js';
import { type Dating, dated } from './staleness.js';

export interface OptimizerInput extends Dating {
  models: readonly string[] | undefined;
  customModels?: readonly CustomModel[] | undefined;
  usage: Usage;
  requests: number;
  useCase: UseCase | undefined;
  minFit: Decimal | undefined;
}

/** Every model's cost for a workload, cheapest feasible first, and what the cheapest saves. */
export function costOptimizer(input: OptimizerInput) {
  const { usage, requests, minFit } = input;
  const fitOf = input.useCase ?? USE_CASES[3];
  const { day, catalog, status } = dated(input);
  const models = resolveModels(input.models, input.customModels ?? [], day, catalog);
  // An unrated model (fit null) counts as below any minFit.
  const below = (fit: number | null) => minFit !== undefined && (fit === null || new Dec(fit).lt(minFit));
  const kept = models.filter((m) => !below(fitFor(m, fitOf)));
  const rows = kept.map((model) => {
    const { cost, notes } = requestCost(model, usage);
    return {
      model,
      id: model.id,
      perRequest: cost,
      total: cost.times(requests),
      notes,
      reason: infeasibility(model, usage),
    };
  });
  rows.sort(
    (a, b) =>
      Number(a.reason !== undefined) - Number(b.reason !== undefined) || a.total.cmp(b.total) || byId(a, b),
  );
  const feasible = rows.filter((row) => row.reason === undefined);
  const cheapest = feasible[0];
  const dearest = feasible[feasible.length - 1];
  const rank = (fit: number | null) => fit ?? Number.NEGATIVE_INFINITY;
  return {
    costs: rows.map((row) => ({
      id: row.id,
      cost_per_request: usd(row.perRequest),
      total_cost: usd(row.total),
      feasible: row.reason === undefined,
      ...(row.reason === undefined ? {} : { reason: row.reason }),
      ...priceFrom(row.model),
      ...notesOf(row.notes),
      ...customFlag(row.model),
    })),
    cheapest: cheapest ? { id: cheapest.id, total_cost: usd(cheapest.total) } : null,
    most_expensive: dearest ? { id: dearest.id, total_cost: usd(dearest.total) } : null,
    savings: dearest ? savingsBetween(cheapest!.total, dearest.total) : null,
    excluded_by_fit: models
      .filter((m) => !kept.includes(m))
      .map((m) => ({ id: m.id, fit: fitFor(m, fitOf) }))
      .sort((a, b) => Number(rank(b.fit) > rank(a.fit)) - Number(rank(a.fit) > rank(b.fit)) || byId(a, b)),
    ...status,
  };
}

/** What the cheapest feasible model saves against the dearest: in USD and as a percent of the dearest. */
function savingsBetween(cheapest: Decimal, dearest: Decimal) {
  const absolute = dearest.minus(cheapest);
  return {
    absolute: usd(absolute),
    percent: dearest.eq(0) ? 0 : Number(absolute.div(dearest).times(100).toFixed(2, Dec.roundHalfUp)),
  };
}
