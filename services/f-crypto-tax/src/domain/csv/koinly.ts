import { amountCell, codeCell, instantCell } from './cells.js';
import { type Format, rowId } from './format.js';
import { incomeTrade } from './income.js';
import { type Side, tradesOf } from './swap.js';
import type { IncomeKind } from '../types.js';

/** Koinly's labels of incoming rows that are income, and the kind each is. */
const INCOME_LABELS = new Map<string, IncomeKind>([
  ['staking', 'staking'],
  ['reward', 'reward'],
  ['mining', 'mining'],
  ['airdrop', 'airdrop'],
  ['income', 'reward'],
  ['other income', 'reward'],
  ['lending interest', 'interest'],
  ['loan interest', 'interest'],
  ['interest', 'interest'],
  ['salary', 'salary'],
]);

/** Koinly's universal format: one row per transaction, sent and received sides, optional net worth. */
export const koinly: Format = {
  id: 'koinly',
  required: [['date'], ['sent amount'], ['sent currency'], ['received amount'], ['received currency']],
  read(row, context) {
    const side = (prefix: 'sent' | 'received'): Side | undefined => {
      const amount = row.get(`${prefix} amount`);
      const currency = row.get(`${prefix} currency`);
      if (amount === '' && currency === '') return undefined;
      return {
        asset: codeCell(currency, row.column(`${prefix} currency`)),
        amount: amountCell(amount, row.column(`${prefix} amount`), { positive: true }),
      };
    };
    const instant = instantCell(row.get('date'), row.column('date'));
    const sent = side('sent');
    const received = side('received');
    const worth = row.get('net worth amount');
    const value =
      worth === ''
        ? undefined
        : {
            amount: amountCell(worth, row.column('net worth amount')),
            currency: codeCell(
              row.get('net worth currency') || context.baseCurrency,
              row.column('net worth currency'),
            ),
          };
    const label = row.get('label').toLowerCase();
    const kind = INCOME_LABELS.get(label);
    if (sent === undefined && received !== undefined && kind !== undefined) {
      return [incomeTrade({ id: rowId(row), line: row.line, instant, kind, ...received, value }, context)];
    }
    if (sent === undefined || received === undefined) {
      return {
        skip: `a ${sent ? 'withdrawal' : 'deposit'} (${label || 'no label'}): Koinly's CSV names no other wallet, so it is neither a trade nor a transfer we can place`,
      };
    }
    if (sent.asset === received.asset) {
      return { skip: 'both sides hold the same currency: a transfer without its wallets' };
    }
    const feeAmount = row.get('fee amount');
    return tradesOf(
      {
        id: rowId(row),
        line: row.line,
        instant,
        sent,
        received,
        value,
        fee:
          feeAmount === ''
            ? undefined
            : {
                amount: amountCell(feeAmount, row.column('fee amount')),
                asset: codeCell(row.get('fee currency'), row.column('fee currency')),
              },
      },
      context,
    );
  },
};
