import { unprocessable } from '@dus/core';
import { planBatches } from './batch.js';
import { findDuplicates } from './dedup.js';
import { Dec, type Decimal, percent, round6 } from './numbers.js';
import { bandedCost, PRESETS, type Preset } from './pricing.js';
import type { AnalysisOptions, ApiCall } from './request.js';
import { endpointCounts } from './usage.js';

export interface Pricing {
  pricePerCall: Decimal | undefined;
  preset: Preset | undefined;
  periodDays: Decimal | undefined;
}

const DAY_MS = 86_400_000;

export function costAnalyzer(calls: readonly ApiCall[], options: AnalysisOptions, pricing: Pricing) {
  const { preset } = pricing;
  if (preset === 'llm-batch' && pricing.pricePerCall === undefined) {
    throw unprocessable(
      'missing_price',
      'the llm-batch preset needs a price: give price_per_call or price_per_million',
    );
  }
  const perCall = pricing.pricePerCall ?? new Dec(0);
  const price = (n: Decimal): Decimal =>
    preset === 'aws-apigw-http' || preset === 'aws-apigw-rest'
      ? bandedCost(n, PRESETS[preset])
      : n.times(perCall);

  const { removed } = findDuplicates(calls, options);
  const kept = calls.filter((call) => !removed[call.index]);
  const { batches, single } = planBatches(kept, options);
  const batched = batches.reduce((sum, batch) => sum + batch.calls.length, 0);
  const afterCalls = batches.length + single.length;
  const afterBatchingCost =
    preset === 'llm-batch'
      ? perCall.times(batched).div(2).plus(perCall.times(single.length))
      : price(new Dec(afterCalls));

  const stages = {
    baseline: { calls: calls.length, cost: price(new Dec(calls.length)) },
    after_dedup: { calls: kept.length, cost: price(new Dec(kept.length)) },
    after_batching: { calls: afterCalls, cost: afterBatchingCost },
  };

  const times = calls.flatMap((c) => (c.time === undefined ? [] : [c.time]));
  const spanDays =
    times.length < 2 ? new Dec(0) : new Dec(Math.max(...times) - Math.min(...times)).div(DAY_MS);
  const periodDays = pricing.periodDays ?? (spanDays.gt(0) ? spanDays : new Dec(1));
  const monthly = (stage: { calls: number; cost: Decimal }) => {
    const volume = new Dec(stage.calls).times(30).div(periodDays);
    const cost = preset === 'llm-batch' ? stage.cost.times(30).div(periodDays) : price(volume);
    return { calls: round6(volume), cost: round6(cost) };
  };
  const out = (stage: { calls: number; cost: Decimal }) => ({ calls: stage.calls, cost: round6(stage.cost) });
  const saved = stages.baseline.cost.minus(stages.after_batching.cost);
  return {
    baseline: out(stages.baseline),
    after_dedup: out(stages.after_dedup),
    after_batching: out(stages.after_batching),
    savings: { absolute: round6(saved), percent: percent(saved, stages.baseline.cost) },
    period_days: Number(periodDays.toString()),
    monthly_projection: {
      days: 30 as const,
      baseline: monthly(stages.baseline),
      after_dedup: monthly(stages.after_dedup),
      after_batching: monthly(stages.after_batching),
    },
    by_endpoint: endpointCounts(calls).map(({ endpoint, count }) => ({
      endpoint,
      calls: count,
      cost: round6(stages.baseline.cost.times(count).div(calls.length)),
    })),
  };
}
