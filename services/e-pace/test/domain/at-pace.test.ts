import { describe, expect, it } from 'vitest';
import { distanceAtPace, timeAtPace } from '../../src/domain/index.js';
import { HALF, MARATHON, MILE } from './helpers.js';

describe('time at a pace', () => {
  it('a half marathon at 5:00/km takes 1:45:29.2 (21.0975 × 300 s); a marathon at 7:00/mi 3:03:32 (26.2188 mi × 420 s)', () => {
    expect(timeAtPace(HALF, 300)).toEqual({
      distance_m: 21097.5,
      pace: { per_km: { seconds: 300, text: '5:00' }, per_mile: { seconds: 482.8, text: '8:03' } },
      speed: { kmh: 12, mph: 7.4565, mps: 3.3333 },
      time: { seconds: 6329.2, text: '1:45:29' },
    });
    // 26.2188 mi × 420 s = 11011.9 s.
    expect(timeAtPace(MARATHON, (420 * 1000) / MILE).time).toEqual({ seconds: 11011.9, text: '3:03:32' });
  });
});

describe('distance at a pace', () => {
  it('45:00 at 5:00/km covers 9 km (9000 / 1609.344 = 5.592341 mi); an hour at 8:00/mi covers 7.5 mi', () => {
    expect(distanceAtPace(2700, 300)).toEqual({
      time_s: 2700,
      pace: { per_km: { seconds: 300, text: '5:00' }, per_mile: { seconds: 482.8, text: '8:03' } },
      speed: { kmh: 12, mph: 7.4565, mps: 3.3333 },
      distance: { m: 9000, km: 9, mi: 5.592341 },
    });
    expect(distanceAtPace(3600, (480 * 1000) / MILE).distance).toEqual({
      m: 12070.08,
      km: 12.07008,
      mi: 7.5,
    });
  });

  it('inverts time at a pace', () => {
    for (const [d, pace] of [
      [400, 75],
      [HALF, 300],
      [MARATHON, 251.3],
      [100_000, 600],
    ] as const) {
      const time = (d * pace) / 1000;
      expect(distanceAtPace(time, pace).distance.m).toBeCloseTo(d, 3);
    }
  });
});
