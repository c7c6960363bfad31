import {
  CODE_A,
  CODE_B,
  CODE_C,
  CODE_SET_NAMES,
  type CodeSet,
  FNC1,
  FNC1_VALUE,
  inSetA,
  inSetB,
  isDigit,
  LATCH_VALUES,
  SHIFT_VALUE,
  START_VALUES,
  valueIn,
} from './table.js';

/** The symbol characters chosen for some data: the start, then data, CODE x and SHIFT symbols. */
export interface Code128Plan {
  /** Symbol values from the start character up to (not including) the check character. */
  values: number[];
  /** The start set, then each set latched to (shifts are not latches), e.g. `['C', 'B']`. */
  codeSets: string[];
}

const INFINITE = 1 << 29;
/** Preference among latches (and among start characters) when several reach the minimum. */
const LATCH_ORDER: readonly CodeSet[] = [CODE_C, CODE_B, CODE_A];

/**
 * Fewest-symbol Code 128 encoding of ASCII `data` (every char code 0–127, checked by the caller; code 128
 * is FNC1, one symbol in any set, for GS1-128), by
 * dynamic programming over code-set states rather than the greedy rule list of ISO/IEC 15417's
 * guidance.
 *
 * cost[i·3 + s] = fewest symbols encoding data[i..] when set s is active at position i, where a step
 * either keeps the set (one character in A/B, a digit pair in C), SHIFTs one character to the other of
 * A/B (2 symbols), or latches (1 symbol, then a keep or a shift in the new set: two latches in a row are
 * never minimal). The start character is free to choose its set, so it is not counted.
 *
 * Ties, as the spec orders them: start in the first of C, B, A that still allows the minimum; at each
 * position keep the set if the minimum stays reachable, else SHIFT if it does, else latch to the first of
 * C, B, A that does. Iterative, O(n) time and memory.
 */
export function planCode128(data: string): Code128Plan {
  const n = data.length;
  const code = (i: number) => data.charCodeAt(i);
  const cost = new Int32Array((n + 2) * 3);
  const keep = (i: number, set: CodeSet): number => {
    if (set === CODE_C) {
      if (code(i) === FNC1) return 1 + cost[(i + 1) * 3 + CODE_C]!;
      return i + 1 < n && isDigit(code(i)) && isDigit(code(i + 1))
        ? 1 + cost[(i + 2) * 3 + CODE_C]!
        : INFINITE;
    }
    return (set === CODE_A ? inSetA(code(i)) : inSetB(code(i))) ? 1 + cost[(i + 1) * 3 + set]! : INFINITE;
  };
  // Only a character outside the current set is worth a SHIFT; every ASCII character is in A or B.
  const shift = (i: number, set: CodeSet): number => {
    if (set === CODE_C) return INFINITE;
    const inCurrent = set === CODE_A ? inSetA(code(i)) : inSetB(code(i));
    return inCurrent ? INFINITE : 2 + cost[(i + 1) * 3 + set]!;
  };
  const step = (i: number, set: CodeSet): number => Math.min(keep(i, set), shift(i, set));

  for (let i = n - 1; i >= 0; i--) {
    const steps = [step(i, CODE_A), step(i, CODE_B), step(i, CODE_C)];
    for (const set of LATCH_ORDER) {
      let best = steps[set]!;
      for (const other of LATCH_ORDER) if (other !== set) best = Math.min(best, 1 + steps[other]!);
      cost[i * 3 + set] = best;
    }
  }

  let current: CodeSet = CODE_C;
  const minimum = Math.min(...LATCH_ORDER.map((set) => step(0, set)));
  for (const set of LATCH_ORDER) {
    if (step(0, set) === minimum) {
      current = set;
      break;
    }
  }
  const values: number[] = [START_VALUES[current]];
  const codeSets: string[] = [CODE_SET_NAMES[current]];

  let i = 0;
  // After the start or a latch, the next step encodes at the same position without latching again.
  let justEntered = true;
  while (i < n) {
    const target = justEntered ? step(i, current) : cost[i * 3 + current]!;
    if (keep(i, current) === target) {
      if (current === CODE_C && code(i) === FNC1) {
        values.push(FNC1_VALUE);
        i += 1;
      } else if (current === CODE_C) {
        values.push((code(i) - 48) * 10 + code(i + 1) - 48);
        i += 2;
      } else {
        values.push(valueIn(current, code(i)));
        i += 1;
      }
      justEntered = false;
    } else if (shift(i, current) === target) {
      values.push(SHIFT_VALUE, valueIn(current === CODE_A ? CODE_B : CODE_A, code(i)));
      i += 1;
      justEntered = false;
    } else {
      const next = LATCH_ORDER.find((set) => set !== current && 1 + step(i, set) === target)!;
      values.push(LATCH_VALUES[current]![next]!);
      codeSets.push(CODE_SET_NAMES[next]);
      current = next;
      justEntered = true;
    }
  }
  return { values, codeSets };
}
