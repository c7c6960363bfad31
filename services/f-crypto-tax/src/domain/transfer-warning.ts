import { quantity } from './decimal.js';
import type { Trade, Warning } from './types.js';

/**
 * A transfer whose fee is paid in more units than it moves (9 BTC to move 0.000001) is most likely a
 * mistake in the data: `consequence` says what the engine did with the fee units (issue #43).
 */
export function transferFeeWarning(trade: Trade, consequence: string): Warning | undefined {
  if (!trade.fee.gt(trade.amount)) return undefined;
  return {
    code: 'transfer_fee_exceeds_amount',
    message: `transfer ${trade.id} moves ${quantity(trade.amount)} ${trade.asset} with a fee of ${quantity(trade.fee)} ${trade.asset}, more than it moves: ${consequence}; check the fee`,
    trade_id: trade.id,
    asset: trade.asset,
  };
}

/** What a transfer's fee units become, for the warning, when they are sold at `fee_price`. */
export const FEE_SOLD = 'the fee units are sold at fee_price';
