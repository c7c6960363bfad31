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
  const savings = cheapest && dearest ? dearest.total.minus(cheapest.total) : undefined;
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
    savings:
      savings === undefined || dearest === undefined
        ? null
        : {
            absolute: usd(savings),
            percent: dearest.total.eq(0)
              ? 0
              : Number(savings.div(dearest.total).times(100).toFixed(2, Dec.roundHalfUp)),
          },
    excluded_by_fit: excluded
      .map((m) => ({ id: m.id, fit: m.fit[fitOf] }))
      .sort((a, b) => b.fit - a.fit || byId(a, b)),
  };
}
