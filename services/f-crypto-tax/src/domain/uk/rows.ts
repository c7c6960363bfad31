import { isoDay } from '../dates.js';
import { cents, money, quantity } from '../decimal.js';
import { taxYearOf } from './days.js';
import type { UkDisposal } from './events.js';

/** A disposal in pence: each match's cost rounded half-up, cost basis = Σ of them, gain = proceeds − cost basis. */
export interface UkRounded {
  disposal: UkDisposal;
  taxYear: number;
  asset: string;
  proceeds: bigint;
  costBasis: bigint;
  gain: bigint;
  /** The sales' fees in pence (SA108 adds them back to proceeds and to the allowable costs). */
  fees: bigint;
  matchCosts: bigint[];
}

export function roundUk(disposal: UkDisposal): UkRounded {
  const matchCosts = disposal.matches.map((match) => cents(match.cost));
  const proceeds = cents(disposal.proceeds);
  const costBasis = matchCosts.reduce((total, cost) => total + cost, 0n);
  return {
    disposal,
    taxYear: taxYearOf(disposal.day),
    asset: disposal.asset,
    proceeds,
    costBasis,
    gain: proceeds - costBasis,
    fees: cents(disposal.fees),
    matchCosts,
  };
}

/** A disposal row of the report. */
export function ukDisposalJson({ disposal, proceeds, costBasis, gain, matchCosts }: UkRounded) {
  return {
    asset: disposal.asset,
    date_sold: isoDay(disposal.day),
    trade_ids: disposal.tradeIds,
    amount: quantity(disposal.amount),
    proceeds: money(proceeds),
    cost_basis: money(costBasis),
    gain: money(gain),
    matches: disposal.matches.map((match, i) => ({
      rule: match.rule,
      amount: quantity(match.amount),
      cost: money(matchCosts[i]!),
      date_acquired: match.acquiredDay === null ? null : isoDay(match.acquiredDay),
    })),
  };
}

export type UkDisposalJson = ReturnType<typeof ukDisposalJson>;
