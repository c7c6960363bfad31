// Cell by cell: what each exchange format reads from tiny CSV texts (symbols, signs, separators, asset
// suffixes, pairs, header aliases, empty cells) and which error names which cell when a cell is bad.
import { describe, expect, it } from 'vitest';
import { amountCell, CellError, codeCell, instantCell } from '../../src/domain/csv/cells.js';
import type { NamedRow, RowContext } from '../../src/domain/csv/format.js';
import { native } from '../../src/domain/csv/native.js';
import { Dec, parseCsv, type Trade } from '../../src/domain/index.js';
import { csvInput } from '../../src/schemas.js';
import { problemOf } from './helpers.js';

const HINT = 'a decimal string such as "0.5" (digits and at most one point; no sign, exponent or separators)';
const DATE_HINT = 'must be a date such as "2025-01-15 10:00:00" (UTC) from the years 1900–9999';
const LONG = 'x'.repeat(45);
const FORTY = 'x'.repeat(40);

function parse(csv: string, fxRates: Record<string, string> = {}) {
  const input = csvInput.parse({ csv, fx_rates: fxRates });
  return parseCsv(input.csv, input.format, input.options.baseCurrency, input.options.fxRates);
}

/** A trade as plain text: decimals as strings, the instant as ISO. */
function plain(t: Trade) {
  return {
    id: t.id,
    type: t.type,
    asset: t.asset,
    amount: t.amount.toString(),
    gross: t.gross.toString(),
    quote: t.quote,
    fee: t.fee.toString(),
    feeAsset: t.feeAsset,
    instant: new Date(t.instant).toISOString(),
  };
}

const tradesOf = (csv: string, fxRates: Record<string, string> = {}) => parse(csv, fxRates).trades.map(plain);

/** The `errors` of the 400 a CSV text gets. */
function errorsOf(csv: string, fxRates: Record<string, string> = {}) {
  const problem = problemOf(() => parse(csv, fxRates));
  expect(problem).toMatchObject({ status: 400, code: 'validation_failed' });
  return problem.errors;
}

/** One expected entry of `errors`: `path` is written out (a `/` in a column is `~1`). */
const cell = (path: string, code: string, message: string) => {
  const [, line, column] = /^\/csv\/(\d+)\/(.*)$/.exec(path)!;
  return { path, code, message, line: Number(line), column: column!.replace(/~1/g, '/') };
};

/** A cell helper's refusal as plain data. */
function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof CellError) return { column: error.column, code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a CellError');
}

describe('cells', () => {
  it('amountCell drops leading currency symbols, spaces and thousands separators', () => {
    expect(amountCell('$1,234.50', 'c').toString()).toBe('1234.5');
    expect(amountCell(' € 1 000 ', 'c').toString()).toBe('1000');
    expect(amountCell('£5', 'c').toString()).toBe('5');
    expect(amountCell('¥0.25', 'c').toString()).toBe('0.25');
    expect(amountCell('0', 'c').toString()).toBe('0');
  });

  it('a signed cell gives the magnitude of a minus or of parentheses', () => {
    expect(amountCell('-5', 'c', { signed: true }).toString()).toBe('5');
    expect(amountCell('(1,234.50)', 'c', { signed: true }).toString()).toBe('1234.5');
    expect(amountCell(' (12) ', 'c', { signed: true }).toString()).toBe('12');
    expect(amountCell('-$1,800.00', 'c', { signed: true }).toString()).toBe('1800');
    expect(amountCell('- $5', 'c', { signed: true }).toString()).toBe('5');
  });

  it('anything else is invalid_decimal quoting the first 40 characters of the cell', () => {
    const refused = (text: string, options = {}) => refusal(() => amountCell(text, 'Amount', options));
    const bad = (got: string) => ({
      column: 'Amount',
      code: 'invalid_decimal',
      message: `must be ${HINT}; got "${got}"`,
    });
    expect(refused('-5')).toEqual(bad('-5'));
    expect(refused('(5)')).toEqual(bad('(5)'));
    expect(refused('(1) 000', { signed: true })).toEqual(bad('(1) 000'));
    expect(refused('5$')).toEqual(bad('5$'));
    expect(refused('1.5x')).toEqual(bad('1.5x'));
    expect(refused('')).toEqual(bad(''));
    expect(refused(LONG)).toEqual(bad(FORTY));
  });

  it('an amount beyond the decimal bounds is invalid_decimal saying why; positive refuses 0', () => {
    expect(refusal(() => amountCell('1'.repeat(41), 'vol'))).toEqual({
      column: 'vol',
      code: 'invalid_decimal',
      message: 'has 41 significant digits; at most 40 are accepted',
    });
    expect(refusal(() => amountCell('0.00', 'vol', { positive: true }))).toEqual({
      column: 'vol',
      code: 'too_small',
      message: 'must be greater than 0',
    });
    expect(amountCell('0.1', 'vol', { positive: true }).toString()).toBe('0.1');
  });

  it('instantCell reads exchange and ISO date-times as UTC unless an offset is given', () => {
    expect(instantCell('2025-01-15 10:00:00', 'Date')).toBe(Date.UTC(2025, 0, 15, 10));
    expect(instantCell('2025-01-15T10:00:00+02:00', 'Date')).toBe(Date.UTC(2025, 0, 15, 8));
    expect(refusal(() => instantCell('yesterday', 'Date'))).toEqual({
      column: 'Date',
      code: 'invalid_date',
      message: `${DATE_HINT}; got "yesterday"`,
    });
    expect(refusal(() => instantCell(LONG, 'Date')).message).toBe(`${DATE_HINT}; got "${FORTY}"`);
  });

  it('codeCell trims and upper-cases a code; anything else is invalid_code', () => {
    expect(codeCell(' btc ', 'Asset')).toBe('BTC');
    expect(codeCell('usdc.e', 'Asset')).toBe('USDC.E');
    expect(refusal(() => codeCell('B TC', 'Asset'))).toEqual({
      column: 'Asset',
      code: 'invalid_code',
      message: 'must be an asset or currency code such as "BTC"; got "B TC"',
    });
    expect(refusal(() => codeCell('A'.repeat(45), 'Asset')).message).toBe(
      `must be an asset or currency code such as "BTC"; got "${'A'.repeat(40)}"`,
    );
  });
});

describe('binance', () => {
  const HEADER = 'Date(UTC),Pair,Side,Price,Executed,Amount,Fee\n';

  it('a BUY and a SELL against a fiat quote: assets from the suffixes, else from the pair', () => {
    const csv =
      HEADER +
      '2024-01-08 10:11:12,BTCEUR,BUY,40000,0.50000000BTC,"20,000.00EUR",0.0005BTC\n' +
      '2024-02-01 00:00:00,BTCEUR,sell,50000,0.1 btc,"5,000.00",5EUR\n';
    expect(tradesOf(csv)).toEqual([
      {
        id: '2',
        type: 'buy',
        asset: 'BTC',
        amount: '0.5',
        gross: '20000',
        quote: 'EUR',
        fee: '0.0005',
        feeAsset: 'BTC',
        instant: '2024-01-08T10:11:12.000Z',
      },
      {
        id: '3',
        type: 'sell',
        asset: 'BTC',
        amount: '0.1',
        gross: '5000',
        quote: 'EUR',
        fee: '5',
        feeAsset: 'EUR',
        instant: '2024-02-01T00:00:00.000Z',
      },
    ]);
  });

  it('aliases Date, Market and Type; a lower-case pair splits at its quote; an empty fee is none', () => {
    const csv =
      'Date,Market,Type,Price,Executed,Amount,Fee\n' +
      '2024-03-01 12:00:00,dogeeur,buy,0.1,1000,100,\n' +
      '2024-03-02 12:00:00,ETHUSDT,Buy,3000,2,6000,0.002ETH\n';
    expect(tradesOf(csv, { USDT: '1' })).toEqual([
      {
        id: '2',
        type: 'buy',
        asset: 'DOGE',
        amount: '1000',
        gross: '100',
        quote: 'EUR',
        fee: '0',
        feeAsset: 'EUR',
        instant: '2024-03-01T12:00:00.000Z',
      },
      // USDT → ETH is a sale of USDT and a buy of ETH, valued by fx_rates.USDT; the ETH fee is
      // valued at the swap's own ratio on the sale.
      {
        id: '3',
        type: 'sell',
        asset: 'USDT',
        amount: '6000',
        gross: '6000',
        quote: 'USDT',
        fee: '6',
        feeAsset: 'USDT',
        instant: '2024-03-02T12:00:00.000Z',
      },
      {
        id: '3',
        type: 'buy',
        asset: 'ETH',
        amount: '2',
        gross: '6000',
        quote: 'USDT',
        fee: '0',
        feeAsset: 'USDT',
        instant: '2024-03-02T12:00:00.000Z',
      },
    ]);
  });

  it('a fee in a third asset stays in that asset', () => {
    const csv = `${HEADER}2024-01-09 10:00:00,ETHBTC,BUY,0.05,1ETH,0.05BTC,0.00075BNB\n`;
    expect(
      tradesOf(csv, { BTC: '40000' }).map((t) => [t.type, t.asset, t.gross, t.quote, t.fee, t.feeAsset]),
    ).toEqual([
      ['sell', 'BTC', '0.05', 'BTC', '0.00075', 'BNB'],
      ['buy', 'ETH', '0.05', 'BTC', '0', 'BTC'],
    ]);
  });

  it('without a suffix, a pair that is only a quote or has no known quote gives no asset', () => {
    const csv = `${HEADER}2024-01-01,USDT,BUY,1,100,100USD,\n2024-01-01,XYZABC,BUY,1,0.5,1EUR,\n`;
    const message = (got: string) => `must be an amount with its asset such as "0.5BTC"; got "${got}"`;
    expect(errorsOf(csv)).toEqual([
      cell('/csv/2/Executed', 'invalid_amount', message('100')),
      cell('/csv/3/Executed', 'invalid_amount', message('0.5')),
    ]);
  });

  it('every bad cell is named by its column as written', () => {
    const csv =
      HEADER +
      '2024-01-01,BTCEUR,HOLD,1,1BTC,1EUR,\n' +
      '2024-01-01,BTCEUR,BUY,1,0BTC,1EUR,\n' +
      '2024-01-01,BTCEUR,BUY,1,-0.5BTC,1EUR,\n' +
      '2024-01-01,BTCEUR,BUY,1,1BTC,1EUR!,\n' +
      `2024-01-01,BTCEUR,BUY,1,1BTC,1EUR,${LONG}\n` +
      '2024-13-01,BTCEUR,BUY,1,1BTC,1EUR,\n' +
      '2024-01-01,BTCEUR,BUY,1,1.2.3BTC,1EUR,\n';
    const amount = (got: string) => `must be an amount with its asset such as "0.5BTC"; got "${got}"`;
    expect(errorsOf(csv)).toEqual([
      cell('/csv/2/Side', 'invalid_enum', 'must be "BUY" or "SELL"'),
      cell('/csv/3/Executed', 'too_small', 'must be greater than 0'),
      cell('/csv/4/Executed', 'invalid_amount', amount('-0.5BTC')),
      cell('/csv/5/Amount', 'invalid_amount', amount('1EUR!')),
      cell('/csv/6/Fee', 'invalid_amount', amount(FORTY)),
      cell('/csv/7/Date(UTC)', 'invalid_date', `${DATE_HINT}; got "2024-13-01"`),
      cell('/csv/8/Executed', 'invalid_decimal', `must be ${HINT}; got "1.2.3"`),
    ]);
  });

  it('under the aliases, errors name Date and Type', () => {
    const csv =
      'Date,Market,Type,Price,Executed,Amount,Fee\nsoon,BTCEUR,buy,1,1,1,\n2024-01-01,BTCEUR,hold,1,1,1,\n';
    expect(errorsOf(csv)).toEqual([
      cell('/csv/2/Date', 'invalid_date', `${DATE_HINT}; got "soon"`),
      cell('/csv/3/Type', 'invalid_enum', 'must be "BUY" or "SELL"'),
    ]);
  });
});

describe('coinbase', () => {
  const HEADER =
    'Timestamp,Transaction Type,Asset,Quantity Transacted,Price Currency,Price at Transaction,Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes\n';

  it.each([
    ['Staking Income', 'staking'],
    ['Inflation Reward', 'staking'],
    ['Rewards Income', 'reward'],
    ['Coinbase Earn', 'reward'],
    ['Learning Reward', 'reward'],
    ['Interest', 'interest'],
  ])('a %s row is %s income valued by its Subtotal (else quantity × price)', (type, kind) => {
    const rows = parse(
      `${HEADER}2024-07-01 00:00:00 UTC,${type},ETH,0.001,USD,"$3,400.00",$3.40,$3.40,$0.00,\n` +
        `2024-07-02 00:00:00 UTC,${type},ETH,0.002,USD,"$3,000.00",,,,\n`,
    ).trades;
    expect(rows.map(plain)).toEqual([
      expect.objectContaining({ type: 'income', asset: 'ETH', amount: '0.001', gross: '3.4', quote: 'USD' }),
      expect.objectContaining({ type: 'income', asset: 'ETH', amount: '0.002', gross: '6', quote: 'USD' }),
    ]);
    expect(rows.map((t) => t.incomeKind)).toEqual([kind, kind]);
  });

  it('the value is the Subtotal, else quantity × price; signs are dropped; other rows are skipped', () => {
    const csv =
      HEADER +
      '2024-01-15 10:00:00 UTC,Buy,btc,0.5,usd,"$42,000.00","$20,000.00","$20,100.00",$100.00,\n' +
      '2024-02-01 12:30:00 UTC,Advanced Trade Sell,ETH,-2,USD,"($2,300.00)",,"-$4,590.00",-$10.00,\n' +
      '2024-03-05 09:15:00 UTC,Send,BTC,-0.01,USD,"$66,000.00",$660.00,$660.00,$0.00,\n' +
      '2024-04-01 00:00:00 UTC,Advanced Trade Buy,SOL,10,USD,$100,"$1,000.00",,,\n';
    const parsed = parse(csv);
    expect(parsed.format).toBe('coinbase');
    expect(parsed.skipped).toEqual([
      {
        line: 4,
        reason: 'a "Send" row: not a buy, a sale or income (a Send or Receive names no wallet of yours)',
      },
    ]);
    expect(parsed.trades.map(plain)).toEqual([
      {
        id: '2',
        type: 'buy',
        asset: 'BTC',
        amount: '0.5',
        gross: '20000',
        quote: 'USD',
        fee: '100',
        feeAsset: 'USD',
        instant: '2024-01-15T10:00:00.000Z',
      },
      {
        id: '3',
        type: 'sell',
        asset: 'ETH',
        amount: '2',
        gross: '4600',
        quote: 'USD',
        fee: '10',
        feeAsset: 'USD',
        instant: '2024-02-01T12:30:00.000Z',
      },
      {
        id: '5',
        type: 'buy',
        asset: 'SOL',
        amount: '10',
        gross: '1000',
        quote: 'USD',
        fee: '0',
        feeAsset: 'USD',
        instant: '2024-04-01T00:00:00.000Z',
      },
    ]);
  });

  it('reads the Spot Price columns of older exports', () => {
    const csv =
      'Timestamp,Transaction Type,Asset,Quantity Transacted,Spot Price Currency,Spot Price at Transaction,Subtotal,Fees and/or Spread\n' +
      '2023-05-01T08:00:00Z,Sell,BTC,0.25,eur,"€40,000",,\n';
    expect(tradesOf(csv)).toEqual([
      {
        id: '2',
        type: 'sell',
        asset: 'BTC',
        amount: '0.25',
        gross: '10000',
        quote: 'EUR',
        fee: '0',
        feeAsset: 'EUR',
        instant: '2023-05-01T08:00:00.000Z',
      },
    ]);
  });

  it('every bad cell is named by its column as written', () => {
    const csv =
      HEADER +
      'then,Buy,BTC,1,USD,$1,$1,,,\n' +
      '2024-01-01,Buy,B TC,1,USD,$1,$1,,,\n' +
      '2024-01-01,Buy,BTC,1,U SD,$1,$1,,,\n' +
      '2024-01-01,Buy,BTC,one,USD,$1,$1,,,\n' +
      '2024-01-01,Sell,BTC,-0,USD,$1,$1,,,\n' +
      '2024-01-01,Buy,BTC,1,USD,$1,n/a,,,\n' +
      '2024-01-01,Buy,BTC,1,USD,n/a,,,,\n' +
      '2024-01-01,Buy,BTC,1,USD,$1,$1,,n/a,\n';
    expect(errorsOf(csv)).toEqual([
      cell('/csv/2/Timestamp', 'invalid_date', `${DATE_HINT}; got "then"`),
      cell('/csv/3/Asset', 'invalid_code', 'must be an asset or currency code such as "BTC"; got "B TC"'),
      cell(
        '/csv/4/Price Currency',
        'invalid_code',
        'must be an asset or currency code such as "BTC"; got "U SD"',
      ),
      cell('/csv/5/Quantity Transacted', 'invalid_decimal', `must be ${HINT}; got "one"`),
      cell('/csv/6/Quantity Transacted', 'too_small', 'must be greater than 0'),
      cell('/csv/7/Subtotal', 'invalid_decimal', `must be ${HINT}; got "n/a"`),
      cell('/csv/8/Price at Transaction', 'invalid_decimal', `must be ${HINT}; got "n/a"`),
      cell('/csv/9/Fees and~1or Spread', 'invalid_decimal', `must be ${HINT}; got "n/a"`),
    ]);
  });

  it('under the Spot Price headers, errors name them', () => {
    const csv =
      'Timestamp,Transaction Type,Asset,Quantity Transacted,Spot Price Currency,Spot Price at Transaction\n' +
      '2024-01-01,Buy,BTC,1,$$,1\n' +
      '2024-01-01,Buy,BTC,1,USD,?\n';
    expect(errorsOf(csv)).toEqual([
      cell(
        '/csv/2/Spot Price Currency',
        'invalid_code',
        'must be an asset or currency code such as "BTC"; got "$$"',
      ),
      cell('/csv/3/Spot Price at Transaction', 'invalid_decimal', `must be ${HINT}; got "?"`),
    ]);
  });
});

describe('koinly', () => {
  const HEADER =
    'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash\n';

  it('fiat rows, swaps valued by net worth (its currency, else the base), and skipped rows', () => {
    const csv =
      HEADER +
      '2024-01-10 14:25 UTC,10000,usd,0.25,btc,,,,,,,\n' +
      '2024-02-12 09:00 UTC,1,ETH,0.05,BTC,0.01,eth,3000,eur,,,0xabc\n' +
      '2024-03-01,2,ETH,0.1,BTC,,,6000,,,,\n' +
      '2024-04-01,0.5,BTC,,,,,,,,,\n' +
      '2024-05-01,,,0.5,ETH,,,1650,,Reward,,\n' +
      '2024-06-01,1,BTC,1,btc,,,,,,,\n';
    const parsed = parse(csv);
    expect(parsed.format).toBe('koinly');
    expect(parsed.skipped).toEqual([
      {
        line: 5,
        reason:
          "a withdrawal (no label): Koinly's CSV names no other wallet, so it is neither a trade nor a transfer we can place",
      },
      { line: 7, reason: 'both sides hold the same currency: a transfer without its wallets' },
    ]);
    expect(
      parsed.trades.map((t) => [
        t.id,
        t.type,
        t.asset,
        `${t.amount}`,
        `${t.gross}`,
        t.quote,
        `${t.fee}`,
        t.feeAsset,
      ]),
    ).toEqual([
      ['2', 'buy', 'BTC', '0.25', '10000', 'USD', '0', 'USD'],
      ['0xabc', 'sell', 'ETH', '1', '3000', 'EUR', '30', 'EUR'],
      ['0xabc', 'buy', 'BTC', '0.05', '3000', 'EUR', '0', 'EUR'],
      ['4', 'sell', 'ETH', '2', '6000', 'USD', '0', 'USD'],
      ['4', 'buy', 'BTC', '0.1', '6000', 'USD', '0', 'USD'],
      ['6', 'income', 'ETH', '0.5', '1650', 'USD', '0', 'USD'],
    ]);
    expect(parsed.trades[5]!.incomeKind).toBe('reward');
    expect(parsed.trades[0]!.instant).toBe(Date.UTC(2024, 0, 10, 14, 25));
  });

  it.each([
    ['staking', 'staking'],
    ['Mining', 'mining'],
    ['airdrop', 'airdrop'],
    ['income', 'reward'],
    ['Other income', 'reward'],
    ['lending interest', 'interest'],
    ['loan interest', 'interest'],
    ['interest', 'interest'],
    ['salary', 'salary'],
  ])('an incoming row labelled %s is %s income', (label, kind) => {
    const [income] = parse(`${HEADER}2024-05-01,,,2,SOL,,,300,EUR,${label},,\n`, { EUR: '1.1' }).trades;
    expect(income).toMatchObject({ type: 'income', incomeKind: kind, gross: new Dec(300), quote: 'EUR' });
  });

  it('income without a net worth is valued by fx_rates, else 422 missing_valuation with the line', () => {
    const row = `${HEADER}2024-05-01,,,2,SOL,,,,,staking,,\n`;
    expect(parse(row, { SOL: '150' }).trades[0]).toMatchObject({ gross: new Dec(2), quote: 'SOL' });
    expect(problemOf(() => parse(row))).toMatchObject({
      status: 422,
      code: 'missing_valuation',
      line: 2,
      assets: ['SOL'],
      detail:
        'line 2 is staking income of SOL without a value: add its value (net worth or subtotal) or fx_rates.SOL',
    });
    // A deposit with another label (a gift, a fork) is not income.
    expect(parse(`${HEADER}2024-05-01,,,2,SOL,,,10,,gift,,\n`).skipped[0]!.line).toBe(2);
  });

  it('a fee in a fiat row keeps its own asset', () => {
    const csv = `${HEADER}2024-05-20 18:00 UTC,1,ETH,3100,USD,0.001,ETH,,,,,\n`;
    expect(tradesOf(csv)).toEqual([
      {
        id: '2',
        type: 'sell',
        asset: 'ETH',
        amount: '1',
        gross: '3100',
        quote: 'USD',
        fee: '0.001',
        feeAsset: 'ETH',
        instant: '2024-05-20T18:00:00.000Z',
      },
    ]);
  });

  it('a swap without net worth takes fx_rates of the received asset, else of the sent one', () => {
    const csv = `${HEADER}2024-02-12,1,ETH,0.05,BTC,,,,,,,\n`;
    const legs = (fx: Record<string, string>) => tradesOf(csv, fx).map((t) => [t.type, t.gross, t.quote]);
    expect(legs({ BTC: '60000', ETH: '3000' })).toEqual([
      ['sell', '0.05', 'BTC'],
      ['buy', '0.05', 'BTC'],
    ]);
    expect(legs({ ETH: '3000' })).toEqual([
      ['sell', '1', 'ETH'],
      ['buy', '1', 'ETH'],
    ]);
  });

  it('a swap with no valuation at all → 422 missing_valuation naming the line and both assets', () => {
    const csv = `${HEADER}2024-02-12,1,ETH,0.05,BTC,,,,,,,\n`;
    expect(problemOf(() => parse(csv))).toMatchObject({
      status: 422,
      code: 'missing_valuation',
      detail:
        'line 2 swaps ETH for BTC without a value in the base currency: add a net-worth column or fx_rates.BTC',
      line: 2,
      assets: ['ETH', 'BTC'],
    });
  });

  it('every bad cell is named by its column as written', () => {
    const csv =
      HEADER +
      // A side with an amount or a currency is a side: the other cell must then be there too.
      '2024-01-01,,BTC,100,USD,,,,,,,\n' +
      '2024-01-01,1,,100,USD,,,,,,,\n' +
      '2024-01-01,1,B TC,100,USD,,,,,,,\n' +
      '2024-01-01,1,BTC,lots,USD,,,,,,,\n' +
      '2024-01-01,1,BTC,0,USD,,,,,,,\n' +
      'someday,1,BTC,100,USD,,,,,,,\n' +
      '2024-01-01,1,BTC,1,ETH,,,many,USD,,,\n' +
      '2024-01-01,1,BTC,1,ETH,,,100,U SD,,,\n' +
      '2024-01-01,1,BTC,100,USD,tiny,USD,,,,,\n' +
      '2024-01-01,1,BTC,100,USD,1,U SD,,,,,\n';
    const code = (got: string) => `must be an asset or currency code such as "BTC"; got "${got}"`;
    expect(errorsOf(csv)).toEqual([
      cell('/csv/2/Sent Amount', 'invalid_decimal', `must be ${HINT}; got ""`),
      cell('/csv/3/Sent Currency', 'invalid_code', code('')),
      cell('/csv/4/Sent Currency', 'invalid_code', code('B TC')),
      cell('/csv/5/Received Amount', 'invalid_decimal', `must be ${HINT}; got "lots"`),
      cell('/csv/6/Received Amount', 'too_small', 'must be greater than 0'),
      cell('/csv/7/Date', 'invalid_date', `${DATE_HINT}; got "someday"`),
      cell('/csv/8/Net Worth Amount', 'invalid_decimal', `must be ${HINT}; got "many"`),
      cell('/csv/9/Net Worth Currency', 'invalid_code', code('U SD')),
      cell('/csv/10/Fee Amount', 'invalid_decimal', `must be ${HINT}; got "tiny"`),
      cell('/csv/11/Fee Currency', 'invalid_code', code('U SD')),
    ]);
  });
});

describe('kraken', () => {
  const HEADER = 'txid,pair,time,type,ordertype,price,cost,fee,vol\n';

  it('classic X/Z codes, slash pairs, plain pairs; any case; an empty fee is 0', () => {
    const csv =
      HEADER +
      'T1,XXBTZUSD,2024-01-05 15:32:10.4521,BUY,limit,44000,22000,35.2,0.5\n' +
      'T2,xbt/usd,2024-02-01 00:00:00,Sell,market,50000,5000,,0.1\n' +
      'T3,ATOMEUR,2024-03-01 00:00:00,buy,limit,10,100,0.16,10\n' +
      'T4,XXDGZEUR,2024-04-01 00:00:00,sell,limit,0.1,100,0.2,1000\n';
    expect(tradesOf(csv)).toEqual([
      {
        id: 'T1',
        type: 'buy',
        asset: 'BTC',
        amount: '0.5',
        gross: '22000',
        quote: 'USD',
        fee: '35.2',
        feeAsset: 'USD',
        instant: '2024-01-05T15:32:10.452Z',
      },
      {
        id: 'T2',
        type: 'sell',
        asset: 'BTC',
        amount: '0.1',
        gross: '5000',
        quote: 'USD',
        fee: '0',
        feeAsset: 'USD',
        instant: '2024-02-01T00:00:00.000Z',
      },
      {
        id: 'T3',
        type: 'buy',
        asset: 'ATOM',
        amount: '10',
        gross: '100',
        quote: 'EUR',
        fee: '0.16',
        feeAsset: 'EUR',
        instant: '2024-03-01T00:00:00.000Z',
      },
      {
        id: 'T4',
        type: 'sell',
        asset: 'DOGE',
        amount: '1000',
        gross: '100',
        quote: 'EUR',
        fee: '0.2',
        feeAsset: 'EUR',
        instant: '2024-04-01T00:00:00.000Z',
      },
    ]);
  });

  it('every bad cell is named by its column as written', () => {
    const csv =
      HEADER +
      'T1,A/B/C,2024-01-01,buy,limit,1,1,0,1\n' +
      'T2,USD,2024-01-01,buy,limit,1,1,0,1\n' +
      `T3,${'Q'.repeat(45)},2024-01-01,buy,limit,1,1,0,1\n` +
      'T4,XBTUSD,2024-01-01,hold,limit,1,1,0,1\n' +
      'T5,XBTUSD,2024-01-01,buy,limit,1,1,0,0\n' +
      'T6,XBTUSD,2024-01-01,buy,limit,1,?,0,1\n' +
      'T7,XBTUSD,2024-01-01,buy,limit,1,1,?,1\n' +
      'T8,XBTUSD,later,buy,limit,1,1,0,1\n';
    const pair = (got: string) => `is not a Kraken pair such as "XXBTZUSD" or "XBT/USD"; got "${got}"`;
    expect(errorsOf(csv)).toEqual([
      cell('/csv/2/pair', 'invalid_pair', pair('A/B/C')),
      cell('/csv/3/pair', 'invalid_pair', pair('USD')),
      cell('/csv/4/pair', 'invalid_pair', pair('Q'.repeat(40))),
      cell('/csv/5/type', 'invalid_enum', 'must be "buy" or "sell"'),
      cell('/csv/6/vol', 'too_small', 'must be greater than 0'),
      cell('/csv/7/cost', 'invalid_decimal', `must be ${HINT}; got "?"`),
      cell('/csv/8/fee', 'invalid_decimal', `must be ${HINT}; got "?"`),
      cell('/csv/9/time', 'invalid_date', `${DATE_HINT}; got "later"`),
    ]);
  });

  it('a pair whose sides are not asset codes is refused, not read as a trade in "/" or "B TC"', () => {
    const csv =
      HEADER +
      'T1,/USD,2024-01-01,buy,limit,1,100,0,1\n' +
      'T2,B TC/USD,2024-01-01,buy,limit,1,100,0,1\n' +
      'T3,XBT/,2024-01-01,buy,limit,1,100,0,1\n' +
      'T4,XBT/USD/EUR,2024-01-01,buy,limit,1,100,0,1\n' +
      'T5,B.TCUSD,2024-01-01,buy,limit,1,100,0,1\n';
    const pair = (got: string) => `is not a Kraken pair such as "XXBTZUSD" or "XBT/USD"; got "${got}"`;
    expect(errorsOf(csv)).toEqual([
      cell('/csv/2/pair', 'invalid_pair', pair('/USD')),
      cell('/csv/3/pair', 'invalid_pair', pair('B TC/USD')),
      cell('/csv/4/pair', 'invalid_pair', pair('XBT/')),
      cell('/csv/5/pair', 'invalid_pair', pair('XBT/USD/EUR')),
    ]);
  });
});

describe('native', () => {
  /** A named row as the table layer hands it over (cells by header key). */
  function namedRow(line: number, cells: Record<string, string>): NamedRow {
    return {
      line,
      get: (...keys) => keys.map((k) => cells[k]?.trim()).find((v) => v !== undefined) ?? '',
      column: (...keys) => keys[0] ?? '',
      record: () => ({ ...cells }),
    };
  }

  it('read: a row with a reported problem yields no trade; a good row yields its trade', () => {
    const reports: string[][] = [];
    const context: RowContext = {
      baseCurrency: 'EUR',
      fxRates: new Map(),
      report: (...report) => reports.push(report),
    };
    const row = { type: 'sell', asset: 'ETH', amount: '0', price: '2000', date: '2025-02-03' };
    expect(native.read(namedRow(4, row), context)).toEqual([]);
    expect(reports).toEqual([['amount', 'too_small', 'must be greater than 0']]);
    const trades = native.read(namedRow(5, { ...row, amount: '2' }), context) as Trade[];
    expect(trades.map(plain)).toEqual([
      {
        id: '5',
        type: 'sell',
        asset: 'ETH',
        amount: '2',
        gross: '4000',
        quote: 'EUR',
        fee: '0',
        feeAsset: 'EUR',
        instant: '2025-02-03T00:00:00.000Z',
      },
    ]);
    expect(reports).toHaveLength(1);
  });

  it('cells are trimmed', () => {
    const csv = 'type,asset,amount,price,date,id\n buy , btc , 1.5 , 100 , 2025-01-01 , b1 \n';
    expect(tradesOf(csv)).toEqual([
      {
        id: 'b1',
        type: 'buy',
        asset: 'BTC',
        amount: '1.5',
        gross: '150',
        quote: 'USD',
        fee: '0',
        feeAsset: 'USD',
        instant: '2025-01-01T00:00:00.000Z',
      },
    ]);
  });

  it('an empty or blank cell is a missing field', () => {
    const csv = 'type,asset,amount,price,date\nbuy,BTC,,100,2025-01-01\nsell,BTC,1,100,   \n';
    expect(errorsOf(csv)).toEqual([
      cell('/csv/2/amount', 'required', 'is required (or its older name quantity)'),
      cell('/csv/3/date', 'required', 'is required'),
    ]);
  });
});

describe('table', () => {
  const ROW = 'buy,BTC,1,100,2025-01-01\n';

  it('a BOM right before the header, on the first line or after a preamble, is not part of it', () => {
    expect(parse(`\uFEFFtype,asset,amount,price,date\n${ROW}`).trades).toHaveLength(1);
    expect(parse(`Exported 2025-01-02\n\uFEFFtype,asset,amount,price,date\n${ROW}`).trades).toHaveLength(1);
  });

  it('headers are compared without their own quotes and with runs of spaces as one', () => {
    expect(parse(`"""type""","""asset""",amount,price,date\n${ROW}`).format).toBe('native');
    const koinly =
      'Date,Sent  Amount,Sent\tCurrency,Received Amount,Received Currency\n2024-01-10,100,USD,1,SOL\n';
    expect(tradesOf(koinly).map((t) => [t.type, t.asset, t.gross])).toEqual([['buy', 'SOL', '100']]);
  });

  it('blank lines and rows of blank cells are skipped, yet errors name the line as in the file', () => {
    const csv = `type,asset,amount,price,date\n\n${ROW}  ,  ,  ,  ,  \n\n\nsell,BTC,x,100,2025-01-02\n`;
    expect(errorsOf(csv)).toEqual([cell('/csv/7/amount', 'invalid_decimal', `must be ${HINT}`)]);
  });
});

describe('koinly income rows', () => {
  const HEADER =
    'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash\n';
  it('only an incoming row with an income label is income; its missing value names the asset', () => {
    const parsed = parse(
      `${HEADER}2024-05-01,2,SOL,,,,,10,,staking,,\n2024-05-02,,,2,SOL,,,10,,,,\n2024-05-03,100,USD,2,SOL,,,,,reward,,\n`,
    );
    expect(parsed.skipped).toEqual([
      {
        line: 2,
        reason:
          "a withdrawal (staking): Koinly's CSV names no other wallet, so it is neither a trade nor a transfer we can place",
      },
      {
        line: 3,
        reason:
          "a deposit (no label): Koinly's CSV names no other wallet, so it is neither a trade nor a transfer we can place",
      },
    ]);
    expect(parsed.trades.map((t) => [t.type, t.asset])).toEqual([['buy', 'SOL']]);
    expect(problemOf(() => parse(`${HEADER}2024-05-01,,,2,SOL,,,,,staking,,\n`))).toMatchObject({
      assets: ['SOL'],
    });
  });
});
