import { defineOperation } from '@dus/core';
import {
  analyze,
  applyMask,
  brotliBytes,
  COMPRESSION,
  checkBudgets,
  compare,
  egressCost,
  egressSavings,
  gzipBytes,
  MAX_PATHS,
  minified,
  parseFields,
  priceContext,
  suggestPrunes,
} from './domain/index.js';
import {
  analyzeOutput,
  bandwidthOutput,
  budgetOutput,
  compareOutput,
  maskOutput,
  pruneOutput,
} from './output-schemas.js';
import { analyzeInput, bandwidthInput, budgetInput, compareInput, maskInput, pruneInput } from './schemas.js';

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
  summary: 'Where the bytes of a JSON payload go',
  toolDescription:
    'Audits a JSON `payload` (the document itself): sizes (minified, pretty, gzip, brotli, CBOR, MessagePack), fields, depth, types, empties, largest fields, repeated keys, a short-keys estimate, a 0–100 bloat score and signals. Paths are JSON Pointers, * = any array item, ~2 = a member named *.',
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
  summary: 'Fields to remove, what each saves, and the pruned payload',
  toolDescription:
    'Suggests members of a JSON `payload` to remove (debug, temp, internal, null/empty, deprecated) with a confidence each; `threshold` (0–100, default 60) flags more as it rises. Returns bytes saved per field and in all, and the pruned payload.',
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
  summary: 'Cloud egress cost of a response size and traffic',
  description:
    'Exactly one of `payload_bytes` and `payload`, and of `requests_per_month` and `requests_per_day` (a month = 30 days). With `payload`, the figures are for the chosen `compression`, and the gzip and brotli figures are given beside them.',
  toolDescription:
    'Monthly and yearly internet egress cost (USD list prices, GB = 10^9 bytes) by price band. Give `payload_bytes` or `payload` (optionally gzip/brotli `compression`), `requests_per_month` or `requests_per_day`, a `region` and a `provider`.',
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
  summary: 'Original against optimised payload',
  toolDescription:
    'Compares `original` and `optimized` JSON: bytes and gzip bytes saved, fields removed and added (topmost paths), type changes, changed and unchanged scalars, equality up to member order.',
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

type MaskInput = ReturnType<typeof maskInput.parse>;

function mask(input: MaskInput) {
  const report = applyMask(input.payload, input.parsed);
  const t = input.traffic;
  if (t === undefined) return report;
  const requests = t.requests_per_month ?? (t.requests_per_day ?? 0) * 30;
  const sizes = t.compression === 'gzip' ? report.gzip : t.compression === 'brotli' ? report.brotli : report;
  const { provider, region, region_group, prices_as_of } = priceContext(
    t.provider,
    t.region,
    input.trafficGroup!,
  );
  return {
    ...report,
    egress: {
      ...egressSavings(sizes.original_bytes, sizes.masked_bytes, requests, t.provider, input.trafficGroup!),
      provider,
      region,
      region_group,
      prices_as_of,
    },
  };
}

const maskExample = {
  payload: {
    id: 7,
    name: 'Ada',
    debug: { q: 'x' },
    items: [
      { sku: 'A1', price: 9.5, _tmp: 1 },
      { sku: 'B2', price: 12, _tmp: 2 },
    ],
  },
  fields: 'id,items(sku,price)',
};
export const maskOperation = defineOperation({
  name: 'apply_mask',
  summary: 'Mask a payload with json-mask fields',
  toolDescription:
    'Keeps what the json-mask 2.0.0 terms of `fields` select (`id,items(sku,price)`, `a/b`, `*`; `\\` escapes), then removes `!a/b` members. Returns the result and its bytes (minified, gzip, brotli) against the original; with `traffic`, both egress costs and the savings.',
  tags: ['audit'],
  method: 'POST',
  path: '/api/v1/apply-mask',
  input: maskInput,
  output: maskOutput,
  maxBodyBytes: MAX_BODY_BYTES,
  heavy: HEAVY,
  example: {
    input: maskExample,
    output: () => applyMask(maskExample.payload, parseFields(maskExample.fields)),
  },
  handler: (input) => mask(input),
});

const budgetExample = {
  payload: {
    meta: { v: 1 },
    items: [
      { id: 1, blob: 'x'.repeat(100) },
      { id: 2, blob: 'y'.repeat(10) },
    ],
  },
  budgets: [
    { path: '/items/*/blob', max_bytes: 50 },
    { path: '/meta', max_bytes: 10 },
  ],
};
export const budgetOperation = defineOperation({
  name: 'budget_check',
  summary: 'Byte budgets for JSON Pointer paths',
  toolDescription:
    'Checks `budgets` (JSON Pointer `path`, `*` = every array item; `max_bytes` per match, minified) and `total_max_bytes` on a JSON `payload`. Per budget: matches, largest and total bytes, worst path, pass; then failed and pass.',
  tags: ['audit'],
  method: 'POST',
  path: '/api/v1/budget-check',
  input: budgetInput,
  output: budgetOutput,
  maxBodyBytes: MAX_BODY_BYTES,
  heavy: HEAVY,
  example: {
    input: budgetExample,
    output: () => checkBudgets(budgetExample.payload, budgetExample.budgets),
  },
  handler: ({ payload, budgets, total_max_bytes }) => checkBudgets(payload, budgets, total_max_bytes),
});

export const operations = [
  analyzeOperation,
  pruneOperation,
  bandwidthOperation,
  compareOperation,
  maskOperation,
  budgetOperation,
];
