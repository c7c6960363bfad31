import { z } from '@dus/core';

// Outputs: exactly what the domain returns. Every member is described; a shape that repeats is one
// named schema (an OpenAPI component, a `$defs` entry). Positions are 0-based indexes into `requests`.

const position = (description: string) => z.int().meta({ description: `${description} (0-based)` });
const count = (description: string) => z.int().meta({ description });
const rate = (description: string) => z.number().meta({ description: `${description}, 0–1, 6 decimals` });
const pctOf = (description: string) => z.number().meta({ description: `${description}, in %, 2 decimals` });
const usd = (description: string) => z.number().meta({ description: `${description}, 6 decimals` });
const isoTime = (description: string) => z.string().meta({ description: `${description}, ISO 8601 UTC` });
const requestId = z
  .union([z.string(), z.int()])
  .meta({ description: 'The request id, else its 0-based position' });
const givenId = z.string().nullable().meta({ description: 'The request id; null if it has none' });
const endpoint = z.string().meta({ description: 'Method and path template, e.g. "GET /users/:id"' });

const percentiles = z
  .object({
    p50: z.number().meta({ description: 'Median' }),
    p90: z.number().meta({ description: '90th percentile' }),
    p95: z.number().meta({ description: '95th percentile' }),
    p99: z.number().meta({ description: '99th percentile' }),
  })
  .meta({ id: 'Percentiles', description: 'Nearest-rank percentiles in ms, 6 decimals.' });

const callsCost = z
  .object({
    calls: z.number().meta({ description: 'Calls (projected: 6 decimals)' }),
    cost: usd('Their price'),
  })
  .meta({ id: 'CallsCost', description: 'A number of calls and what they cost.' });

export const dedupOutput = z.object({
  unique: z
    .array(z.record(z.string(), z.unknown()).meta({ description: 'A kept request as sent' }))
    .meta({ description: 'Kept requests as sent, in input order, credential header values "[redacted]"' }),
  duplicates: z
    .array(
      z.object({
        index: position('Position of the duplicate'),
        id: givenId,
        duplicate_of: position('Position of the request it repeats'),
        fingerprint: z.string().meta({ description: 'SHA-256 of the request, hex, first 16 characters' }),
        delta_ms: z
          .number()
          .nullable()
          .meta({ description: "Its time − that request's time in ms; null without both timestamps" }),
        reason: z.enum(['identical', 'likely_retry', 'idempotency_key']).meta({
          description:
            'identical (idempotent method) and idempotency_key are removed; likely_retry (other methods) only with include_unsafe',
        }),
      }),
    )
    .meta({ description: 'Requests that repeat an earlier one, in input order' }),
  conflicts: z
    .array(
      z.object({
        index: position('Position of the request'),
        id: givenId,
        idempotency_key: z.string().meta({ description: 'The Idempotency-Key header value' }),
        conflicts_with: position('Position of the first request with this key'),
      }),
    )
    .meta({ description: 'Requests reusing an Idempotency-Key with a different fingerprint (kept)' }),
  stats: z
    .object({
      total: count('Requests given'),
      unique: count('Requests kept'),
      removed: count('Requests removed'),
      duplicate_rate: rate('removed / total'),
    })
    .meta({ description: 'Counts' }),
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
          description:
            'Method, scheme://host:port and path template, e.g. "GET https://api.example.com:443/users/:id"',
        }),
        request_ids: z.array(requestId).meta({ description: 'Members, in time order (ties: input order)' }),
        size: count('Number of members (≥ 2)'),
        start: z
          .string()
          .nullable()
          .meta({ description: 'Earliest member timestamp, ISO 8601 UTC; null without timestamps' }),
        end: z
          .string()
          .nullable()
          .meta({ description: 'Latest member timestamp, ISO 8601 UTC; null without timestamps' }),
      }),
    )
    .meta({ description: 'Batches of 2 or more requests, ordered by their first request' }),
  unbatched: z.array(requestId).meta({ description: 'Requests left alone, in input order' }),
  calls_before: count('Requests given'),
  calls_after: count('Batches + unbatched requests'),
  reduction_percent: pctOf('(calls_before − calls_after) / calls_before'),
});

export const costOutput = z.object({
  baseline: callsCost.meta({ description: 'All requests' }),
  after_dedup: callsCost.meta({ description: 'The requests dedup keeps' }),
  after_batching: callsCost.meta({ description: 'Batches + unbatched requests of what dedup keeps' }),
  savings: z
    .object({
      absolute: usd('baseline.cost − after_batching.cost'),
      percent: pctOf('absolute / baseline.cost (0 if that is 0)'),
    })
    .meta({ description: 'What dedup and batching save' }),
  period_days: z.number().meta({
    description: 'Days the requests span: as given, else from the timestamps, else 1',
  }),
  monthly_projection: z
    .object({
      days: z.literal(30).meta({ description: 'Length of the projected month (30)' }),
      baseline: callsCost.meta({ description: 'baseline scaled to 30 days' }),
      after_dedup: callsCost.meta({ description: 'after_dedup scaled to 30 days' }),
      after_batching: callsCost.meta({ description: 'after_batching scaled to 30 days' }),
    })
    .meta({ description: 'Each stage at calls × 30 / period_days, priced at that monthly volume' }),
  by_endpoint: z
    .array(
      z.object({
        endpoint,
        calls: count('Requests to it'),
        cost: usd('Its pro-rata share of baseline.cost'),
      }),
    )
    .meta({ description: 'Baseline per endpoint, by calls descending, then endpoint' }),
});

export const usageOutput = z.object({
  by_endpoint: z
    .array(
      z.object({
        endpoint,
        count: count('Requests to it'),
        share_percent: pctOf('count / all requests'),
        unique_clients: count('Distinct client values'),
        duplicate_rate: rate('Requests dedup removes / count'),
        error_rate: z.number().nullable().meta({
          description: 'Status ≥ 500 / requests with a status, 0–1, 6 decimals; null if none has one',
        }),
        latency_ms: percentiles
          .nullable()
          .meta({ description: 'Percentiles of latency_ms; null if none has one' }),
      }),
    )
    .meta({ description: 'Per endpoint, by count descending, then endpoint' }),
  rates: z
    .object({
      mean_rps: z.number().meta({
        description: 'Requests / max(1, seconds from first to last), 6 decimals',
      }),
      peak_rps: count('Requests in the busiest UTC second'),
      peak_second: isoTime('Start of that second (earliest on ties)'),
      peak_rpm: count('Requests in the busiest UTC minute'),
      peak_minute: isoTime('Start of that minute (earliest on ties)'),
    })
    .nullable()
    .meta({ description: 'Rates of the timestamped requests; null without timestamps' }),
  inter_arrival_ms: percentiles
    .nullable()
    .meta({ description: 'Percentiles of gaps between consecutive timestamps; null with fewer than 2' }),
  bursts: z
    .array(
      z.object({
        start: isoTime('First second of the burst'),
        end: isoTime('End of the burst (exclusive)'),
        count: count('Requests in it'),
        factor: z.number().meta({ description: 'count / (mean per second × its seconds), 6 decimals' }),
      }),
    )
    .nullable()
    .meta({
      description: 'Runs of UTC seconds above mean + 3σ requests per second; null without timestamps',
    }),
  hourly: z
    .array(z.int())
    .nullable()
    .meta({ description: '24 request counts by UTC hour 0–23; null without timestamps' }),
  status_mix: z
    .object({
      '1xx': count('Requests with a 1xx status'),
      '2xx': count('Requests with a 2xx status'),
      '3xx': count('Requests with a 3xx status'),
      '4xx': count('Requests with a 4xx status'),
      '5xx': count('Requests with a 5xx status'),
    })
    .meta({ description: 'Requests by status class (those with a status)' }),
});
