import BigConstructor from 'big.js';

export const Dec = BigConstructor();
Dec.DP = 30;
Dec.RM = Dec.roundHalfUp;
export type Decimal = InstanceType<typeof Dec>;

/** Non-integers out: half-up to 6 decimals, as a JSON number. */
export const round6 = (value: Decimal | number) => Number(new Dec(value).toFixed(6, Dec.roundHalfUp));

/** part / whole as a percentage, half-up to 2 decimals (0 for an empty whole). */
export const percent = (part: number | Decimal, whole: number | Decimal) =>
  new Dec(whole).eq(0) ? 0 : Number(new Dec(part).times(100).div(whole).toFixed(2, Dec.roundHalfUp));

/** part / whole, half-up to 6 decimals (0 for an empty whole). */
export const ratio = (part: number, whole: number) => (whole === 0 ? 0 : round6(new Dec(part).div(whole)));

/** Nearest-rank percentiles (rank ⌈p/100 × n⌉) of a list, or null when it is empty. */
export function percentiles(values: number[]) {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) => round6(sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1]!);
  return { p50: at(50), p90: at(90), p95: at(95), p99: at(99) };
}
