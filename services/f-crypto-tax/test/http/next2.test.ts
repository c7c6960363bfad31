// The spec's "Next II" worked examples over REST, /csv and MCP (the same arguments on every surface),
// the Form 8949 CSV with its Box column, and the 400s and 422 of form_1099da.
import { describe, expect, it } from 'vitest';
import {
  GB_BY_YEAR,
  GB_EXAMPLE,
  US_8949,
  US_BY_BOX,
  US_EXAMPLE,
  US_EXAMPLE_CSV,
  US_RECONCILIATION,
  US_ROWS,
} from '../domain/next2-examples.js';
import { app, bothOk, callTool, type Json, postJson } from './helpers.js';

const rowsOf = (report: Json) =>
  report.disposals.map((d: Json) => [
    d.trade_id,
    d.amount,
    d.date_acquired,
    d.term,
    d.form_8949_box,
    d.proceeds,
    d.cost_basis,
    d.gain,
  ]);

const { trades: _trades, ...US_OPTIONS } = US_EXAMPLE;

describe('US example: boxes and the 1099-DA reconciliation', () => {
  it.each([
    ['/api/v1/calculate', 'calculate_crypto_tax', US_EXAMPLE],
    ['/api/v1/csv', 'parse_csv_trades', { csv: US_EXAMPLE_CSV, ...US_OPTIONS }],
  ])('%s and %s agree with the spec', async (path, tool, body) => {
    const report = await bothOk(path, tool, body);
    expect(rowsOf(report)).toEqual(US_ROWS);
    expect(report.summary.by_box).toEqual(US_BY_BOX);
    expect(report.reconciliation).toEqual(US_RECONCILIATION);
  });

  it.each([
    ['/api/v1/calculate?output=8949', US_EXAMPLE],
    ['/api/v1/csv?output=8949', { csv: US_EXAMPLE_CSV, ...US_OPTIONS }],
  ])('%s: the 8949 CSV lines G, I, J, K', async (path, body) => {
    const res = await postJson(path, body);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(US_8949);
  });
});

describe('GB example: the tax year figures', () => {
  it('calculate and csv over REST and MCP: AEA, taxable gain, SA108, the two rate periods', async () => {
    const report = await bothOk('/api/v1/calculate', 'calculate_crypto_tax', GB_EXAMPLE);
    expect(report.summary.by_year).toEqual(GB_BY_YEAR);
    const csv = [
      'type,asset,amount,price,date,fee',
      ...GB_EXAMPLE.trades.map((t) => [t.type, t.asset, t.amount, t.price, t.date, t.fee ?? ''].join(',')),
      '',
    ].join('\n');
    const fromCsv = await bothOk('/api/v1/csv', 'parse_csv_trades', { csv, jurisdiction: 'GB' });
    expect(fromCsv.summary.by_year).toEqual(GB_BY_YEAR);
  });

  it('summary: methods.average.by_year has the same figures', async () => {
    const summary = await bothOk('/api/v1/summary', 'annual_tax_summary', GB_EXAMPLE);
    expect(summary.methods.average.by_year).toEqual(GB_BY_YEAR);
  });

  it('form_1099da under GB → 422 at /form_1099da, on REST and MCP', async () => {
    const res = await postJson('/api/v1/calculate', { ...GB_EXAMPLE, form_1099da: [] });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      code: 'unsupported_option_for_jurisdiction',
      errors: [{ path: '/form_1099da' }],
    });
    const mcp = await callTool('calculate_crypto_tax', { ...GB_EXAMPLE, form_1099da: [] });
    expect(mcp.result.isError).toBe(true);
  });
});

describe('form_1099da validation: 400 at /form_1099da/<i>/<field>', () => {
  const trades = [{ type: 'buy', asset: 'BTC', amount: '1', price: '1', date: '2025-01-01' }];
  const row = { date: '2025-03-01', asset: 'BTC', units: '1', proceeds: '10' };
  it.each([
    [{ ...row, date: '2024-12-31T23:59:59Z' }, '/form_1099da/0/date', 'too_early'],
    [{ ...row, date: '2025-01-01T00:30:00+01:00' }, '/form_1099da/0/date', 'too_early'],
    [{ ...row, date: 'soon' }, '/form_1099da/0/date', 'invalid_date'],
    [{ ...row, units: '0' }, '/form_1099da/0/units', 'too_small'],
    [{ ...row, units: '-1' }, '/form_1099da/0/units', 'invalid_decimal'],
    [{ ...row, proceeds: '1e3' }, '/form_1099da/0/proceeds', 'invalid_decimal'],
    [{ ...row, cost_basis: '-5' }, '/form_1099da/0/cost_basis', 'invalid_decimal'],
    [{ ...row, basis_reported: true }, '/form_1099da/0/basis_reported', 'required_cost_basis'],
    [
      { ...row, basis_reported: true, cost_basis: null },
      '/form_1099da/0/basis_reported',
      'required_cost_basis',
    ],
    [{ ...row, asset: 'B T C' }, '/form_1099da/0/asset', 'invalid_code'],
    [{ ...row, broker: 'x' }, '/form_1099da/0/broker', undefined],
    [{ date: '2025-03-01', asset: 'BTC', units: '1' }, '/form_1099da/0/proceeds', undefined],
  ])('%j → %s', async (bad, path, code) => {
    const res = await postJson('/api/v1/calculate', { trades, form_1099da: [row, bad].reverse() });
    expect(res.status).toBe(400);
    const problem = (await res.json()) as Json;
    expect(problem.code).toBe('validation_failed');
    const error = problem.errors.find((e: Json) => e.path.startsWith(path.slice(0, 15)));
    expect(error?.path).toBe(path);
    if (code !== undefined) expect(error.code).toBe(code);
  });

  it('a cost_basis of null is "none given": basis_reported false, H or K', async () => {
    const report = await bothOk('/api/v1/calculate', 'calculate_crypto_tax', {
      trades: [...trades, { type: 'sell', asset: 'BTC', amount: '1', price: '10', date: '2025-03-01' }],
      form_1099da: [{ ...row, cost_basis: null }],
    });
    expect(report.disposals[0].form_8949_box).toBe('H');
    expect(report.reconciliation.matched[0].cost_basis.reason).toBe('basis_not_reported');
  });

  it('the /csv query takes no form_1099da (a JSON field only)', async () => {
    const res = await app.request('/api/v1/csv?form_1099da=x', {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: 'type,asset,amount,price,date\n',
    });
    expect(res.status).toBe(400);
  });
});
