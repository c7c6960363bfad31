import { dayNumber } from '../dates.js';

// What HMRC's rules add to a UK tax year's totals (gov.uk, ICAEW): the annual exempt amount and, in
// 2024-25, the change of the main CGT rates on 30 October 2024. No tax is computed: bands, the SA108
// box 51 adjustment and losses brought forward are the filer's.

/** Annual exempt amount (individuals) by tax year, in pence, from 2014-15; 2024-25 on: £3,000. */
const AEA_POUNDS: ReadonlyArray<readonly [number, number]> = [
  [2014, 11_000],
  [2015, 11_100],
  [2016, 11_100],
  [2017, 11_300],
  [2018, 11_700],
  [2019, 12_000],
  [2020, 12_300],
  [2021, 12_300],
  [2022, 12_300],
  [2023, 6_000],
  [2024, 3_000],
];
const FIRST_AEA_YEAR = AEA_POUNDS[0]![0];
const LAST_LISTED = AEA_POUNDS.at(-1)!;

/** The annual exempt amount of a tax year in pence; null before 2014-15 (not tabled here). */
export function annualExemptAmount(taxYear: number): bigint | null {
  if (taxYear < FIRST_AEA_YEAR) return null;
  const pounds = taxYear >= LAST_LISTED[0] ? LAST_LISTED[1] : AEA_POUNDS[taxYear - FIRST_AEA_YEAR]![1];
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
