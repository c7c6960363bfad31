// Edges of transfers, income and the rules: every field a type does not use, the wallet checks, the
// GB rule as settled, and the transfer that finds the asset's pool short.
import { describe, expect, it } from 'vitest';
import { holdingsReport, readTrade, settle } from '../../src/domain/index.js';
import { holdingsInput } from '../../src/schemas.js';
import { calc, problemOf, trade } from './helpers.js';

function read(record: Record<string, unknown>) {
  const reported: Array<[string, string, string]> = [];
  const result = readTrade(record, '0', 'USD', (field, code, message) =>
    reported.push([field, code, message]),
  );
  return { result, reported };
}

const base = { asset: 'BTC', amount: '1', date: '2024-01-01' };
const buy = { ...base, type: 'buy', price: '1' };
const transfer = { ...base, type: 'transfer', from_wallet: 'A', to_wallet: 'B' };
const income = { ...base, type: 'income', price: '1', income_kind: 'mining' };

describe('fields a type does not use are 400 not_allowed, named as sent', () => {
  const values: Record<string, unknown> = {
    price: '1',
    fee: '1',
    fee_asset: 'USD',
    quote: 'USD',
    fx_rate: '1',
    fee_fx_rate: '1',
    wallet: 'A',
    from_wallet: 'A',
    to_wallet: 'B',
    fee_price: '1',
    fee_treatment: 'disposal',
    income_kind: 'staking',
  };
  const allowed: Record<string, string[]> = {
    buy: ['price', 'fee', 'fee_asset', 'quote', 'fx_rate', 'fee_fx_rate', 'wallet'],
    sell: ['price', 'fee', 'fee_asset', 'quote', 'fx_rate', 'fee_fx_rate', 'wallet'],
    transfer: ['fee', 'from_wallet', 'to_wallet', 'fee_price', 'fee_treatment'],
    income: ['price', 'quote', 'fx_rate', 'wallet', 'income_kind'],
  };
  const records: Record<string, Record<string, unknown>> = {
    buy,
    sell: { ...buy, type: 'sell' },
    transfer,
    income,
  };
  for (const [type, fields] of Object.entries(allowed)) {
    it(`${type}: ${fields.join(', ')} only`, () => {
      for (const field of Object.keys(values)) {
        const { reported } = read({ ...records[type], [field]: values[field] });
        const notAllowed = reported.filter(([, code]) => code === 'not_allowed');
        expect(notAllowed, `${type}.${field}`).toEqual(
          fields.includes(field) ? [] : [[field, 'not_allowed', `is not used by a ${type}`]],
        );
      }
    });
  }

  it('the older name of price is named as sent', () => {
    expect(read({ ...transfer, price_per_unit: '5' }).reported).toEqual([
      ['price_per_unit', 'not_allowed', 'is not used by a transfer'],
    ]);
  });
});

describe('transfer and income fields', () => {
  it('wallet names are 1 to 200 characters', () => {
    expect(read({ ...transfer, from_wallet: 'x'.repeat(201) }).reported).toEqual([
      ['from_wallet', 'invalid_wallet', 'must be a wallet name (1 to 200 characters)'],
    ]);
    expect(read({ ...transfer, to_wallet: 7 }).reported).toEqual([
      ['to_wallet', 'invalid_wallet', 'must be a wallet name (1 to 200 characters)'],
    ]);
    expect(read({ ...transfer, from_wallet: 'x'.repeat(200) }).reported).toEqual([]);
    expect(read({ ...transfer, from_wallet: undefined, to_wallet: undefined }).reported).toEqual([
      ['from_wallet', 'required', 'is required for a transfer'],
      ['to_wallet', 'required', 'is required for a transfer'],
    ]);
  });

  it('fee_treatment is read in any case (CSV); its default follows fee_price', () => {
    expect(read({ ...transfer, fee_treatment: ' Disposal ', fee_price: '2' }).result?.transfer).toEqual({
      toWallet: 'B',
      feePrice: expect.objectContaining({}),
      feeTreatment: 'disposal',
    });
    expect(read({ ...transfer, fee_price: '2' }).result?.transfer?.feeTreatment).toBe('disposal');
    expect(read(transfer).result).toMatchObject({
      type: 'transfer',
      wallet: 'A',
      feeAsset: 'BTC',
      transfer: { toWallet: 'B', feePrice: undefined, feeTreatment: 'add_to_basis' },
    });
    expect(read({ ...transfer, fee_treatment: 'burn' }).reported).toEqual([
      ['fee_treatment', 'invalid_enum', 'must be "disposal" or "add_to_basis"'],
    ]);
    expect(read({ ...transfer, fee_treatment: 'disposal' }).reported).toEqual([
      [
        'fee_price',
        'required',
        'is required with fee_treatment "disposal": the base-currency value of one fee unit',
      ],
    ]);
    expect(read({ ...transfer, to_wallet: 'A' }).reported).toEqual([
      ['to_wallet', 'same_wallet', 'must differ from from_wallet'],
    ]);
  });

  it('income_kind: required, one of the six, any case (CSV)', () => {
    expect(read({ ...income, income_kind: undefined }).reported).toEqual([
      [
        'income_kind',
        'required',
        'is required for income: one of staking, mining, airdrop, interest, reward, salary',
      ],
    ]);
    expect(read({ ...income, income_kind: 'gift' }).reported).toEqual([
      ['income_kind', 'invalid_enum', 'must be one of staking, mining, airdrop, interest, reward, salary'],
    ]);
    expect(read({ ...income, income_kind: ' Salary ' }).result).toMatchObject({
      type: 'income',
      incomeKind: 'salary',
    });
    expect(read(income).result).not.toHaveProperty('transfer');
    expect(read(buy).result).not.toHaveProperty('incomeKind');
  });
});

describe('settle', () => {
  const options = {
    baseCurrency: 'USD',
    fxRates: new Map(),
    year: undefined,
    pooling: undefined,
    insufficientHoldings: 'error' as const,
    jurisdiction: 'GB',
    methodByYear: new Map(),
  };

  it('GB: average, one pool per asset across wallets (HMRC)', () => {
    expect(settle(undefined, options)).toEqual({
      method: 'average',
      jurisdiction: 'GB',
      poolingRule: {
        pooling: 'universal',
        source: 'hmrc',
        reason: 'GB: one section 104 pool per asset across all wallets (HMRC CRYPTO22200)',
      },
    });
    expect(settle('average', { ...options, pooling: 'universal' }).poolingRule.source).toBe('hmrc');
  });

  it('GB per_wallet names pooling and what to send instead', () => {
    expect(problemOf(() => settle(undefined, { ...options, pooling: 'per_wallet' }))).toEqual({
      status: 422,
      type: 'urn:problem:unsupported_pooling_for_jurisdiction',
      title: 'Unprocessable content',
      code: 'unsupported_pooling_for_jurisdiction',
      detail:
        'GB pools each asset across all wallets (HMRC CRYPTO22200): leave out pooling or send "universal"',
      errors: [
        {
          path: '/pooling',
          code: 'unsupported_pooling_for_jurisdiction',
          message:
            'GB pools each asset across all wallets (HMRC CRYPTO22200): leave out pooling or send "universal"',
        },
      ],
      jurisdiction: 'GB',
      pooling: 'per_wallet',
    });
  });

  it('method_by_year without a jurisdiction says so, with jurisdiction null', () => {
    expect(
      problemOf(() =>
        settle('fifo', {
          ...options,
          jurisdiction: undefined,
          methodByYear: new Map([[2024, 'hifo' as const]]),
        }),
      ),
    ).toMatchObject({
      detail:
        'method_by_year is for US returns (a specific identification per year): send "jurisdiction": "US" or leave it out',
      jurisdiction: null,
    });
  });
});

describe('a transfer the wallet can cover but the asset’s pool cannot', () => {
  it('after a zero-basis sale from another wallet emptied the universal pool → 422 naming the wallet', () => {
    const trades = [
      trade('buy', 'BTC', '1', '100', '2024-01-01', { wallet: 'A' }),
      trade('sell', 'BTC', '2', '100', '2024-02-01', { wallet: 'B' }),
      {
        id: 'mv',
        type: 'transfer',
        asset: 'BTC',
        amount: '1',
        date: '2024-03-01',
        from_wallet: 'A',
        to_wallet: 'C',
      },
    ];
    expect(problemOf(() => calc({ trades, insufficient_holdings: 'zero_basis' }))).toMatchObject({
      code: 'insufficient_holdings',
      detail: 'transfer mv moves 1 BTC but only 0 is held in wallet "A" at that time',
      wallet: 'A',
      shortfall: '1',
    });
  });

  it('a fee_price with no fee disposes of nothing', () => {
    const trades = [
      trade('buy', 'BTC', '1', '100', '2024-01-01', { wallet: 'A' }),
      {
        type: 'transfer',
        asset: 'BTC',
        amount: '1',
        fee_price: '9',
        date: '2024-03-01',
        from_wallet: 'A',
        to_wallet: 'C',
      },
    ];
    expect(calc({ trades, pooling: 'per_wallet' })).toMatchObject({
      disposals: [],
      holdings: [{ wallet: 'C', amount: '1', cost_basis: '100.00' }],
    });
  });

  it('a fee disposal over two lots splits fee_price pro rata', () => {
    const trades = [
      trade('buy', 'BTC', '1', '100', '2024-01-01', { wallet: 'A', id: 'x' }),
      trade('buy', 'BTC', '1', '300', '2024-01-02', { wallet: 'A', id: 'y' }),
      {
        id: 'mv',
        type: 'transfer',
        asset: 'BTC',
        amount: '0.5',
        fee: '1',
        fee_price: '1000',
        date: '2024-03-01',
        from_wallet: 'A',
        to_wallet: 'C',
      },
    ];
    const report = calc({ trades, pooling: 'per_wallet' });
    expect(
      report.disposals.map((d) => [d.trade_id, d.amount, d.proceeds, d.cost_basis, d.lots[0]!.trade_id]),
    ).toEqual([
      ['mv', '0.5', '500.00', '50.00', 'x'],
      ['mv', '0.5', '500.00', '150.00', 'y'],
    ]);
    expect(report.holdings.map((h) => [h.wallet, h.amount, h.cost_basis])).toEqual([
      ['A', '0.5', '150.00'],
      ['C', '0.5', '50.00'],
    ]);
  });

  it('add_to_basis over two moved lots splits the fee cost by amount, the last taking the rest', () => {
    const trades = [
      trade('buy', 'BTC', '1', '100', '2024-01-01', { wallet: 'A', id: 'x' }),
      trade('buy', 'BTC', '2', '300', '2024-01-02', { wallet: 'A', id: 'y' }),
      {
        type: 'transfer',
        asset: 'BTC',
        amount: '2',
        fee: '0.3',
        date: '2024-03-01',
        from_wallet: 'A',
        to_wallet: 'C',
      },
    ];
    const answer = calc({ trades, pooling: 'per_wallet' });
    // Moved: 1 of x (100) and 1 of y (300); the fee: 0.3 of y (90), half to each moved unit.
    expect(answer.holdings.map((h) => [h.wallet, h.amount, h.cost_basis])).toEqual([
      ['A', '0.7', '210.00'],
      ['C', '2', '490.00'],
    ]);
    const {
      trades: read,
      method,
      options,
    } = holdingsInput.parse({ trades, pooling: 'per_wallet', as_of: '2024-12-31' });
    expect(holdingsReport(read, method, options).holdings[1]!.lots).toEqual([
      { trade_id: 'x', date_acquired: '2024-01-01', amount: '1', cost: '145.00' },
      { trade_id: 'y', date_acquired: '2024-01-02', amount: '1', cost: '345.00' },
    ]);
  });
});
