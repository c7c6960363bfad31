import type { Entry } from '../types.js';
import type { UkEvent } from './events.js';

/**
 * Trades valued in the base currency (in time order) as the UK matching's events. A purchase or an
 * income acquires at its value; a sale disposes of its units. A transfer stays in the one pool of its
 * asset (wallets are not pools under GB): only its fee units leave, disposed of at `fee_price`
 * (`disposal`), or removed with their cost left in the pool (`add_to_basis`).
 */
export function ukEvents(entries: readonly Entry[]): UkEvent[] {
  const events: UkEvent[] = [];
  for (const { trade, amountInBase, feeInBase } of entries) {
    const common = { tradeId: trade.id, asset: trade.asset, instant: trade.instant };
    if (trade.type === 'sell') {
      events.push({
        kind: 'disposal',
        ...common,
        amount: trade.amount,
        proceeds: amountInBase,
        fee: feeInBase,
      });
      continue;
    }
    if (trade.type !== 'transfer') {
      events.push({ kind: 'acquisition', ...common, amount: trade.amount, cost: amountInBase });
      continue;
    }
    // Stryker disable next-line ConditionalExpression: a removal of zero units changes nothing
    if (trade.fee.eq(0)) continue;
    const leg = trade.transfer!;
    events.push(
      leg.feeTreatment === 'disposal'
        ? { kind: 'disposal', ...common, amount: trade.fee, proceeds: trade.fee.times(leg.feePrice!) }
        : { kind: 'removal', ...common, amount: trade.fee },
    );
  }
  return events;
}
