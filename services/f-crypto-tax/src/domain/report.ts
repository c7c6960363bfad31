import { isoDay, termOf, yearOf } from './dates.js';
import { cents, type Decimal, money, quantity } from './decimal.js';
import { match, prepare } from './engine.js';
import { incomeOf } from './income.js';
import { METHODS } from './methods.js';
import { calculateUk, type UkReport } from './uk/report.js';
import { groupBy, type RoundedRow, total } from './totals.js';
import { refusedAt, settle } from './rules.js';
import { boxOf, byBoxJson, type Form8949Box } from './boxes.js';
import type { Form1099DaRow } from './form1099da.js';
import { match1099Da, reconciliationJson, salesOf } from './reconcile.js';
import type { DisposalRow, Entry, Method, Options, Rules, Trade, Warning } from './types.js';

export interface Disposal extends RoundedRow {
  row: DisposalRow;
}

/** Rounds each row to cents (proceeds, cost) and classifies its term. */
function rounded(row: DisposalRow): Disposal {
  const proceeds = cents(row.proceeds);
  const costBasis = cents(row.costBasis);
  return {
    row,
    year: yearOf(row.soldDay),
    asset: row.asset,
    term: termOf(row.acquiredDay, row.soldDay),
    proceeds,
    costBasis,
    gain: proceeds - costBasis,
  };
}

export interface Computed {
  rules: Rules;
  /** A sale's fee in the base currency, by its place in processing order (0 for a transfer). */
  feeOf: (sale: number) => Decimal;
  income: ReturnType<typeof incomeOf>;
  method: Method;
  entries: number;
  disposals: Disposal[];
  holdings: ReturnType<typeof match>['holdings'];
  warnings: Warning[];
}

/** Matches and rounds; keeps only the disposals of `options.year` when one is given. */
export function compute(
  entries: readonly Entry[],
  rules: Rules,
  options: Options,
  // Stryker disable next-line LogicalOperator: a history's last trade already switched its pools when it reached 2025
  endDay = entries.at(-1)?.day ?? Number.NEGATIVE_INFINITY,
): Computed {
  const { method } = rules;
  const matched = match(entries, { method, pooling: rules.poolingRule.pooling, endDay }, options);
  const all = matched.rows.map(rounded);
  const disposals = options.year === undefined ? all : all.filter((d) => d.year === options.year);
  // The US warning on average cost is moot once a jurisdiction that allows it is named.
  const methodWarning = rules.jurisdiction === null ? METHODS[method].warning : undefined;
  return {
    rules,
    feeOf: (sale) => entries[sale]!.feeInBase,
    income: incomeOf(entries, options.year),
    method,
    entries: entries.length,
    disposals,
    holdings: matched.holdings,
    warnings: methodWarning ? [methodWarning, ...matched.warnings] : matched.warnings,
  };
}

function disposalJson({ row, term, proceeds, costBasis, gain, box }: Disposal & { box: Form8949Box }) {
  const cost = money(costBasis);
  return {
    trade_id: row.tradeId,
    asset: row.asset,
    amount: quantity(row.amount),
    date_acquired: isoDay(row.acquiredDay),
    date_sold: isoDay(row.soldDay),
    holding_days: row.soldDay - row.acquiredDay,
    term,
    form_8949_box: box,
    proceeds: money(proceeds),
    cost_basis: cost,
    gain: money(gain),
    lots:
      row.lotTradeId === undefined ? [] : [{ trade_id: row.lotTradeId, amount: quantity(row.amount), cost }],
  };
}

/** The JSON report of calculate and csv. */
export function reportJson(computed: Computed, options: Options) {
  const form = options.form1099da;
  const matching =
    form === undefined ? undefined : match1099Da(form, salesOf(computed.disposals, computed.feeOf));
  const rowOfSale = new Map<number, Form1099DaRow>();
  for (const { sale, row } of matching?.matchOf.values() ?? []) rowOfSale.set(sale.seq, row);
  const disposals = computed.disposals.map((d) => ({
    ...d,
    box: boxOf(d.year, d.term, rowOfSale.get(d.row.sale)),
  }));
  const sum = total(disposals);
  const json = sum.toJSON();
  return {
    method: computed.method,
    base_currency: options.baseCurrency,
    jurisdiction: computed.rules.jurisdiction,
    pooling_rule: computed.rules.poolingRule,
    trades_processed: computed.entries,
    disposals: disposals.map(disposalJson),
    summary: {
      proceeds: json.proceeds,
      cost_basis: json.cost_basis,
      gain: json.gain,
      short_term: json.short_term,
      long_term: json.long_term,
      income: computed.income,
      by_asset: Object.fromEntries([...groupBy(disposals, (d) => d.asset)].map(([k, g]) => [k, g.toJSON()])),
      by_year: Object.fromEntries(
        [...groupBy(disposals, (d) => String(d.year))].map(([k, g]) => [k, g.toJSON()]),
      ),
      by_box: byBoxJson(disposals),
    },
    holdings: computed.holdings.map((h) => ({
      asset: h.asset,
      wallet: h.wallet,
      amount: quantity(h.amount),
      cost_basis: money(h.cost),
      lots: h.lots,
    })),
    warnings: computed.warnings,
    ...(matching === undefined ? {} : { reconciliation: reconciliationJson(form!, matching) }),
  };
}

export type Report = ReturnType<typeof reportJson>;

/** Gains report of a trade history by one method (the jurisdiction's default when none is asked for). */
export function calculate(
  trades: readonly Trade[],
  method: Method | undefined,
  options: Options,
): Report | UkReport {
  const rules = settle(method, options);
  if (rules.jurisdiction === 'GB') {
    if (options.form1099da !== undefined) {
      throw refusedAt(
        '/form_1099da',
        'unsupported_option_for_jurisdiction',
        'Form 1099-DA is a US form: a GB report takes no form_1099da',
        { jurisdiction: 'GB' },
      );
    }
    return calculateUk(trades, rules, options);
  }
  return reportJson(compute(prepare(trades, options), rules, options), options);
}
