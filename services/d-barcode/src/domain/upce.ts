import { domainError } from './errors.js';

/**
 * UPC-E zero suppression (GS1 General Specifications, UPC-E): a UPC-A `S a1…a10 C` becomes the UPC-E
 * data `S` + six digits by the first rule that holds; expansion is the inverse, chosen by the sixth digit.
 */
export const UPCE_RULES =
  'a10 ≥ 5, a5 ≠ 0, a6–a9 = 0; a4 ≠ 0, a5–a9 = 0; a3 ≤ 2, a4–a7 = 0; or a3 ≥ 3, a4–a8 = 0';

const zeros = (text: string) => /^0*$/.test(text);

/** The UPC-A (11 digits, no check digit) of UPC-E data: number system and six digits (7 digits). */
export function expandUpce(data: string): string {
  const s = data[0]!;
  const d = data.slice(1, 7);
  const last = d[5]!;
  if (last <= '2') return `${s}${d.slice(0, 2)}${last}0000${d.slice(2, 5)}`;
  if (last === '3') return `${s}${d.slice(0, 3)}00000${d.slice(3, 5)}`;
  if (last === '4') return `${s}${d.slice(0, 4)}00000${d[4]}`;
  return `${s}${d.slice(0, 5)}0000${last}`;
}

/** 422 `invalid_upce` unless the number system is 0 or 1. */
export function checkNumberSystem(digit: string): void {
  if (digit !== '0' && digit !== '1') {
    throw domainError('invalid_upce', `number system must be 0 or 1, got ${digit}`, {
      rule: 'number_system',
    });
  }
}

/**
 * The UPC-E data (number system + six digits) of a 12-digit UPC-A, by the first rule that holds; 422
 * `invalid_upce` when the number system is not 0 or 1 or no rule holds.
 */
export function compressUpca(upca: string): string {
  checkNumberSystem(upca[0]!);
  const a = (i: number) => upca[i]!; // a1…a10 are upca[1]…upca[10]
  const s = upca[0]!;
  if (a(10) >= '5' && a(5) !== '0' && zeros(upca.slice(6, 10))) return s + upca.slice(1, 6) + a(10);
  if (a(4) !== '0' && zeros(upca.slice(5, 10))) return `${s}${upca.slice(1, 5)}${a(10)}4`;
  if (a(3) <= '2' && zeros(upca.slice(4, 8))) return s + a(1) + a(2) + upca.slice(8, 11) + a(3);
  // a3 ≥ 3 holds here: with a3 ≤ 2, zeros in a4–a8 include the zeros in a4–a7 the rule before took.
  if (zeros(upca.slice(4, 9))) return `${s}${upca.slice(1, 4)}${upca.slice(9, 11)}3`;
  throw domainError(
    'invalid_upce',
    `UPC-A ${upca} cannot be zero-suppressed to UPC-E (no rule holds: ${UPCE_RULES})`,
    { rule: 'zero_suppression' },
  );
}
