import { z } from '@dus/core';

// Outputs: exactly what the domain returns. Every member is described; a shape that repeats is one
// named schema (an OpenAPI component, a `$defs` entry). Positions are 0-based indexes into `requests`.

const position = (description: string) => z.int().meta({ description });
const count = (description: string) => z.int().meta({ description });
const rate = (description: string) => z.number().meta({ description: `${description}, 0–1` });
const pctOf = (description: string) => z.number().meta({ description: `${description}, %` });
const usd = (description: string) => z.number().meta({ description });
const isoTime = (description: string) => z.string().meta({ description: `${description}, ISO 8601` });
const requestId = z.union([z.string(), z.int()]).meta({ description: 'request id, else position' });
const givenId = z.string().nullable().meta({ description: 'request id, or null' });
const endpoint = z.string().meta({ description: 'e.g. "GET /users/:id"' });

const percentiles = z
  .object({
    p50: z.number().meta({ description: 'Median' }),
    p90: z.number().meta({ description: '90th percentile' }),
    p95: z.number().meta({ description: '95th percentile' }),
    p99: z.number().meta({ description: '99th percentile' }),
  })
  .meta({ id: 'Percentiles', description: 'nearest-rank, ms' });

const callsCost = z
  .object({
    calls: z.number().meta({ description: 'calls' }),
    cost: usd('price'),
  })
  .meta({ id: 'CallsCost', description: 'calls and cost' });

export const dedupOutput = z.object({
  unique: z
    .array(z.record(z.string(), z.unknown()).meta({ description: 'a kept request' }))
    .meta({ description: 'kept requests, credentials "[redacted]"' }),
  duplicates: z
    .array(
      z.object({
        index: position('its position'),
        id: givenId,
        duplicate_of: position('position repeated'),
        fingerprint: z.string().meta({ description: 'SHA-256 prefix, hex' }),
        delta_ms: z.number().nullable().meta({ description: 'ms after the repeated one' }),
        reason: z.enum(['identical', 'likely_retry', 'idempotency_key']).meta({
          description: 'likely_retry: kept unless include_unsafe',
        }),
      }),
    )
    .meta({ description: 'repeats of an earlier request' }),
  conflicts: z
    .array(
      z.object({
        index: position('its position'),
        id: givenId,
        idempotency_key: z.string().meta({ description: 'the key' }),
        conflicts_with: position('first with this key'),
      }),
    )
    .meta({ description: 'Idempotency-Key reused for another request' }),
  stats: z
    .object({
      total: count('given'),
      unique: count('kept'),
      removed: count('removed'),
      duplicate_rate: rate('removed / total'),
    })
    .meta({ description: 'counts' }),
  idempotency: z
    .object({
      requests: z
        .array(
          z.object({
            index: position('Position'),
            id: givenId,
            key: z.string().nullable().meta({ description: 'Its key (sf-string unquoted); null if none' }),
            class: z.enum(['first', 'retry', 'conflict', 'concurrent', 'missing_key']).meta({
              description: 'conflict: other fingerprint; concurrent: within in_flight_ms of the first',
            }),
            first_index: z.int().nullable().meta({ description: 'Position of the first with its key' }),
            delta_ms: z.number().nullable().meta({ description: "Its time − the first's, ms" }),
            http_status_if_replayed: z
              .int()
              .nullable()
              .meta({ description: "422, 409, 400, else the first's status" }),
          }),
        )
        .meta({ description: 'Keyed and missing_key requests' }),
      counts: z
        .object({
          first: count('first'),
          retry: count('retry'),
          conflict: count('conflict'),
          concurrent: count('concurrent'),
          missing_key: count('missing_key'),
        })
        .meta({ description: 'Requests per class' }),
    })
    .meta({ description: 'Idempotency-Key classes (IETF draft)' }),
  volatile_fields: z
    .array(
      z.object({
        pointer: z.string().meta({ description: 'JSON Pointer of a body leaf' }),
        count: count('Requests otherwise identical to another'),
      }),
    )
    .meta({ description: 'Body leaves varying among otherwise identical requests' }),
});

export const batchOutput = z.object({
  batches: z
    .array(
      z.object({
        key: z.string().meta({
          description: 'method, origin and path template',
        }),
        request_ids: z.array(requestId).meta({ description: 'members, in time order' }),
        size: count('members'),
        start: z.string().nullable().meta({ description: 'first member time' }),
        end: z.string().nullable().meta({ description: 'last member time' }),
      }),
    )
    .meta({ description: 'batches of 2 or more' }),
  unbatched: z.array(requestId).meta({ description: 'requests left alone' }),
  calls_before: count('requests given'),
  calls_after: count('batches + unbatched'),
  reduction_percent: pctOf('calls saved'),
});

export const costOutput = z.object({
  baseline: callsCost.meta({ description: 'all requests' }),
  after_dedup: callsCost.meta({ description: 'after dedup' }),
  after_batching: callsCost.meta({ description: 'after dedup and batching' }),
  savings: z
    .object({
      absolute: usd('cost saved'),
      percent: pctOf('of baseline.cost'),
    })
    .meta({ description: 'savings' }),
  period_days: z.number().meta({ description: 'days the calls span' }),
  monthly_projection: z
    .object({
      days: z.literal(30).meta({ description: 'days projected' }),
      baseline: callsCost.meta({ description: 'baseline' }),
      after_dedup: callsCost.meta({ description: 'after dedup' }),
      after_batching: callsCost.meta({ description: 'after batching' }),
    })
    .meta({ description: 'each stage over 30 days' }),
  by_endpoint: z
    .array(
      z.object({
        endpoint,
        calls: count('requests'),
        cost: usd('its share of baseline.cost'),
      }),
    )
    .meta({ description: 'baseline per endpoint' }),
});

export const usageOutput = z.object({
  by_endpoint: z
    .array(
      z.object({
        endpoint,
        count: count('requests'),
        share_percent: pctOf('of all requests'),
        unique_clients: count('distinct clients'),
        duplicate_rate: rate('duplicates / count'),
        error_rate: z.number().nullable().meta({ description: 'share of statuses ≥ 500' }),
        latency_ms: percentiles.nullable().meta({ description: 'of latency_ms' }),
      }),
    )
    .meta({ description: 'per endpoint, by count' }),
  rates: z
    .object({
      mean_rps: z.number().meta({ description: 'mean requests per second' }),
      peak_rps: count('in the busiest second'),
      peak_second: isoTime('that second'),
      peak_rpm: count('in the busiest minute'),
      peak_minute: isoTime('that minute'),
    })
    .nullable()
    .meta({ description: 'rates (null: no timestamps)' }),
  inter_arrival_ms: percentiles.nullable().meta({ description: 'gaps between timestamps' }),
  bursts: z
    .array(
      z.object({
        start: isoTime('first second'),
        end: isoTime('end (exclusive)'),
        count: count('requests'),
        factor: z.number().meta({ description: 'times the mean rate' }),
      }),
    )
    .nullable()
    .meta({ description: 'seconds above mean + 3σ' }),
  hourly: z.array(z.int()).nullable().meta({ description: 'requests per UTC hour 0–23' }),
  status_mix: z
    .object({
      '1xx': count('1xx'),
      '2xx': count('2xx'),
      '3xx': count('3xx'),
      '4xx': count('4xx'),
      '5xx': count('5xx'),
    })
    .meta({ description: 'requests by status class' }),
});
