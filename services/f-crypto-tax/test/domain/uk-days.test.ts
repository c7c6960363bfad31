// UK days (Europe/London) and the 6 April tax year.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { taxYearDays, taxYearOf, ukDay } from '../../src/domain/uk/index.js';

const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
const at = (instant: string) => ukDay(Date.parse(instant));

const london = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const zoneDay = (instant: number) => day(london.format(instant));

describe('ukDay', () => {
  it.each([
    ['2024-03-30T23:30:00Z', '2024-03-30'], // GMT the night before BST starts
    ['2024-03-31T00:59:59.999Z', '2024-03-31'],
    ['2024-03-31T01:00:00Z', '2024-03-31'],
    ['2024-03-31T22:59:59.999Z', '2024-03-31'],
    ['2024-03-31T23:00:00Z', '2024-04-01'], // BST: midnight in London
    ['2023-07-10T23:30:00Z', '2023-07-11'],
    ['2023-07-11T00:30:00Z', '2023-07-11'],
    ['2024-10-26T23:30:00Z', '2024-10-27'], // still BST
    ['2024-10-27T00:30:00Z', '2024-10-27'],
    ['2024-10-27T23:30:00Z', '2024-10-27'], // GMT again
    ['2023-12-10T23:30:00Z', '2023-12-10'],
    ['2023-12-11T00:30:00Z', '2023-12-11'],
    ['1996-03-31T23:30:00Z', '1996-04-01'], // the first year of the arithmetic
    ['1996-10-26T23:30:00Z', '1996-10-27'],
    ['1996-10-27T23:30:00Z', '1996-10-27'],
    ['9999-12-31T23:59:59.999Z', '9999-12-31'],
    ['9999-07-01T23:30:00Z', '9999-07-02'],
  ])('%s is %s in London', (instant, date) => {
    expect(at(instant)).toBe(day(date));
  });

  it('before 1996 the time-zone database decides (BST ended on 23 October 1988; 1970 was on UTC+1 all year)', () => {
    expect(at('1988-10-23T23:30:00Z')).toBe(day('1988-10-23'));
    expect(at('1988-10-22T23:30:00Z')).toBe(day('1988-10-23'));
    expect(at('1970-01-15T23:30:00Z')).toBe(day('1970-01-16'));
    expect(at('1900-06-01T23:30:00Z')).toBe(day('1900-06-01'));
    expect(at('1995-12-31T23:59:59.999Z')).toBe(day('1995-12-31'));
  });

  it('agrees with the time-zone database from 1996 to 2200', () => {
    const from = Date.UTC(1996, 0, 1);
    const to = Date.UTC(2200, 0, 1);
    fc.assert(
      fc.property(fc.integer({ min: from, max: to }), (instant) => ukDay(instant) === zoneDay(instant)),
      { numRuns: 20_000 },
    );
    // Every hour of the late evenings around each change in 2020-2030.
    for (let year = 2020; year <= 2030; year++) {
      for (const month of [2, 9]) {
        for (let d = 20; d <= 31; d++) {
          for (const hour of [0, 1, 22, 23]) {
            const instant = Date.UTC(year, month, d, hour, 30);
            expect(ukDay(instant)).toBe(zoneDay(instant));
          }
        }
      }
    }
  });
});

describe('tax year (6 April)', () => {
  it.each([
    ['2024-04-05', 2023],
    ['2024-04-06', 2024],
    ['2024-04-30', 2024],
    ['2024-05-01', 2024],
    ['2024-12-31', 2024],
    ['2025-01-01', 2024],
    ['2024-03-31', 2023],
    ['2024-03-06', 2023],
  ])('%s is in tax year %i', (date, year) => {
    expect(taxYearOf(day(date))).toBe(year);
  });

  it('5 April 23:30 BST and 00:30 BST the next day fall in two tax years', () => {
    expect(taxYearOf(at('2024-04-05T22:30:00Z'))).toBe(2023);
    expect(taxYearOf(at('2024-04-05T23:30:00Z'))).toBe(2024);
  });

  it('tax year 2024 runs from 2024-04-06 to 2025-04-05', () => {
    expect(taxYearDays(2024)).toEqual({ first: day('2024-04-06'), last: day('2025-04-05') });
  });
});
