// The spec's "Next II" worked examples in the domain: Form 8949 boxes, the 1099-DA reconciliation and
// the GB tax year's figures (annual exempt amount, SA108, the 30 October 2024 rate split).
import { describe, expect, it } from 'vitest';
import { form8949 } from '../../src/domain/index.js';
import type { UkReport } from '../../src/domain/index.js';
import { calculateInput } from '../../src/schemas.js';
import { calculate } from '../../src/domain/index.js';
import { calc } from './helpers.js';
import {
  GB_BY_YEAR,
  GB_EXAMPLE,
  US_8949,
  US_BY_BOX,
  US_EXAMPLE,
  US_RECONCILIATION,
  US_ROWS,
} from './next2-examples.js';

const rowsOf = (report: ReturnType<typeof calc>) =>
  report.disposals.map((d) => [
    d.trade_id,
    d.amount,
    d.date_acquired,
    d.term,
    d.form_8949_box,
    d.proceeds,
    d.cost_basis,
    d.gain,
  ]);

describe('US: boxes and the 1099-DA reconciliation (spec example)', () => {
  it.each([
    ['jurisdiction US', US_EXAMPLE],
    ['per_wallet pooling', { ...US_EXAMPLE, jurisdiction: undefined, pooling: 'per_wallet' }],
  ])('%s: rows, boxes, by_box, reconciliation', (_, body) => {
    const report = calc(body);
    expect(rowsOf(report)).toEqual(US_ROWS);
    expect(report.summary.by_box).toEqual(US_BY_BOX);
    expect(report.reconciliation).toEqual(US_RECONCILIATION);
  });

  it('the 8949 CSV: a Box column; short G, I then long J, K', () => {
    expect(form8949(calc(US_EXAMPLE))).toBe(US_8949);
  });

  it('without form_1099da: no reconciliation, every 2025 row in I or L', () => {
    const { form_1099da: _, ...body } = US_EXAMPLE;
    const report = calc(body);
    expect(report).not.toHaveProperty('reconciliation');
    expect(report.disposals.map((d) => d.form_8949_box)).toEqual(['L', 'L', 'I', 'I']);
    expect(Object.keys(report.summary.by_box)).toEqual(['I', 'L']);
  });

  it('before 2025: C short, F long, and the CSV as before (no Box column)', () => {
    const trades = [
      { type: 'buy', asset: 'ETH', amount: '2', price: '100', date: '2022-01-01' },
      { type: 'sell', asset: 'ETH', amount: '1', price: '300', date: '2023-06-01' },
      { type: 'buy', asset: 'ETH', amount: '1', price: '200', date: '2024-01-01' },
      { type: 'sell', asset: 'ETH', amount: '2', price: '250', date: '2024-03-01' },
    ];
    const report = calc({ trades });
    expect(report.disposals.map((d) => [d.term, d.form_8949_box])).toEqual([
      ['long', 'F'],
      ['long', 'F'],
      ['short', 'C'],
    ]);
    expect(report.summary.by_box).toEqual({
      C: { proceeds: '250.00', cost_basis: '200.00', gain: '50.00' },
      F: { proceeds: '550.00', cost_basis: '200.00', gain: '350.00' },
    });
    expect(form8949(report).split('\r\n')[0]).toBe(
      'Description,Date Acquired,Date Sold,Proceeds,Cost Basis,Gain or Loss,Term',
    );
  });

  it('a row given a cost_basis but basis_reported false is H/K; a basis of 0 is reported', () => {
    const trades = [
      { id: 'b', type: 'buy', asset: 'ETH', amount: '2', price: '100', date: '2025-01-01' },
      { id: 's', type: 'sell', asset: 'ETH', amount: '1', price: '300', date: '2025-06-01' },
      { id: 't', type: 'sell', asset: 'ETH', amount: '1', price: '300', date: '2025-07-01' },
    ];
    const report = calc({
      trades,
      form_1099da: [
        {
          date: '2025-06-01',
          asset: 'eth',
          units: '1',
          proceeds: '300',
          cost_basis: '90',
          basis_reported: false,
        },
        { date: '2025-07-01T12:00:00Z', asset: 'ETH', units: 1, proceeds: '300.004', cost_basis: '0' },
      ],
    });
    expect(report.disposals.map((d) => d.form_8949_box)).toEqual(['H', 'G']);
    expect(report.reconciliation!.matched).toEqual([
      {
        row: 0,
        id: null,
        trade_id: 's',
        matched_by: 'day_units',
        proceeds: { reported: '300.00', computed: '300.00', difference: '0.00', reason: null },
        cost_basis: { reported: '90.00', computed: '100.00', difference: '-10.00', reason: 'unexplained' },
      },
      {
        row: 1,
        id: null,
        trade_id: 't',
        matched_by: 'day_units',
        proceeds: { reported: '300.00', computed: '300.00', difference: '0.00', reason: null },
        cost_basis: { reported: '0.00', computed: '100.00', difference: '-100.00', reason: 'unexplained' },
      },
    ]);
  });
});

describe('matching rules', () => {
  const sells = [
    { id: 'b', type: 'buy', asset: 'BTC', amount: '10', price: '100', date: '2024-06-01' },
    { id: 'x', type: 'sell', asset: 'BTC', amount: '1', price: '200', date: '2025-03-01', fee: '1' },
    { id: 'x', type: 'sell', asset: 'BTC', amount: '1', price: '210', date: '2025-03-01' },
    { id: 'y', type: 'sell', asset: 'BTC', amount: '2', price: '220', date: '2025-03-02' },
    { id: 'z', type: 'sell', asset: 'BTC', amount: '0.5', price: '230', date: '2026-01-05' },
    { id: 'w', type: 'sell', asset: 'BTC', amount: '0.5', price: '240', date: '2024-12-31' },
  ];
  const reconcile = (rows: unknown[]) => calc({ trades: sells, form_1099da: rows }).reconciliation!;

  it('id first (the first sale left with that id, asset and units), then day and units, each once', () => {
    const r = reconcile([
      { date: '2025-03-01', asset: 'BTC', units: '1', proceeds: '199' },
      { id: 'x', date: '2025-12-01', asset: 'BTC', units: '1.0', proceeds: '210' },
      { id: 'x', date: '2025-03-01', asset: 'BTC', units: '1', proceeds: '200' },
      { id: 'y', date: '2025-03-02', asset: 'BTC', units: '1', proceeds: '220' },
    ]);
    expect(r.matched.map((m) => [m.row, m.trade_id, m.matched_by, m.proceeds.computed])).toEqual([
      [1, 'x', 'id', '199.00'],
      [2, 'x', 'id', '210.00'],
    ]);
    // Row 0 finds no sale left on its day with 1 unit; row 3 (id y, 1 unit) none with 2 units.
    expect(r.unmatched_rows.map((u) => u.row)).toEqual([0, 3]);
    // In scope: sales of 2025 (the rows' year) only; 2024 and 2026 are not.
    expect(r.unmatched_disposals.map((d) => d.trade_id)).toEqual(['y']);
    expect(r.totals.proceeds).toEqual({
      reported: '829.00',
      computed: '849.00',
      difference: '-20.00',
      matched_difference: '1.00',
      unmatched_rows: '419.00',
      unmatched_disposals: '440.00',
    });
  });

  it('reasons: rounding within a cent a row, fee_treatment within a cent a row of the fee, else unexplained', () => {
    const proceeds = (reported: string) =>
      reconcile([{ id: 'x', date: '2025-03-01', asset: 'BTC', units: '1', proceeds: reported }]).matched[0]!
        .proceeds;
    // Sale x (first): 200 − fee 1 = 199.00, one row.
    expect(proceeds('199.01')).toMatchObject({ difference: '0.01', reason: 'rounding' });
    expect(proceeds('198.99')).toMatchObject({ difference: '-0.01', reason: 'rounding' });
    expect(proceeds('199.02')).toMatchObject({ difference: '0.02', reason: 'unexplained' });
    expect(proceeds('199.99')).toMatchObject({ difference: '0.99', reason: 'fee_treatment' });
    expect(proceeds('200.01')).toMatchObject({ difference: '1.01', reason: 'fee_treatment' });
    expect(proceeds('200.02')).toMatchObject({ difference: '1.02', reason: 'unexplained' });
    expect(proceeds('198')).toMatchObject({ difference: '-1.00', reason: 'unexplained' });
    expect(proceeds('199.005')).toMatchObject({ reported: '199.01', reason: 'rounding' });
    expect(proceeds('199')).toMatchObject({ difference: '0.00', reason: null });
  });

  it('no fee: a difference beyond rounding is unexplained; cost within a cent is rounding', () => {
    const r = reconcile([
      { id: 'y', date: '2025-03-02', asset: 'BTC', units: '2', proceeds: '441', cost_basis: '200.01' },
    ]);
    expect(r.matched[0]).toMatchObject({
      proceeds: { difference: '1.00', reason: 'unexplained' },
      cost_basis: { reported: '200.01', computed: '200.00', difference: '0.01', reason: 'rounding' },
    });
  });

  it('a sale over n rows is allowed n cents of rounding', () => {
    const trades = [
      { id: 'a', type: 'buy', asset: 'BTC', amount: '1', price: '100', date: '2025-01-01' },
      { id: 'b', type: 'buy', asset: 'BTC', amount: '1', price: '100', date: '2025-01-02' },
      { id: 'c', type: 'buy', asset: 'BTC', amount: '1', price: '100', date: '2025-01-03' },
      { id: 's', type: 'sell', asset: 'BTC', amount: '3', price: '300', date: '2025-02-01' },
    ];
    const at = (reported: string) =>
      calc({
        trades,
        form_1099da: [
          { id: 's', date: '2025-02-01', asset: 'BTC', units: '3', proceeds: '900', cost_basis: reported },
        ],
      }).reconciliation!.matched[0]!.cost_basis;
    expect(at('300.03')).toMatchObject({ difference: '0.03', reason: 'rounding' });
    expect(at('300.04')).toMatchObject({ difference: '0.04', reason: 'unexplained' });
  });

  it("a transfer's fee units sold at fee_price are a sale (fee 0: the proceeds before it)", () => {
    const trades = [
      { id: 'b', type: 'buy', asset: 'BTC', amount: '2', price: '100', date: '2025-01-01', wallet: 'A' },
      {
        id: 'm',
        type: 'transfer',
        asset: 'BTC',
        amount: '1',
        fee: '0.01',
        fee_price: '300',
        date: '2025-02-01',
        from_wallet: 'A',
        to_wallet: 'B',
      },
    ];
    const r = calc({
      trades,
      form_1099da: [{ date: '2025-02-01', asset: 'BTC', units: '0.01', proceeds: '3.01', cost_basis: '1' }],
    }).reconciliation!;
    expect(r.matched).toEqual([
      {
        row: 0,
        id: null,
        trade_id: 'm',
        matched_by: 'day_units',
        proceeds: { reported: '3.01', computed: '3.00', difference: '0.01', reason: 'rounding' },
        cost_basis: { reported: '1.00', computed: '1.00', difference: '0.00', reason: null },
      },
    ]);
  });

  it('`year`: only the sales of that year have rows, so only they are sales', () => {
    const r = calc({
      trades: sells,
      year: 2026,
      form_1099da: [{ id: 'x', date: '2025-03-01', asset: 'BTC', units: '1', proceeds: '199' }],
    }).reconciliation!;
    expect(r.matched).toEqual([]);
    expect(r.unmatched_rows.map((u) => u.row)).toEqual([0]);
    expect(r.unmatched_disposals).toEqual([]);
  });

  it('an empty form_1099da: every total 0.00, nothing in scope', () => {
    expect(calc({ trades: sells, form_1099da: [] }).reconciliation).toEqual({
      matched: [],
      unmatched_rows: [],
      unmatched_disposals: [],
      totals: {
        proceeds: {
          reported: '0.00',
          computed: '0.00',
          difference: '0.00',
          matched_difference: '0.00',
          unmatched_rows: '0.00',
          unmatched_disposals: '0.00',
        },
        cost_basis: { reported: '0.00', computed: '0.00', difference: '0.00' },
      },
    });
  });
});

describe('GB tax years (spec example; BittyTax 287c4b4 agrees)', () => {
  const gb = (body: Record<string, unknown>) => {
    const { trades, method, options } = calculateInput.parse(body);
    return calculate(trades, method, options) as UkReport;
  };

  it('2024: gain 3,474, taxable 474, SA108 4 / 19,500 / 16,026 / 4,980 / 1,506, periods −520 and +3,994', () => {
    const report = gb(GB_EXAMPLE);
    expect(report.disposals.map((d) => [d.date_sold, d.gain])).toEqual([
      ['2024-09-10', '986.00'],
      ['2024-10-29', '-1506.00'],
      ['2024-10-30', '1996.00'],
      ['2025-04-05', '1998.00'],
      ['2025-04-06', '1998.00'],
    ]);
    expect(report.summary.by_year).toEqual(GB_BY_YEAR);
  });

  it('a UK day decides the period: 23:30 UTC on 29 October 2024 is 29 October (GMT)', () => {
    const moved = {
      ...GB_EXAMPLE,
      trades: GB_EXAMPLE.trades.map((t) =>
        t.date === '2024-10-29T23:30:00Z' ? { ...t, date: '2024-10-29T23:30:00+00:00' } : t,
      ),
    };
    expect(gb(moved).summary.by_year).toEqual(GB_BY_YEAR);
  });

  it('annual exempt amounts by tax year; none before 2014-15; taxable_gain null without one', () => {
    const sale = (year: number) => [
      { type: 'buy', asset: 'ETH', amount: '1', price: '0', date: `${year}-05-01` },
      { type: 'sell', asset: 'ETH', amount: '1', price: '20000', date: `${year}-06-01` },
    ];
    const years = [2013, 2014, 2015, 2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2030];
    const byYear = gb({ jurisdiction: 'GB', trades: years.flatMap(sale) }).summary.by_year;
    expect(years.map((y) => [y, byYear[y]!.annual_exempt_amount, byYear[y]!.taxable_gain])).toEqual([
      [2013, null, null],
      [2014, '11000.00', '9000.00'],
      [2015, '11100.00', '8900.00'],
      [2016, '11100.00', '8900.00'],
      [2017, '11300.00', '8700.00'],
      [2018, '11700.00', '8300.00'],
      [2019, '12000.00', '8000.00'],
      [2020, '12300.00', '7700.00'],
      [2021, '12300.00', '7700.00'],
      [2022, '12300.00', '7700.00'],
      [2023, '6000.00', '14000.00'],
      [2024, '3000.00', '17000.00'],
      [2025, '3000.00', '17000.00'],
      [2030, '3000.00', '17000.00'],
    ]);
    expect(years.filter((y) => 'rate_periods' in byYear[y]!)).toEqual([2024]);
  });

  it('a gain equal to the exempt amount is taxable 0.00; a net loss too (no losses brought forward)', () => {
    const trades = [
      { type: 'buy', asset: 'ETH', amount: '2', price: '0', date: '2024-05-01' },
      { type: 'sell', asset: 'ETH', amount: '1', price: '3000', date: '2024-06-01' },
      { type: 'buy', asset: 'BTC', amount: '1', price: '5000', date: '2025-05-01' },
      { type: 'sell', asset: 'BTC', amount: '1', price: '1000', date: '2025-06-01' },
    ];
    const byYear = gb({ jurisdiction: 'GB', trades }).summary.by_year;
    expect(byYear['2024']).toMatchObject({ gain: '3000.00', taxable_gain: '0.00' });
    expect(byYear['2025']).toMatchObject({ gain: '-4000.00', taxable_gain: '0.00' });
    expect(byYear['2025']!.sa108).toEqual({
      disposals: 1,
      proceeds: '1000.00',
      allowable_costs: '5000.00',
      gains: '0.00',
      losses: '4000.00',
    });
  });

  it('form_1099da under GB → 422 unsupported_option_for_jurisdiction at /form_1099da', () => {
    expect(() => gb({ ...GB_EXAMPLE, form_1099da: [] })).toThrow(
      expect.objectContaining({ status: 422, code: 'unsupported_option_for_jurisdiction' }),
    );
  });
});

describe('form_1099da rows as read (400 at /form_1099da/<i>/<field>)', () => {
  const row = { date: '2025-03-01', asset: 'BTC', units: '1', proceeds: '10' };
  const issues = (rows: unknown[]) => {
    const parsed = calculateInput.safeParse({ trades: [], form_1099da: rows });
    if (parsed.success) return [];
    return parsed.error.issues.map((issue) => [
      `/${issue.path.join('/')}`,
      (issue as { params?: { code?: string } }).params?.code ?? issue.code,
    ]);
  };

  it.each([
    [{ ...row, date: '2024-12-31T23:59:59Z' }, 'date', 'too_early'],
    [{ ...row, date: '2025-01-01T00:30:00+01:00' }, 'date', 'too_early'],
    [{ ...row, date: 'soon' }, 'date', 'invalid_date'],
    [{ ...row, asset: 'B T C' }, 'asset', 'invalid_code'],
    [{ ...row, units: '0' }, 'units', 'too_small'],
    [{ ...row, units: 'x' }, 'units', 'invalid_decimal'],
    [{ ...row, proceeds: 'x' }, 'proceeds', 'invalid_decimal'],
    [{ ...row, cost_basis: 'x' }, 'cost_basis', 'invalid_decimal'],
    [{ ...row, basis_reported: true }, 'basis_reported', 'required_cost_basis'],
    [{ ...row, basis_reported: true, cost_basis: null }, 'basis_reported', 'required_cost_basis'],
  ])('%j → %s %s (the good row beside it is read)', (bad, field, code) => {
    expect(issues([row, bad])).toEqual([[`/form_1099da/1/${field}`, code]]);
  });

  it('the messages say what is expected', () => {
    const messages = (rows: unknown[]) => {
      const parsed = calculateInput.safeParse({ trades: [], form_1099da: rows });
      return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    };
    expect(messages([{ ...row, date: '2024-12-31' }])).toEqual([
      'must be on or after 2025-01-01 (UTC): Form 1099-DA reports sales from 2025',
    ]);
    expect(messages([{ ...row, basis_reported: true }])).toEqual([
      'is true only with a cost_basis: give the basis the broker reported, or leave basis_reported out',
    ]);
  });

  it('each bad field of a row is named; a row on 2025-01-01 00:00 UTC is read', () => {
    expect(issues([{ date: '2024-01-01', asset: '', units: '0', proceeds: 'x', cost_basis: 'y' }])).toEqual([
      ['/form_1099da/0/date', 'too_early'],
      ['/form_1099da/0/asset', 'invalid_code'],
      ['/form_1099da/0/units', 'too_small'],
      ['/form_1099da/0/proceeds', 'invalid_decimal'],
      ['/form_1099da/0/cost_basis', 'invalid_decimal'],
    ]);
    const parsed = calculateInput.parse({
      trades: [],
      form_1099da: [
        {
          id: 'a',
          date: '2025-01-01T00:00:00Z',
          asset: 'eth',
          units: '1.50',
          proceeds: '10.005',
          cost_basis: 0,
        },
        { date: '2025-01-01', asset: 'ETH', units: 1, proceeds: 0, basis_reported: false, cost_basis: null },
      ],
    });
    expect(
      parsed.options.form1099da!.map((r) => [
        r.index,
        r.id,
        r.day,
        r.asset,
        r.units.toFixed(),
        r.proceeds,
        r.costBasis,
        r.basisReported,
      ]),
    ).toEqual([
      [0, 'a', 20089, 'ETH', '1.5', 1001n, 0n, true],
      [1, null, 20089, 'ETH', '1', 0n, null, false],
    ]);
    expect(calculateInput.parse({ trades: [] }).options.form1099da).toBeUndefined();
  });
});

describe('more on boxes and matching', () => {
  it('a row sold on 2025-01-01 alone gives the Box column; rows of one box keep sale order', () => {
    const trades = [
      { type: 'buy', asset: 'ETH', amount: '3', price: '100', date: '2024-06-01' },
      { type: 'sell', asset: 'ETH', amount: '1', price: '300', date: '2024-12-31' },
      { type: 'sell', asset: 'ETH', amount: '1', price: '200', date: '2025-01-01' },
      { type: 'sell', asset: 'ETH', amount: '1', price: '150', date: '2025-01-01T10:00:00Z' },
    ];
    expect(form8949(calc({ trades })).split('\r\n')).toEqual([
      'Description,Date Acquired,Date Sold,Proceeds,Cost Basis,Gain or Loss,Term,Box',
      '1 ETH,06/01/2024,12/31/2024,300.00,100.00,200.00,Short-term,C',
      '1 ETH,06/01/2024,01/01/2025,200.00,100.00,100.00,Short-term,I',
      '1 ETH,06/01/2024,01/01/2025,150.00,100.00,50.00,Short-term,I',
      '',
    ]);
    expect(form8949(calc({ trades: trades.slice(0, 2) })).split('\r\n')[0]).toBe(
      'Description,Date Acquired,Date Sold,Proceeds,Cost Basis,Gain or Loss,Term',
    );
  });

  it('an id is matched with its own asset and units, never by running them together', () => {
    const trades = [
      { id: 'x', type: 'buy', asset: 'BTC', amount: '1', price: '100', date: '2025-01-01' },
      { id: 'xB', type: 'buy', asset: 'TC', amount: '11', price: '100', date: '2025-01-01' },
      { id: 's', type: 'sell', asset: 'BTC', amount: '1', price: '100', date: '2025-02-01' },
      { id: 'x1', type: 'sell', asset: 'TC', amount: '1', price: '100', date: '2025-02-02' },
    ];
    // "x" + "BTC" + "1" is "xB" + "TC" + "1": the row (id xB, TC, 1) must not take sale "s"…
    const r = calc({
      trades: trades.map((t, i) => (i === 2 ? { ...t, id: 'x' } : t)),
      form_1099da: [{ id: 'xB', date: '2025-03-01', asset: 'TC', units: '1', proceeds: '100' }],
    }).reconciliation!;
    expect(r.matched).toEqual([]);
    expect(r.unmatched_disposals.map((d) => d.trade_id)).toEqual(['x', 'x1']);
  });

  it('a whole-holding move marks its lots as moved: a basis difference is transferred_in', () => {
    const trades = [
      { id: 'b', type: 'buy', asset: 'BTC', amount: '1', price: '100', date: '2025-01-01', wallet: 'ledger' },
      {
        id: 'm',
        type: 'transfer',
        asset: 'BTC',
        amount: '1',
        date: '2025-01-02',
        from_wallet: 'ledger',
        to_wallet: 'cb',
      },
      { id: 's', type: 'sell', asset: 'BTC', amount: '1', price: '300', date: '2025-02-01', wallet: 'cb' },
    ];
    const rows = [{ date: '2025-02-01', asset: 'BTC', units: '1', proceeds: '300', cost_basis: '0' }];
    for (const options of [{ pooling: 'per_wallet' }, { jurisdiction: 'US' }, {}]) {
      const r = calc({ trades, form_1099da: rows, ...options }).reconciliation!;
      expect(r.matched[0]!.cost_basis).toEqual({
        reported: '0.00',
        computed: '100.00',
        difference: '-100.00',
        reason: 'transferred_in',
      });
    }
    const r = calc({ trades: [trades[0]!, { ...trades[2]!, wallet: 'ledger' }], form_1099da: rows })
      .reconciliation!;
    expect(r.matched[0]!.cost_basis.reason).toBe('unexplained');
  });
});
