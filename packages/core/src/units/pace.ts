import { MAX_SPEED_MPS, METERS_PER_KM, METERS_PER_MILE, MIN_SPEED_MPS } from './constants.js';
import { parseDuration } from './duration.js';
import { fail, ok, type ParseResult } from './result.js';

const PACE_EXAMPLE = 'e.g. "5:00/km", "8:02/mi" or "8:02/mile"';
const SPEED_EXAMPLE = 'e.g. "12 km/h", "7.5 mph" or "3.2 m/s"';
const PACE = /^(.+?)\s*\/\s*(km|mi|mile)$/;
const SPEED = /^(\d+(?:\.\d+)?|\.\d+)\s*(km\/h|kmh|kph|mph|m\/s)$/;
const MAX_TEXT_LENGTH = 64;

const PACE_UNIT_M: Readonly<Record<string, number>> = {
  km: METERS_PER_KM,
  mi: METERS_PER_MILE,
  mile: METERS_PER_MILE,
};
const SPEED_UNIT_MPS: Readonly<Record<string, number>> = {
  'km/h': 1 / 3.6,
  kmh: 1 / 3.6,
  kph: 1 / 3.6,
  mph: METERS_PER_MILE / 3600,
  'm/s': 1,
};

const SPEED_RANGE = 'between 0.01 km/h and 1000 km/h';

function inRange(mps: number): boolean {
  // A small relative slack so that a bound written in another unit is not refused for rounding.
  return mps >= MIN_SPEED_MPS * (1 - 1e-12) && mps <= MAX_SPEED_MPS * (1 + 1e-12);
}

/**
 * A running pace as **seconds per kilometre** from `"M:SS/km"`, `"M:SS/mi"` or `"M:SS/mile"` (the time part
 * takes every form of {@link parseDuration}). Range: the equivalent speed is between 0.01 and 1000 km/h.
 */
export function parsePace(input: unknown): ParseResult<number> {
  if (typeof input !== 'string') return fail(`pace must be a string; ${PACE_EXAMPLE}`);
  const text = input.trim().toLowerCase();
  if (text.length > MAX_TEXT_LENGTH) return fail(`pace is too long; ${PACE_EXAMPLE}`);
  const match = PACE.exec(text);
  const unitM = match ? PACE_UNIT_M[match[2] ?? ''] : undefined;
  if (!match || unitM === undefined) return fail(`"${input.trim()}" is not a pace; ${PACE_EXAMPLE}`);
  const time = parseDuration(match[1]);
  if (!time.ok) return fail(`pace time: ${time.message}`);
  const secondsPerKm = (time.value * METERS_PER_KM) / unitM;
  if (!inRange(METERS_PER_KM / secondsPerKm)) return fail(`pace must correspond to a speed ${SPEED_RANGE}`);
  return ok(secondsPerKm);
}

/** A speed in **metres per second** from `"12 km/h"` (also `kmh`, `kph`), `"7.5 mph"` or `"3.2 m/s"`. */
export function parseSpeed(input: unknown): ParseResult<number> {
  if (typeof input !== 'string') return fail(`speed must be a string with a unit; ${SPEED_EXAMPLE}`);
  const text = input.trim().toLowerCase();
  if (text.length > MAX_TEXT_LENGTH) return fail(`speed is too long; ${SPEED_EXAMPLE}`);
  const match = SPEED.exec(text);
  const factor = match ? SPEED_UNIT_MPS[match[2] ?? ''] : undefined;
  if (!match || factor === undefined) return fail(`"${input.trim()}" is not a speed; ${SPEED_EXAMPLE}`);
  const mps = Number(match[1]) * factor;
  if (mps <= 0) return fail(`speed must be greater than zero; ${SPEED_EXAMPLE}`);
  if (!inRange(mps)) return fail(`speed must be ${SPEED_RANGE}`);
  return ok(mps);
}
