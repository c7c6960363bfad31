import { defineOperation } from '@dus/core';
import { batchOptimizer, costAnalyzer, deduplicate, usageAnalytics } from './domain/index.js';
import { MAX_PROJECTED_NAME_CHARS } from './domain/projection.js';
import { batchOutput, costOutput, dedupOutput, usageOutput } from './output-schemas.js';
import { batchInput, costInput, dedupInput, usageInput } from './schemas.js';

/** How the answers write numbers, for the REST descriptions (the tool schemas stay brief). */
const NUMBERS =
  'Positions are 0-based indexes into `requests`; times ISO 8601 UTC; percentages to 2 decimals, rates (0–1), money and other non-integers to 6; fingerprints are the first 16 hex characters of a SHA-256.';

/** 100,000 requests in one body. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;
const FINGERPRINT = Buffer.from('"fingerprint"');

/**
 * About 10,000 requests: from here a call runs in the worker pool (docs/conventions.md §11); with
 * `fingerprint` pointers from 64 KiB, since the names include pointers add (once per body they resolve
 * in, up to MAX_PROJECTED_NAME_CHARS) cost more than the bytes show. A false positive (a body that
 * mentions "fingerprint") costs one thread hop.
 */
export const HEAVY = {
  minBytes: 1024 * 1024,
  when: (raw: string | Uint8Array) =>
    raw.length >= 64 * 1024 &&
    (typeof raw === 'string'
      ? raw.includes('"fingerprint"')
      : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).includes(FINGERPRINT)),
};

/** The refusals of `fingerprint.include`, wherever it is taken (made before any body is hashed). */
const FINGERPRINT_ERRORS = [
  {
    status: 422,
    code: 'nested_include',
    description: 'An include pointer lies inside another (its value would be hashed twice).',
  },
  {
    status: 422,
    code: 'projection_too_large',
    description: `The include pointers would add more than ${MAX_PROJECTED_NAME_CHARS} characters of member names to the projected bodies.`,
  },
];

const get = (url: string, timestamp: string, extra = {}) => ({ method: 'GET', url, timestamp, ...extra });
const dedupExample = {
  requests: [
    get('https://API.example.com:443/a/./b/?utm_source=x&b=2&a=1#top', '2024-03-10T12:00:00Z', { id: 'r1' }),
    get('https://api.example.com/a/b/?a=1&b=2', '2024-03-10T12:00:01Z', { id: 'r2' }),
    {
      method: 'POST',
      url: 'https://api.example.com/orders',
      body: { x: 1, y: [1, 2] },
      timestamp: '2024-03-10T12:00:02Z',
    },
    {
      method: 'POST',
      url: 'https://api.example.com/orders',
      body: { y: [1, 2], x: 1 },
      timestamp: '2024-03-10T12:00:02.200Z',
    },
  ],
};

export const dedupOperation = defineOperation({
  name: 'request_deduplicator',
  summary: 'Find duplicate and retried requests and Idempotency-Key conflicts',
  description:
    "Finds duplicates in a list of API calls by a fingerprint of method, normalised URL, allow-listed headers and canonical JSON body. A repeat within window_ms of the kept occurrence (or without timestamps) is removed if its method is idempotent, else reported as likely_retry (removed with include_unsafe); a reused Idempotency-Key is a duplicate or a conflict. Returns the kept calls (credentials redacted), duplicates (with `delta_ms`, its time − the repeated call's), conflicts and counts." +
    ` ${NUMBERS}`,
  toolDescription:
    'Finds duplicate API calls (same method, normalised URL, allow-listed headers and JSON body) within window_ms, likely retries of non-idempotent methods, and Idempotency-Key conflicts. Returns the kept calls (credentials redacted), the duplicates, conflicts and counts.',
  tags: ['dedup'],
  method: 'POST',
  path: '/api/v1/request_deduplicator',
  input: dedupInput,
  output: dedupOutput,
  errors: FINGERPRINT_ERRORS,
  maxBodyBytes: MAX_BODY_BYTES,
  heavy: HEAVY,
  example: {
    input: dedupExample,
    output: () => deduplicate(dedupInput.parse(dedupExample).calls, dedupInput.parse(dedupExample).options),
  },
  handler: ({ calls, options }) => deduplicate(calls, options),
});

const users = {
  requests: Array.from({ length: 25 }, (_, i) =>
    get(`https://api.example.com/users/${i + 1}`, `2024-03-10T12:00:00.00${i % 10}Z`),
  ),
  max_batch_size: 10,
};

export const batchOperation = defineOperation({
  name: 'batch_optimizer',
  summary: 'Group requests into batches',
  description:
    'Groups API calls into batches: calls with the same method, host and path template (ids, UUIDs, long hex become :id), in time order, up to max_batch_size and within max_wait_ms of the batch start. Only GET, HEAD and OPTIONS unless include_unsafe. Returns the batches (ids, else 0-based positions), the calls left alone and the call count before and after.' +
    ` ${NUMBERS}`,
  toolDescription:
    'Groups API calls into batches by method, host and path template (ids become :id), in time order, up to max_batch_size and within max_wait_ms. Returns the batches, the calls left alone and the call counts.',
  tags: ['dedup'],
  method: 'POST',
  path: '/api/v1/batch_optimizer',
  input: batchInput,
  output: batchOutput,
  maxBodyBytes: MAX_BODY_BYTES,
  heavy: HEAVY,
  example: {
    input: users,
    output: () => batchOptimizer(batchInput.parse(users).calls, batchInput.parse(users).options),
  },
  handler: ({ calls, options }) => batchOptimizer(calls, options),
});

const costExample = {
  requests: Array.from({ length: 100 }, (_, i) => ({
    method: 'POST',
    url: `https://api.example.com/events/${i}`,
    body: { n: i },
  })),
  preset: 'aws-apigw-rest' as const,
  period_days: 0.003,
};

export const costOperation = defineOperation({
  name: 'cost_analyzer',
  summary: 'Cost before and after dedup and batching',
  description:
    'Prices API calls as given, after dedup and after also batching, with the savings, a 30-day projection (each stage at calls × 30 / period_days, priced at that monthly volume) and the baseline cost per endpoint (pro rata). Pricing: exactly one of `price_per_call`, `price_per_million` or a `preset` (aws-apigw-http, aws-apigw-rest: AWS API Gateway banded monthly prices in USD); preset llm-batch also needs a price, halved for batched calls. `period_days`: the span the calls cover, may be fractional (default: from their timestamps, else 1). Takes the dedup and batching options. ' +
    NUMBERS,
  toolDescription:
    'Prices API calls as given, after dedup and after batching, with savings, a 30-day projection and cost per endpoint. Give price_per_call, price_per_million or an aws-* preset.',
  tags: ['dedup'],
  method: 'POST',
  path: '/api/v1/cost_analyzer',
  input: costInput,
  output: costOutput,
  errors: [
    { status: 422, code: 'missing_price', description: 'The llm-batch preset was given without a price.' },
    ...FINGERPRINT_ERRORS,
  ],
  maxBodyBytes: MAX_BODY_BYTES,
  heavy: HEAVY,
  example: { input: costExample, output: () => costAnalyzer(...args(costInput.parse(costExample))) },
  handler: (input) => costAnalyzer(...args(input)),
});

function args(input: ReturnType<typeof costInput.parse>) {
  return [input.calls, input.options, input.pricing] as const;
}

export const usageOperation = defineOperation({
  name: 'usage_analytics',
  summary: 'Usage patterns of the requests',
  description:
    'Describes usage in a list of API calls: per endpoint (method + path template) count, share, clients, duplicate and error rates, latency percentiles; from timestamps mean and peak rates, inter-arrival percentiles, bursts and counts per UTC hour (null without timestamps); the status mix. Give status, latency_ms and client on the calls for those figures. `error_rate` = calls with a status ≥ 500 / calls with a status; `bursts` are runs of UTC seconds above mean + 3σ requests per second (`end` exclusive, `factor` = count / (mean per second × its seconds)); `mean_rps` = calls / max(1, seconds from first to last).' +
    ` ${NUMBERS}`,
  toolDescription:
    'Describes usage of API calls: per endpoint counts, duplicate and error rates, latency; rates, gaps, bursts and hourly counts from timestamps; the status mix.',
  tags: ['dedup'],
  method: 'POST',
  path: '/api/v1/usage_analytics',
  input: usageInput,
  output: usageOutput,
  errors: FINGERPRINT_ERRORS,
  maxBodyBytes: MAX_BODY_BYTES,
  heavy: HEAVY,
  example: {
    input: dedupExample,
    output: () =>
      usageAnalytics(usageInput.parse(dedupExample).calls, usageInput.parse(dedupExample).options),
  },
  handler: ({ calls, options }) => usageAnalytics(calls, options),
});

export const operations = [dedupOperation, batchOperation, costOperation, usageOperation];
