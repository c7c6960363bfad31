import { defineOperation } from '@dus/core';
import {
  analyze,
  brotliBytes,
  COMPRESSION,
  compare,
  egressCost,
  gzipBytes,
  MAX_PATHS,
  minified,
  priceContext,
  suggestPrunes,
} from './domain/index.js';
import { analyzeOutput, bandwidthOutput, compareOutput, pruneOutput } from './output-schemas.js';
import { analyzeInput, bandwidthInput, compareInput, pruneInput } from './schemas.js';

/** 10 MiB: the largest document these routes (and tools) take. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;
/** From here a document's walk runs in the worker pool (docs/conventions.md §11). */
const HEAVY = { minBytes: 256 * 1024 };

const TOO_MANY_PATHS = {
  status: 422,
  code: 'too_many_paths',
  description: `The document has more than ${MAX_PATHS.toLocaleString('en-US')} distinct member paths (array indexes count as one).`,
};

const analyzeExample = { payload: { a: 1, b: null, c: { d: [1, 2, { e: '' }] } } };
export const analyzeOperation = defineOperation({
  name: 'payload_analyze',
  summary: 'Where the bytes of a JSON payload go: sizes, shape, types, empties, largest fields, bloat score',
  toolDescription:
    'Audits a JSON document: pass it as `payload` (any JSON value, not a string of JSON). Returns its minified, pretty, gzip and brotli sizes in bytes, field count, depth, type counts, nulls and empties, the 10 largest fields, member-name bytes, keys repeated across array items, long strings, numbers written as strings, a 0–100 bloat score and short signals. Paths are JSON Pointers with * for array indexes. Up to 10 MiB and 100,000 distinct paths.',
  tags: ['audit'],
  method: 'POST',
  path: '/api/v1/payload-analyze',
  input: analyzeInput,
  output: analyzeOutput,
  maxBodyBytes: MAX_BODY_BYTES,
  heavy: HEAVY,
  example: { input: analyzeExample, output: () => analyze(analyzeExample.payload) },
  errors: [TOO_MANY_PATHS],
  handler: ({ payload }) => analyze(payload),
});

const pruneExample = { payload: { id: 1, debug: { q: 'x' }, _tmp: 1, name: null }, threshold: 60 };
export const pruneOperation = defineOperation({
  name: 'field_prune_suggest',
  summary:
    'Fields to remove (debug, temp, internal, null, deprecated), what each saves, and the pruned payload',
  toolDescription:
    'Suggests fields to remove from a JSON document (`payload`, any JSON value): debug, temp, internal, null/empty and deprecated members, found by name and value rules with a confidence each. `threshold` (0–100, default 60) sets how many: a field is suggested when its confidence ≥ 100 − threshold. Returns the suggestions with the bytes each saves, the pruned payload, and the total bytes and percent saved.',
  tags: ['audit'],
  method: 'POST',
  path: '/api/v1/field-prune-suggest',
  input: pruneInput,
  output: pruneOutput,
  maxBodyBytes: MAX_BODY_BYTES,
  heavy: HEAVY,
  example: { input: pruneExample, output: () => suggestPrunes(pruneExample.payload, pruneExample.threshold) },
  errors: [TOO_MANY_PATHS],
  handler: ({ payload, threshold }) => suggestPrunes(payload, threshold),
});

type BandwidthInput = ReturnType<typeof bandwidthInput.parse>;

function bandwidth(input: BandwidthInput) {
  const requests = input.requests_per_month ?? (input.requests_per_day ?? 0) * 30;
  const context = priceContext(input.provider, input.region, input.group);
  if (input.payload_bytes !== undefined)
    return { ...egressCost(input.payload_bytes, requests, input.provider, input.group), ...context };
  const { text, bytes } = minified(input.payload);
  const cost = (size: number) => egressCost(size, requests, input.provider, input.group);
  const gzip = cost(gzipBytes(text));
  const brotli = cost(brotliBytes(text));
  const chosen = input.compression === 'gzip' ? gzip : input.compression === 'brotli' ? brotli : cost(bytes);
  return { ...chosen, ...context, compression: COMPRESSION, compressed: { gzip, brotli } };
}

const bandwidthExample = { payload_bytes: 200_000, requests_per_month: 10_000_000, region: 'us-east-1' };
export const bandwidthOperation = defineOperation({
  name: 'bandwidth_cost_calc',
  summary: 'Cloud egress cost of a payload size and traffic volume (AWS, GCP, Azure), by price band',
  description:
    'Exactly one of `payload_bytes` and `payload`, and of `requests_per_month` and `requests_per_day` (a month = 30 days). With `payload`, the figures are for the chosen `compression`, and the gzip and brotli figures are given beside them.',
  toolDescription:
    'Monthly and yearly internet egress cost (USD list prices) of serving a response. Pass exactly one of `payload_bytes` (a size) or `payload` (a JSON document, measured minified or with `compression` gzip/brotli), exactly one of `requests_per_month` or `requests_per_day` (a month is 30 days), a `region` (us, eu, ap, sa, af, me or a code like us-east-1) and optionally `provider` (aws default, gcp, azure). Returns GB a month (10^9 bytes), cost, price per GB and the price bands used.',
  tags: ['cost'],
  method: 'POST',
  path: '/api/v1/bandwidth-cost-calc',
  input: bandwidthInput,
  output: bandwidthOutput,
  maxBodyBytes: MAX_BODY_BYTES,
  heavy: HEAVY,
  example: { input: bandwidthExample, output: () => bandwidth(bandwidthInput.parse(bandwidthExample)) },
  handler: (input) => bandwidth(input),
});

const compareExample = {
  original: { id: 1, debug: { q: 'x' }, name: 'Ada' },
  optimized: { id: 1, name: 'Ada' },
};
export const compareOperation = defineOperation({
  name: 'compare_payloads',
  summary:
    'Original against optimised: size and gzip deltas, removed and added fields, type and value changes',
  toolDescription:
    'Compares two versions of a JSON document, `original` and `optimized` (each any JSON value). Returns their sizes in bytes minified and gzipped with the bytes and percent saved, the fields removed and added (topmost JSON Pointer paths), values whose JSON type changed, counts of changed and unchanged scalar values, and whether both are equal up to member order.',
  tags: ['audit'],
  method: 'POST',
  path: '/api/v1/compare-payloads',
  input: compareInput,
  output: compareOutput,
  maxBodyBytes: MAX_BODY_BYTES,
  heavy: HEAVY,
  example: {
    input: compareExample,
    output: () => compare(compareExample.original, compareExample.optimized),
  },
  errors: [TOO_MANY_PATHS],
  handler: ({ original, optimized }) => compare(original, optimized),
});

export const operations = [analyzeOperation, pruneOperation, bandwidthOperation, compareOperation];
