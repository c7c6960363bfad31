import { USE_CASES, type UseCase } from './catalog.js';
import { infeasibility, type Profile, requestCost } from './cost.js';
import { Dec, type Decimal, usd } from './money.js';
import { byId, resolveModels } from './models.js';

export interface OptimizerInput {
  models: readonly string[] | undefined;
  profile: Profile;
  requests: number;
  useCase: UseCase | undefined;
  minFit: Decimal | undefined;
}

/** Every model's cost for a workload, cheapest feasible first, and what the cheapest saves. */
export function costOptimizer({ models: ids, profile, requests, useCase, minFit }: OptimizerInput) {
  const fitOf = useCase ?? USE_CASES[3];
  const models = resolveModels(ids);
  const kept = minFit === undefined ? models : models.filter((m) => !new Dec(m.fit[fitOf]).lt(minFit));
  const excluded = models.filter((m) => !kept.includes(m));
  const rows = kept.map((model) => {
    const perRequest = requestCost(model, profile);
    return {
      id: model.id,
      perRequest,
      total: perRequest.times(requests),
      reason: infeasibility(model, profile),
    };
  });
  rows.sort(
    (a, b) =>
      Number(a.reason !== undefined) - Number(b.reason !== undefined) || a.total.cmp(b.total) || byId(a, b),
  );
  const feasible = rows.filter((row) => row.reason === undefined);
  const cheapest = feasible[0];
  const dearest = feasible[feasible.length - 1];
  return {
    costs: rows.map((row) => ({
      id: row.id,
      cost_per_request: usd(row.perRequest),
      total_cost: usd(row.total),
      feasible: row.reason === undefined,
      ...(row.reason === undefined ? {} : { reason: row.reason }),
    })),
    cheapest: cheapest ? { id: cheapest.id, total_cost: usd(cheapest.total) } : null,
    most_expensive: dearest ? { id: dearest.id, total_cost: usd(dearest.total) } : null,
    savings: dearest ? savingsBetween(cheapest!.total, dearest.total) : null,
    excluded_by_fit: excluded
      .map((m) => ({ id: m.id, fit: m.fit[fitOf] }))
      .sort((a, b) => b.fit - a.fit || byId(a, b)),
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
