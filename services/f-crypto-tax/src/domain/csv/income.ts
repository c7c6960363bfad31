import { unprocessable } from '@dus/core';
import { type Decimal, ZERO } from '../decimal.js';
import type { IncomeKind, Trade } from '../types.js';
import type { RowContext } from './format.js';

export interface IncomeRow {
  id: string;
  line: number;
  instant: number;
  kind: IncomeKind;
  asset: string;
  amount: Decimal;
  /** The row's own value of what was received (an exchange's subtotal or net worth), if it has one. */
  value: { amount: Decimal; currency: string } | undefined;
}

/**
 * An exchange's income row (staking, rewards, interest …) as an income trade: valued by the row's own
 * value, else by `fx_rates` of the asset; neither → 422 `missing_valuation` (never a silent zero basis).
 */
export function incomeTrade(row: IncomeRow, context: RowContext): Trade {
  const [gross, quote] = row.value
    ? [row.value.amount, row.value.currency]
    : context.fxRates.has(row.asset)
      ? [row.amount, row.asset]
      : // Stryker disable next-line ArrayDeclaration: [] destructures to the same two undefineds
        [undefined, undefined];
  // Stryker disable next-line ConditionalExpression,LogicalOperator: gross and quote are defined together or not at all
  if (gross === undefined || quote === undefined) {
    throw unprocessable(
      'missing_valuation',
      `line ${row.line} is ${row.kind} income of ${row.asset} without a value: add its value (net worth or subtotal) or fx_rates.${row.asset}`,
      { line: row.line, assets: [row.asset] },
    );
  }
  return {
    id: row.id,
    type: 'income',
    incomeKind: row.kind,
    asset: row.asset,
    amount: row.amount,
    gross,
    quote,
    fxRate: undefined,
    fee: ZERO,
    feeAsset: quote,
    feeFxRate: undefined,
    instant: row.instant,
    wallet: null,
  };
}
