/**
 * Rounds to `decimals` places, ties to even (the IEEE 754 default, and Python's `round`): 6329.25 s is
 * 6329.2 s, as the e-pace worked examples print it. A tie is a value whose scaled form is exactly k + 0.5.
 */
export function roundHalfEven(value: number, decimals = 0): number {
  const factor = 10 ** decimals;
  const scaled = value * factor;
  let rounded = Math.round(scaled);
  if (rounded - scaled === 0.5 && rounded % 2 !== 0) rounded -= 1;
  return rounded / factor;
}
