import BigConstructor from 'big.js';

export const Dec = BigConstructor();
Dec.DP = 30;
Dec.RM = Dec.roundHalfUp;

/** part / whole × 100, half-up to 2 decimals (0 for an empty whole). */
export function percent(part: number, whole: number): number {
  if (whole === 0) return 0;
  return Number(new Dec(part).times(100).div(whole).toFixed(2, Dec.roundHalfUp));
}
