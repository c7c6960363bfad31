// The bad-input table: every refusal is a precise 4xx naming the field, over REST and MCP alike.
import { describe, expect, it } from 'vitest';
import { app, callTool, type Json, postJson, trade } from './helpers.js';

async function problem(path: string, body: unknown, status: number) {
  const res = await postJson(path, body);
  const json: Json = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  return json;
}

const buy = trade('buy', 'BTC', '1', '100', '2025-01-01');
const paths = (json: Json) => json.errors.map((e: { path: string }) => e.path);

describe('400 validation_failed naming /trades/<i>/<field>', () => {
  it.each([
    [{ ...buy, amount: '0' }, '/trades/0/amount', 'too_small'],
    [{ ...buy, amount: '-1' }, '/trades/0/amount', 'invalid_decimal'],
    [{ ...buy, amount: '1e5' }, '/trades/0/amount', 'invalid_decimal'],
    [{ ...buy, amount: '1,000' }, '/trades/0/amount', 'invalid_decimal'],
    [{ ...buy, amount: 1e21 }, '/trades/0/amount', 'invalid_decimal'],
    [{ ...buy, amount: 2 ** 53 }, '/trades/0/amount', 'invalid_decimal'],
    [{ ...buy, amount: -2 }, '/trades/0/amount', 'invalid_decimal'],
    [{ ...buy, price: 'NaN' }, '/trades/0/price', 'invalid_decimal'],
    [{ ...buy, fee: '-1' }, '/trades/0/fee', 'invalid_decimal'],
    [{ ...buy, fx_rate: '0' }, '/trades/0/fx_rate', 'too_small'],
    [{ ...buy, date: '2025-02-30' }, '/trades/0/date', 'invalid_date'],
    [{ ...buy, date: 'yesterday' }, '/trades/0/date', 'invalid_date'],
    [{ ...buy, date: '0050-06-01' }, '/trades/0/date', 'invalid_date'],
    [{ ...buy, date: '1899-12-31T23:59:59Z' }, '/trades/0/date', 'invalid_date'],
    [{ ...buy, fee: `0.${'0'.repeat(41)}1` }, '/trades/0/fee', 'invalid_decimal'],
    [{ ...buy, type: 'hold' }, '/trades/0/type', 'invalid_value'],
    [{ ...buy, asset: 'B T C' }, '/trades/0/asset', 'invalid_code'],
    [{ ...buy, fees: '1' }, '/trades/0/fees', 'unrecognized_key'],
    [{ type: 'buy', asset: 'BTC', price: '1', date: '2025-01-01' }, '/trades/0/amount', 'required'],
    [
      { side: 'buy', currency: 'BTC', quantity: 'x', price_per_unit: '1', date: '2025-01-01' },
      '/trades/0/quantity',
      'invalid_decimal',
    ],
    [{ ...buy, currency: 'ETH' }, '/trades/0/currency', 'duplicate_field'],
  ])('%j → %s (%s)', async (bad, path, code) => {
    const json = await problem('/api/v1/calculate', { trades: [buy, bad] }, 400);
    expect(json.code).toBe('validation_failed');
    expect(json.errors).toContainEqual(expect.objectContaining({ path: path.replace('/0/', '/1/'), code }));
    const mcp = await callTool('calculate_crypto_tax', { trades: [buy, bad] });
    expect(mcp.result.isError).toBe(true);
  });

  it.each([
    [{ method: 'fifo2' }, '/method'],
    [{ base_currency: 'USDT' }, '/base_currency'],
    [{ fx_rates: { EUR: '-1' } }, '/fx_rates/EUR'],
    [{ year: 25 }, '/year'],
    [{ pooling: 'wallet' }, '/pooling'],
    [{ insufficient_holdings: 'ignore' }, '/insufficient_holdings'],
    [{ trade: [] }, '/trade'],
  ])('option %j → %s', async (option, path) => {
    const json = await problem('/api/v1/calculate', { trades: [buy], ...option }, 400);
    expect(paths(json)).toContain(path);
  });

  it('summary: both rates or neither, each within 0–1, and a two-letter jurisdiction', async () => {
    expect(paths(await problem('/api/v1/summary', { trades: [], short_term_rate: '0.3' }, 400))).toEqual([
      '/long_term_rate',
    ]);
    expect(
      paths(
        await problem('/api/v1/summary', { trades: [], short_term_rate: '1.5', long_term_rate: '0.1' }, 400),
      ),
    ).toEqual(['/short_term_rate']);
    expect(paths(await problem('/api/v1/summary', { trades: [], jurisdiction: 'USA' }, 400))).toEqual([
      '/jurisdiction',
    ]);
    expect(paths(await problem('/api/v1/summary', { trades: [], method: 'fifo' }, 400))).toEqual(['/method']);
  });
});

describe('bounds before arithmetic (docs/conventions.md §3)', () => {
  it('2,000 trades of 1,000-digit amounts are refused at once, each naming its field', async () => {
    const huge = '9'.repeat(1_000);
    const trades = Array.from({ length: 2_000 }, (_, i) =>
      trade(i % 2 === 0 ? 'buy' : 'sell', 'BTC', huge, huge, '2025-01-01'),
    );
    const json = await problem('/api/v1/summary', { trades }, 400);
    expect(json.errors[0]).toMatchObject({
      path: '/trades/0/amount',
      code: 'invalid_decimal',
      message: 'has 1000 significant digits; at most 40 are accepted',
    });
  });

  it.each([
    ['amount', '1'.repeat(10_000), 'has 10000 significant digits; at most 40 are accepted'],
    ['price', `0.${'7'.repeat(60_000)}`, 'has 60000 significant digits; at most 40 are accepted'],
    [
      'amount',
      `1${'0'.repeat(1_000_000)}`,
      'is outside 10^-40…10^40; amounts that large or small are not accepted',
    ],
  ])('%s of %#: a long decimal is refused before any arithmetic', async (field, value, message) => {
    const json = await problem('/api/v1/calculate', { trades: [{ ...buy, [field]: value }] }, 400);
    expect(json.errors).toEqual([
      expect.objectContaining({ path: `/trades/0/${field}`, code: 'invalid_decimal', message }),
    ]);
  });

  it('a year is the year written: a sale dated 0050-06-01 is refused, never read as 1950', async () => {
    const sell = trade('sell', 'BTC', '1', '200', '0050-06-01');
    const json = await problem('/api/v1/calculate', { trades: [buy, sell] }, 400);
    expect(json.errors).toEqual([
      expect.objectContaining({
        path: '/trades/1/date',
        message: 'must be a date from the year 1900 to 9999 (got the year 0050)',
      }),
    ]);
  });

  it('40 significant digits pass, exactly', async () => {
    const amount = '1234567890123456789012345678.901234567890';
    const body = await postJson('/api/v1/calculate', {
      trades: [
        trade('buy', 'BTC', amount, '1', '2025-01-01'),
        trade('sell', 'BTC', amount, '2', '2025-02-01'),
      ],
    });
    expect(body.status).toBe(200);
    expect(((await body.json()) as Json).summary.gain).toBe('1234567890123456789012345678.90');
  });
});

describe('422 domain refusals', () => {
  it('insufficient_holdings names the trade, the asset and the shortfall', async () => {
    const json = await problem(
      '/api/v1/calculate',
      { trades: [buy, trade('sell', 'BTC', '1.25', '1', '2025-02-01', { id: 's' })] },
      422,
    );
    expect(json).toMatchObject({
      code: 'insufficient_holdings',
      trade_id: 's',
      asset: 'BTC',
      shortfall: '0.25',
    });
  });

  it('missing_fx_rate names the trade and the currency', async () => {
    const json = await problem('/api/v1/calculate', { trades: [{ ...buy, quote: 'EUR' }] }, 422);
    expect(json).toMatchObject({ code: 'missing_fx_rate', trade_id: '0', currency: 'EUR' });
  });

  it('unsupported_jurisdiction when no method is allowed there', async () => {
    const json = await problem('/api/v1/summary', { trades: [buy], jurisdiction: 'fr' }, 422);
    expect(json).toMatchObject({ code: 'unsupported_jurisdiction', jurisdiction: 'FR' });
  });
});

describe('CSV refusals', () => {
  it('an unknown format is 400 unknown_csv_format listing the supported ones', async () => {
    const json = await problem('/api/v1/csv', { csv: 'a,b\n1,2\n', format: 'mtgox' }, 400);
    expect(json).toMatchObject({
      code: 'unknown_csv_format',
      supported: ['native', 'koinly', 'coinbase', 'kraken', 'binance'],
    });
  });

  it('a raw body that is not UTF-8 is 400 naming /csv', async () => {
    const res = await app.request('/api/v1/csv', {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: new Uint8Array([0x74, 0x79, 0x70, 0x65, 0xff, 0x0a]),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).errors[0].path).toBe('/csv');
  });

  it('bad query options are 400 naming the parameter', async () => {
    for (const [query, path] of [
      ['fx_rates=USDT', '/fx_rates'],
      ['year=25', '/year'],
      ['method=avg', '/method'],
      ['nope=1', '/nope'],
    ]) {
      const res = await app.request(`/api/v1/csv?${query}`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv' },
        body: 'type,asset,amount,price,date\n',
      });
      expect(res.status, query).toBe(400);
      expect(paths(await res.json()), query).toContain(path);
    }
  });
});
