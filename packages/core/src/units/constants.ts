/** Exact conversion constants (international yard and pound agreement, 1959). */
export const METERS_PER_MILE = 1609.344;
export const METERS_PER_YARD = 0.9144;
export const METERS_PER_KM = 1000;
export const HALF_MARATHON_M = 21097.5;
export const MARATHON_M = 42195;

/** Distances are accepted from 1 m up to 1,000 km; anything longer is not a running race. */
export const MIN_DISTANCE_M = 1;
export const MAX_DISTANCE_M = 1_000_000;

/** Durations are accepted from 0.1 s (the output precision) up to 7 days. */
export const MIN_DURATION_S = 0.1;
export const MAX_DURATION_S = 7 * 24 * 3600;

/** Paces and speeds are accepted between 0.01 km/h and 1,000 km/h (3.6 s/km to 100 h/km). */
export const MIN_SPEED_MPS = 0.01 / 3.6;
export const MAX_SPEED_MPS = 1000 / 3.6;
