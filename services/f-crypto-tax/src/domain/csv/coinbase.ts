import { type Decimal, ZERO } from '../decimal.js';
import { amountCell, codeCell, instantCell } from './cells.js';
import { type Format, rowId } from './format.js';
import { incomeTrade } from './income.js';
import { tradesOf } from './swap.js';
import type { IncomeKind } from '../types.js';

const BUYS = new Set(['buy', 'advanced trade buy']);
const SELLS = new Set(['sell', 'advanced trade sell']);
/** Coinbase's income transaction types and the kind each is. */
const INCOME = new Map<string, IncomeKind>([
  ['staking income', 'staking'],
  ['inflation reward', 'staking'],
  ['rewards income', 'reward'],
  ['coinbase earn', 'reward'],
  ['learning reward', 'reward'],
  ['interest', 'interest'],
]);

/**
 * Coinbase's transaction history (with its preamble): Buy, Sell and Advanced Trade rows; the value
 * is the Subtotal (quantity × price when empty) and the fee is "Fees and/or Spread", both in the
 * price currency. Other rows (Send, Receive, Convert, rewards) are skipped.
 */
export const coinbase: Format = {
  id: 'coinbase',
  required: [
    ['timestamp'],
    ['transaction type'],
    ['asset'],
    ['quantity transacted'],
    ['price currency', 'spot price currency'],
    ['price at transaction', 'spot price at transaction'],
  ],
  read(row, context) {
    const kind = row.get('transaction type').toLowerCase();
    const buy = BUYS.has(kind);
    const income = INCOME.get(kind);
    if (!buy && !SELLS.has(kind) && income === undefined)
      return {
        skip: `a "${row.get('transaction type')}" row: not a buy, a sale or income (a Send or Receive names no wallet of yours)`,
      };
    const instant = instantCell(row.get('timestamp'), row.column('timestamp'));
    const asset = codeCell(row.get('asset'), row.column('asset'));
    const currency = codeCell(
      row.get('price currency', 'spot price currency'),
      row.column('price currency', 'spot price currency'),
    );
    const amount = amountCell(row.get('quantity transacted'), row.column('quantity transacted'), {
      signed: true,
      positive: true,
    });
    const subtotal = row.get('subtotal');
    const gross: Decimal =
      subtotal === ''
        ? amount.times(
            amountCell(
              row.get('price at transaction', 'spot price at transaction'),
              row.column('price at transaction', 'spot price at transaction'),
              { signed: true },
            ),
          )
        : amountCell(subtotal, row.column('subtotal'), { signed: true });
    if (income !== undefined) {
      const value = { amount: gross, currency };
      return [
        incomeTrade({ id: rowId(row), line: row.line, instant, kind: income, asset, amount, value }, context),
      ];
    }
    const feeText = row.get('fees and/or spread');
    const fee =
      feeText === '' ? ZERO : amountCell(feeText, row.column('fees and/or spread'), { signed: true });
    const fiat = { asset: currency, amount: gross };
    const crypto = { asset, amount };
    return tradesOf(
      {
        id: rowId(row),
        line: row.line,
        instant,
        sent: buy ? fiat : crypto,
        received: buy ? crypto : fiat,
        fee: { amount: fee, asset: currency },
      },
      context,
    );
  },
};
