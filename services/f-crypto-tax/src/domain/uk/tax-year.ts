import { dayNumber } from '../dates.js';

// What HMRC's rules add to a UK tax year's totals (gov.uk, ICAEW): the annual exempt amount and, in
// 2024-25, the change of the main CGT rates on 30 October 2024. No tax is computed: bands, the SA108
// box 51 adjustment and losses brought forward are the filer's.

/** The first tax year of the table: 2014-15. */
const FIRST_AEA_YEAR = 2014;
/** Annual exempt amount (individuals) in pounds, tax years 2014-15 … 2024-25; the last holds on. */
const AEA_POUNDS: readonly number[] = [
  11_000, 11_100, 11_100, 11_300, 11_700, 12_000, 12_300, 12_300, 12_300, 6_000, 3_000,
];

/** The annual exempt amount of a tax year in pence; null before 2014-15 (not tabled here). */
export function annualExemptAmount(taxYear: number): bigint | null {
  if (taxYear < FIRST_AEA_YEAR) return null;
  const pounds = AEA_POUNDS[Math.min(taxYear - FIRST_AEA_YEAR, AEA_POUNDS.length - 1)]!;
  return BigInt(pounds) * 100n;
}

/** The tax year in which the main rates changed, and the first UK day of the new rates. */
export const RATE_CHANGE_YEAR = 2024;
export const RATE_CHANGE_DAY = dayNumber(Date.UTC(2024, 9, 30));

/** The two periods of 2024-25: disposals before 30 October 2024 at 10/20 %, from it at 18/24 %. */
export const RATE_PERIODS = [
  { from: '2024-04-06', to: '2024-10-29', basic_rate: '0.10', higher_rate: '0.20' },
  { from: '2024-10-30', to: '2025-04-05', basic_rate: '0.18', higher_rate: '0.24' },
] as const;
