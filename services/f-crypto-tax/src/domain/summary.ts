import { type Decimal, fromCents, money } from './decimal.js';
import { prepare } from './engine.js';
import { METHOD_ORDER, METHODS, TIE_ORDER } from './methods.js';
import { compute } from './report.js';
import { refusedAt, settle } from './rules.js';
import { estimatedTax, groupBy, total } from './totals.js';
import type { Method, Options, Rules, Trade } from './types.js';
import { summarizeUk } from './uk/report.js';

export interface SummaryOptions extends Options {
  rates: { short: Decimal; long: Decimal } | undefined;
}

/** The methods side by side (per tax year) and the one that gives the lowest tax, or gain; GB has one method. */
export function summarize(trades: readonly Trade[], options: SummaryOptions) {
  const rules = settle(undefined, options);
  if (rules.jurisdiction === 'GB') return summarizeUk(trades, rules, options);
  return compareMethods(trades, rules, options);
}

/**
 * Trades one side-by-side summary replays: it matches them once per method (four times), so it takes
 * half the rows a CSV report may hold (150,000: about 3.6 s on the reference machine; 250,000: 7 s,
 * near the call's deadline).
 */
export const MAX_SUMMARY_TRADES = 150_000;

function compareMethods(trades: readonly Trade[], rules: Rules, options: SummaryOptions) {
  if (trades.length > MAX_SUMMARY_TRADES) {
    throw refusedAt(
      '/trades',
      'too_expensive',
      `the summary matches the trades once per method: at most ${MAX_SUMMARY_TRADES.toLocaleString('en-US')} trades (${trades.length.toLocaleString('en-US')} sent); compare the methods on part of the history, or ask /calculate for one method`,
      { limit: MAX_SUMMARY_TRADES },
    );
  }
  const entries = prepare(trades, options);
  const results = METHOD_ORDER.map((method) => {
    const { disposals } = compute(entries, { ...rules, method }, options);
    const sum = total(disposals);
    const byYear = groupBy(disposals, (d) => String(d.year));
    const tax = options.rates ? estimatedTax(sum, options.rates.short, options.rates.long) : undefined;
    const json = sum.toJSON();
    return {
      method,
      score: tax ?? fromCents(sum.gain),
      json: {
        ...json,
        by_year: Object.fromEntries(
          [...byYear].map(([year, g]) => [
            year,
            { short_term: g.short.toJSON(), long_term: g.long.toJSON() },
          ]),
        ),
        ...(tax === undefined ? {} : { estimated_tax: money(tax) }),
      },
    };
  });
  const jurisdiction = options.jurisdiction;
  // `settle` refused a jurisdiction no method allows, so there is at least one candidate.
  const candidates = TIE_ORDER.filter(
    (m) => jurisdiction === undefined || METHODS[m].allowed_in.includes(jurisdiction),
  );
  const byMethod = new Map(results.map((r) => [r.method, r]));
  let best = byMethod.get(candidates[0]!)!;
  for (const method of candidates.slice(1)) {
    const result = byMethod.get(method)!;
    if (result.score.lt(best.score)) best = result;
  }
  return {
    jurisdiction: rules.jurisdiction,
    pooling_rule: rules.poolingRule,
    methods: Object.fromEntries(results.map((r) => [r.method, r.json])) as Record<
      Method,
      (typeof results)[number]['json']
    >,
    recommendation: recommendation(best.method, best.score, options, candidates),
  };
}

/** The summary under lot-based rules (every method side by side). */
export type MethodsSummary = ReturnType<typeof compareMethods>;

function recommendation(
  method: Method,
  score: Decimal,
  options: SummaryOptions,
  candidates: readonly Method[],
) {
  const measure = options.rates ? 'estimated tax' : 'total gain';
  const among =
    options.jurisdiction === undefined
      ? 'of all methods'
      : `of the methods allowed in ${options.jurisdiction} (${candidates.join(', ')})`;
  const reason = `${method} gives the lowest ${measure} (${money(score)} ${options.baseCurrency}) ${among}; ties go to the first of fifo, hifo, lifo, average.`;
  const note =
    method === 'average' && options.jurisdiction === undefined
      ? 'US individuals may not use average cost for crypto; for a US return choose among fifo, lifo and hifo (pass "jurisdiction": "US").'
      : undefined;
  return { method, reason, ...(note === undefined ? {} : { note }) };
}
