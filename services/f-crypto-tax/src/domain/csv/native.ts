import { readTrade } from '../trade-record.js';
import { type Format, rowId } from './format.js';

/** `type,asset,amount,price,date[,fee,fee_asset,quote,fx_rate,fee_fx_rate,wallet,id]`, older names accepted. */
export const native: Format = {
  id: 'native',
  required: [
    ['type', 'side'],
    ['asset', 'currency'],
    ['amount', 'quantity'],
    ['price', 'price_per_unit'],
    ['date'],
  ],
  read(row, context) {
    const record: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row.record()))
      if (value.trim() !== '') record[key] = value.trim();
    const trade = readTrade(record, rowId(row), context.baseCurrency, context.report);
    return trade === undefined ? [] : [trade];
  },
};
