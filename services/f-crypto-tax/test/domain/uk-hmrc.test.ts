// HMRC Cryptoassets Manual CRYPTO22251–22256, as f-crypto-tax.md states them (HMRC's figures, our pence).
import { describe, expect, it } from 'vitest';
import { buy, matchesOf, runUk, sell } from './uk-helpers.js';

describe('HMRC worked examples', () => {
  it('CRYPTO22251: a disposal from the section 104 pool', () => {
    const { rows, pools } = runUk([
      buy('TKN', '150', '126000', '2021-05-01'),
      sell('TKN', '50', '300000', '2023-06-01', 's'),
    ]);
    expect(rows).toEqual([
      {
        asset: 'TKN',
        date_sold: '2023-06-01',
        trade_ids: ['s'],
        amount: '50',
        proceeds: '300000.00',
        cost_basis: '42000.00',
        gain: '258000.00',
        matches: [{ rule: 's104', amount: '50', cost: '42000.00', date_acquired: null }],
      },
    ]);
    expect(pools).toEqual({ TKN: ['100', '84000.00'] });
  });

  it('CRYPTO22252: the same day: two sales and a purchase are one disposal', () => {
    const { rows, pools } = runUk([
      buy('TKN', '5000', '500', '2021-05-01'),
      sell('TKN', '1000', '800', '2023-06-01T09:00:00Z', 'a'),
      buy('TKN', '1600', '1000', '2023-06-01T11:00:00Z', 'b'),
      sell('TKN', '500', '600', '2023-06-01T15:00:00Z', 'c'),
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      trade_ids: ['a', 'c'],
      amount: '1500',
      proceeds: '1400.00',
      cost_basis: '937.50',
      gain: '462.50',
    });
    expect(matchesOf(rows[0]!)).toEqual([['same_day', '1500', '937.50', '2023-06-01']]);
    expect(pools).toEqual({ TKN: ['5100', '562.50'] });
  });

  it('CRYPTO22253: bed and breakfast over two disposals, earliest first', () => {
    const { rows, years, pools } = runUk([
      buy('TKN', '2000', '1000', '2023-01-10'),
      sell('TKN', '1000', '400', '2024-03-31'),
      sell('TKN', '500', '150', '2024-04-20'),
      buy('TKN', '700', '175', '2024-04-21'),
      buy('TKN', '500', '100', '2024-04-28'),
      buy('TKN', '500', '150', '2024-05-01'),
    ]);
    expect(rows.map((r) => [r.date_sold, r.proceeds, r.cost_basis, r.gain])).toEqual([
      ['2024-03-31', '400.00', '235.00', '165.00'],
      ['2024-04-20', '150.00', '130.00', '20.00'],
    ]);
    expect(matchesOf(rows[0]!)).toEqual([
      ['bed_and_breakfast', '700', '175.00', '2024-04-21'],
      ['bed_and_breakfast', '300', '60.00', '2024-04-28'],
    ]);
    expect(matchesOf(rows[1]!)).toEqual([
      ['bed_and_breakfast', '200', '40.00', '2024-04-28'],
      ['bed_and_breakfast', '300', '90.00', '2024-05-01'],
    ]);
    expect(years).toEqual([2023, 2024]);
    expect(pools).toEqual({ TKN: ['2200', '1060.00'] });
  });

  it('CRYPTO22254: several sales and purchases on one day, the excess from the pool', () => {
    const { rows, pools } = runUk([
      buy('TKN', '8000', '1000', '2021-05-01'),
      sell('TKN', '5000', '500', '2023-06-01T08:00:00Z'),
      buy('TKN', '4000', '320', '2023-06-01T09:00:00Z'),
      sell('TKN', '2000', '142', '2023-06-01T10:00:00Z'),
      buy('TKN', '1000', '75', '2023-06-01T11:00:00Z'),
      buy('TKN', '1000', '70', '2023-06-01T12:00:00Z'),
      buy('TKN', '500', '35', '2023-06-01T13:00:00Z'),
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amount: '7000',
      proceeds: '642.00',
      cost_basis: '562.50',
      gain: '79.50',
    });
    expect(matchesOf(rows[0]!)).toEqual([
      ['same_day', '6500', '500.00', '2023-06-01'],
      ['s104', '500', '62.50', null],
    ]);
    expect(pools).toEqual({ TKN: ['7500', '937.50'] });
  });

  it('CRYPTO22255: bought back 12 days later, the rest from the pool', () => {
    const { rows, pools } = runUk([
      buy('TKN', '14000', '200000', '2021-05-01'),
      sell('TKN', '4000', '160000', '2023-06-01'),
      buy('TKN', '500', '17500', '2023-06-13'),
    ]);
    expect(rows.map((r) => [r.proceeds, r.cost_basis, r.gain])).toEqual([
      ['160000.00', '67500.00', '92500.00'],
    ]);
    expect(matchesOf(rows[0]!)).toEqual([
      ['bed_and_breakfast', '500', '17500.00', '2023-06-13'],
      ['s104', '3500', '50000.00', null],
    ]);
    expect(pools).toEqual({ TKN: ['10500', '150000.00'] });
  });

  it('CRYPTO22256: same day, then bed and breakfast shared by two disposals, then the pool', () => {
    const { rows, pools, exactPools } = runUk([
      buy('TKN', '100000', '300000', '2021-05-01'),
      buy('TKN', '10000', '45000', '2023-07-31T10:00:00Z'),
      sell('TKN', '30000', '150000', '2023-07-31T14:00:00Z'),
      sell('TKN', '20000', '100000', '2023-08-05'),
      buy('TKN', '50000', '225000', '2023-08-06'),
      sell('TKN', '100000', '150000', '2023-08-07'),
    ]);
    expect(rows.map((r) => [r.date_sold, r.proceeds, r.cost_basis, r.gain])).toEqual([
      ['2023-07-31', '150000.00', '135000.00', '15000.00'],
      ['2023-08-05', '100000.00', '90000.00', '10000.00'],
      ['2023-08-07', '150000.00', '313636.36', '-163636.36'],
    ]);
    expect(matchesOf(rows[0]!)).toEqual([
      ['same_day', '10000', '45000.00', '2023-07-31'],
      ['bed_and_breakfast', '20000', '90000.00', '2023-08-06'],
    ]);
    expect(matchesOf(rows[1]!)).toEqual([['bed_and_breakfast', '20000', '90000.00', '2023-08-06']]);
    expect(matchesOf(rows[2]!)).toEqual([['s104', '100000', '313636.36', null]]);
    // The pool before the last disposal was 110,000 / 345,000; 10,000 units keep 345,000 × 10/110.
    expect(pools).toEqual({ TKN: ['10000', '31363.64'] });
    expect(exactPools[0]!.cost.plus(exactPools[0]!.cost.times(10)).toFixed(6)).toBe('345000.000000');
  });
});
