import { findDuplicates } from './dedup.js';
import { percent, percentiles, ratio, round6 } from './numbers.js';
import { type AnalysisOptions, type ApiCall, iso } from './request.js';
import { pathTemplate } from './url.js';

/** `GET /users/:id`: the method and the path template (host and query left out). */
export const endpointOf = (call: ApiCall) => `${call.method} ${pathTemplate(call.url.path)}`;

const byCountThenName = <T extends { count: number; endpoint: string }>(a: T, b: T) =>
  b.count - a.count || (a.endpoint < b.endpoint ? -1 : a.endpoint > b.endpoint ? 1 : 0);

/** Calls per endpoint in usage order (count descending, then endpoint). */
export function endpointCounts(calls: readonly ApiCall[]) {
  const groups = new Map<string, ApiCall[]>();
  for (const call of calls) {
    const endpoint = endpointOf(call);
    const group = groups.get(endpoint);
    if (group) group.push(call);
    else groups.set(endpoint, [call]);
  }
  return [...groups]
    .map(([endpoint, members]) => ({ endpoint, count: members.length, members }))
    .sort(byCountThenName);
}

/** The busiest bucket (earliest on ties) of `size` ms. */
function peak(times: readonly number[], size: number) {
  const counts = new Map<number, number>();
  for (const t of times) {
    const bucket = Math.floor(t / size) * size;
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  }
  let best = Number.POSITIVE_INFINITY;
  let count = 0;
  for (const [bucket, n] of counts)
    if (n > count || (n === count && bucket < best)) [best, count] = [bucket, n];
  return { count, start: iso(best), counts };
}

/**
 * Seconds whose count exceeds μ + 3σ (population, over every second from the first to the last, empty
 * ones included — computed from the non-empty ones alone), consecutive ones merged.
 */
function bursts(perSecond: ReadonlyMap<number, number>, first: number, last: number) {
  const seconds = (last - first) / 1000 + 1;
  let sum = 0;
  let squares = 0;
  for (const n of perSecond.values()) {
    sum += n;
    squares += n * n;
  }
  const mean = sum / seconds;
  const sigma = Math.sqrt(Math.max(0, squares / seconds - mean * mean));
  const over = [...perSecond].filter(([, n]) => n > mean + 3 * sigma).sort(([a], [b]) => a - b);
  const runs: Array<{ start: string; end: string; count: number; factor: number }> = [];
  let i = 0;
  while (i < over.length) {
    let j = i;
    let count = over[i]![1];
    while (j + 1 < over.length && over[j + 1]![0] === over[j]![0] + 1000) count += over[++j]![1];
    const span = j - i + 1;
    runs.push({
      start: iso(over[i]![0]),
      end: iso(over[j]![0] + 1000),
      count,
      factor: round6(count / (mean * span)),
    });
    i = j + 1;
  }
  return runs;
}

export function usageAnalytics(calls: readonly ApiCall[], options: AnalysisOptions) {
  const { removed } = findDuplicates(calls, options);
  const total = calls.length;
  const by_endpoint = endpointCounts(calls).map(({ endpoint, count, members }) => {
    const withStatus = members.filter((c) => c.status !== undefined);
    const latencies = members.flatMap((c) => (c.latency === undefined ? [] : [c.latency]));
    return {
      endpoint,
      count,
      share_percent: percent(count, total),
      unique_clients: new Set(members.flatMap((c) => (c.client === undefined ? [] : [c.client]))).size,
      duplicate_rate: ratio(members.filter((c) => removed[c.index]).length, count),
      error_rate:
        withStatus.length === 0
          ? null
          : ratio(withStatus.filter((c) => c.status! >= 500).length, withStatus.length),
      latency_ms: percentiles(latencies),
    };
  });
  const times = calls.flatMap((c) => (c.time === undefined ? [] : [c.time])).sort((a, b) => a - b);
  const statusMix = { '1xx': 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
  for (const call of calls)
    if (call.status !== undefined)
      statusMix[`${Math.floor(call.status / 100)}xx` as keyof typeof statusMix]++;
  if (times.length === 0) {
    return {
      by_endpoint,
      rates: null,
      inter_arrival_ms: null,
      bursts: null,
      hourly: null,
      status_mix: statusMix,
    };
  }
  const first = times[0]!;
  const last = times[times.length - 1]!;
  const seconds = peak(times, 1000);
  const minutes = peak(times, 60_000);
  const hourly = new Array<number>(24).fill(0);
  for (const t of times) hourly[new Date(t).getUTCHours()]!++;
  const gaps = times.slice(1).map((t, i) => t - times[i]!);
  return {
    by_endpoint,
    rates: {
      mean_rps: round6(times.length / Math.max(1, (last - first) / 1000)),
      peak_rps: seconds.count,
      peak_second: seconds.start,
      peak_rpm: minutes.count,
      peak_minute: minutes.start,
    },
    inter_arrival_ms: gaps.length === 0 ? null : percentiles(gaps),
    bursts: bursts(seconds.counts, Math.floor(first / 1000) * 1000, Math.floor(last / 1000) * 1000),
    hourly,
    status_mix: statusMix,
  };
}
