// The routes beyond the worked examples: /methods, /csv (raw and JSON, query options), Form 8949 CSV.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { app, bothOk, callTool, type Json, postJson, trade } from './helpers.js';

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '..', 'fixtures', `${name}.csv`), 'utf8');

it('GET /api/v1/methods lists the methods, where each is allowed, and the CSV formats; so does its tool', async () => {
  const res = await app.request('/api/v1/methods');
  expect(res.status).toBe(200);
  const body: Json = await res.json();
  expect(body.methods.map((m: Json) => m.id)).toEqual(['fifo', 'lifo', 'hifo', 'average']);
  for (const m of body.methods) expect(m.allowed_in.includes('US')).toBe(m.id !== 'average');
  expect(body.default).toBe('fifo');
  expect(body.csv_formats).toEqual(['native', 'koinly', 'coinbase', 'kraken', 'binance']);
  expect((await callTool('list_tax_methods', {})).result.structuredContent).toEqual(body);
});

describe('POST /api/v1/csv', () => {
  it('raw text/csv with options in the query answers what JSON with the options in the body answers', async () => {
    const csv = fixture('kraken');
    const raw = await app.request('/api/v1/csv?fx_rates=BTC:42000,EUR:1.10&method=hifo', {
      method: 'POST',
      headers: { 'content-type': 'text/csv; charset=utf-8' },
      body: csv,
    });
    expect(raw.status).toBe(200);
    const rawBody: Json = await raw.json();
    const json = await bothOk('/api/v1/csv', 'parse_csv_trades', {
      csv,
      method: 'hifo',
      fx_rates: { BTC: '42000', EUR: '1.10' },
    });
    expect(rawBody).toEqual(json);
    expect(json.method).toBe('hifo');
  });

  it('a JSON body field wins over the same query parameter', async () => {
    const res = await postJson('/api/v1/csv?method=lifo', { csv: fixture('native'), method: 'fifo' });
    expect(((await res.json()) as Json).method).toBe('fifo');
  });

  it('rows that are not read are skipped with one warning', async () => {
    const body = await bothOk('/api/v1/csv', 'parse_csv_trades', { csv: fixture('coinbase') });
    expect(body.warnings).toEqual([
      {
        code: 'rows_skipped',
        message:
          '1 coinbase row(s) were not read (line 10): a "Send" row: not a buy, a sale or income (a Send or Receive names no wallet of yours)',
      },
    ]);
  });
});

describe('Form 8949-style CSV', () => {
  const trades = [
    trade('buy', 'BTC', '1', '30000', '2024-01-15', { fee: '5' }),
    trade('buy', 'BTC', '1', '40000', '2025-01-10'),
    trade('sell', 'BTC', '1.5', '45000', '2025-03-01'),
  ];
  const expected = [
    // Sold in 2025: a Box column (no 1099-DA sent: I short, L long).
    'Description,Date Acquired,Date Sold,Proceeds,Cost Basis,Gain or Loss,Term,Box',
    '0.5 BTC,01/10/2025,03/01/2025,22500.00,20000.00,2500.00,Short-term,I',
    '1 BTC,01/15/2024,03/01/2025,45000.00,30005.00,14995.00,Long-term,L',
    '',
  ].join('\r\n');

  it('on Accept: text/csv and on ?output=8949, short-term rows first', async () => {
    for (const [path, headers] of [
      ['/api/v1/calculate', { accept: 'text/csv' }],
      ['/api/v1/calculate?output=8949', {}],
    ] as const) {
      const res = await postJson(path, { trades }, app, headers);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(await res.text()).toBe(expected);
    }
  });

  it('on /csv too; JSON otherwise', async () => {
    const csv =
      'type,asset,amount,price,date,fee\nbuy,BTC,1,30000,2024-01-15,5\nbuy,BTC,1,40000,2025-01-10,0\nsell,BTC,1.5,45000,2025-03-01,0\n';
    const res = await app.request('/api/v1/csv?output=8949', {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: csv,
    });
    expect(await res.text()).toBe(expected);
    const json = await postJson('/api/v1/calculate', { trades }, app, { accept: 'application/json' });
    expect(json.headers.get('content-type')).toContain('application/json');
  });
});
