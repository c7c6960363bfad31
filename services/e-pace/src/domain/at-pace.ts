import { METERS_PER_KM, METERS_PER_MILE } from '@dus/core';
import { type Conversion, convertPace, type TimeText, timeText } from './pace.js';
import { round, roundMeters, roundSeconds } from './round.js';

/** A distance in metres (to 1 mm), kilometres and miles (to 6 decimals, so a mile reads 1). */
export interface DistanceUnits {
  m: number;
  km: number;
  mi: number;
}

/** The pace and speed are `/convert`'s answer for the pace given. */
export interface TimeAtPaceReport extends Conversion {
  distance_m: number;
  time: TimeText;
}

export interface DistanceAtPaceReport extends Conversion {
  time_s: number;
  distance: DistanceUnits;
}

function distanceUnits(meters: number): DistanceUnits {
  return {
    m: roundMeters(meters),
    km: round(meters / METERS_PER_KM, 6),
    mi: round(meters / METERS_PER_MILE, 6),
  };
}

/** `/time-at-pace`: how long `distanceM` metres take at `secondsPerKm`. */
export function timeAtPace(distanceM: number, secondsPerKm: number): TimeAtPaceReport {
  return {
    distance_m: roundMeters(distanceM),
    ...convertPace(secondsPerKm),
    time: timeText((distanceM * secondsPerKm) / METERS_PER_KM),
  };
}

/** `/distance-at-pace`: how far `timeS` seconds at `secondsPerKm` go. */
export function distanceAtPace(timeS: number, secondsPerKm: number): DistanceAtPaceReport {
  return {
    time_s: roundSeconds(timeS),
    ...convertPace(secondsPerKm),
    distance: distanceUnits((timeS * METERS_PER_KM) / secondsPerKm),
  };
}
