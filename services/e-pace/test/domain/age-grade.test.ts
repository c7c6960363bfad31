// /age-grade: the WMA/USATF 2020 road tables, checked against cells read from the published xlsx files
// (test/fixtures/age-grade-cells.json: file, sheet, cell address, value, as read with exceljs from
// github.com/AlanLyttonJones/Age-Grade-Tables at 4aac673), the spec's example and the log rule.
import { describe, expect, it } from 'vitest';
import CELLS from '../fixtures/age-grade-cells.json' with { type: 'json' };
import {
  AGE_GRADE_TABLE,
  ageGrade,
  ageStandard,
  COLUMN_NAMES,
  type Sex,
  MAX_AGE_GRADE_PERCENT,
  tableCell,
} from '../../src/domain/index.js';
import { expectUnprocessable, HALF, MARATHON, MILE } from './helpers.js';

const COLUMNS = 'BCDEFGHIJKLMNOPQRSTUV';

describe('the shipped table is the published one', () => {
  it.each(CELLS)('$file $sheet!$cell = $value ($column, age $age)', ({ file, cell, value, age, column }) => {
    const sex: Sex = file.includes('Female') ? 'female' : 'male';
    const j = COLUMNS.indexOf(cell[0]!);
    const row = Number(cell.slice(1));
    expect(COLUMN_NAMES[j]!.toLowerCase()).toBe(column.toLowerCase());
    if (row === 4) {
      // "OC sec": whole seconds stored with float noise (3480.9999999999995).
      expect(tableCell(sex, 50, j).oc_s).toBe(Math.round(value));
      expect(Math.abs(value - Math.round(value))).toBeLessThan(1e-9);
    } else {
      expect(row).toBe(age! + 1);
      expect(tableCell(sex, age!, j).factor).toBe(value);
    }
  });

  it("women's half OC is 3898 s (the 2021 fix; the CSVs say 3871); the men's 5 km 771 s", () => {
    expect(ageGrade(HALF, 5400, 30, 'female').open_standard_s).toBe(3898);
    expect(ageGrade(5000, 1200, 30, 'male').open_standard_s).toBe(771);
  });
});

describe('ageGrade', () => {
  it('spec: man 50, 5 km 20:00 → 0.8796, OC 771, 1055.5 s, 73.04 %', () => {
    expect(ageGrade(5000, 1200, 50, 'male')).toEqual({
      distance_m: 5000,
      time_s: 1200,
      age: 50,
      sex: 'male',
      age_factor: 0.8796,
      open_standard_s: 771,
      age_standard_s: 876.5,
      age_graded_time_s: 1055.5,
      age_graded_text: '17:36',
      age_grade_percent: 73.04,
      table: AGE_GRADE_TABLE,
      columns: ['5 km'],
      interpolated: false,
    });
  });

  it('between columns: u = (ln d − ln d₁)/(ln d₂ − ln d₁), S and OC linear in u, factor = OC/S', () => {
    // Woman 50 at 7 km: between 4 Mile (6437.376 m) and 8 km.
    const a = tableCell('female', 50, 3);
    const b = tableCell('female', 50, 4);
    const u = Math.log(7000 / 6437.376) / Math.log(8000 / 6437.376);
    const s = (a.oc_s / a.factor) * (1 - u) + (b.oc_s / b.factor) * u;
    const oc = a.oc_s * (1 - u) + b.oc_s * u;
    const report = ageGrade(7000, 1800, 50, 'female');
    expect(report).toMatchObject({
      columns: ['4 Mile', '8 km'],
      interpolated: true,
      age_factor: Math.round((oc / s) * 1e4) / 1e4,
      open_standard_s: Math.round(oc * 10) / 10,
      age_standard_s: Math.round(s * 10) / 10,
    });
    expect(report).toMatchObject({
      age_factor: 0.8879,
      open_standard_s: 1248.7,
      age_standard_s: 1406.4,
      age_graded_time_s: 1598.2,
      age_grade_percent: 78.13,
    });
    // At the geometric mean of two columns u = ½: S and OC are the plain means.
    const mid = Math.sqrt(10_000 * 12_000);
    const c = tableCell('male', 70, 6);
    const d = tableCell('male', 70, 7);
    const half = ageStandard('male', 70, mid);
    expect(half.oc_s).toBeCloseTo((c.oc_s + d.oc_s) / 2, 9);
    expect(half.oc_s / half.factor).toBeCloseTo((c.oc_s / c.factor + d.oc_s / d.factor) / 2, 9);
    expect(half.columns).toEqual([6, 7]);
  });

  it('within 1 m of a column is that column; 1.5 m off interpolates, continuously', () => {
    for (const d of [MARATHON - 1, MARATHON, MARATHON + 1]) {
      expect(ageGrade(d, 10_800, 40, 'male')).toMatchObject({ columns: ['Marathon'], interpolated: false });
    }
    const near = ageGrade(MARATHON + 1.5, 10_800, 40, 'male');
    expect(near).toMatchObject({ columns: ['Marathon', '50 km'], interpolated: true });
    expect(Math.abs(near.age_factor - tableCell('male', 40, 14).factor)).toBeLessThanOrEqual(0.0001);
    const below = ageGrade(MARATHON - 1.5, 10_800, 40, 'male');
    expect(below.columns).toEqual(['30 km', 'Marathon']);
    // The men's 50 Mile column is 80467.36 m in the sheet; 50 miles (80467.2 m) is that column.
    expect(ageGrade(50 * MILE, 30_000, 60, 'male').columns).toEqual(['50 Mile']);
  });

  it('1 mile to 200 km (each within 1 m), else 422 distance_out_of_range at /distance', () => {
    expect(ageGrade(MILE - 1, 300, 40, 'female').columns).toEqual(['1 Mile']);
    expect(ageGrade(200_001, 90_000, 40, 'female').columns).toEqual(['200 km']);
    expect(expectUnprocessable(() => ageGrade(MILE - 1.5, 300, 40, 'female'), 'distance_out_of_range')).toBe(
      'the age-grade tables cover 1 mile to 200 km (1609.344–200000 m), got 1607.844 m',
    );
    expectUnprocessable(() => ageGrade(200_001.5, 90_000, 40, 'male'), 'distance_out_of_range');
    expectUnprocessable(() => ageGrade(800, 120, 40, 'male'), 'distance_out_of_range');
  });

  it('ages 5–100, else 422 age_out_of_range at /age', () => {
    expect(ageGrade(5000, 1500, 5, 'male').age_factor).toBe(0.6062);
    expect(ageGrade(5000, 4000, 100, 'male').age_factor).toBe(0.2062);
    expect(ageGrade(5000, 5000, 100, 'female').age_factor).toBe(0.1909);
    for (const age of [4, 101]) {
      expect(expectUnprocessable(() => ageGrade(5000, 1200, age, 'male'), 'age_out_of_range')).toBe(
        `age ${age} is outside the tables' 5–100`,
      );
    }
  });
});

describe('ageGrade refuses a time faster than the age standard by more than 10 % (issue 43)', () => {
  it('5 km in 1 s and a 3:00 mile at 100: 422 time_out_of_range at /time, the grade and the bound named', () => {
    expect(expectUnprocessable(() => ageGrade(5000, 1, 30, 'male'), 'time_out_of_range')).toBe(
      '0:01 for 5000 m would be an age grade of 77107.71 %: the age standard for a man of 30 is 12:51 (world-record level, 100 %), and times are graded up to 110 % (at least 11:41)',
    );
    expect(expectUnprocessable(() => ageGrade(MILE, 180, 100, 'male'), 'time_out_of_range')).toBe(
      '3:00 for 1609.344 m would be an age grade of 617.59 %: the age standard for a man of 100 is 18:32 (world-record level, 100 %), and times are graded up to 110 % (at least 16:51)',
    );
    try {
      ageGrade(MILE, 180, 100, 'female');
    } catch (error) {
      expect((error as { errors: unknown }).errors).toEqual([
        {
          path: '/time',
          code: 'time_out_of_range',
          message: expect.stringMatching(/^3:00 for 1609\.344 m .* woman of 100 /),
        },
      ]);
    }
  });

  it('the bound is 110 % exactly: a hair slower than the age standard / 1.1 is graded, a hair faster is not', () => {
    expect(MAX_AGE_GRADE_PERCENT).toBe(110);
    for (const [sex, age, distance] of [
      ['male', 50, 5000],
      ['female', 100, MILE],
      ['male', 5, MARATHON],
      ['female', 30, 12_000],
    ] as const) {
      const { factor, oc_s } = ageStandard(sex, age, distance);
      const fastest = oc_s / factor / 1.1;
      expect(ageGrade(distance, fastest * (1 + 1e-9), age, sex).age_grade_percent).toBe(110);
      expectUnprocessable(() => ageGrade(distance, fastest * (1 - 1e-6), age, sex), 'time_out_of_range');
    }
    // The age standard itself is 100 %.
    const { factor, oc_s } = ageStandard('male', 50, 5000);
    expect(ageGrade(5000, oc_s / factor, 50, 'male').age_grade_percent).toBe(100);
  });
});
