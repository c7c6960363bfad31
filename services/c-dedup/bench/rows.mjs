// Benchmark rows of service C, run by bench/run.mjs against the built server.
import { healthRow } from '../../../bench/health-row.mjs';
import { deduplicate, usageAnalytics } from '../dist/domain/index.js';
import { dedupInput, usageInput } from '../dist/schemas.js';

/** n calls of a client over a day: 50 endpoints, ids, repeats and retries, timestamps; every 4th with status and latency. */
export function calls(n) {
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const start = Date.UTC(2024, 2, 10);
  const list = [];
  let last = { endpoint: 0, id: 0 };
  for (let i = 0; i < n; i++) {
    // One call in ten repeats the one before (a retry or a double render).
    const repeat = i > 0 && random() < 0.1;
    const endpoint = repeat ? last.endpoint : Math.floor(random() * 50);
    const id = repeat ? last.id : Math.floor(random() * 2000);
    last = { endpoint, id };
    const post = endpoint % 7 === 0;
    list.push({
      method: post ? 'POST' : 'GET',
      url: `https://api.example.com/r${endpoint}/${id}?a=${id % 3}`,
      ...(post ? { body: { id, q: endpoint } } : {}),
      timestamp: start + Math.floor((i * 86_400_000) / n) + Math.floor(random() * 3000),
      ...(i % 4 === 0 ? { status: random() < 0.02 ? 503 : 200, latency_ms: Math.floor(random() * 300) } : {}),
    });
  }
  return list;
}

const answer = (schema, run) => (body) => {
  const { calls: parsed, options } = schema.parse(JSON.parse(body));
  return JSON.stringify(run(parsed, options));
};

export const http = [
  healthRow('C', 'c-dedup', '1.1.0', '/api-request-deduplicator'),
  {
    name: 'C POST /api/v1/request_deduplicator (50 calls)',
    method: 'POST',
    path: '/api/v1/request_deduplicator',
    body: () => JSON.stringify({ requests: calls(50) }),
    sameWork: answer(dedupInput, deduplicate),
    // Within 0.1 of its 2026-11 ratio to bare Hono doing the same work (0.94).
    target: { bareHono: 0.83 },
  },
];

export const large = [
  {
    name: 'C POST /api/v1/request_deduplicator, 100,000 calls',
    method: 'POST',
    path: '/api/v1/request_deduplicator',
    body: () => JSON.stringify({ requests: calls(100_000) }),
    sample: () => JSON.stringify({ requests: calls(300) }),
    sameWork: answer(dedupInput, deduplicate),
    target: { atLeast: 0.75 },
  },
  {
    name: 'C POST /api/v1/usage_analytics, 100,000 calls',
    method: 'POST',
    path: '/api/v1/usage_analytics',
    body: () => JSON.stringify({ requests: calls(100_000) }),
    sample: () => JSON.stringify({ requests: calls(300) }),
    sameWork: answer(usageInput, usageAnalytics),
    target: { atLeast: 0.75 },
  },
];

export const growth = [
  {
    name: 'C dedup engine (fingerprint + window)',
    unit: 'calls',
    sizes: [10_000, 100_000, 1_000_000],
    // The API takes 100,000 calls a request; the engine is measured past that, read in slices.
    setup: (n) => {
      const all = calls(n);
      const parsed = [];
      for (let i = 0; i < n; i += 100_000)
        parsed.push(...dedupInput.parse({ requests: all.slice(i, i + 100_000) }).calls);
      return {
        calls: parsed.map((call, index) => ({ ...call, index })),
        options: dedupInput.parse({ requests: all.slice(0, 1) }).options,
      };
    },
    run: ({ calls: parsed, options }) => deduplicate(parsed, options),
  },
];
