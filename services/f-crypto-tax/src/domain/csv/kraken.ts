import { amountCell, CellError, instantCell, isCode } from './cells.js';
import { type Format, rowId } from './format.js';
import { tradesOf } from './swap.js';

/** Kraken's own names for assets: the X/Z-prefixed classic codes, XBT and XDG. */
const CLASSIC = /^[XZ](XBT|XDG|ETH|ETC|LTC|XRP|XLM|XMR|ZEC|REP|MLN|USD|EUR|GBP|CAD|JPY|CHF|AUD)$/;
const RENAMED: Record<string, string> = { XBT: 'BTC', XDG: 'DOGE' };

export function krakenAsset(code: string): string {
  const plain = CLASSIC.exec(code)?.[1] ?? code;
  return RENAMED[plain] ?? plain;
}

/** Quote codes a pair without a separator can end with, longest first. */
const QUOTES = [
  'ZUSD',
  'ZEUR',
  'ZGBP',
  'ZCAD',
  'ZJPY',
  'ZCHF',
  'ZAUD',
  'XXBT',
  'XETH',
  'USDT',
  'USDC',
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'JPY',
  'CHF',
  'AUD',
  'XBT',
  'ETH',
  'DAI',
];

/** `XXBTZUSD`, `XBTUSD`, `ETHXBT` or `XBT/USD` → [base, quote] in common codes; both must be codes. */
export function krakenPair(pair: string, column: string): [string, string] {
  const text = pair.toUpperCase();
  const slash = text.split('/');
  const split: [string, string] | undefined =
    slash.length === 2 ? [slash[0]!, slash[1]!] : splitAtQuote(text);
  if (split !== undefined && isCode(split[0]) && isCode(split[1])) {
    return [krakenAsset(split[0]), krakenAsset(split[1])];
  }
  throw new CellError(
    column,
    'invalid_pair',
    `is not a Kraken pair such as "XXBTZUSD" or "XBT/USD"; got "${pair.slice(0, 40)}"`,
  );
}

function splitAtQuote(text: string): [string, string] | undefined {
  const quote = QUOTES.find((q) => text.length > q.length && text.endsWith(q));
  return quote === undefined ? undefined : [text.slice(0, -quote.length), quote];
}

/** Kraken's trades export: pair, time, buy/sell, vol (base), cost and fee (quote). */
export const kraken: Format = {
  id: 'kraken',
  required: [['txid'], ['pair'], ['time'], ['type'], ['price'], ['cost'], ['fee'], ['vol']],
  read(row, context) {
    const [base, quote] = krakenPair(row.get('pair'), row.column('pair'));
    const kind = row.get('type').toLowerCase();
    if (kind !== 'buy' && kind !== 'sell')
      throw new CellError(row.column('type'), 'invalid_enum', 'must be "buy" or "sell"');
    const volume = { asset: base, amount: amountCell(row.get('vol'), row.column('vol'), { positive: true }) };
    const cost = { asset: quote, amount: amountCell(row.get('cost'), row.column('cost')) };
    const fee = amountCell(row.get('fee') || '0', row.column('fee'));
    return tradesOf(
      {
        id: rowId(row),
        line: row.line,
        instant: instantCell(row.get('time'), row.column('time')),
        sent: kind === 'buy' ? cost : volume,
        received: kind === 'buy' ? volume : cost,
        fee: { amount: fee, asset: quote },
      },
      context,
    );
  },
};
