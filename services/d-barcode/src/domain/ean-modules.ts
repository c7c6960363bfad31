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

const digitAt = (digits: string, index: number) => digits.charCodeAt(index) - 48;

/** EAN-8 (8 digits): 67 modules = 101, four digits in set A, 01010, four in set C, 101. */
export const EAN8_MODULES = 67;
export function ean8Modules(digits: string): string {
  let modules = EDGE_GUARD;
  for (let i = 0; i < 4; i++) modules += L_PATTERNS[digitAt(digits, i)];
  modules += CENTRE_GUARD;
  for (let i = 4; i < 8; i++) modules += R_PATTERNS[digitAt(digits, i)];
  return modules + EDGE_GUARD;
}

/**
 * UPC-E parities of the six digits by check digit, number system 0 (`O` set A, `E` set B); number
 * system 1 swaps them.
 */
const UPCE_PARITIES = [
  'EEEOOO',
  'EEOEOO',
  'EEOOEO',
  'EEOOOE',
  'EOEEOO',
  'EOOEEO',
  'EOOOEE',
  'EOEOEO',
  'EOEOOE',
  'EOOEOE',
] as const;
export const UPCE_END_GUARD = '010101';
/** UPC-E: 101, six digits, 010101. */
export const UPCE_MODULES = 51;

/** The 51 modules of an 8-digit UPC-E (number system, six digits, check digit). */
export function upceModules(digits: string): string {
  const parity = UPCE_PARITIES[digitAt(digits, 7)]!;
  const odd = digits[0] === '0' ? 'O' : 'E';
  let modules = EDGE_GUARD;
  for (let i = 1; i <= 6; i++) {
    modules += (parity[i - 1] === odd ? L_PATTERNS : G_PATTERNS)[digitAt(digits, i)];
  }
  return modules + UPCE_END_GUARD;
}

/** EAN-2 parities by value mod 4, EAN-5 by its checksum (A = set A, B = set B). */
const ADDON2_PARITIES = ['AA', 'AB', 'BA', 'BB'] as const;
const ADDON5_PARITIES = [
  'BBAAA',
  'BABAA',
  'BAABA',
  'BAAAB',
  'ABBAA',
  'AABBA',
  'AAABB',
  'ABABA',
  'ABAAB',
  'AABAB',
] as const;
export const ADDON_START = '1011';
export const ADDON_SEPARATOR = '01';

/** EAN-5's parity selector: (3(d1 + d3 + d5) + 9(d2 + d4)) mod 10. */
export function addon5Checksum(digits: string): number {
  const d = (i: number) => digitAt(digits, i);
  return (3 * (d(0) + d(2) + d(4)) + 9 * (d(1) + d(3))) % 10;
}

/** An EAN-2 (20 modules) or EAN-5 (47 modules) add-on: 1011, digits in sets A/B, 01 between digits. */
export function addonModules(digits: string): string {
  const parity =
    digits.length === 2
      ? ADDON2_PARITIES[(digitAt(digits, 0) * 10 + digitAt(digits, 1)) % 4]!
      : ADDON5_PARITIES[addon5Checksum(digits)]!;
  let modules = ADDON_START;
  for (let i = 0; i < digits.length; i++) {
    if (i > 0) modules += ADDON_SEPARATOR;
    modules += (parity[i] === 'A' ? L_PATTERNS : G_PATTERNS)[digitAt(digits, i)];
  }
  return modules;
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
