import { roundHalfEven } from '@dus/core';

/** Output precisions of the e-pace responses; ties go to even, like the spec's worked examples. */
export const round = roundHalfEven;

/** Seconds are reported to 0.1 s. */
export const roundSeconds = (seconds: number): number => roundHalfEven(seconds, 1);

/** Distances are reported to the millimetre, which hides float noise such as 9977.932800000001. */
export const roundMeters = (meters: number): number => roundHalfEven(meters, 3);
