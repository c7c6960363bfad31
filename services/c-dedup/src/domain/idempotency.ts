import type { ApiCall } from './request.js';

/** An RFC 8941 §3.3.3 sf-string: printable ASCII between double quotes, `"` and `\` escaped by `\`. */
const SF_STRING = /^"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])*"$/;

/**
 * The Idempotency-Key of a call (draft-ietf-httpapi-idempotency-key-header-06 §2.1), or undefined when it
 * has none: the header value trimmed; an sf-string is unquoted (`\"` and `\\` unescaped), any other value
 * is taken as written, so `"abc"` and `abc` are one key.
 */
export function idempotencyKey(call: ApiCall): string | undefined {
  const value = call.headers.get('idempotency-key')?.trim();
  if (!SF_STRING.test(value ?? '')) return value;
  return value!.slice(1, -1).replace(/\\(["\\])/g, '$1');
}

/** The draft's cases for a keyed request (§2.6, §2.7), and `missing_key` for an unkeyed unsafe one. */
export type IdempotencyClass = 'first' | 'retry' | 'conflict' | 'concurrent' | 'missing_key';

export interface KeyedRequest {
  index: number;
  id: string | null;
  key: string | null;
  class: IdempotencyClass;
  first_index: number | null;
  delta_ms: number | null;
  http_status_if_replayed: number | null;
}

/** t − t_first in ms, or null unless both calls are timestamped. */
export const deltaMs = (call: ApiCall, first: ApiCall) =>
  call.time === undefined || first.time === undefined ? null : call.time - first.time;

/**
 * The class of a call whose key was seen before on `first`: another fingerprint is a `conflict` (422;
 * it wins over `concurrent`), the same one within `in_flight_ms` after the first a `concurrent` (409),
 * else a `retry` replayed with the first's status.
 */
export function classify(
  call: ApiCall,
  key: string,
  first: ApiCall,
  samePrint: boolean,
  inFlightMs: number,
): KeyedRequest {
  const delta = deltaMs(call, first);
  const concurrent = delta !== null && delta >= 0 && delta < inFlightMs;
  const [kind, status]: [IdempotencyClass, number | null] = !samePrint
    ? ['conflict', 422]
    : concurrent
      ? ['concurrent', 409]
      : ['retry', first.status ?? null];
  return entry(call, key, kind, first, delta, status);
}

export const firstOfKey = (call: ApiCall, key: string): KeyedRequest =>
  entry(call, key, 'first', call, deltaMs(call, call), call.status ?? null);

export const missingKey = (call: ApiCall): KeyedRequest => ({
  index: call.index,
  id: call.id ?? null,
  key: null,
  class: 'missing_key',
  first_index: null,
  delta_ms: null,
  http_status_if_replayed: 400,
});

function entry(
  call: ApiCall,
  key: string,
  kind: IdempotencyClass,
  first: ApiCall,
  delta: number | null,
  status: number | null,
): KeyedRequest {
  return {
    index: call.index,
    id: call.id ?? null,
    key,
    class: kind,
    first_index: first.index,
    delta_ms: delta,
    http_status_if_replayed: status,
  };
}

/** Every class with its number of requests (each count present, 0 when none). */
export function classCounts(requests: readonly KeyedRequest[]) {
  const counts = { first: 0, retry: 0, conflict: 0, concurrent: 0, missing_key: 0 };
  for (const request of requests) counts[request.class] += 1;
  return counts;
}
