/**
 * ITF-14 (GS1 General Specifications, ITF-14 symbology; ISO/IEC 16390): interleaved 2 of 5. Each digit is
 * five elements, two of them wide; digit pairs interleave the first digit's bars with the second's spaces.
 * Widths are in hundredths of a module, so a `ratio` with two decimals keeps every edge exact.
 */
const DIGIT_WIDE = [
  '00110',
  '10001',
  '01001',
  '11000',
  '00101',
  '10100',
  '01100',
  '00011',
  '10010',
  '01010',
] as const;

export const ITF_RATIO = { minimum: 2.25, maximum: 3, default: 2.5 } as const;

/** Element widths (bar first) in hundredths of a module: start 1010, the digit pairs, stop W N N. */
export function itfWidths(digits: string, ratio: number): number[] {
  const narrow = 100;
  const wide = Math.round(ratio * 100);
  const width = (flag: string) => (flag === '1' ? wide : narrow);
  const widths = [narrow, narrow, narrow, narrow];
  for (let i = 0; i < digits.length; i += 2) {
    const bars = DIGIT_WIDE[digits.charCodeAt(i) - 48]!;
    const spaces = DIGIT_WIDE[digits.charCodeAt(i + 1) - 48]!;
    for (let k = 0; k < 5; k++) widths.push(width(bars[k]!), width(spaces[k]!));
  }
  widths.push(wide, narrow, narrow);
  return widths;
}
