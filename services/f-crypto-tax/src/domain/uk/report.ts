import { money, quantity } from '../decimal.js';
import { prepare } from '../engine.js';
import { incomeOf } from '../income.js';
import { refusedAt } from '../rules.js';
import { FEE_SOLD, transferFeeWarning } from '../transfer-warning.js';
import type { Options, Rules, Trade, Warning } from '../types.js';
import { taxYearOf, ukDay } from './days.js';
import { ukEvents } from './from-entries.js';
import { matchUk } from './matching.js';
import { roundUk, ukDisposalJson } from './rows.js';
import { ukSummaryJson } from './totals.js';

/**
 * The whole history matched by the UK rules (matching always reads every trade); the rounded
 * disposals shown are those of the tax year `year` when one is given.
 */
export function computeUk(trades: readonly Trade[], options: Options) {
  const entries = prepare(trades, options);
  const matched = matchUk(ukEvents(entries), options.insufficientHoldings);
  const all = matched.disposals.map(roundUk);
  const year = options.year;
  return {
    entries: entries.length,
    disposals: year === undefined ? all : all.filter((d) => d.taxYear === year),
    income: incomeOf(entries, year, (entry) => taxYearOf(ukDay(entry.trade.instant))),
    matched,
  };
}

/** The gains report of calculate and csv under `jurisdiction: "GB"`; `year` is a tax year (6 April). */
export function calculateUk(trades: readonly Trade[], rules: Rules, options: Options) {
  const { entries, disposals: shown, income, matched } = computeUk(trades, options);
  return {
    method: rules.method,
    base_currency: options.baseCurrency,
    jurisdiction: rules.jurisdiction,
    pooling_rule: rules.poolingRule,
    trades_processed: entries,
    disposals: shown.map(ukDisposalJson),
    summary: { ...ukSummaryJson(shown), income },
    holdings: matched.pools
      .filter((pool) => pool.amount.gt(0))
      .map((pool) => ({
        asset: pool.asset,
        wallet: null,
        amount: quantity(pool.amount),
        cost_basis: money(pool.cost),
        lots: 0,
      })),
    warnings: [...feeWarnings(trades), ...matched.warnings],
  };
}

/** Transfers whose fee exceeds the amount moved (under GB only the fee units leave the pool). */
function feeWarnings(trades: readonly Trade[]): Warning[] {
  const warnings: Warning[] = [];
  for (const trade of trades) {
    if (trade.type !== 'transfer') continue;
    const warning = transferFeeWarning(
      trade,
      trade.transfer!.feeTreatment === 'add_to_basis'
        ? 'the fee units leave the pool and their cost stays with the units held'
        : FEE_SOLD,
    );
    if (warning !== undefined) warnings.push(warning);
  }
  return warnings;
}

export type UkReport = ReturnType<typeof calculateUk>;

const ONLY_METHOD =
  'GB: the same-day and 30-day rules, then the section 104 pool at average cost, are the only way to match (HMRC CRYPTO22200)';

/** The summary under GB: one method (average, the section 104 pool), totals per tax year. */
export function summarizeUk(trades: readonly Trade[], rules: Rules, options: Options & { rates: unknown }) {
  if (options.rates !== undefined) {
    throw refusedAt(
      '/short_term_rate',
      'unsupported_option_for_jurisdiction',
      'GB gains have no short and long terms: leave out short_term_rate and long_term_rate',
      { jurisdiction: rules.jurisdiction },
    );
  }
  const { disposals } = computeUk(trades, options);
  const { by_asset: _byAsset, ...totals } = ukSummaryJson(disposals);
  return {
    jurisdiction: rules.jurisdiction,
    pooling_rule: rules.poolingRule,
    methods: { average: totals },
    recommendation: { method: 'average' as const, reason: `${ONLY_METHOD}.` },
  };
}
