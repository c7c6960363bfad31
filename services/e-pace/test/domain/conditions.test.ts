// /adjust: grade (Minetti 2002), altitude (Bassett 1999 via VDOT) and heat (Ely 2007).
import { describe, expect, it } from 'vitest';
import {
  ALTITUDE_SOURCE,
  adjustForConditions,
  aerobicPower,
  courseRecordGap,
  equivalentTime,
  GRADE_SOURCE,
  HEAT_SOURCE,
  runningCost,
  vdotOf,
} from '../../src/domain/index.js';
import { expectUnprocessable, MARATHON } from './helpers.js';

describe('grade (Minetti et al. 2002)', () => {
  it('spec: 10 km 50:00 at +5 % → C 4.6852, factor 0.768378, 2305.1 s; at −10 % 5019.3 s', () => {
    const up = adjustForConditions(10_000, 3000, { grade_percent: 5 });
    expect(up.adjustments.grade).toEqual({
      factor: 0.768378,
      time_s: 2305.1,
      text: '38:25',
      pace: { per_km: { seconds: 230.5, text: '3:51' }, per_mile: { seconds: 371, text: '6:11' } },
      source: GRADE_SOURCE,
      valid_range: { min: -45, max: 45 },
      cost_j_per_kg_m: 4.6852,
    });
    expect(up.combined).toEqual({
      factor: 0.768378,
      time_s: 2305.1,
      text: '38:25',
      pace: up.adjustments.grade!.pace,
    });
    expect(up).toMatchObject({ distance_m: 10_000, time_s: 3000, direction: 'to_standard', warnings: [] });
    expect(Object.keys(up.adjustments)).toEqual(['grade']);
    const down = adjustForConditions(10_000, 3000, { grade_percent: -10 });
    expect(down.adjustments.grade).toMatchObject({
      factor: 1.673091,
      time_s: 5019.3,
      cost_j_per_kg_m: 2.1517,
    });
  });

  it('C(i) is the published polynomial, term by term; C(0) = 3.6; from_standard is the inverse', () => {
    expect(runningCost(0)).toBe(3.6);
    for (const i of [-0.45, -0.2, 0.1, 0.3, 0.45]) {
      const expected = 155.4 * i ** 5 - 30.4 * i ** 4 - 43.3 * i ** 3 + 46.3 * i ** 2 + 19.5 * i + 3.6;
      expect(runningCost(i)).toBeCloseTo(expected, 12);
    }
    const from = adjustForConditions(10_000, 2305.1, { grade_percent: 5, direction: 'from_standard' });
    expect(from.adjustments.grade).toMatchObject({ factor: 1.301443, time_s: 3000 });
    expect(from.direction).toBe('from_standard');
  });

  it('valid −45…45 % inclusive, else 422 condition_out_of_range at /grade_percent', () => {
    expect(adjustForConditions(10_000, 3000, { grade_percent: 45 }).adjustments.grade?.cost_j_per_kg_m).toBe(
      19.426,
    );
    expect(adjustForConditions(10_000, 3000, { grade_percent: -45 }).adjustments.grade?.factor).toBe(0.89279);
    for (const grade of [45.01, -45.5]) {
      const detail = expectUnprocessable(
        () => adjustForConditions(10_000, 3000, { grade_percent: grade }),
        'condition_out_of_range',
      );
      expect(detail).toBe(`grade_percent ${grade} is outside the model's valid range -45–45 %`);
    }
  });
});

describe('altitude (Bassett et al. 1999, via VDOT)', () => {
  it('spec: 10 km 40:00 at 2000 m, not acclimatised: y 87.564, VDOT 51.94 → 59.32, 2142.6 s; acclimatised 2228.9 s', () => {
    expect(aerobicPower(2, false)).toBeCloseTo(87.564, 10);
    expect(aerobicPower(0, false)).toBe(100);
    expect(aerobicPower(0, true)).toBe(99.9);
    expect(aerobicPower(2, true)).toBeCloseTo(91.62, 10);
    const report = adjustForConditions(10_000, 2400, { altitude_m: 2000 });
    expect(report.adjustments.altitude).toEqual({
      factor: 0.89273,
      time_s: 2142.6,
      text: '35:43',
      pace: { per_km: { seconds: 214.3, text: '3:34' }, per_mile: { seconds: 344.8, text: '5:45' } },
      source: ALTITUDE_SOURCE,
      valid_range: { min: 0, max: 4000 },
      aerobic_power_percent: 87.56,
      vdot: 51.94,
      vdot_adjusted: 59.32,
    });
    expect(report.warnings).toEqual([
      {
        code: 'altitude_air_resistance_ignored',
        message:
          'only the loss of aerobic power is modelled; the lower air resistance of thinner air is ignored',
      },
    ]);
    const acclimatized = adjustForConditions(10_000, 2400, { altitude_m: 2000, acclimatized: true });
    expect(acclimatized.adjustments.altitude).toMatchObject({
      time_s: 2228.9,
      aerobic_power_percent: 91.71,
      vdot_adjusted: 56.64,
    });
  });

  it('from_standard: VDOT · f, the time solved again; sea level changes nothing', () => {
    const report = adjustForConditions(10_000, 2400, { altitude_m: 2000, direction: 'from_standard' });
    const vdot = vdotOf(10_000, 2400);
    expect(report.adjustments.altitude?.vdot_adjusted).toBe(45.48);
    expect(report.adjustments.altitude?.time_s).toBe(
      Math.round(equivalentTime(vdot * 0.87564, 10_000) * 10) / 10,
    );
    expect(adjustForConditions(10_000, 2400, { altitude_m: 0 }).adjustments.altitude).toMatchObject({
      factor: 1,
      time_s: 2400,
      aerobic_power_percent: 100,
    });
  });

  it('valid 0–4000 m; an adjusted VDOT outside 20–90 → 422 vdot_out_of_range at /altitude_m', () => {
    expect(
      adjustForConditions(10_000, 2400, { altitude_m: 4000 }).adjustments.altitude?.aerobic_power_percent,
    ).toBe(72.23);
    for (const altitude of [-1, 4000.5]) {
      expect(
        expectUnprocessable(
          () => adjustForConditions(10_000, 2400, { altitude_m: altitude }),
          'condition_out_of_range',
        ),
      ).toBe(`altitude_m ${altitude} is outside the model's valid range 0–4000 m`);
    }
    // 5 km in 13:00 at 3000 m, taken to sea level, would be VDOT 103.03.
    const detail = expectUnprocessable(
      () => adjustForConditions(5000, 780, { altitude_m: 3000 }),
      'vdot_out_of_range',
    );
    expect(detail).toBe(
      'the altitude-adjusted VDOT 103.03 is outside 20–90, where the Daniels–Gilbert tables apply',
    );
    // A slow performance taken to altitude falls below 20.
    expectUnprocessable(
      () => adjustForConditions(5000, 2280, { altitude_m: 3000, direction: 'from_standard' }),
      'vdot_out_of_range',
    );
  });
});

describe('heat (Ely et al. 2007)', () => {
  it('spec: marathon 3:30:00 at WBGT 20 °C, men: s 3.888 %, factor 0.978939, 12334.6 s', () => {
    const report = adjustForConditions(MARATHON, 12_600, { wbgt_c: 20 });
    expect(report.adjustments.heat).toEqual({
      factor: 0.978939,
      time_s: 12_334.6,
      text: '3:25:35',
      pace: { per_km: { seconds: 292.3, text: '4:52' }, per_mile: { seconds: 470.5, text: '7:50' } },
      source: HEAT_SOURCE,
      valid_range: { min: 5.1, max: 25 },
      course_record_gap_percent: 3.888,
      slowdown_percent: 2.15,
    });
    expect(report.warnings).toEqual([]);
  });

  it('s(w) is linear between the quartile midpoints and constant beyond, per sex', () => {
    expect(courseRecordGap(5.1, 'male')).toBe(1.7);
    expect(courseRecordGap(7.55, 'male')).toBe(1.7);
    expect(courseRecordGap(10.05, 'male')).toBeCloseTo(2.1, 12);
    expect(courseRecordGap(12.55, 'male')).toBeCloseTo(2.5, 12);
    expect(courseRecordGap(17.55, 'male')).toBeCloseTo(3.3, 12);
    expect(courseRecordGap(22.55, 'male')).toBeCloseTo(4.5, 12);
    expect(courseRecordGap(25, 'male')).toBe(4.5);
    expect(courseRecordGap(6, 'female')).toBe(3.2);
    expect(courseRecordGap(10, 'female')).toBe(3.2);
    expect(courseRecordGap(15.05, 'female')).toBeCloseTo(3.5, 12);
    expect(courseRecordGap(20.05, 'female')).toBeCloseTo(4.6, 12);
    expect(courseRecordGap(24, 'female')).toBe(5.4);
  });

  it('women, from_standard, off the marathon: g, with a warning', () => {
    const report = adjustForConditions(10_000, 2400, {
      wbgt_c: 24,
      sex: 'female',
      direction: 'from_standard',
    });
    // g = 1.054 / 1.032
    expect(report.adjustments.heat).toMatchObject({
      factor: 1.021318,
      course_record_gap_percent: 5.4,
      slowdown_percent: 2.13,
      time_s: 2451.2,
    });
    expect(report.warnings).toEqual([
      {
        code: 'heat_model_marathon_only',
        message: 'Ely et al. measured marathons; applied to 10 km the heat adjustment is an extrapolation',
      },
    ]);
    expect(adjustForConditions(MARATHON + 1, 12_600, { wbgt_c: 20 }).warnings).toEqual([]);
    expect(adjustForConditions(MARATHON + 1.5, 12_600, { wbgt_c: 20 }).warnings).toHaveLength(1);
    expect(adjustForConditions(MARATHON - 1.5, 12_600, { wbgt_c: 20 }).warnings[0]?.message).toBe(
      'Ely et al. measured marathons; applied to 42.194 km the heat adjustment is an extrapolation',
    );
  });

  it('valid 5.1–25 °C, else 422 at /wbgt_c', () => {
    expect(adjustForConditions(MARATHON, 12_600, { wbgt_c: 5.1 }).adjustments.heat?.factor).toBe(1);
    for (const wbgt of [5, 25.1]) {
      expect(
        expectUnprocessable(
          () => adjustForConditions(MARATHON, 12_600, { wbgt_c: wbgt }),
          'condition_out_of_range',
        ),
      ).toBe(`wbgt_c ${wbgt} is outside the model's valid range 5.1–25 °C`);
    }
  });
});

describe('combined', () => {
  it('is the product of the factors, each from the given time', () => {
    const report = adjustForConditions(MARATHON, 12_600, {
      grade_percent: 1,
      altitude_m: 1000,
      wbgt_c: 20,
      sex: 'female',
      direction: 'from_standard',
    });
    const { grade, altitude, heat } = report.adjustments;
    expect(grade).toMatchObject({ factor: 1.055441, time_s: 13_298.6, cost_j_per_kg_m: 3.7996 });
    expect(altitude).toMatchObject({ factor: 1.04649, vdot: 44.55, vdot_adjusted: 42.18 });
    expect(heat).toMatchObject({ factor: 1.013411, course_record_gap_percent: 4.584 });
    expect(report.combined).toMatchObject({ factor: 1.119321, time_s: 14_103.4, text: '3:55:03' });
    expect(report.warnings.map((w) => w.code)).toEqual(['altitude_air_resistance_ignored']);
  });
});
