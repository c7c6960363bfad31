import { describer, shortFingerprint } from './fingerprint.js';
import {
  classCounts,
  classify,
  deltaMs,
  firstOfKey,
  idempotencyKey,
  type KeyedRequest,
  missingKey,
} from './idempotency.js';
import { ratio } from './numbers.js';
import { type AnalysisOptions, type ApiCall, CREDENTIAL_HEADERS, IDEMPOTENT } from './request.js';
import { type BodyShape, volatileFields } from './volatile.js';

export type DuplicateReason = 'identical' | 'likely_retry' | 'idempotency_key';

export interface Duplicate {
  index: number;
  id: string | null;
  duplicate_of: number;
  fingerprint: string;
  delta_ms: number | null;
  reason: DuplicateReason;
}

export interface Conflict {
  index: number;
  id: string | null;
  idempotency_key: string;
  conflicts_with: number;
}

/** Which calls dedup removes, and why: the core of request_deduplicator, cost_analyzer and usage. */
export function findDuplicates(calls: readonly ApiCall[], options: AnalysisOptions) {
  const describe = describer(options);
  const keptByPrint = new Map<string, ApiCall>();
  const firstByKey = new Map<string, { call: ApiCall; print: string }>();
  const duplicates: Duplicate[] = [];
  const conflicts: Conflict[] = [];
  const keyed: KeyedRequest[] = [];
  const removed = new Uint8Array(calls.length);
  // Stryker disable next-line ArrayDeclaration: an extra non-object entry has no body and is skipped
  const shapes: BodyShape[] = [];
  for (const call of calls) {
    const { print, head, json } = describe(call);
    shapes.push({ head, json });
    const key = idempotencyKey(call);
    if (key !== undefined) {
      const first = firstByKey.get(key);
      if (first === undefined) {
        firstByKey.set(key, { call, print });
        keyed.push(firstOfKey(call, key));
        continue;
      }
      const same = first.print === print;
      keyed.push(classify(call, key, first.call, same, options.inFlightMs));
      if (same) {
        removed[call.index] = 1;
        duplicates.push(duplicate(call, first.call, print, 'idempotency_key'));
      } else
        conflicts.push({
          index: call.index,
          id: call.id ?? null,
          idempotency_key: key,
          conflicts_with: first.call.index,
        });
      continue;
    }
    if (options.requireIdempotencyKey && !IDEMPOTENT.has(call.method)) keyed.push(missingKey(call));
    const kept = keptByPrint.get(print);
    const within =
      kept !== undefined &&
      (kept.time === undefined ||
        call.time === undefined ||
        Math.abs(call.time - kept.time) <= options.windowMs);
    if (kept === undefined || !within) {
      keptByPrint.set(print, call);
      continue;
    }
    const reason = IDEMPOTENT.has(call.method) ? 'identical' : 'likely_retry';
    if (reason === 'identical' || options.includeUnsafe) removed[call.index] = 1;
    duplicates.push(duplicate(call, kept, print, reason));
  }
  return { duplicates, conflicts, removed, keyed, shapes };
}

function duplicate(call: ApiCall, of: ApiCall, print: string, reason: DuplicateReason): Duplicate {
  return {
    index: call.index,
    id: call.id ?? null,
    duplicate_of: of.index,
    fingerprint: shortFingerprint(print),
    delta_ms: deltaMs(call, of),
    reason,
  };
}

/** The request as sent, with credential header values replaced. */
export function redacted(call: ApiCall): Record<string, unknown> {
  const headers = call.raw.headers as Record<string, string> | undefined;
  if (headers === undefined) return call.raw;
  const safe = Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      CREDENTIAL_HEADERS.has(name.toLowerCase()) ? '[redacted]' : value,
    ]),
  );
  return { ...call.raw, headers: safe };
}

export function deduplicate(calls: readonly ApiCall[], options: AnalysisOptions) {
  const { duplicates, conflicts, removed, keyed, shapes } = findDuplicates(calls, options);
  const unique = calls.filter((call) => !removed[call.index]);
  const removedCount = calls.length - unique.length;
  return {
    unique: unique.map(redacted),
    duplicates,
    conflicts,
    stats: {
      total: calls.length,
      unique: unique.length,
      removed: removedCount,
      duplicate_rate: ratio(removedCount, calls.length),
    },
    idempotency: { requests: keyed, counts: classCounts(keyed) },
    volatile_fields: volatileFields(shapes),
  };
}
