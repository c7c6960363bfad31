import { unprocessable } from '@dus/core';
import { isoDay } from '../dates.js';
import { type Decimal, divide, quantity, ZERO } from '../decimal.js';
import { compareText } from '../order.js';
import type { InsufficientHoldings, Warning } from '../types.js';
import { type DayBucket, dayBuckets, type RemovalStep } from './day-buckets.js';
import type { UkDisposal, UkEvent, UkMatch, UkPool } from './events.js';
import { Section104Pool } from './pool.js';

/** The 30-day rule looks at acquisitions in the 30 days after the disposal's day (TCGA92 s106A). */
const WINDOW_DAYS = 30;

export interface UkMatched {
  /** In order of each disposal's first trade. */
  disposals: UkDisposal[];
  /** Every asset's pool at the end of the history, by asset. */
  pools: UkPool[];
  warnings: Warning[];
}

const smaller = (a: Decimal, b: Decimal): Decimal => (a.lt(b) ? a : b);

/** Takes `amount` of what a day's acquisition still offers; the piece that empties it takes the exact rest of its cost. */
function takeAcquired(bucket: DayBucket, amount: Decimal): Decimal {
  const cost = amount.eq(bucket.left)
    ? bucket.leftCost
    : divide(bucket.acquiredCost.times(amount), bucket.acquired);
  bucket.left = bucket.left.minus(amount);
  bucket.leftCost = bucket.leftCost.minus(cost);
  return cost;
}

/** The same-day rule first, for every day: an acquisition serves its own day before earlier disposals. */
function sameDayMatches(buckets: readonly DayBucket[]): Array<UkMatch | undefined> {
  return buckets.map((bucket) => {
    bucket.left = bucket.acquired;
    bucket.leftCost = bucket.acquiredCost;
    const amount = smaller(bucket.disposed, bucket.acquired);
    if (amount.eq(0)) return undefined;
    return { rule: 'same_day', amount, cost: takeAcquired(bucket, amount), acquiredDay: bucket.day };
  });
}

interface Sequenced {
  seq: number;
  disposal: UkDisposal;
  warning: Warning | undefined;
}

/** Matches one asset's days in order; disposals are appended to `out`. */
function matchAsset(
  asset: string,
  buckets: DayBucket[],
  insufficientHoldings: InsufficientHoldings,
  out: Sequenced[],
): UkPool {
  const pool = new Section104Pool();
  const sameDay = sameDayMatches(buckets);

  const dispose = (i: number): void => {
    const bucket = buckets[i]!;
    const matches: UkMatch[] = [];
    let rest = bucket.disposed;
    const same = sameDay[i];
    if (same !== undefined) {
      matches.push(same);
      rest = rest.minus(same.amount);
    }
    const last = bucket.day + WINDOW_DAYS;
    for (let j = i + 1; rest.gt(0) && j < buckets.length && buckets[j]!.day <= last; j++) {
      const later = buckets[j]!;
      if (later.left.eq(0)) continue;
      const amount = smaller(rest, later.left);
      matches.push({
        rule: 'bed_and_breakfast',
        amount,
        cost: takeAcquired(later, amount),
        acquiredDay: later.day,
      });
      rest = rest.minus(amount);
    }
    if (rest.gt(0) && pool.amount.gt(0)) {
      const amount = smaller(rest, pool.amount);
      matches.push({ rule: 's104', amount, cost: pool.take(amount), acquiredDay: null });
      rest = rest.minus(amount);
    }
    const ids = bucket.disposalIds;
    let warning: Warning | undefined;
    if (rest.gt(0)) {
      if (insufficientHoldings === 'error') {
        throw unprocessable(
          'insufficient_holdings',
          `the disposals of ${asset} on ${isoDay(bucket.day)} (trade ${ids.join(', ')}) sell ${quantity(bucket.disposed)} but only ${quantity(bucket.disposed.minus(rest))} is held or bought back within 30 days`,
          { trade_id: ids[0], asset, shortfall: quantity(rest) },
        );
      }
      matches.push({ rule: 'zero_basis', amount: rest, cost: ZERO, acquiredDay: null });
      warning = {
        code: 'zero_basis',
        message: `the disposals of ${asset} on ${isoDay(bucket.day)} sold ${quantity(rest)} more than was held or bought back within 30 days; that part has a zero cost`,
        trade_id: ids[0],
        asset,
        shortfall: quantity(rest),
      };
    }
    out.push({
      seq: bucket.firstDisposal,
      disposal: {
        asset,
        day: bucket.day,
        tradeIds: ids,
        amount: bucket.disposed,
        proceeds: bucket.proceeds,
        fees: bucket.fees,
        matches,
      },
      warning,
    });
  };

  const remove = (removal: RemovalStep): void => {
    if (pool.amount.lt(removal.amount)) {
      throw unprocessable(
        'insufficient_holdings',
        `trade ${removal.tradeId} removes ${quantity(removal.amount)} ${asset} but the pool holds only ${quantity(pool.amount)} at that time`,
        { trade_id: removal.tradeId, asset, shortfall: quantity(removal.amount.minus(pool.amount)) },
      );
    }
    pool.remove(removal.amount);
  };

  buckets.forEach((bucket, i) => {
    // The day's steps in time order. A day with a disposal left after the same-day rule has no
    // acquisition left, so only a removal's place among them matters.
    const steps: Array<{ seq: number; run: () => void }> = bucket.removals.map((removal) => ({
      seq: removal.seq,
      run: () => remove(removal),
    }));
    if (bucket.firstDisposal >= 0) steps.push({ seq: bucket.firstDisposal, run: () => dispose(i) });
    // What the 30-day rule did not take joins the pool on its own day (a day without an acquisition adds nothing).
    steps.push({ seq: bucket.firstAcquisition, run: () => pool.add(bucket.left, bucket.leftCost) });
    steps.sort((a, b) => a.seq - b.seq);
    for (const step of steps) step.run();
  });
  return { asset, amount: pool.amount, cost: pool.cost };
}

/**
 * HMRC's share matching for cryptoassets (CRYPTO22200): per asset, the disposals of a UK day are one
 * disposal, matched with (1) the same day's acquisitions, (2) the acquisitions of the next 30 days,
 * earliest first, (3) the section 104 pool at its average cost. Work is linear in the events (the
 * 30-day look-ahead visits at most 30 days).
 */
export function matchUk(events: readonly UkEvent[], insufficientHoldings: InsufficientHoldings): UkMatched {
  const out: Sequenced[] = [];
  const pools: UkPool[] = [];
  for (const [asset, buckets] of dayBuckets(events)) {
    pools.push(matchAsset(asset, buckets, insufficientHoldings, out));
  }
  pools.sort((a, b) => compareText(a.asset, b.asset));
  out.sort((a, b) => a.seq - b.seq);
  const warnings: Warning[] = [];
  for (const { warning } of out) if (warning !== undefined) warnings.push(warning);
  return { disposals: out.map((d) => d.disposal), pools, warnings };
}
