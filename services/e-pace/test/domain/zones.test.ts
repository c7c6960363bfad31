import { describe, expect, it } from 'vitest';
import { type Pace, vdotOf, zonesFromPerformance, zonesFromVdot } from '../../src/domain/index.js';
import { expectUnprocessable, hms } from './helpers.js';

function within(pace: Pace, text: string, tolerance: number): void {
  expect(Math.abs(pace.per_km.seconds - hms(text))).toBeLessThanOrEqual(tolerance);
}

describe('training zones at VDOT 50 (spec worked example, ±2 s per km)', () => {
  const { vdot, zones } = zonesFromVdot(50);

  it('easy 5:34–4:57, marathon 4:31, threshold 4:15, interval 3:55, repetition 3:40', () => {
    expect(vdot).toBe(50);
    within(zones.easy.from, '5:34', 2);
    within(zones.easy.to, '4:57', 2);
    within(zones.marathon, '4:31', 2);
    within(zones.threshold, '4:15', 2);
    within(zones.interval, '3:55', 2);
    within(zones.repetition, '3:40', 2);
  });

  it('texts are whole seconds', () => {
    expect(zones.easy.from.per_km.text).toBe('5:34');
    expect(zones.easy.to.per_km.text).toBe('4:57');
    expect(zones.marathon.per_km.text).toBe('4:31');
    expect(zones.threshold.per_km.text).toBe('4:15');
    expect(zones.interval.per_km.text).toBe('3:55');
    expect(zones.repetition.per_km.text).toBe('3:40');
  });

  it('per mile, per 400 m and per 200 m are the per-km pace scaled', () => {
    for (const pace of [
      zones.easy.from,
      zones.easy.to,
      zones.marathon,
      zones.threshold,
      zones.interval,
      zones.repetition,
    ]) {
      expect(Math.abs(pace.per_mile.seconds - pace.per_km.seconds * 1.609344)).toBeLessThanOrEqual(0.1);
    }
    expect(
      Math.abs(zones.interval.per_400m.seconds - zones.interval.per_km.seconds * 0.4),
    ).toBeLessThanOrEqual(0.1);
    expect(
      Math.abs(zones.repetition.per_400m.seconds - zones.repetition.per_km.seconds * 0.4),
    ).toBeLessThanOrEqual(0.1);
    expect(
      Math.abs(zones.repetition.per_200m.seconds - zones.repetition.per_km.seconds * 0.2),
    ).toBeLessThanOrEqual(0.1);
    expect(zones.interval.per_400m.text).toBe('1:34');
    expect(zones.repetition.per_400m.text).toBe('1:28');
    expect(zones.repetition.per_200m.text).toBe('0:44');
  });

  it('marathon pace is the pace of the VDOT-equivalent marathon (3:10:40)', () => {
    expect(zones.marathon.per_km.seconds).toBeCloseTo(hms('3:10:40') / 42.195, 0);
  });

  it('zones are ordered from slow to fast', () => {
    const order = [
      zones.easy.from,
      zones.easy.to,
      zones.marathon,
      zones.threshold,
      zones.interval,
      zones.repetition,
    ];
    for (let i = 1; i < order.length; i++) {
      expect(order[i]!.per_km.seconds).toBeLessThan(order[i - 1]!.per_km.seconds);
    }
  });
});

describe('repetition = interval − 15 s/km from VDOT 50, − 20 s/km below', () => {
  it.each([
    [50, 15],
    [65.3, 15],
    [49.99, 20],
    [30, 20],
  ])('VDOT %d', (vdot, gain) => {
    const { zones } = zonesFromVdot(vdot);
    expect(
      Math.abs(zones.interval.per_km.seconds - zones.repetition.per_km.seconds - gain),
    ).toBeLessThanOrEqual(0.1);
  });
});

describe('zones from a performance', () => {
  it('5K 20:00 → VDOT 49.81, repetition 20 s/km faster than interval', () => {
    const report = zonesFromPerformance(5000, 1200);
    expect(report.vdot).toBe(49.81);
    const { interval, repetition } = report.zones;
    expect(Math.abs(interval.per_km.seconds - repetition.per_km.seconds - 20)).toBeLessThanOrEqual(0.1);
    expect(report).toEqual(zonesFromVdot(vdotOf(5000, 1200)));
  });
});

describe('VDOT range 20–90', () => {
  it('accepts the bounds', () => {
    expect(zonesFromVdot(20).vdot).toBe(20);
    expect(zonesFromVdot(90).vdot).toBe(90);
  });

  it.each([[19.99], [90.01], [0], [-5], [Number.NaN], [Number.POSITIVE_INFINITY]])('refuses %d', (vdot) => {
    expectUnprocessable(() => zonesFromVdot(vdot), 'vdot_out_of_range');
  });

  it('names the given VDOT, or the computed one at 2 decimals', () => {
    expect(zonesFromVdot(90.004999).vdot).toBeCloseTo(90, 2);
    expect(zonesFromVdot(19.995).vdot).toBeCloseTo(20, 2);
    expect(expectUnprocessable(() => zonesFromVdot(90.005), 'vdot_out_of_range')).toBe(
      'vdot 90.005 is outside the valid range 20–90',
    );
    expect(expectUnprocessable(() => zonesFromVdot(19.994), 'vdot_out_of_range')).toBe(
      'vdot 19.994 is outside the valid range 20–90',
    );
  });

  it('refuses a performance outside the range', () => {
    expect(expectUnprocessable(() => zonesFromPerformance(5000, 3 * 3600), 'vdot_out_of_range')).toBe(
      'the performance gives a VDOT of 0.66, which is outside the valid range 20–90',
    );
  });
});
