import { dayNumber } from './dates.js';
import { cents, type Decimal } from './decimal.js';
import { codeField, decimalField, instantField, type Report } from './fields.js';

/**
 * Form 1099-DA (2025): a broker's report of one sale — 1f proceeds (net of transaction costs), 1g cost
 * basis, box 2 "basis reported to IRS". Gross proceeds are reported for sales from 1 January 2025.
 */
export interface Form1099DaRow {
  /** Place in `form_1099da`. */
  index: number;
  id: string | null;
  /** UTC day number. */
  day: number;
  asset: string;
  units: Decimal;
  /** Cents, rounded half-up. */
  proceeds: bigint;
  /** Cents, rounded half-up; null when the broker gave none. */
  costBasis: bigint | null;
  basisReported: boolean;
}

/** The first UTC day a 1099-DA reports: 2025-01-01 (T.D. 10000). */
export const FIRST_1099DA_DAY = dayNumber(Date.UTC(2025, 0, 1));

export interface Raw1099DaRow {
  id?: string | undefined;
  date: string;
  asset: string;
  units: unknown;
  proceeds: unknown;
  cost_basis?: unknown;
  basis_reported?: boolean | undefined;
}

/** One row's values checked (each problem reported at its field); undefined when one is bad. */
export function read1099DaRow(raw: Raw1099DaRow, index: number, report: Report): Form1099DaRow | undefined {
  const instant = instantField(raw.date, 'date', report);
  // Stryker disable next-line ConditionalExpression: a date that is not one was reported (400): its day is never used
  const day = instant === undefined ? undefined : dayNumber(instant);
  // Stryker disable next-line ConditionalExpression: no day is never before 2025 (undefined < n is false)
  if (day !== undefined && day < FIRST_1099DA_DAY) {
    report('date', 'too_early', 'must be on or after 2025-01-01 (UTC): Form 1099-DA reports sales from 2025');
  }
  const asset = codeField(raw.asset, 'asset', report);
  const units = decimalField(raw.units, 'units', 'positive', report);
  // Stryker disable next-line StringLiteral: decimalField's bound is ≥ 0 unless "positive"
  const proceeds = decimalField(raw.proceeds, 'proceeds', 'non_negative', report);
  const given = raw.cost_basis !== undefined && raw.cost_basis !== null;
  // Stryker disable next-line StringLiteral: as above
  const costBasis = given ? decimalField(raw.cost_basis, 'cost_basis', 'non_negative', report) : null;
  if (raw.basis_reported === true && !given) {
    report(
      'basis_reported',
      'required_cost_basis',
      'is true only with a cost_basis: give the basis the broker reported, or leave basis_reported out',
    );
    return undefined;
  }
  // A row with a reported problem is never used (the request is a 400): this only narrows the types.
  // Stryker disable next-line ConditionalExpression,LogicalOperator,BlockStatement: see above
  if (day === undefined || day < FIRST_1099DA_DAY || asset === undefined || units === undefined)
    return undefined;
  if (proceeds === undefined || costBasis === undefined) return undefined;
  return {
    index,
    id: raw.id ?? null,
    day,
    asset,
    units,
    proceeds: cents(proceeds),
    costBasis: costBasis === null ? null : cents(costBasis),
    basisReported: raw.basis_reported ?? given,
  };
}
