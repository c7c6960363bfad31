// Benchmark rows of service F, run by bench/run.mjs against the built server.
import { healthRow } from '../../../bench/health-row.mjs';
import { calculate, parseCsv } from '../dist/domain/index.js';
import { calculateInput, csvInput } from '../dist/schemas.js';
import { csv, trades } from './workload.mjs';

/** What the service does for a calculate body: read the trades (same schema), match, report. */
const calculated = (body) => {
  const input = calculateInput.parse(JSON.parse(body));
  return JSON.stringify(calculate(input.trades, input.method, input.options));
};

/** What it does for a raw CSV body: read the rows, match, report. */
const fromCsv = (body) => {
  const input = csvInput.parse({ csv: body.toString() });
  const parsed = parseCsv(input.csv, input.format, input.options.baseCurrency, input.options.fxRates);
  return JSON.stringify(calculate(parsed.trades, input.method, input.options));
};

export const http = [
  healthRow('F', 'f-crypto-tax', '1.1.0'),
  {
    name: 'F POST /api/v1/calculate (a year: 50 trades)',
    method: 'POST',
    path: '/api/v1/calculate',
    body: () => JSON.stringify({ trades: trades(50) }),
    sameWork: (body) => calculated(body),
    // Within 0.1 of its 2026-11 ratio to bare Hono doing the same work (1.02, taken as 1).
    target: { bareHono: 0.9 },
  },
];

export const large = [
  {
    name: 'F POST /api/v1/calculate, 100,000 mixed trades (buys, sells, transfers, income), 20 assets, 3 wallets',
    method: 'POST',
    path: '/api/v1/calculate',
    body: () => JSON.stringify({ trades: trades(100_000, { mixed: true }) }),
    sample: () => JSON.stringify({ trades: trades(200, { mixed: true }) }),
    sameWork: (body) => calculated(body),
    target: { atLeast: 0.75 },
  },
  {
    name: 'F POST /api/v1/csv (text/csv), 100,000 mixed trades',
    method: 'POST',
    path: '/api/v1/csv',
    headers: { 'content-type': 'text/csv' },
    body: () => csv(trades(100_000, { mixed: true })),
    sample: () => csv(trades(200, { mixed: true })),
    sameWork: (body) => fromCsv(body),
    target: { atLeast: 0.75 },
  },
];

export const growth = [
  {
    name: 'F engine (FIFO): match, round, report',
    unit: 'trades',
    sizes: [10_000, 100_000, 1_000_000],
    setup: (n) => calculateInput.parse({ trades: trades(n) }),
    run: (input) => calculate(input.trades, 'fifo', input.options),
  },
  {
    name: 'F engine (HIFO: a heap per asset)',
    unit: 'trades',
    sizes: [10_000, 100_000, 1_000_000],
    setup: (n) => calculateInput.parse({ trades: trades(n) }),
    run: (input) => calculate(input.trades, 'hifo', input.options),
  },
  {
    name: 'F engine (GB: same day, 30 days, section 104 in UK days)',
    unit: 'trades',
    sizes: [10_000, 100_000, 1_000_000],
    setup: (n) => calculateInput.parse({ trades: trades(n), jurisdiction: 'GB' }),
    run: (input) => calculate(input.trades, input.method, input.options),
  },
];

/** The exact engine against what the same arithmetic costs in JavaScript numbers (wrong, but a floor). */
export const hotPaths = [
  {
    name: 'F FIFO on 10,000 trades, exact (big.js)',
    setup: () => calculateInput.parse({ trades: trades(10_000) }),
    run: (input) => calculate(input.trades, 'fifo', input.options),
    ceiling: {
      name: 'the same FIFO in float64 (inexact: a floor)',
      run: (input) => floatFifo(input.trades),
    },
    target: { atMost: 30 },
  },
];

/** FIFO with JavaScript numbers: what exactness costs is the distance to this. */
function floatFifo(list) {
  const pools = new Map();
  let gain = 0;
  for (const t of list) {
    let pool = pools.get(t.asset);
    if (!pool) {
      pool = { lots: [], head: 0 };
      pools.set(t.asset, pool);
    }
    const amount = Number(t.amount.toString());
    const value = Number(t.gross.toString());
    if (t.type === 'buy') {
      pool.lots.push({ left: amount, unit: value / amount });
      continue;
    }
    let left = amount;
    while (left > 1e-12 && pool.head < pool.lots.length) {
      const lot = pool.lots[pool.head];
      const take = Math.min(left, lot.left);
      gain += Math.round((take * (value / amount) - take * lot.unit) * 100) / 100;
      lot.left -= take;
      left -= take;
      if (lot.left <= 1e-12) pool.head++;
    }
  }
  return gain;
}
