import { type Decimal, ZERO } from '../decimal.js';
import { ukDay } from './days.js';
import type { UkEvent } from './events.js';

/** An event's place in time order, for the steps of a day. */
interface Step {
  seq: number;
}

export interface RemovalStep extends Step {
  tradeId: string;
  amount: Decimal;
}

/**
 * One asset's events of one UK day: its acquisitions as one acquisition, its disposals as one
 * disposal (TCGA92 s105), and the removals one by one.
 */
export interface DayBucket {
  day: number;
  acquired: Decimal;
  acquiredCost: Decimal;
  /** Sequence number of the day's first acquisition (-1: none). */
  firstAcquisition: number;
  disposed: Decimal;
  proceeds: Decimal;
  fees: Decimal;
  disposalIds: string[];
  firstDisposal: number;
  removals: RemovalStep[];
  /** What the day's acquisition still offers to the 30-day rule, and its cost (exact rest). */
  left: Decimal;
  leftCost: Decimal;
}

function newBucket(day: number): DayBucket {
  return {
    day,
    acquired: ZERO,
    acquiredCost: ZERO,
    firstAcquisition: -1,
    disposed: ZERO,
    proceeds: ZERO,
    fees: ZERO,
    disposalIds: [],
    firstDisposal: -1,
    removals: [],
    left: ZERO,
    leftCost: ZERO,
  };
}

/** Events in time order (equal instants keep input order), as sequence numbers. */
export function timeOrder(events: readonly UkEvent[]): number[] {
  const order = events.map((_, i) => i);
  // Stryker disable next-line ArithmeticOperator: V8's sort is stable, so ties keep input order under any comparator positive on ties
  order.sort((a, b) => events[a]!.instant - events[b]!.instant || a - b);
  return order;
}

/** Each asset's day buckets in day order, assets in order of first appearance. */
export function dayBuckets(events: readonly UkEvent[]): Map<string, DayBucket[]> {
  const byAsset = new Map<string, DayBucket[]>();
  timeOrder(events).forEach((index, seq) => {
    const event = events[index]!;
    const day = ukDay(event.instant);
    let buckets = byAsset.get(event.asset);
    if (buckets === undefined) {
      buckets = [];
      byAsset.set(event.asset, buckets);
    }
    let bucket = buckets[buckets.length - 1];
    if (bucket?.day !== day) {
      bucket = newBucket(day);
      buckets.push(bucket);
    }
    switch (event.kind) {
      case 'acquisition':
        if (bucket.firstAcquisition < 0) bucket.firstAcquisition = seq;
        bucket.acquired = bucket.acquired.plus(event.amount);
        bucket.acquiredCost = bucket.acquiredCost.plus(event.cost);
        break;
      case 'disposal':
        if (bucket.firstDisposal < 0) bucket.firstDisposal = seq;
        bucket.disposed = bucket.disposed.plus(event.amount);
        bucket.proceeds = bucket.proceeds.plus(event.proceeds);
        if (event.fee !== undefined) bucket.fees = bucket.fees.plus(event.fee);
        bucket.disposalIds.push(event.tradeId);
        break;
      case 'removal':
        bucket.removals.push({ seq, tradeId: event.tradeId, amount: event.amount });
        break;
    }
  });
  return byAsset;
}
