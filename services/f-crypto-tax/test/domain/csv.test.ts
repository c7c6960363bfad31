// The five formats from fixture files shaped like the exchanges' own exports (preambles, BOMs,
// currency symbols, quoted cells), each detected and each computed to the cent.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { calculate, MAX_CSV_ROWS, type Method, parseCsv, type Report } from '../../src/domain/index.js';
import { calculateInput, csvInput } from '../../src/schemas.js';
import { readRows } from '../../src/domain/csv/table.js';
import { problemOf } from './helpers.js';

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '..', 'fixtures', `${name}.csv`), 'utf8');

function run(csv: string, body: Record<string, unknown> = {}, method: Method = 'fifo') {
  const input = csvInput.parse({ csv, ...body });
  const parsed = parseCsv(input.csv, input.format, input.options.baseCurrency, input.options.fxRates);
  return { parsed, report: calculate(parsed.trades, method, input.options) as Report };
}

describe('native (BOM, preamble, older column names, wallets and ids)', () => {
  it('is detected past the preamble; the sale fee in BTC is valued at the sale price', () => {
    const { parsed, report } = run(fixture('native'));
    expect(parsed.format).toBe('native');
    expect(report.disposals).toEqual([
      {
        trade_id: 's1',
        asset: 'BTC',
        amount: '1',
        date_acquired: '2023-03-01',
        date_sold: '2024-03-02',
        holding_days: 367,
        term: 'long',
        form_8949_box: 'F',
        proceeds: '44995.50',
        cost_basis: '20010.00',
        gain: '24985.50',
        lots: [{ trade_id: 'b1', amount: '1', cost: '20010.00' }],
      },
    ]);
  });

  it('per_wallet: the exchange wallet holds 0.5 → 422 insufficient_holdings', () => {
    expect(problemOf(() => run(fixture('native'), { pooling: 'per_wallet' }))).toMatchObject({
      status: 422,
      code: 'insufficient_holdings',
      trade_id: 's1',
      shortfall: '0.5',
      wallet: 'exchange',
    });
  });
});

describe('coinbase (preamble, $ and thousands separators, negative sells, non-trade rows)', () => {
  it('computes both sales, reads Staking Income and skips the Send', () => {
    const { parsed, report } = run(fixture('coinbase'));
    expect(parsed.format).toBe('coinbase');
    expect(parsed.skipped.map((s) => s.line)).toEqual([10]);
    expect(report.summary.income).toEqual({ total: '3.40', by_kind: { staking: '3.40' } });
    expect(
      report.disposals.map((d) => [d.trade_id, d.asset, d.amount, d.term, d.proceeds, d.cost_basis, d.gain]),
    ).toEqual([
      ['6581c5d1a8e2f40001a1b2c7', 'ETH', '0.5', 'short', '1789.20', '1156.90', '632.30'],
      ['6581c5d1a8e2f40001a1b2c6', 'BTC', '0.25', 'long', '23856.00', '10550.00', '13306.00'],
    ]);
    expect(report.summary.gain).toBe('13938.30');
    expect(report.holdings.map((h) => [h.asset, h.amount, h.cost_basis])).toEqual([
      ['BTC', '0.25', '10550.00'],
      ['ETH', '1.501', '3474.10'],
    ]);
  });
});

describe('koinly (fiat and crypto-to-crypto rows, net worth, fee in the sent crypto)', () => {
  it('a swap is a sale valued by its net worth, its fee lowering the proceeds, and a buy', () => {
    const { parsed, report } = run(fixture('koinly'));
    expect(parsed.format).toBe('koinly');
    expect(parsed.skipped).toEqual([]);
    expect(report.summary.income).toEqual({ total: '1650.00', by_kind: { reward: '1650.00' } });
    expect(
      report.disposals.map((d) => [d.trade_id, d.asset, d.amount, d.proceeds, d.cost_basis, d.gain]),
    ).toEqual([
      [
        '0x6c3e0f1d2a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d',
        'BTC',
        '0.1',
        '4776.00',
        '4004.00',
        '772.00',
      ],
      ['5', 'ETH', '1', '3095.00', '1920.00', '1175.00'],
    ]);
    expect(report.summary.gain).toBe('1947.00');
    expect(report.holdings.map((h) => [h.asset, h.amount, h.cost_basis])).toEqual([
      ['BTC', '0.15', '6006.00'],
      ['ETH', '2', '4530.00'],
    ]);
  });
});

describe('kraken (X/Z asset codes, a crypto quote, a EUR quote)', () => {
  it('values the ETH/XBT trade by fx_rates and the EUR sale by fx_rates.EUR', () => {
    const { parsed, report } = run(fixture('kraken'), { fx_rates: { BTC: '42000', EUR: '1.10' } });
    expect(parsed.format).toBe('kraken');
    expect(
      report.disposals.map((d) => [d.trade_id, d.asset, d.amount, d.proceeds, d.cost_basis, d.gain]),
    ).toEqual([
      ['T4KWNR-2RZVD-AXQ6FM', 'BTC', '0.11', '4607.99', '4847.74', '-239.75'],
      ['TJ6D2P-5HXQF-M3K7RB', 'BTC', '0.2', '11980.80', '8814.08', '3166.72'],
      ['TK7E3Q-6JYRG-N4L8SC', 'ETH', '1', '2635.78', '2310.00', '325.78'],
    ]);
    expect(report.summary.gain).toBe('3252.75');
    expect(report.holdings.map((h) => [h.asset, h.amount, h.cost_basis])).toEqual([
      ['BTC', '0.19', '8373.38'],
      ['ETH', '1', '2310.00'],
    ]);
  });

  it('without a valuation for the ETH/XBT row → 422 missing_valuation naming its line', () => {
    expect(problemOf(() => run(fixture('kraken'), { fx_rates: { EUR: '1.1' } }))).toMatchObject({
      status: 422,
      code: 'missing_valuation',
      line: 3,
    });
  });
});

describe('binance (amounts with asset suffixes, USDT quotes valued by fx_rates, a fee in BNB)', () => {
  it('computes every leg', () => {
    const { parsed, report } = run(fixture('binance'), { fx_rates: { USDT: '1', BNB: '300', ETH: '2300' } });
    expect(parsed.format).toBe('binance');
    expect(
      report.disposals.map((d) => [d.trade_id, d.asset, d.amount, d.proceeds, d.cost_basis, d.gain]),
    ).toEqual([
      ['3', 'USDT', '9000', '8991.00', '9000.00', '-9.00'],
      ['4', 'BTC', '0.05', '2299.78', '2250.00', '49.78'],
      ['5', 'BTC', '0.1', '6993.00', '4500.00', '2493.00'],
    ]);
    expect(report.summary.gain).toBe('2533.78');
    expect(report.holdings.map((h) => [h.asset, h.amount, h.cost_basis, h.lots])).toEqual([
      ['BTC', '0.05', '2250.00', 1],
      ['ETH', '1', '2300.00', 1],
      ['USDT', '8000', '8000.00', 2],
    ]);
  });
});

describe('detection and errors', () => {
  it('a forced format must find its own header; an unknown one lists the supported formats', () => {
    for (const format of ['kraken', 'mt.gox']) {
      expect(problemOf(() => run(fixture('koinly'), { format }))).toMatchObject({
        status: 400,
        code: 'unknown_csv_format',
        supported: ['native', 'koinly', 'coinbase', 'kraken', 'binance'],
      });
    }
    expect(problemOf(() => run('a,b,c\n1,2,3\n'))).toMatchObject({ code: 'unknown_csv_format' });
    expect(run(fixture('koinly'), { format: 'koinly' }).parsed.format).toBe('koinly');
  });

  it('every bad cell is named by its 1-based line and its column as written', () => {
    const csv =
      'Note: test\nType, Asset ,Amount,Price,Date\nbuy,BTC,1.5x,100,2025-01-01\nsell,BTC,1,-3,2025-13-01\nhold,BTC,1,1,2025-01-01\n';
    const p = problemOf(() => run(csv));
    expect(p).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(p.errors).toEqual([
      expect.objectContaining({ path: '/csv/3/Amount', code: 'invalid_decimal', line: 3, column: 'Amount' }),
      expect.objectContaining({ path: '/csv/4/Price', code: 'invalid_decimal', line: 4, column: 'Price' }),
      expect.objectContaining({ path: '/csv/4/Date', code: 'invalid_date', line: 4, column: 'Date' }),
      expect.objectContaining({ path: '/csv/5/Type', code: 'invalid_enum', line: 5, column: 'Type' }),
    ]);
  });

  it('cells meet the same bounds as JSON: 40 significant digits, the years 1900–9999', () => {
    const csv = `Type,Asset,Amount,Price,Date\nbuy,BTC,${'1'.repeat(5_000)},100,2025-01-01\nsell,BTC,1,2,0050-06-01\n`;
    expect(problemOf(() => run(csv)).errors).toEqual([
      expect.objectContaining({
        path: '/csv/2/Amount',
        code: 'invalid_decimal',
        message: 'has 5000 significant digits; at most 40 are accepted',
      }),
      expect.objectContaining({ path: '/csv/3/Date', code: 'invalid_date' }),
    ]);
  });

  it('an exchange cell error names its column', () => {
    const csv = fixture('kraken').replace('0.20000000', '0.2O');
    expect(problemOf(() => run(csv, { fx_rates: { BTC: '1', EUR: '1' } })).errors).toEqual([
      expect.objectContaining({ path: '/csv/4/vol', line: 4, column: 'vol' }),
    ]);
  });

  it('the same trades give the same report as CSV and as JSON (LIFO: two rows, each half the proceeds)', () => {
    const { report } = run(fixture('native'), {}, 'lifo');
    const json = calculate(
      calculateInput.parse({
        method: 'lifo',
        trades: [
          {
            side: 'buy',
            currency: 'BTC',
            quantity: '1.5',
            price_per_unit: '20000',
            date: '2023-03-01',
            fee: '15',
            fee_asset: 'USD',
            wallet: 'ledger',
            id: 'b1',
          },
          {
            side: 'buy',
            currency: 'btc',
            quantity: '0.5',
            price_per_unit: '30000',
            date: '2023-09-01T12:00:00Z',
            fee: '5',
            wallet: 'exchange',
            id: 'b2',
          },
          {
            side: 'sell',
            currency: 'BTC',
            quantity: '1',
            price_per_unit: '45000',
            date: '2024-03-02',
            fee: '0.0001',
            fee_asset: 'BTC',
            wallet: 'exchange',
            id: 's1',
          },
        ],
      }).trades,
      'lifo',
      csvInput.parse({ csv: '' }).options,
    );
    expect(report).toEqual(json);
    expect(report.disposals.map((d) => [d.lots[0]!.trade_id, d.proceeds, d.gain])).toEqual([
      ['b2', '22497.75', '7492.75'],
      ['b1', '22497.75', '12492.75'],
    ]);
  });
});

describe('native: a mixed history (buys, income, a transfer with a sold fee, a sale) under the US rules', () => {
  const csv =
    'type,asset,amount,price,date,fee,wallet,from_wallet,to_wallet,fee_price,fee_treatment,income_kind\n' +
    'buy,ETH,2,1500,2024-01-10,3,exchange,,,,,\n' +
    'income,ETH,0.1,2000,2024-03-01,,exchange,,,,,staking\n' +
    'transfer,ETH,1,,2024-06-01,0.01,,exchange,ledger,3000,,\n' +
    'transfer,ETH,0.05,,2024-07-01,0.01,,exchange,phone,,add_to_basis,\n' +
    'sell,ETH,1,2500,2025-02-01,2,ledger,,,,,\n';

  it('reads every row and computes each to the cent', () => {
    const { parsed, report } = run(csv, { jurisdiction: 'US' });
    expect(parsed.skipped).toEqual([]);
    expect(
      parsed.trades.map((t) => [t.type, t.wallet, t.transfer?.toWallet, t.transfer?.feeTreatment]),
    ).toEqual([
      ['buy', 'exchange', undefined, undefined],
      ['income', 'exchange', undefined, undefined],
      ['transfer', 'exchange', 'ledger', 'disposal'],
      ['transfer', 'exchange', 'phone', 'add_to_basis'],
      ['sell', 'ledger', undefined, undefined],
    ]);
    expect(
      report.disposals.map((d) => [d.trade_id, d.amount, d.proceeds, d.cost_basis, d.gain, d.term]),
    ).toEqual([
      ['4', '0.01', '30.00', '15.02', '14.98', 'short'],
      ['6', '1', '2498.00', '1501.50', '996.50', 'long'],
    ]);
    expect(report.summary.income).toEqual({ total: '200.00', by_kind: { staking: '200.00' } });
    // phone: 0.05 of the buy (75.075) plus the fee's 0.01 (15.015) → 90.09.
    expect(report.holdings.map((h) => [h.wallet, h.amount, h.cost_basis])).toEqual([
      ['exchange', '1.03', '1596.40'],
      ['phone', '0.05', '90.09'],
    ]);
  });

  it('a transfer row with a bad to_wallet is a 400 naming the cell', () => {
    const bad = csv.replace('exchange,ledger,3000', 'exchange,exchange,3000');
    expect(problemOf(() => run(bad))).toMatchObject({
      status: 400,
      errors: [{ path: '/csv/4/to_wallet', code: 'same_wallet', line: 4, column: 'to_wallet' }],
    });
  });
});

describe('the row bound (MAX_CSV_ROWS after the header)', () => {
  const history = (preamble: number, rows: number) =>
    [
      ...Array.from({ length: preamble }, (_, i) => `Exported ${i}`),
      'type,asset,amount,price,date',
      ...Array.from({ length: rows }, () => 'buy,BTC,1,100,2024-01-01'),
    ].join('\n');
  const parse = (csv: string) => parseCsv(csv, undefined, 'USD', new Map());

  it('reads a history of exactly the bound, past a preamble', { timeout: 30_000 }, () => {
    expect(MAX_CSV_ROWS).toBe(300_000);
    expect(parse(history(99, MAX_CSV_ROWS)).trades).toHaveLength(MAX_CSV_ROWS);
  });

  it('stops reading the text one row past what the caller takes', () => {
    const rows = readRows('a\n\nb\n"c\nd"\ne\nf', 3);
    expect(rows).toEqual([
      { line: 1, cells: ['a'] },
      { line: 3, cells: ['b'] },
      { line: 4, cells: ['c\nd'] },
      { line: 6, cells: ['e'] },
    ]);
  });

  it('refuses one row more with 422 too_expensive naming /csv and the limit, before reading any row', () => {
    for (const preamble of [0, 99]) {
      const problem = problemOf(() => parse(history(preamble, MAX_CSV_ROWS + 1)));
      expect(problem).toMatchObject({
        status: 422,
        code: 'too_expensive',
        detail:
          'the CSV has more than 300,000 rows after its header: send the history in parts by asset (lots are matched per asset)',
        errors: [{ path: '/csv', code: 'too_expensive' }],
        limit: 300_000,
      });
    }
  });
});
