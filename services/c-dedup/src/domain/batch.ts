import { percent } from './numbers.js';
import { type AnalysisOptions, type ApiCall, callId, iso, SAFE } from './request.js';
import { pathTemplate } from './url.js';

/** `GET https://api.example.com:443/users/:id`: method, scheme, host, port always written, path template. */
export const batchKey = (call: ApiCall) =>
  `${call.method} ${call.url.scheme}://${call.url.host}:${call.url.port}${pathTemplate(call.url.path)}`;

export interface Batch {
  key: string;
  calls: ApiCall[];
}

/**
 * Groups batchable calls by key; within a group in time order (ties: input order; no timestamp = the
 * list's earliest), a batch closes at `max_batch_size` or when the next call is more than `max_wait_ms`
 * after the batch's first. Batches of one go back to the unbatched calls.
 */
export function planBatches(
  calls: readonly ApiCall[],
  options: Pick<AnalysisOptions, 'includeUnsafe' | 'maxBatchSize' | 'maxWaitMs'>,
) {
  let earliest = Number.POSITIVE_INFINITY;
  for (const call of calls) if (call.time !== undefined && call.time < earliest) earliest = call.time;
  const timeOf = (call: ApiCall) => call.time ?? (Number.isFinite(earliest) ? earliest : 0);
  const groups = new Map<string, ApiCall[]>();
  const single: ApiCall[] = [];
  for (const call of calls) {
    if (!SAFE.has(call.method) && !options.includeUnsafe) {
      single.push(call);
      continue;
    }
    const key = batchKey(call);
    const group = groups.get(key);
    if (group) group.push(call);
    else groups.set(key, [call]);
  }
  const batches: Batch[] = [];
  for (const [key, group] of groups) {
    group.sort((a, b) => timeOf(a) - timeOf(b) || a.index - b.index);
    let current: ApiCall[] = [];
    const close = () => {
      if (current.length >= 2) batches.push({ key, calls: current });
      else single.push(...current);
      current = [];
    };
    for (const call of group) {
      if (
        current.length > 0 &&
        (current.length >= options.maxBatchSize || timeOf(call) - timeOf(current[0]!) > options.maxWaitMs)
      )
        close();
      current.push(call);
    }
    close();
  }
  batches.sort((a, b) => timeOf(a.calls[0]!) - timeOf(b.calls[0]!) || a.calls[0]!.index - b.calls[0]!.index);
  single.sort((a, b) => a.index - b.index);
  return { batches, single };
}

export function batchOptimizer(calls: readonly ApiCall[], options: AnalysisOptions) {
  const { batches, single } = planBatches(calls, options);
  const after = batches.length + single.length;
  return {
    batches: batches.map(({ key, calls: members }) => {
      const times = members.map((c) => c.time).filter((t): t is number => t !== undefined);
      return {
        key,
        request_ids: members.map(callId),
        size: members.length,
        start: times.length === 0 ? null : iso(Math.min(...times)),
        end: times.length === 0 ? null : iso(Math.max(...times)),
      };
    }),
    unbatched: single.map(callId),
    calls_before: calls.length,
    calls_after: after,
    reduction_percent: percent(calls.length - after, calls.length),
  };
}
