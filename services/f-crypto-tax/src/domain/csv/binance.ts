import { amountCell, CellError, codeCell, instantCell } from './cells.js';
import { type Format, rowId } from './format.js';
import { type Side, tradesOf } from './swap.js';

const QUOTES = [
  'FDUSD',
  'USDT',
  'USDC',
  'BUSD',
  'TUSD',
  'BTC',
  'ETH',
  'BNB',
  'EUR',
  'USD',
  'GBP',
  'TRY',
  'BRL',
  'AUD',
  'JPY',
  'DAI',
];

/** `0.50000000BTC` → 0.5 of BTC (the suffix may be missing: then the pair tells). */
function suffixed(text: string, column: string, fallback: string | undefined): Side {
  const match = /^([\d.,]+)\s*([A-Za-z][A-Za-z0-9]*)?$/.exec(text);
  const asset = match?.[2] ?? fallback;
  if (match === null || asset === undefined) {
    throw new CellError(
      column,
      'invalid_amount',
      `must be an amount with its asset such as "0.5BTC"; got "${text.slice(0, 40)}"`,
    );
  }
  return { amount: amountCell(match[1]!, column), asset: codeCell(asset, column) };
}

function splitPair(pair: string): [string, string] | [undefined, undefined] {
  const text = pair.toUpperCase();
  const quote = QUOTES.find((q) => text.length > q.length && text.endsWith(q));
  // Stryker disable next-line ArrayDeclaration: [] destructures to the same two undefineds
  return quote ? [text.slice(0, -quote.length), quote] : [undefined, undefined];
}

/** Binance's spot trade history: Executed in the base asset, Amount in the quote, Fee in its own asset. */
export const binance: Format = {
  id: 'binance',
  required: [
    ['date(utc)', 'date'],
    ['pair', 'market'],
    ['side', 'type'],
    ['price'],
    ['executed'],
    ['amount'],
    ['fee'],
  ],
  read(row, context) {
    const [base, quote] = splitPair(row.get('pair', 'market'));
    const kind = row.get('side', 'type').toLowerCase();
    if (kind !== 'buy' && kind !== 'sell')
      throw new CellError(row.column('side', 'type'), 'invalid_enum', 'must be "BUY" or "SELL"');
    const executed = suffixed(row.get('executed'), row.column('executed'), base);
    const amount = suffixed(row.get('amount'), row.column('amount'), quote);
    if (executed.amount.lte(0))
      throw new CellError(row.column('executed'), 'too_small', 'must be greater than 0');
    const feeText = row.get('fee');
    const fee = feeText === '' ? undefined : suffixed(feeText, row.column('fee'), quote);
    return tradesOf(
      {
        id: rowId(row),
        line: row.line,
        instant: instantCell(row.get('date(utc)', 'date'), row.column('date(utc)', 'date')),
        sent: kind === 'buy' ? amount : executed,
        received: kind === 'buy' ? executed : amount,
        fee: fee && { amount: fee.amount, asset: fee.asset },
      },
      context,
    );
  },
};
