import { unprocessable } from '@dus/core';
import { type Decimal, divide, ZERO } from '../decimal.js';
import { isFiat } from '../fiat.js';
import type { Trade } from '../types.js';
import type { RowContext } from './format.js';
import { valuationOf } from './valuation.js';

export interface Side {
  asset: string;
  amount: Decimal;
}

export interface SwapRow {
  id: string;
  line: number;
  instant: number;
  sent: Side;
  received: Side;
  /** The row's own valuation (a net-worth column), if it has one. */
  value?: { amount: Decimal; currency: string } | undefined;
  fee?: { amount: Decimal; asset: string } | undefined;
}

function trade(row: SwapRow, type: 'buy' | 'sell', side: Side, gross: Decimal, quote: string): Trade {
  return {
    id: row.id,
    type,
    asset: side.asset,
    amount: side.amount,
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

/**
 * A row with one fiat side is a buy (fiat sent) or a sell (fiat received) of the other side, valued by
 * its fiat amount. A crypto-to-crypto row is a sell of the sent asset then a buy of the received one,
 * both valued by the row's net worth, else by `fx_rates` of the received, else of the sent asset; none
 * → 422 `missing_valuation`. A fee paid in either side of a swap is valued at the swap's own ratio; it
 * lowers the sale's proceeds.
 */
export function tradesOf(row: SwapRow, context: RowContext): Trade[] {
  const { sent, received } = row;
  let trades: Trade[];
  if (isFiat(sent.asset)) {
    trades = [trade(row, 'buy', received, sent.amount, sent.asset)];
  } else if (isFiat(received.asset)) {
    trades = [trade(row, 'sell', sent, received.amount, received.asset)];
  } else {
    const valued = valuationOf(row.value, [received, sent], context.fxRates);
    if (valued === undefined) {
      throw unprocessable(
        'missing_valuation',
        `line ${row.line} swaps ${sent.asset} for ${received.asset} without a value in the base currency: add a net-worth column or fx_rates.${received.asset}`,
        { line: row.line, assets: [sent.asset, received.asset] },
      );
    }
    const { gross, quote } = valued;
    trades = [trade(row, 'sell', sent, gross, quote), trade(row, 'buy', received, gross, quote)];
  }
  const fee = row.fee;
  if (fee?.amount.gt(0)) {
    const target = trades[0]!;
    if (trades.length === 2 && (fee.asset === sent.asset || fee.asset === received.asset)) {
      const paidIn = fee.asset === sent.asset ? sent : received;
      target.fee = divide(fee.amount.times(target.gross), paidIn.amount);
      target.feeAsset = target.quote;
    } else {
      target.fee = fee.amount;
      target.feeAsset = fee.asset;
    }
  }
  return trades;
}
