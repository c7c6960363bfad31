/**
 * Code 128 symbol characters (ISO/IEC 15417 Table 1): element widths in modules, bar first, 11 modules
 * each (the stop pattern has 7 elements and 13 modules). Index = symbol value.
 */
// biome-ignore format: ten values per row, like the standard's table
export const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
] as const;

/** The three code sets; the numbers index arrays below. */
export const CODE_A = 0;
export const CODE_B = 1;
export const CODE_C = 2;
export type CodeSet = typeof CODE_A | typeof CODE_B | typeof CODE_C;
export const CODE_SET_NAMES = ['A', 'B', 'C'] as const;

export const START_VALUES = [103, 104, 105] as const;
export const STOP_VALUE = 106;
/** Value of `CODE x` (latch to set x) as read in each set; `-1` where it does not exist (latch to itself). */
export const LATCH_VALUES: readonly (readonly number[])[] = [
  [-1, 100, 99], // in A: CODE B = 100, CODE C = 99
  [101, -1, 99], // in B: CODE A = 101, CODE C = 99
  [101, 100, -1], // in C: CODE A = 101, CODE B = 100
];
/** SHIFT (the next character only is read in the other of A and B); A and B only. */
export const SHIFT_VALUE = 98;
export const CHECKSUM_MODULUS = 103;
export const SYMBOL_MODULES = 11;
export const STOP_MODULES = 13;

/** FNC1 in the planner's input (GS1-128): code 128, outside ASCII; value 102 in every code set. */
export const FNC1 = 128;
export const FNC1_VALUE = 102;

/** Character `code` (ASCII 0–127, or FNC1) is in code set A: ASCII 0–95 and FNC1. */
export function inSetA(code: number): boolean {
  return code < 96 || code === FNC1;
}

/** Character `code` (ASCII 0–127, or FNC1) is in code set B: ASCII 32–127 and FNC1. */
export function inSetB(code: number): boolean {
  return code >= 32;
}

export function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** The value of ASCII `code` in set A (32–95 → 0–63, 0–31 → 64–95) or B (32–127 → 0–95). */
export function valueIn(set: typeof CODE_A | typeof CODE_B, code: number): number {
  if (code === FNC1) return FNC1_VALUE;
  if (set === CODE_A && code < 32) return code + 64;
  return code - 32;
}
