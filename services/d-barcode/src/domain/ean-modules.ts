/**
 * EAN-13 / UPC-A module patterns (GS1 General Specifications, EAN/UPC symbology; ISO/IEC 15420): every
 * digit is 7 modules; `1` is a dark module. Set A (L, odd parity) is the source; set C (R) is its
 * complement and set B (G, even parity) is R reversed.
 */
const L_PATTERNS = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
] as const;

const R_PATTERNS = L_PATTERNS.map((pattern) => pattern.replace(/[01]/g, (bit) => (bit === '0' ? '1' : '0')));
const G_PATTERNS = R_PATTERNS.map((pattern) => [...pattern].reverse().join(''));

/** Which of the six left digits use set B (G): the leading EAN digit is encoded only by this choice. */
const LEFT_PARITIES = [
  'LLLLLL',
  'LLGLGG',
  'LLGGLG',
  'LLGGGL',
  'LGLLGG',
  'LGGLLG',
  'LGGGLL',
  'LGLGLG',
  'LGLGGL',
  'LGGLGL',
] as const;

export const EDGE_GUARD = '101';
export const CENTRE_GUARD = '01010';
/** Modules in an EAN-13 / UPC-A symbol without quiet zones: 3 + 6·7 + 5 + 6·7 + 3. */
export const EAN_MODULES = 95;

/** Module ranges (start, end exclusive) of the guard patterns within the 95 modules. */
export const GUARD_RANGES: readonly (readonly [number, number])[] = [
  [0, 3],
  [45, 50],
  [92, 95],
];
/** UPC-A also extends the bars of its first and last digits (its number system and check digits). */
export const UPCA_EXTENDED_DIGIT_RANGES: readonly (readonly [number, number])[] = [
  [3, 10],
  [85, 92],
];

/** Start module of EAN-13 digit `index` (1–12; digit 0 has no bars of its own) within the 95 modules. */
export function eanDigitStart(index: number): number {
  return index <= 6 ? 3 + 7 * (index - 1) : 50 + 7 * (index - 7);
}

/** The 95 modules of a 13-digit EAN-13 (UPC-A: `'0' + its 12 digits`), as a string of `0`/`1`. */
export function eanModules(digits: string): string {
  const value = (index: number) => digits.charCodeAt(index) - 48;
  const parity = LEFT_PARITIES[value(0)]!;
  let modules = EDGE_GUARD;
  for (let i = 1; i <= 6; i++) {
    modules += (parity[i - 1] === 'L' ? L_PATTERNS : G_PATTERNS)[value(i)];
  }
  modules += CENTRE_GUARD;
  for (let i = 7; i <= 12; i++) modules += R_PATTERNS[value(i)];
  return modules + EDGE_GUARD;
}
