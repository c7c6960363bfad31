/**
 * Dave Cameron's speed model (1997), fitted to world, US and collegiate records from 800 m to the marathon.
 * Cameron wrote it in miles (a = 13.49681 − 0.048865·mi + 2.438936/mi^0.7905); in metres:
 * f(d) = 13.49681 − 0.000030363·d + 835.7114 / d^0.7905, and T2 = T1 · (D2/D1) · f(D1)/f(D2).
 */
export function cameronFactor(distanceM: number): number {
  return 13.49681 - 0.000030363 * distanceM + 835.7114 / distanceM ** 0.7905;
}

/**
 * f(d) falls linearly with d and reaches zero near 444 km, so the ratio explodes long before that; the
 * model was fitted to track and road records and is not applied beyond 200 km.
 */
export const CAMERON_MAX_DISTANCE_M = 200_000;

export function isWithinCameronRange(distanceM: number): boolean {
  return distanceM > 0 && distanceM <= CAMERON_MAX_DISTANCE_M;
}

export function cameronTime(knownTimeS: number, knownDistanceM: number, targetDistanceM: number): number {
  return (
    knownTimeS *
    (targetDistanceM / knownDistanceM) *
    (cameronFactor(knownDistanceM) / cameronFactor(targetDistanceM))
  );
}
