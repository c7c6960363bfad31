import type { UseCase } from './catalog.js';
import { infeasibility, notesOf, requestCost, type Usage } from './cost.js';
import {
  byId,
  type CustomModel,
  customFlag,
  fitFor,
  type Model,
  priceFrom,
  resolveModels,
} from './models.js';
import { type Decimal, usd } from './money.js';
import { type Dating, dated } from './staleness.js';

/** The request each use case is priced with unless `inputTokens`/`outputTokens` say otherwise. */
export const USE_CASE_PROFILES: Record<UseCase, { input: number; output: number }> = {
  code: { input: 2000, output: 1000 },
  reasoning: { input: 1000, output: 4000 },
  content: { input: 500, output: 1500 },
  default: { input: 1000, output: 500 },
};

/** Recommendations are made among models within this many fit points of the best affordable one. */
export const FIT_BAND = 15;
export const MAX_ALTERNATIVES = 5;
export const UNRATED = 'unrated';

export interface SelectorInput extends Dating {
  useCase: UseCase;
  budget?: Decimal | undefined;
  requests: number;
  /** The whole request: the use case's profile with any overrides already applied. */
  usage: Usage;
  includeUnrated?: boolean | undefined;
  customModels?: readonly CustomModel[] | undefined;
}

interface Candidate {
  model: Model;
  id: string;
  fit: number | null;
  cost: Decimal;
  notes: string[];
  /** Why the model cannot serve the request at all (a limit), if so. */
  limit: string | undefined;
  /** Why it is excluded: unrated, the limit, or the budget. */
  reason: string | undefined;
}

/** Fit for ordering: an unrated model ranks below every rated one. */
const rank = (c: Candidate) => c.fit ?? Number.NEGATIVE_INFINITY;
const cheaperThenFitter = (a: Candidate, b: Candidate) =>
  a.cost.cmp(b.cost) || Number(rank(b) > rank(a)) - Number(rank(a) > rank(b)) || byId(a, b);
const pick = (c: Candidate) => ({
  id: c.id,
  fit: c.fit,
  cost: usd(c.cost),
  ...priceFrom(c.model),
  ...notesOf(c.notes),
  ...customFlag(c.model),
});

/** The best model for a use case within a budget: the cheapest of those close to the best fit. */
export function modelSelector(input: SelectorInput) {
  const { useCase, budget, requests, usage, includeUnrated = false } = input;
  const { day, catalog, status } = dated(input);
  const candidates: Candidate[] = resolveModels(undefined, input.customModels ?? [], day, catalog).map(
    (model) => {
      const priced = requestCost(model, usage);
      const cost = priced.cost.times(requests);
      const fit = fitFor(model, useCase);
      const limit = infeasibility(model, usage);
      const overBudget = budget !== undefined && cost.gt(budget);
      return {
        model,
        id: model.id,
        fit,
        cost,
        notes: priced.notes,
        limit,
        reason:
          (fit === null && !includeUnrated ? UNRATED : undefined) ??
          limit ??
          (overBudget
            ? `costs ${usd(cost)} for ${requests} request${requests > 1 ? 's' : ''}, over the budget of ${usd(budget)}`
            : undefined),
      };
    },
  );
  const usable = candidates.filter((c) => c.reason !== UNRATED);
  const affordable = usable.filter((c) => c.reason === undefined);
  const rated = affordable.filter((c) => c.fit !== null);
  const unrated = affordable.filter((c) => c.fit === null).sort(cheaperThenFitter);
  const best = Math.max(...rated.map((c) => c.fit!));
  const band = rated.filter((c) => c.fit! >= best - FIT_BAND).sort(cheaperThenFitter);
  const recommended = band[0] ?? unrated[0];
  const feasible = usable.filter((c) => c.limit === undefined).sort(cheaperThenFitter);
  return {
    recommended: recommended ? pick(recommended) : null,
    cheapest: feasible[0] ? pick(feasible[0]) : null,
    alternatives: [...rated.sort((a, b) => b.fit! - a.fit! || byId(a, b)), ...unrated]
      .filter((c) => c !== recommended)
      .slice(0, MAX_ALTERNATIVES)
      .map(pick),
    excluded: candidates
      .filter((c) => c.reason !== undefined)
      .sort((a, b) => a.cost.cmp(b.cost) || byId(a, b))
      .map((c) => ({ ...pick(c), reason: c.reason! })),
    ...status,
  };
}
