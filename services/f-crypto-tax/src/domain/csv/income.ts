import { unprocessable } from '@dus/core';
import { type Decimal, ZERO } from '../decimal.js';
import type { IncomeKind, Trade } from '../types.js';
import type { RowContext } from './format.js';
import { valuationOf } from './valuation.js';

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
  const valued = valuationOf(row.value, [row], context.fxRates);
  if (valued === undefined) {
    throw unprocessable(
      'missing_valuation',
      `line ${row.line} is ${row.kind} income of ${row.asset} without a value: add its value (net worth or subtotal) or fx_rates.${row.asset}`,
      { line: row.line, assets: [row.asset] },
    );
  }
  const { gross, quote } = valued;
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
