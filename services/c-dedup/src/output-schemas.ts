import { z } from '@dus/core';

const id = z.union([z.string(), z.int()]).meta({ description: 'The request id, else its 0-based position' });
const time = z.string().nullable().meta({ description: 'ISO 8601 UTC with ms' });
const pct = z.object({ p50: z.number(), p90: z.number(), p95: z.number(), p99: z.number() }).nullable();

export const dedupOutput = z.object({
  unique: z
    .array(z.record(z.string(), z.unknown()))
    .meta({ description: 'Kept requests as sent, credential header values "[redacted]"' }),
  duplicates: z.array(
    z.object({
      index: z.int(),
      id: z.string().nullable(),
      duplicate_of: z.int(),
      fingerprint: z.string(),
      delta_ms: z.number().nullable(),
      reason: z.enum(['identical', 'likely_retry', 'idempotency_key']),
    }),
  ),
  conflicts: z.array(
    z.object({
      index: z.int(),
      id: z.string().nullable(),
      idempotency_key: z.string(),
      conflicts_with: z.int(),
    }),
  ),
  stats: z.object({ total: z.int(), unique: z.int(), removed: z.int(), duplicate_rate: z.number() }),
});

export const batchOutput = z.object({
  batches: z.array(
    z.object({ key: z.string(), request_ids: z.array(id), size: z.int(), start: time, end: time }),
  ),
  unbatched: z.array(id),
  calls_before: z.int(),
  calls_after: z.int(),
  reduction_percent: z.number(),
});

const stage = z.object({ calls: z.number(), cost: z.number() });

export const costOutput = z.object({
  baseline: stage,
  after_dedup: stage,
  after_batching: stage,
  savings: z.object({ absolute: z.number(), percent: z.number() }),
  period_days: z.number(),
  monthly_projection: z.object({
    days: z.literal(30),
    baseline: stage,
    after_dedup: stage,
    after_batching: stage,
  }),
  by_endpoint: z.array(z.object({ endpoint: z.string(), calls: z.int(), cost: z.number() })),
});

export const usageOutput = z.object({
  by_endpoint: z.array(
    z.object({
      endpoint: z.string(),
      count: z.int(),
      share_percent: z.number(),
      unique_clients: z.int(),
      duplicate_rate: z.number(),
      error_rate: z.number().nullable(),
      latency_ms: pct,
    }),
  ),
  rates: z
    .object({
      mean_rps: z.number(),
      peak_rps: z.int(),
      peak_second: z.string(),
      peak_rpm: z.int(),
      peak_minute: z.string(),
    })
    .nullable(),
  inter_arrival_ms: pct,
  bursts: z
    .array(z.object({ start: z.string(), end: z.string(), count: z.int(), factor: z.number() }))
    .nullable(),
  hourly: z.array(z.int()).nullable(),
  status_mix: z.object({ '1xx': z.int(), '2xx': z.int(), '3xx': z.int(), '4xx': z.int(), '5xx': z.int() }),
});
