import { unprocessable } from '@dus/core';
import { type Decimal, divide, ONE, ZERO } from './decimal.js';
import type { Options, Trade } from './types.js';

function missingRate(trade: Trade, currency: string, field: string) {
  return unprocessable(
    'missing_fx_rate',
    `trade ${trade.id} needs the value of ${currency} in the base currency: give "${field}" on the trade or fx_rates.${currency}`,
    { trade_id: trade.id, currency },
  );
}

/** Base-currency units per unit of the trade's quote currency. */
function quoteRate(trade: Trade, options: Options): Decimal {
  if (trade.quote === options.baseCurrency) return ONE;
  const rate = trade.fxRate ?? options.fxRates.get(trade.quote);
  if (rate === undefined) throw missingRate(trade, trade.quote, 'fx_rate');
  return rate;
}

/** The fee in the base currency: by what it was paid in (base, quote, the traded asset or another). */
function feeInBase(trade: Trade, options: Options, rate: Decimal): Decimal {
  const { fee, feeAsset } = trade;
  if (fee.eq(0) || feeAsset === options.baseCurrency) return fee;
  if (feeAsset === trade.quote) return fee.times(rate);
  if (feeAsset === trade.asset) return divide(fee.times(trade.gross).times(rate), trade.amount);
  const feeRate = trade.feeFxRate ?? options.fxRates.get(feeAsset);
  if (feeRate === undefined) throw missingRate(trade, feeAsset, 'fee_fx_rate');
  return fee.times(feeRate);
}

/**
 * A buy's lot cost (value + fee), a sale's proceeds (value − fee) or an income's value, exact, in the
 * base currency, with the fee in the base currency; a transfer is not valued (0, 0).
 */
export function valueInBase(trade: Trade, options: Options): { amount: Decimal; fee: Decimal } {
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral,BlockStatement: a transfer's value is never read (its lots keep their cost); 0 says so
  if (trade.type === 'transfer') return { amount: ZERO, fee: ZERO };
  const rate = quoteRate(trade, options);
  const value = trade.gross.times(rate);
  const fee = feeInBase(trade, options, rate);
  return { amount: trade.type === 'buy' ? value.plus(fee) : value.minus(fee), fee };
}
