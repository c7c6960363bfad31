import type { Decimal } from '../decimal.js';

// What the UK matching reads: events already valued in the base currency (GBP), so that the mapping
// from trades (buys, sales, transfers, income) to events is the only thing the service adds.

/** Units acquired: a purchase, or income at its market value. `cost` includes the fees. */
export interface Acquisition {
  kind: 'acquisition';
  tradeId: string;
  asset: string;
  /** Epoch milliseconds. */
  instant: number;
  amount: Decimal;
  cost: Decimal;
}

/** Units disposed of; `proceeds` are net of the fees. */
export interface Disposal {
  kind: 'disposal';
  tradeId: string;
  asset: string;
  instant: number;
  amount: Decimal;
  proceeds: Decimal;
  /** The sale's fees (SA108: proceeds before them, allowable costs with them); none for a transfer's fee units. */
  fee?: Decimal;
}

/**
 * Units that leave the pool without a disposal (a transfer fee paid in the asset and added to the
 * basis of the units moved): the pool's cost is unchanged.
 */
export interface Removal {
  kind: 'removal';
  tradeId: string;
  asset: string;
  instant: number;
  amount: Decimal;
}

export type UkEvent = Acquisition | Disposal | Removal;

export type MatchRule = 'same_day' | 'bed_and_breakfast' | 's104' | 'zero_basis';

/** Part of a disposal matched by one rule (and, for the 30-day rule, one day's acquisition). */
export interface UkMatch {
  rule: MatchRule;
  amount: Decimal;
  /** Exact; rounded to pence only in the report. */
  cost: Decimal;
  /** UK day number of the acquisition; null for the section 104 pool and a zero-basis part. */
  acquiredDay: number | null;
}

/** An asset's disposals of one UK day: one disposal. */
export interface UkDisposal {
  asset: string;
  day: number;
  tradeIds: string[];
  amount: Decimal;
  proceeds: Decimal;
  fees: Decimal;
  matches: UkMatch[];
}

/** A section 104 pool: what is held of one asset and its allowable cost (exact). */
export interface UkPool {
  asset: string;
  amount: Decimal;
  cost: Decimal;
}
