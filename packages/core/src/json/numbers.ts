import { shorten } from './problems.js';

const TWO_POW_53 = 2 ** 53;

/** Why a number literal is out of I-JSON range (RFC 7493 §2.2), as detail sentence parts. */
export interface NumberRangeIssue {
  what: string;
  advice: string;
}

/**
 * Checks the IEEE-754 reading `value` of the grammatical literal `text`. `integerForm`: no fraction
 * and no exponent; `nonZero`: some digit of the literal's mantissa is not 0.
 */
export function numberRangeIssue(
  text: string,
  value: number,
  integerForm: boolean,
  nonZero: boolean,
): NumberRangeIssue | undefined {
  const shown = shorten(text);
  if (value === Number.POSITIVE_INFINITY || value === Number.NEGATIVE_INFINITY) {
    return {
      what: `Number ${shown} overflows the IEEE-754 double range`,
      advice:
        'numbers must be finite doubles (magnitude at most 1.7976931348623157e+308); send larger values as strings',
    };
  }
  if (value === 0 && nonZero) {
    return {
      what: `Number ${shown} underflows to zero as an IEEE-754 double`,
      advice: 'non-zero numbers must have a magnitude of at least 5e-324; send such values as strings',
    };
  }
  // Above 2^53 an integer literal must be the exact value of a double, or the ECMAScript shortest
  // form of one (RFC 8785 itself writes 2^68 as 295147905179352830000); anything else loses digits.
  const big = integerForm && (value >= TWO_POW_53 || value <= -TWO_POW_53);
  if (big && String(value) !== text && BigInt(text) !== BigInt(value)) {
    return {
      what: `Integer ${shown} is larger than 2^53 and not exactly representable as an IEEE-754 double`,
      advice: `it would be silently rounded to ${String(value)}; send it as a string (e.g. "${shown}") to keep every digit`,
    };
  }
  return undefined;
}
