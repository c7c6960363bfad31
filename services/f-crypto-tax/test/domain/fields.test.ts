// Field readers and the trade record, called directly: each problem names its field, its code and
// a message a client can act on; a good value is read exactly.
import { describe, expect, it } from 'vitest';
import { parseInstant } from '../../src/domain/dates.js';
import {
  codeField,
  DECIMAL_HINT,
  decimalField,
  fiatField,
  instantField,
  readDecimal,
} from '../../src/domain/fields.js';
import { readTrade } from '../../src/domain/trade-record.js';

type Reported = [field: string, code: string, message: string];

function collect<T>(read: (report: (f: string, c: string, m: string) => void) => T): [T, Reported[]] {
  const reported: Reported[] = [];
  const value = read((field, code, message) => reported.push([field, code, message]));
  return [value, reported];
}

describe('readDecimal', () => {
  it('reads decimal strings and JSON numbers exactly', () => {
    expect(String(readDecimal('0.5'))).toBe('0.5');
    expect(String(readDecimal(0.1))).toBe('0.1');
    expect(String(readDecimal(0))).toBe('0');
    expect(String(readDecimal(2 ** 53 - 1))).toBe('9007199254740991');
  });

  it('names what is wrong with anything else', () => {
    expect(readDecimal('-1')).toBe(`must be ${DECIMAL_HINT}`);
    expect(readDecimal('1e3')).toBe(`must be ${DECIMAL_HINT}`);
    expect(readDecimal(-0.5)).toBe('must not be negative');
    expect(readDecimal(2 ** 53)).toBe(
      'is beyond 2^53: a JSON number this large has lost digits; send it as a decimal string',
    );
    expect(readDecimal(1e-7)).toBe('1e-7 needs an exponent as a JSON number: send it as a decimal string');
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, true, null, [1], { a: 1 }]) {
      expect(readDecimal(value)).toBe(`must be ${DECIMAL_HINT} or a JSON number`);
    }
    expect(readDecimal(`1${'0'.repeat(41)}`)).toMatch(/^is outside 10\^-40…10\^40/);
  });

  it('decimalField: bounds > 0 or ≥ 0, reported under the field name', () => {
    expect(collect((r) => decimalField('0', 'amount', 'positive', r))).toEqual([
      undefined,
      [['amount', 'too_small', 'must be greater than 0']],
    ]);
    expect(collect((r) => String(decimalField('0', 'fee', 'non_negative', r)))).toEqual(['0', []]);
    expect(collect((r) => decimalField('x', 'fee', 'non_negative', r))).toEqual([
      undefined,
      [['fee', 'invalid_decimal', `must be ${DECIMAL_HINT}`]],
    ]);
  });
});

describe('codes, currencies and dates', () => {
  it('codeField trims and upper-cases; refuses what is not a code', () => {
    expect(collect((r) => codeField('  btc ', 'asset', r))).toEqual(['BTC', []]);
    const message =
      'must be an asset or currency code such as "BTC" or "USD" (letters, digits, . _ -; at most 32)';
    for (const bad of ['', ' ', '-x', 'a b', 'x'.repeat(33), 5]) {
      expect(collect((r) => codeField(bad, 'asset', r))).toEqual([
        undefined,
        [['asset', 'invalid_code', message]],
      ]);
    }
  });

  it('fiatField takes an ISO 4217 code in any case, not a stablecoin', () => {
    expect(collect((r) => fiatField(' eur ', 'base_currency', r))).toEqual(['EUR', []]);
    const message =
      'must be an ISO 4217 currency code such as "USD" or "EUR" (USDT and USDC are assets: value them with fx_rates)';
    for (const bad of ['USDT', 'XYZ', 7]) {
      expect(collect((r) => fiatField(bad, 'base_currency', r))).toEqual([
        undefined,
        [['base_currency', 'invalid_currency', message]],
      ]);
    }
  });

  it('instantField names the parser fault, or asks for a date when the value is not text', () => {
    expect(collect((r) => instantField('2025-01-15', 'date', r))).toEqual([Date.UTC(2025, 0, 15), []]);
    const parsed = parseInstant('2025-13-01');
    expect(parsed.ok).toBe(false);
    expect(collect((r) => instantField('2025-13-01', 'date', r))).toEqual([
      undefined,
      [['date', 'invalid_date', (parsed as { message: string }).message]],
    ]);
    expect(collect((r) => instantField(20250115, 'date', r))).toEqual([
      undefined,
      [
        [
          'date',
          'invalid_date',
          'must be an ISO 8601 date or date-time such as "2025-01-15" or "2025-01-15T10:00:00Z"',
        ],
      ],
    ]);
  });
});

describe('readTrade', () => {
  const good = { type: 'Buy ', asset: 'btc', amount: '2', price: '10', date: '2025-01-15' };

  it('reads a full record: defaults for quote, fee asset and id; wallet and rates when given', () => {
    const [trade, reported] = collect((r) => readTrade(good, '7', 'USD', r));
    expect(reported).toEqual([]);
    expect(trade).toMatchObject({
      id: '7',
      type: 'buy',
      asset: 'BTC',
      quote: 'USD',
      feeAsset: 'USD',
      wallet: null,
    });
    expect(String(trade!.gross)).toBe('20');
    expect(String(trade!.fee)).toBe('0');
    expect(trade!.fxRate).toBeUndefined();
    const [full] = collect((r) =>
      readTrade(
        {
          ...good,
          id: 'x1',
          quote: 'eur',
          fee: '1',
          fee_asset: 'bnb',
          fx_rate: '1.1',
          fee_fx_rate: '600',
          wallet: 9,
        },
        '7',
        'USD',
        r,
      ),
    );
    expect(full).toMatchObject({ id: 'x1', quote: 'EUR', feeAsset: 'BNB', wallet: '9' });
    expect([String(full!.fee), String(full!.fxRate), String(full!.feeFxRate)]).toEqual(['1', '1.1', '600']);
    const [blank] = collect((r) =>
      readTrade({ ...good, id: '', quote: '', fee: null, fee_asset: '', wallet: '' }, '3', 'USD', r),
    );
    expect(blank).toMatchObject({ id: '3', quote: 'USD', feeAsset: 'USD', wallet: null });
  });

  it('older names are accepted, and named in the errors', () => {
    const old = { side: 'sell', currency: 'eth', quantity: '1', price_per_unit: '5', date: '2025-01-15' };
    expect(collect((r) => readTrade(old, '0', 'USD', r))[0]).toMatchObject({ type: 'sell', asset: 'ETH' });
    expect(collect((r) => readTrade({ ...old, quantity: '0', side: 'hold' }, '0', 'USD', r))[1]).toEqual([
      ['side', 'invalid_enum', 'must be "buy", "sell", "transfer" or "income"'],
      ['quantity', 'too_small', 'must be greater than 0'],
    ]);
  });

  it('reports every problem by field, and returns no trade', () => {
    const [trade, reported] = collect((r) =>
      readTrade(
        {
          type: 1,
          asset: 'btc',
          currency: 'eth',
          fee: '-1',
          quote: 'a b',
          fee_asset: '?',
          fx_rate: '0',
          fee_fx_rate: 'x',
        },
        '0',
        'USD',
        r,
      ),
    );
    expect(trade).toBeUndefined();
    expect(reported).toEqual([
      ['type', 'invalid_enum', 'must be "buy", "sell", "transfer" or "income"'],
      ['currency', 'duplicate_field', 'is an alias of asset: send one of them'],
      ['amount', 'required', 'is required (or its older name quantity)'],
      ['price', 'required', 'is required (or its older name price_per_unit)'],
      ['date', 'required', 'is required'],
      ['fee', 'invalid_decimal', `must be ${DECIMAL_HINT}`],
      [
        'quote',
        'invalid_code',
        'must be an asset or currency code such as "BTC" or "USD" (letters, digits, . _ -; at most 32)',
      ],
      [
        'fee_asset',
        'invalid_code',
        'must be an asset or currency code such as "BTC" or "USD" (letters, digits, . _ -; at most 32)',
      ],
      ['fx_rate', 'too_small', 'must be greater than 0'],
      ['fee_fx_rate', 'invalid_decimal', `must be ${DECIMAL_HINT}`],
    ]);
  });

  it('a price of 0 is a gift at zero value; a negative price is refused', () => {
    expect(collect((r) => readTrade({ ...good, price: '0' }, '0', 'USD', r))[1]).toEqual([]);
    expect(collect((r) => readTrade({ ...good, price: -1 }, '0', 'USD', r))[1]).toEqual([
      ['price', 'invalid_decimal', 'must not be negative'],
    ]);
  });
});
