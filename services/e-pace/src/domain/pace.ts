import { formatDuration, METERS_PER_KM, METERS_PER_MILE } from '@dus/core';
import { round, roundMeters, roundSeconds } from './round.js';

/** A duration both as seconds (0.1 s) and as `H:MM:SS` / `M:SS` text. */
export interface TimeText {
  seconds: number;
  text: string;
}

export interface Pace {
  per_km: TimeText;
  per_mile: TimeText;
}

/** Speeds to 4 decimals. */
export interface Speed {
  kmh: number;
  mph: number;
  mps: number;
}

/** A time at a distance, with its average pace: every equivalent time, half and known performance. */
export interface TimedDistance {
  distance_m: number;
  time_s: number;
  text: string;
  pace: Pace;
}

export interface PaceReport {
  distance_m: number;
  time_s: number;
  pace: Pace;
  speed: Speed;
}

export interface Conversion {
  pace: Pace;
  speed: Speed;
}

export function timeText(seconds: number): TimeText {
  return { seconds: roundSeconds(seconds), text: formatDuration(seconds) };
}

export function paceFromSecondsPerKm(secondsPerKm: number): Pace {
  return {
    per_km: timeText(secondsPerKm),
    per_mile: timeText((secondsPerKm * METERS_PER_MILE) / METERS_PER_KM),
  };
}

/** Average pace of `distanceM` metres run in `timeS` seconds. */
export function paceOf(distanceM: number, timeS: number): Pace {
  return paceFromSecondsPerKm((timeS * METERS_PER_KM) / distanceM);
}

export function timedDistance(distanceM: number, timeS: number): TimedDistance {
  return {
    distance_m: roundMeters(distanceM),
    time_s: roundSeconds(timeS),
    text: formatDuration(timeS),
    pace: paceOf(distanceM, timeS),
  };
}

export function speedFromMps(mps: number): Speed {
  return { kmh: round(mps * 3.6, 4), mph: round((mps * 3600) / METERS_PER_MILE, 4), mps: round(mps, 4) };
}

/** `/pace`: average pace and speed of a performance. */
export function paceReport(distanceM: number, timeS: number): PaceReport {
  return {
    distance_m: roundMeters(distanceM),
    time_s: roundSeconds(timeS),
    pace: paceOf(distanceM, timeS),
    speed: speedFromMps(distanceM / timeS),
  };
}

/** `/convert` from a pace in seconds per km. */
export function convertPace(secondsPerKm: number): Conversion {
  return { pace: paceFromSecondsPerKm(secondsPerKm), speed: speedFromMps(METERS_PER_KM / secondsPerKm) };
}

/** `/convert` from a speed in metres per second. */
export function convertSpeed(mps: number): Conversion {
  return { pace: paceFromSecondsPerKm(METERS_PER_KM / mps), speed: speedFromMps(mps) };
}
