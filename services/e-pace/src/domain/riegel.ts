import { domainError } from './errors.js';

/**
 * Peter Riegel, "Athletic Records and Human Endurance", American Scientist 69 (1981) 285–290:
 * T2 = T1 · (D2/D1)^k. Riegel fitted k ≈ 1.06 for efforts between about 3.5 and 230 minutes.
 */
export const RIEGEL_EXPONENT = 1.06;
export const MIN_EXPONENT = 1.0;
export const MAX_EXPONENT = 1.2;
export const RIEGEL_VALID_MIN_S = 3.5 * 60;
export const RIEGEL_VALID_MAX_S = 230 * 60;

export function riegelTime(
  knownTimeS: number,
  knownDistanceM: number,
  targetDistanceM: number,
  exponent: number,
): number {
  return knownTimeS * (targetDistanceM / knownDistanceM) ** exponent;
}

/** Riegel solved for the distance: D2 = D1 · (T2/T1)^(1/k). */
export function riegelDistance(
  knownTimeS: number,
  knownDistanceM: number,
  targetTimeS: number,
  exponent: number,
): number {
  return knownDistanceM * (targetTimeS / knownTimeS) ** (1 / exponent);
}

export function isWithinRiegelValidity(timeS: number): boolean {
  return timeS >= RIEGEL_VALID_MIN_S && timeS <= RIEGEL_VALID_MAX_S;
}

/** Refuses an exponent outside 1.0–1.2; `field` names the request field in the code and the detail. */
export function checkExponent(exponent: number, field: 'riegel_exponent' | 'exponent'): void {
  if (exponent >= MIN_EXPONENT && exponent <= MAX_EXPONENT) return;
  throw domainError(
    `${field}_out_of_range`,
    `${field} must be between ${MIN_EXPONENT.toFixed(1)} and ${MAX_EXPONENT.toFixed(1)}, got ${exponent}`,
  );
}
