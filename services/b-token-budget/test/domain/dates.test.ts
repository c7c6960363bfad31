// Dates of usage (`at` → priced_on) and of price histories, edge by edge.
import { describe, expect, it } from 'vitest';
import { daysInMonth, isDay, isRealDate, pricedOn, utcDay } from '../../src/domain/dates.js';
import { checkHistory } from '../../src/domain/price-history.js';
import { setOn } from '../../src/domain/models.js';

describe('the Gregorian calendar', () => {
  it('days in a month; leap years every 4, not every 100, every 400', () => {
    expect([1, 3, 5, 7, 8, 10, 12].map((m) => daysInMonth(2026, m))).toEqual([31, 31, 31, 31, 31, 31, 31]);
    expect([4, 6, 9, 11].map((m) => daysInMonth(2026, m))).toEqual([30, 30, 30, 30]);
    expect([2026, 2024, 2100, 2000, 2400, 1900].map((y) => daysInMonth(y, 2))).toEqual([
      28, 29, 28, 29, 29, 28,
    ]);
  });

  it('real dates only', () => {
    expect(isRealDate(2026, 2, 28)).toBe(true);
    expect(isRealDate(2026, 2, 29)).toBe(false);
    expect(isRealDate(2026, 0, 1)).toBe(false);
    expect(isRealDate(2026, 13, 1)).toBe(false);
    expect(isRealDate(2026, 12, 0)).toBe(false);
    expect(isRealDate(2026, 12, 31)).toBe(true);
    expect(isRealDate(2026, 12, 32)).toBe(false);
    expect(isRealDate(2026, 1, 1)).toBe(true);
    for (const ok of ['2026-02-28', '2024-02-29', '2000-02-29', '0001-01-01'])
      expect(isDay(ok), ok).toBe(true);
    for (const bad of [
      '2026-02-29',
      '2026-02-30',
      '2100-02-29',
      '2026-1-01',
      '2026-01-1',
      ' 2026-01-01',
      '2026-01-01 ',
      '20260101',
    ])
      expect(isDay(bad), bad).toBe(false);
  });

  it('the UTC day of an instant', () => {
    expect(utcDay(new Date('2026-07-29T23:59:59.999Z'))).toBe('2026-07-29');
    expect(utcDay(new Date('2026-07-30T00:00:00.000Z'))).toBe('2026-07-30');
  });
});

describe('at → priced_on', () => {
  it.each([
    ['2026-07-30', '2026-07-30'],
    ['2026-07-30T00:00:00Z', '2026-07-30'],
    ['2026-07-30T23:59:59Z', '2026-07-30'],
    ['2026-07-30T23:59:59.999999999Z', '2026-07-30'],
    ['2026-07-30T01:30:00+02:00', '2026-07-29'],
    ['2026-07-30T02:00:00+02:00', '2026-07-30'],
    ['2026-07-29T22:00:00-02:00', '2026-07-30'],
    ['2026-07-29T21:59:59-02:00', '2026-07-29'],
    ['2026-07-30T00:00:00+00:30', '2026-07-29'],
    ['2026-07-30T23:30:00-00:30', '2026-07-31'],
    ['2026-12-31T23:00:00-01:00', '2027-01-01'],
    ['2024-03-01T00:00:00+00:01', '2024-02-29'],
    ['2000-01-01T00:00:00+01:00', '1999-12-31'],
    ['2999-12-31T23:59:59-23:59', '3000-01-01'],
    ['2026-07-30T23:59:59+23:59', '2026-07-30'],
    ['2026-07-30T00:00:00.1Z', '2026-07-30'],
  ])('%s → %s', (at, day) => {
    expect(pricedOn(at)).toBe(day);
  });

  it.each([
    '1999-12-31',
    '3000-01-01',
    '2026-02-29',
    '2026-00-10',
    '2026-13-10',
    '2026-07-30T24:00:00Z',
    '2026-07-30T23:60:00Z',
    '2026-07-30T23:00:60Z',
    '2026-07-30T00:00:00+24:00',
    '2026-07-30T00:00:00-01:60',
    '2026-07-30T00:00:00',
    '2026-07-30t00:00:00Z',
    '2026-07-30T00:00:00z',
    '2026-07-30T00:00:00.Z',
    '2026-07-30T00:00:00.1234567890Z',
    '2026-07-30T0:00:00Z',
    '2026-07-30T00:00:00+0200',
    '2026-07-30T00:00:00 Z',
    'x2026-07-30',
    '2026-07-30x',
  ])('%s → refused', (at) => {
    expect(pricedOn(at)).toBeUndefined();
  });
});

describe('a price history', () => {
  const set = (from: string | null, until?: string | null) => ({ from, until });

  it('sets in order, each until the next from, the last open: no problem', () => {
    expect(checkHistory([set('2026-01-01')])).toBeUndefined();
    expect(checkHistory([set(null)])).toBeUndefined();
    expect(checkHistory([set(null, null)])).toBeUndefined();
    expect(checkHistory([set(null, '2026-01-01'), set('2026-01-01', null)])).toBeUndefined();
    expect(checkHistory([set('2026-01-01'), set('2026-02-01'), set('2026-03-01')])).toBeUndefined();
    expect(checkHistory([set('2026-01-01', '2026-02-01'), set('2026-02-01')])).toBeUndefined();
  });

  it('names the first problem and its place', () => {
    expect(checkHistory([set('2026-01-01'), set(null)])?.place).toBe('[1].from');
    expect(checkHistory([set('2026-01-01', '2026-01-01')])).toEqual({
      place: '[0].until',
      message: 'must be after from (2026-01-01)',
    });
    expect(checkHistory([set('2026-01-02', '2026-01-01')])?.place).toBe('[0].until');
    expect(checkHistory([set('2026-01-01'), set('2026-01-01')])?.place).toBe('[1].from');
    expect(checkHistory([set('2026-02-01'), set('2026-01-01')])?.message).toMatch(
      /^must be after the previous/,
    );
    expect(checkHistory([set('2026-01-01', '2026-01-15'), set('2026-02-01')])?.message).toMatch(
      /^leaves a gap/,
    );
    expect(checkHistory([set('2026-01-01', '2026-02-15'), set('2026-02-01')])?.message).toMatch(/^overlaps/);
    expect(checkHistory([set('2026-01-01', null), set('2026-02-01')])?.message).toMatch(/^overlaps/);
    expect(checkHistory([set('2026-01-01'), set('2026-02-01', '2026-03-01')])).toEqual({
      place: '[1].until',
      message: 'must be null on the last set (in force until further notice)',
    });
    expect(checkHistory([set(null, '2026-01-01')])?.place).toBe('[0].until');
  });

  it('the set in force on a day: from inclusive, until exclusive', () => {
    const history = [
      { from: null, until: '2026-01-01' },
      { from: '2026-01-01', until: '2026-02-01' },
      { from: '2026-02-01', until: null },
    ] as unknown as Parameters<typeof setOn>[0];
    expect(setOn(history, '1999-01-01')?.from).toBeNull();
    expect(setOn(history, '2025-12-31')?.from).toBeNull();
    expect(setOn(history, '2026-01-01')?.from).toBe('2026-01-01');
    expect(setOn(history, '2026-01-31')?.from).toBe('2026-01-01');
    expect(setOn(history, '2026-02-01')?.from).toBe('2026-02-01');
    expect(setOn(history.slice(1), '2025-12-31')).toBeUndefined();
  });
});
