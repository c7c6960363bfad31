import { isoDay, yearOf } from './dates.js';
import { type Decimal, Dec, fromCents, money, quantity, ZERO } from './decimal.js';
import type { Form1099DaRow } from './form1099da.js';
import type { DisposalRow } from './types.js';

/** A disposal row in cents, as the report has it. */
export interface SaleRow {
  row: DisposalRow;
  proceeds: bigint;
  costBasis: bigint;
}

/** A trade with rows in the answer (a sell, or a transfer whose fee units were sold). */
export interface Sale {
  seq: number;
  tradeId: string;
  asset: string;
  units: Decimal;
  day: number;
  proceeds: bigint;
  cost: bigint;
  /** Its rows. */
  n: number;
  /** The sale's fee in the base currency (0 for a transfer: the broker shows proceeds before it). */
  fee: Decimal;
  /** A lot of the sale was moved by a transfer. */
  transferredIn: boolean;
}

/** The sales of the answer's rows, in sale order (the rows of one sale are consecutive). */
export function salesOf(rows: readonly SaleRow[], feeOf: (seq: number) => Decimal): Sale[] {
  const sales: Sale[] = [];
  let sale: Sale | undefined;
  for (const { row, proceeds, costBasis } of rows) {
    if (sale?.seq !== row.sale) {
      sale = {
        seq: row.sale,
        tradeId: row.tradeId,
        asset: row.asset,
        units: ZERO,
        day: row.soldDay,
        proceeds: 0n,
        cost: 0n,
        n: 0,
        fee: feeOf(row.sale),
        transferredIn: false,
      };
      sales.push(sale);
    }
    sale.units = sale.units.plus(row.amount);
    sale.proceeds += proceeds;
    sale.cost += costBasis;
    sale.n++;
    sale.transferredIn ||= row.transferredIn;
  }
  return sales;
}

export type MatchedBy = 'id' | 'day_units';

export interface Match {
  row: Form1099DaRow;
  sale: Sale;
  by: MatchedBy;
}

/** Sales under one key, taken first come first served; a sale taken under another key is skipped. */
class Queues {
  private readonly queues = new Map<string, { sales: Sale[]; next: number }>();
  constructor(
    sales: readonly Sale[],
    key: (sale: Sale) => string,
    private readonly used: Set<number>,
  ) {
    for (const sale of sales) {
      const name = key(sale);
      const queue = this.queues.get(name);
      if (queue === undefined) this.queues.set(name, { sales: [sale], next: 0 });
      else queue.sales.push(sale);
    }
  }

  take(name: string): Sale | undefined {
    const queue = this.queues.get(name);
    if (queue === undefined) return undefined;
    while (queue.next < queue.sales.length) {
      const sale = queue.sales[queue.next++]!;
      if (!this.used.has(sale.seq)) {
        this.used.add(sale.seq);
        return sale;
      }
    }
    return undefined;
  }
}

const SEP = '\u0000';

/**
 * Each 1099-DA row and each sale in scope (a UTC year of some row) matched at most once: (1) in row
 * order, a row with an `id` takes the first sale left with that `trade_id`, asset and units; (2) then, in
 * row order, each row left takes the first sale left with its asset, UTC day and units (exact decimals).
 */
export function match1099Da(rows: readonly Form1099DaRow[], sales: readonly Sale[]) {
  const years = new Set(rows.map((row) => yearOf(row.day)));
  const inScope = sales.filter((sale) => years.has(yearOf(sale.day)));
  const used = new Set<number>();
  const byId = new Queues(inScope, (s) => [s.tradeId, s.asset, quantity(s.units)].join(SEP), used);
  const byDay = new Queues(inScope, (s) => [s.asset, s.day, quantity(s.units)].join(SEP), used);
  const matchOf = new Map<number, Match>();
  for (const row of rows) {
    if (row.id === null) continue;
    const sale = byId.take([row.id, row.asset, quantity(row.units)].join(SEP));
    if (sale !== undefined) matchOf.set(row.index, { row, sale, by: 'id' });
  }
  for (const row of rows) {
    if (matchOf.has(row.index)) continue;
    const sale = byDay.take([row.asset, row.day, quantity(row.units)].join(SEP));
    if (sale !== undefined) matchOf.set(row.index, { row, sale, by: 'day_units' });
  }
  return { inScope, matchOf, used };
}

export type Matching = ReturnType<typeof match1099Da>;

/** |d| ≤ 0.01 · n: the difference one cent of rounding per row explains. */
const withinRounding = (difference: Decimal, n: number) => difference.abs().lte(new Dec(n).div(100));

function proceedsReason(difference: bigint, sale: Sale) {
  if (difference === 0n) return null;
  const d = fromCents(difference);
  if (withinRounding(d, sale.n)) return 'rounding';
  // Stryker disable next-line EqualityOperator: with a zero fee, |d − 0| ≤ 0.01·n was already `rounding`
  if (sale.fee.gt(0) && withinRounding(d.minus(sale.fee), sale.n)) return 'fee_treatment';
  return 'unexplained';
}

function costReason(difference: bigint, sale: Sale) {
  if (difference === 0n) return null;
  if (withinRounding(fromCents(difference), sale.n)) return 'rounding';
  if (sale.transferredIn) return 'transferred_in';
  return 'unexplained';
}

/** Cost basis reported against computed: none given → `basis_not_reported`, difference null. */
function costBasisDifference(reported: bigint | null, sale: Sale) {
  if (reported === null) {
    return { reported: null, computed: money(sale.cost), difference: null, reason: 'basis_not_reported' };
  }
  const d = reported - sale.cost;
  return {
    reported: money(reported),
    computed: money(sale.cost),
    difference: money(d),
    reason: costReason(d, sale),
  };
}

/** The `reconciliation` of a report: matches with their differences and reasons, what is left, totals. */
export function reconciliationJson(rows: readonly Form1099DaRow[], matching: Matching) {
  const { inScope, matchOf, used } = matching;
  const matched = [];
  const unmatchedRows = [];
  let reported = 0n;
  let matchedDifference = 0n;
  let unmatchedRowsTotal = 0n;
  const basis = { reported: 0n, computed: 0n };
  for (const row of rows) {
    reported += row.proceeds;
    const found = matchOf.get(row.index);
    if (found === undefined) {
      unmatchedRowsTotal += row.proceeds;
      unmatchedRows.push({
        row: row.index,
        id: row.id,
        asset: row.asset,
        date: isoDay(row.day),
        units: quantity(row.units),
        proceeds: money(row.proceeds),
      });
      continue;
    }
    const { sale } = found;
    const d = row.proceeds - sale.proceeds;
    matchedDifference += d;
    const costBasis = costBasisDifference(row.costBasis, sale);
    if (row.costBasis !== null) {
      basis.reported += row.costBasis;
      basis.computed += sale.cost;
    }
    matched.push({
      row: row.index,
      id: row.id,
      trade_id: sale.tradeId,
      matched_by: found.by,
      proceeds: {
        reported: money(row.proceeds),
        computed: money(sale.proceeds),
        difference: money(d),
        reason: proceedsReason(d, sale),
      },
      cost_basis: costBasis,
    });
  }
  const unmatchedSales = inScope.filter((sale) => !used.has(sale.seq));
  const unmatchedSalesTotal = unmatchedSales.reduce((total, sale) => total + sale.proceeds, 0n);
  const computed = inScope.reduce((total, sale) => total + sale.proceeds, 0n);
  return {
    matched,
    unmatched_rows: unmatchedRows,
    unmatched_disposals: unmatchedSales.map((sale) => ({
      trade_id: sale.tradeId,
      asset: sale.asset,
      date_sold: isoDay(sale.day),
      amount: quantity(sale.units),
      proceeds: money(sale.proceeds),
    })),
    totals: {
      proceeds: {
        reported: money(reported),
        computed: money(computed),
        difference: money(reported - computed),
        matched_difference: money(matchedDifference),
        unmatched_rows: money(unmatchedRowsTotal),
        unmatched_disposals: money(unmatchedSalesTotal),
      },
      cost_basis: {
        reported: money(basis.reported),
        computed: money(basis.computed),
        difference: money(basis.reported - basis.computed),
      },
    },
  };
}

export type Reconciliation = ReturnType<typeof reconciliationJson>;
