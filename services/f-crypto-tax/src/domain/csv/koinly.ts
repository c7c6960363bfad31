import { amountCell, codeCell, instantCell } from './cells.js';
import { type Format, rowId } from './format.js';
import { type Side, tradesOf } from './swap.js';

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
    if (sent === undefined || received === undefined) {
      return {
        skip: `a ${sent ? 'withdrawal' : 'deposit'} (${row.get('label') || 'no label'}), not a trade`,
      };
    }
    if (sent.asset === received.asset) return { skip: 'both sides hold the same currency' };
    const worth = row.get('net worth amount');
    const feeAmount = row.get('fee amount');
    return tradesOf(
      {
        id: rowId(row),
        line: row.line,
        instant,
        sent,
        received,
        value:
          worth === ''
            ? undefined
            : {
                amount: amountCell(worth, row.column('net worth amount')),
                currency: codeCell(
                  row.get('net worth currency') || context.baseCurrency,
                  row.column('net worth currency'),
                ),
              },
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
