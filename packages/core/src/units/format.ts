import { roundHalfEven } from './round.js';

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** `[sign, hours, minutes, seconds]` of an integer number of units, `perSecond` units per second. */
function fields(units: number, perSecond: number): [string, number, number, number] {
  const sign = units < 0 ? '-' : '';
  const abs = Math.abs(units);
  const perMinute = 60 * perSecond;
  const perHour = 3600 * perSecond;
  return [sign, Math.floor(abs / perHour), Math.floor((abs % perHour) / perMinute), abs % perMinute];
}

/**
 * `H:MM:SS`, or `M:SS` under an hour. The total is rounded to the nearest second first (ties to even), so a
 * field can never read 60 (`299.6` → `5:00`, not `4:60`).
 */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return String(seconds);
  const [sign, h, m, s] = fields(roundHalfEven(Math.abs(seconds)) * Math.sign(seconds), 1);
  return h > 0 ? `${sign}${h}:${pad2(m)}:${pad2(s)}` : `${sign}${m}:${pad2(s)}`;
}

/** Like {@link formatDuration} with one decimal (`8:02.8`, `1:46:03.6`); the total is rounded to 0.1 s first (ties to even). */
export function formatDurationTenths(seconds: number): string {
  if (!Number.isFinite(seconds)) return String(seconds);
  const [sign, h, m, tenths] = fields(roundHalfEven(Math.abs(seconds) * 10) * Math.sign(seconds), 10);
  const sec = `${pad2(Math.floor(tenths / 10))}.${tenths % 10}`;
  return h > 0 ? `${sign}${h}:${pad2(m)}:${sec}` : `${sign}${m}:${sec}`;
}
