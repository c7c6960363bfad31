import { MARATHON_M, METERS_PER_KM } from '@dus/core';
import { type Pace, paceFromSecondsPerKm, type TimeText, timeText } from './pace.js';
import { round } from './round.js';
import { checkVdot, equivalentTime, speedAtFraction, vdotOf } from './vdot.js';

/**
 * Training paces of Jack Daniels, "Daniels' Running Formula" (3rd ed., 2014), from the Daniels–Gilbert
 * VO2 curve: "p %" is the speed whose oxygen cost is p % of VDOT.
 */
const EASY_SLOW = 0.63;
const EASY_FAST = 0.73;
const THRESHOLD = 0.88;
const INTERVAL = 0.975;
/** Daniels' "6 seconds per 400 m" faster than interval pace: 15 s/km from VDOT 50 up, 20 s/km below. */
const REPETITION_GAIN_HIGH_S_PER_KM = 15;
const REPETITION_GAIN_LOW_S_PER_KM = 20;
const REPETITION_HIGH_FROM_VDOT = 50;

export interface Zones {
  easy: { from: Pace; to: Pace };
  marathon: Pace;
  threshold: Pace;
  interval: Pace & { per_400m: TimeText };
  repetition: Pace & { per_400m: TimeText; per_200m: TimeText };
}

export interface ZonesReport {
  vdot: number;
  zones: Zones;
}

function secondsPerKmAt(vdot: number, fraction: number): number {
  return (60 * METERS_PER_KM) / speedAtFraction(vdot, fraction);
}

function computeZones(vdot: number): ZonesReport {
  const intervalPerKm = secondsPerKmAt(vdot, INTERVAL);
  const gain =
    vdot >= REPETITION_HIGH_FROM_VDOT ? REPETITION_GAIN_HIGH_S_PER_KM : REPETITION_GAIN_LOW_S_PER_KM;
  const repetitionPerKm = intervalPerKm - gain;
  return {
    vdot: round(vdot, 2),
    zones: {
      easy: {
        from: paceFromSecondsPerKm(secondsPerKmAt(vdot, EASY_SLOW)),
        to: paceFromSecondsPerKm(secondsPerKmAt(vdot, EASY_FAST)),
      },
      marathon: paceFromSecondsPerKm((equivalentTime(vdot, MARATHON_M) * METERS_PER_KM) / MARATHON_M),
      threshold: paceFromSecondsPerKm(secondsPerKmAt(vdot, THRESHOLD)),
      interval: { ...paceFromSecondsPerKm(intervalPerKm), per_400m: timeText(intervalPerKm * 0.4) },
      repetition: {
        ...paceFromSecondsPerKm(repetitionPerKm),
        per_400m: timeText(repetitionPerKm * 0.4),
        per_200m: timeText(repetitionPerKm * 0.2),
      },
    },
  };
}

/** `/zones` from a VDOT value (20–90). */
export function zonesFromVdot(vdot: number): ZonesReport {
  checkVdot(vdot, 'given');
  return computeZones(vdot);
}

/** `/zones` from a performance: its VDOT, which must be within 20–90. */
export function zonesFromPerformance(distanceM: number, timeS: number): ZonesReport {
  const vdot = vdotOf(distanceM, timeS);
  checkVdot(vdot, 'computed');
  return computeZones(vdot);
}
