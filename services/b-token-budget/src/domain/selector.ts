import type { UseCase } from './catalog.js';
import { infeasibility, type Profile, requestCost } from './cost.js';
import { type Decimal, usd } from './money.js';
import { byId, MODELS } from './models.js';

/** The request each use case is priced with unless `inputTokens`/`outputTokens` say otherwise. */
export const USE_CASE_PROFILES: Record<UseCase, Profile> = {
  code: { input: 2000, output: 1000 },
  reasoning: { input: 1000, output: 4000 },
  content: { input: 500, output: 1500 },
  default: { input: 1000, output: 500 },
};

/** Recommendations are made among models within this many fit points of the best affordable one. */
export const FIT_BAND = 15;
export const MAX_ALTERNATIVES = 5;

export interface SelectorInput {
  useCase: UseCase;
  budget?: Decimal | undefined;
  requests: number;
  inputTokens?: number | undefined;
  outputTokens?: number | undefined;
}

interface Candidate {
  id: string;
  fit: number;
  cost: Decimal;
  /** Why the model cannot serve the request at all (a limit), if so. */
  limit: string | undefined;
  /** Why it is excluded: the limit, or the budget. */
  reason: string | undefined;
}

const cheaperThenFitter = (a: Candidate, b: Candidate) => a.cost.cmp(b.cost) || b.fit - a.fit || byId(a, b);
const pick = (c: Candidate) => ({ id: c.id, fit: c.fit, cost: usd(c.cost) });

/** The best model for a use case within a budget: the cheapest of those close to the best fit. */
export function modelSelector({ useCase, budget, requests, inputTokens, outputTokens }: SelectorInput) {
  const base = USE_CASE_PROFILES[useCase];
  const profile = { input: inputTokens ?? base.input, output: outputTokens ?? base.output };
  const candidates: Candidate[] = MODELS.map((model) => {
    const cost = requestCost(model, profile).times(requests);
    const limit = infeasibility(model, profile);
    const overBudget = budget !== undefined && cost.gt(budget);
    return {
      id: model.id,
      fit: model.fit[useCase],
      cost,
      limit,
      reason:
        limit ??
        (overBudget
          ? `costs ${usd(cost)} for ${requests} request${requests > 1 ? 's' : ''}, over the budget of ${usd(budget)}`
          : undefined),
    };
  });
  const affordable = candidates.filter((c) => c.reason === undefined);
  const best = Math.max(...affordable.map((c) => c.fit));
  const band = affordable.filter((c) => c.fit >= best - FIT_BAND).sort(cheaperThenFitter);
  const recommended = band[0];
  const feasible = candidates.filter((c) => c.limit === undefined).sort(cheaperThenFitter);
  return {
    recommended: recommended ? pick(recommended) : null,
    cheapest: feasible[0] ? pick(feasible[0]) : null,
    alternatives: affordable
      .filter((c) => c !== recommended)
      .sort((a, b) => b.fit - a.fit || byId(a, b))
      .slice(0, MAX_ALTERNATIVES)
      .map(pick),
    excluded: candidates
      .filter((c) => c.reason !== undefined)
      .sort((a, b) => a.cost.cmp(b.cost) || byId(a, b))
      .map((c) => ({ ...pick(c), reason: c.reason! })),
  };
}
