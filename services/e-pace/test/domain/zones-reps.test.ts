// Rep times of Daniels' tables: "Daniels' Running Formula", 3rd ed. (2014), table 5.2, row VDOT 50, within
// the book tolerance of the worked examples, max(3 s, 0.25 %); rounding as the existing per_400m fields.
import { describe, expect, it } from 'vitest';
import { REP_DISTANCES, zonesFromVdot } from '../../src/domain/index.js';
import { hms } from './helpers.js';

const bookTolerance = (seconds: number) => Math.max(3, 0.0025 * seconds);

const BOOK_VDOT_50 = {
  threshold: { '400m': '1:42', '1000m': '4:15', mile: '6:51' },
  interval: { '400m': '1:34', '1000m': '3:55', '1200m': '4:42' },
  repetition: { '200m': '0:44', '300m': '1:06', '400m': '1:28' },
} as const;

describe("rep times at VDOT 50 against Daniels' table", () => {
  const { zones } = zonesFromVdot(50);

  it.each(Object.entries(BOOK_VDOT_50))('%s', (zone, book) => {
    const reps = zones[zone as keyof typeof BOOK_VDOT_50].reps;
    for (const [name, text] of Object.entries(book)) {
      const rep = reps[name as keyof typeof reps];
      expect(Math.abs(rep.seconds - hms(text)), `${zone} ${name}`).toBeLessThanOrEqual(
        bookTolerance(hms(text)),
      );
    }
  });

  it('the formula reads as the book at every listed rep, to the second', () => {
    for (const [zone, book] of Object.entries(BOOK_VDOT_50)) {
      const reps = zones[zone as keyof typeof BOOK_VDOT_50].reps;
      for (const [name, text] of Object.entries(book))
        expect(reps[name as keyof typeof reps].text).toBe(text);
    }
  });
});

describe('rep times are the exact per-km pace scaled, rounded like per_400m', () => {
  it.each([20, 38.5, 50, 71.2, 90])('VDOT %d', (vdot) => {
    const { zones } = zonesFromVdot(vdot);
    for (const zone of [zones.threshold, zones.interval, zones.repetition]) {
      expect(Object.keys(zone.reps)).toEqual([
        '200m',
        '300m',
        '400m',
        '600m',
        '800m',
        '1000m',
        '1200m',
        'mile',
      ]);
      for (const [name, meters] of REP_DISTANCES) {
        // per_km is itself rounded to 0.1 s: scaling it is exact to 0.05 · meters/1000 + 0.05.
        const scaled = (zone.per_km.seconds * meters) / 1000;
        expect(Math.abs(zone.reps[name].seconds - scaled)).toBeLessThanOrEqual(
          0.05 + (0.05 * meters) / 1000 + 1e-9,
        );
      }
      expect(zone.reps['1000m']).toEqual(zone.per_km);
      expect(zone.reps.mile).toEqual(zone.per_mile);
    }
    expect(zones.interval.reps['400m']).toEqual(zones.interval.per_400m);
    expect(zones.repetition.reps['400m']).toEqual(zones.repetition.per_400m);
    expect(zones.repetition.reps['200m']).toEqual(zones.repetition.per_200m);
  });
});
