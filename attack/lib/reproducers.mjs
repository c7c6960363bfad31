// Hostile clients II and III, the reproducers of each service (issues 23 and 43, the latter in
// issue43.mjs): inputs within the limits that once cost minutes, gigabytes or a 500. Each must now be
// answered with the stated status (and shape) within a few seconds, the server staying up. Returns
// { check, requests, violations, worst_ms }.
import { ISSUE_43 } from './issue43.mjs';
import { startService } from './server.mjs';

/** Within this, the worst of them on this two-core machine (each measured at well under half of it). */
const WITHIN_MS = 6_000;

const trade = (type, amount, price, date) => ({ type, asset: 'BTC', amount, price, date });
const digits = (count) => '9'.repeat(count);
const call = (url, extra = {}) => ({ method: 'GET', url, ...extra });

/** One JSON object of `count` distinct keys, as text (built without holding the object). */
const keyedText = (count) => `{${Array.from({ length: count }, (_, i) => `"k${i}":${i % 10}`).join(',')}}`;

const REPRODUCERS = {
  'b-token-budget': [
    {
      name: 'unknown model ids echoed (20 at most)',
      path: '/api/v1/cost_optimizer',
      body: () => ({
        inputTokens: 1,
        outputTokens: 1,
        models: Array.from({ length: 2_500 }, (_, i) => `no-such-model-${i}`),
      }),
      status: 422,
      maxBytes: 4_000,
    },
  ],
  'c-dedup': [
    {
      name: 'a timestamp Date cannot hold (8.64e15)',
      path: '/api/v1/usage_analytics',
      body: () => ({ requests: [call('https://a.io/', { timestamp: 8_640_000_000_000_000 })] }),
      status: 400,
    },
    {
      name: 'the year 0050 is not 1950',
      path: '/api/v1/usage_analytics',
      body: () => ({ requests: [call('https://a.io/', { timestamp: '0050-01-01T00:00:00Z' })] }),
      status: 400,
    },
    {
      name: '100,000 calls with a 1,000-name header_allowlist',
      heavy: true,
      path: '/api/v1/request_deduplicator',
      body: () => ({
        requests: Array.from({ length: 100_000 }, (_, i) => call(`https://a.io/u/${i % 5_000}`)),
        header_allowlist: Array.from({ length: 1_000 }, (_, i) => `x-header-${i}`),
      }),
      status: 200,
    },
    {
      name: '1,000 ignore_params prefixes × 1,300 parameters per URL',
      path: '/api/v1/request_deduplicator',
      body: () => {
        const query = Array.from({ length: 1_300 }, (_, i) => `q${i}`).join('&');
        return {
          requests: Array.from({ length: 1_200 }, (_, i) => call(`https://a.io/${i}?${query}`)),
          ignore_params: Array.from({ length: 1_000 }, (_, i) => `p${i}x*`),
        };
      },
      status: 200,
    },
    {
      name: 'one call with 400,000 headers',
      path: '/api/v1/request_deduplicator',
      body: () => ({
        requests: [
          call('https://a.io/', {
            headers: Object.fromEntries(Array.from({ length: 400_000 }, (_, i) => [`h${i}`, 'v'])),
          }),
        ],
      }),
      status: 400,
    },
  ],
  'f-crypto-tax': [
    ...[10_000, 60_000, 1_000_000].map((count) => ({
      name: `two trades of ${count.toLocaleString('en-US')}-digit amounts and prices`,
      path: '/api/v1/calculate',
      body: () => ({
        trades: [
          trade('buy', digits(count), digits(count), '2025-01-01'),
          trade('sell', digits(count), digits(count), '2025-02-01'),
        ],
      }),
      status: 400,
    })),
    ...['calculate', 'summary'].map((route) => ({
      name: `${route}: 2,000 trades × 1,000 digits`,
      path: `/api/v1/${route}`,
      body: () => ({
        trades: Array.from({ length: 2_000 }, (_, i) =>
          trade(i % 2 ? 'sell' : 'buy', digits(1_000), digits(1_000), '2025-01-01'),
        ),
      }),
      status: 400,
    })),
    {
      name: 'a sale dated 0050-06-01',
      path: '/api/v1/calculate',
      body: () => ({
        trades: [trade('buy', '1', '100', '2025-01-01'), trade('sell', '1', '200', '0050-06-01')],
      }),
      status: 400,
    },
    {
      name: 'CSV of 800,000 rows (31 MB): 422 too_expensive past MAX_CSV_ROWS, before any trade is read',
      path: '/api/v1/csv',
      contentType: 'text/csv',
      body: () => {
        const lines = ['type,asset,amount,price,date,fee'];
        const start = Date.UTC(2020, 0, 1);
        for (let i = 0; i < 800_000; i++) {
          const sell = i % 3 === 2 && i >= 40;
          const date = new Date(start + i * 60_000).toISOString().slice(0, 19).replace('T', ' ');
          lines.push(
            `${sell ? 'sell' : 'buy'},A${i % 20},${sell ? '0.1' : '1.5'},${1000 + (i % 97)},${date},1`,
          );
        }
        return lines.join('\n');
      },
      status: 422,
      heavy: true,
    },
  ],
  'h-payload': [
    {
      name: 'a 10 MiB object of 800,000 distinct keys',
      path: '/api/v1/payload-analyze',
      body: () => `{"payload":${keyedText(800_000)}}`,
      status: 422,
    },
    {
      name: 'prune of 10 MiB of {}',
      heavy: true,
      path: '/api/v1/field-prune-suggest',
      body: () => `{"payload":[${Array.from({ length: 3_400_000 }, () => '{}').join(',')}]}`,
      status: 200,
    },
  ],
};

/** Sends one case's body (`parallel` copies at once); the violations of each answer. */
async function post(server, reproducer, body) {
  const started = performance.now();
  const one = async () => {
    const response = await fetch(`${server.origin}${reproducer.path}`, {
      method: 'POST',
      headers: { 'content-type': reproducer.contentType ?? 'application/json', accept: 'application/json' },
      body,
    });
    return { status: response.status, text: await response.text() };
  };
  const answers = await Promise.all(Array.from({ length: reproducer.parallel ?? 1 }, one));
  const violations = [];
  const statuses = [reproducer.status].flat();
  for (const { status, text } of answers) {
    if (!statuses.includes(status))
      violations.push(`${status} (expected ${statuses.join(' or ')}) ${text.slice(0, 160)}`);
    else if (reproducer.check) {
      let json;
      try {
        json = JSON.parse(text);
      } catch {
        json = {};
      }
      violations.push(...reproducer.check(json));
    }
    if (reproducer.maxBytes !== undefined && text.length > reproducer.maxBytes)
      violations.push(`a ${text.length}-byte answer (at most ${reproducer.maxBytes})`);
  }
  return { violations, ms: performance.now() - started };
}

/** Runs one case: its own `run`, or its POST; each violation named by the case (and its issue item). */
async function runCase(server, service, reproducer, timeScale) {
  const label = `${reproducer.item === undefined ? '' : `#43.${reproducer.item} `}${reproducer.name}${
    reproducer.owner === undefined ? '' : ` [passes with helper ${reproducer.owner}'s branch]`
  }`;
  let outcome;
  try {
    if (reproducer.run) {
      const started = performance.now();
      const violations = await reproducer.run(server, service);
      outcome = { violations, ms: performance.now() - started };
    } else {
      const made = reproducer.body();
      outcome = await post(server, reproducer, typeof made === 'string' ? made : JSON.stringify(made));
    }
  } catch (error) {
    return { violations: [`${label}: dropped connection (${error.cause?.code ?? error.message})`], ms: 0 };
  }
  const violations = outcome.violations.map((violation) => `${label}: ${violation}`);
  const within = (reproducer.withinMs ?? WITHIN_MS) * timeScale;
  if (outcome.ms > within) violations.push(`${label}: ${Math.round(outcome.ms)} ms (at most ${within})`);
  return { violations, ms: outcome.ms };
}

/** Every case of a service: issue 23's, then issue 43's. */
export const casesOf = (name) => [...(REPRODUCERS[name] ?? []), ...(ISSUE_43[name] ?? [])];

/** `light`: without the cases marked heavy (the smoke run inside npm test; `npm run attack` runs all). */
export async function reproducers(server, service, { light = false, timeScale = 1 } = {}) {
  const cases = casesOf(service.name).filter((reproducer) => !(light && reproducer.heavy));
  const violations = [];
  let worst = 0;
  for (const reproducer of cases) {
    const outcome = await runCase(server, service, reproducer, timeScale);
    violations.push(...outcome.violations);
    worst = Math.max(worst, outcome.ms);
    if (!server.alive()) {
      violations.push(`the server died after ${reproducer.name}`);
      break;
    }
  }
  let requests = cases.length;
  if (service.name === 'd-barcode') {
    violations.push(...(await rateLimitOff(service)));
    requests += 250;
  }
  if (!server.alive()) violations.push('the server died');
  return {
    check:
      'reproducers of issues 23 and 43 (digits, dates, option bounds, error sizes; features bounding their own work)',
    requests,
    violations,
    worst_ms: worst,
  };
}

/** RATE_LIMIT_PER_MINUTE=0 turns the plans' own limits off: 250 anonymous calls, none 429. */
async function rateLimitOff(service) {
  const server = await startService(service, { RATE_LIMIT_PER_MINUTE: '0' });
  try {
    const statuses = new Set();
    for (let i = 0; i < 250; i++) {
      const response = await fetch(`${server.origin}/check-digit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'ean13', data: '400638133393' }),
      });
      await response.arrayBuffer();
      statuses.add(response.status);
    }
    return statuses.has(429) ? [`RATE_LIMIT_PER_MINUTE=0: 429 within 250 calls (${[...statuses]})`] : [];
  } finally {
    await server.stop();
  }
}
