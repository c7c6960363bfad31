import { MARATHON_M, METERS_PER_KM, METERS_PER_MILE } from '@dus/core';
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

/** The repetition distances of Daniels' tables (3rd ed., table 5.2), metres; names are the response keys. */
export const REP_DISTANCES = [
  ['200m', 200],
  ['300m', 300],
  ['400m', 400],
  ['600m', 600],
  ['800m', 800],
  ['1000m', 1000],
  ['1200m', 1200],
  ['mile', METERS_PER_MILE],
] as const;

export type RepName = (typeof REP_DISTANCES)[number][0];
/** Time per repetition at each distance of {@link REP_DISTANCES}. */
export type RepTimes = Record<RepName, TimeText>;

export interface Zones {
  easy: { from: Pace; to: Pace };
  marathon: Pace;
  threshold: Pace & { reps: RepTimes };
  interval: Pace & { per_400m: TimeText; reps: RepTimes };
  repetition: Pace & { per_400m: TimeText; per_200m: TimeText; reps: RepTimes };
}

export interface ZonesReport {
  vdot: number;
  zones: Zones;
}

function secondsPerKmAt(vdot: number, fraction: number): number {
  return (60 * METERS_PER_KM) / speedAtFraction(vdot, fraction);
}

/** Each rep's time from the exact per-km pace, rounded like `per_400m` (0.1 s; text to the second). */
function repTimes(secondsPerKm: number): RepTimes {
  return Object.fromEntries(
    REP_DISTANCES.map(([name, meters]) => [name, timeText((secondsPerKm * meters) / METERS_PER_KM)]),
  ) as RepTimes;
}

function computeZones(vdot: number): ZonesReport {
  const thresholdPerKm = secondsPerKmAt(vdot, THRESHOLD);
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
      threshold: { ...paceFromSecondsPerKm(thresholdPerKm), reps: repTimes(thresholdPerKm) },
      interval: {
        ...paceFromSecondsPerKm(intervalPerKm),
        per_400m: timeText(intervalPerKm * 0.4),
        reps: repTimes(intervalPerKm),
      },
      repetition: {
        ...paceFromSecondsPerKm(repetitionPerKm),
        per_400m: timeText(repetitionPerKm * 0.4),
        per_200m: timeText(repetitionPerKm * 0.2),
        reps: repTimes(repetitionPerKm),
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
