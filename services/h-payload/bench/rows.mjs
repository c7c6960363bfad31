// Benchmark rows of service H, run by bench/run.mjs against the built server.
import { healthRow } from '../../../bench/health-row.mjs';
import { analyze, suggestPrunes } from '../dist/domain/index.js';

/** A realistic API document of about `bytes` bytes: order records with some debug and null noise. */
export function makeDocument(bytes) {
  const items = [];
  let size = 20;
  for (let i = 0; size < bytes; i++) {
    const item = {
      id: `ord_${i.toString(36).padStart(8, '0')}`,
      amount: ((i * 7919) % 100000) / 100,
      currency: ['USD', 'EUR', 'GBP'][i % 3],
      customer: { id: `cus_${i % 997}`, name: `Customer ${i}`, email: null },
      lines: [{ sku: `SKU-${i % 50}`, qty: (i % 4) + 1, price: '19.99' }],
      debug_info: i % 10 === 0 ? { host: 'api-7', ms: i % 97 } : undefined,
      _meta: { v: 3 },
    };
    items.push(item);
    size += JSON.stringify(item).length + 1;
  }
  return { items, count: items.length };
}

const SMALL = JSON.stringify({ payload: makeDocument(4 * 1024) });

export const http = [
  healthRow('H', 'h-payload', '1.1.0'),
  {
    name: 'H POST /api/v1/payload-analyze (4 KiB)',
    method: 'POST',
    path: '/api/v1/payload-analyze',
    body: () => SMALL,
    sameWork: (body) => JSON.stringify(analyze(JSON.parse(body).payload)),
    // Within 0.1 of its 2026-11 ratio to bare Hono doing the same work (0.93).
    target: { bareHono: 0.82 },
  },
  {
    name: 'H POST /api/v1/field-prune-suggest (4 KiB)',
    method: 'POST',
    path: '/api/v1/field-prune-suggest',
    body: () => SMALL,
    sameWork: (body) => JSON.stringify(suggestPrunes(JSON.parse(body).payload, 60)),
    // Within 0.1 of its 2026-11 ratio to bare Hono doing the same work (0.91).
    target: { bareHono: 0.81 },
  },
];

export const large = [
  {
    name: 'H POST /api/v1/payload-analyze, 10 MiB document',
    method: 'POST',
    path: '/api/v1/payload-analyze',
    body: () => JSON.stringify({ payload: makeDocument(10 * 1024 * 1024 - 1024) }),
    sample: () => JSON.stringify({ payload: makeDocument(64 * 1024) }),
    sameWork: (body) => JSON.stringify(analyze(JSON.parse(body).payload)),
    target: { atLeast: 0.75 },
  },
];

export const growth = [
  {
    name: 'H analyze (flatten, sizes, counts, zlib)',
    unit: 'bytes',
    sizes: [100_000, 1_000_000, 10_000_000],
    setup: (n) => JSON.parse(JSON.stringify(makeDocument(n))),
    run: (doc) => analyze(doc),
  },
];
