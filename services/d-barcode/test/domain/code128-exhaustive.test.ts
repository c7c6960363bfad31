import { describe, expect, it } from 'vitest';
import { planCode128 } from '../../src/domain/index.js';
import {
  allStrings,
  decodeValues,
  fewestSymbolsFrom,
  meaning,
  SETS,
  type SetName,
  START,
} from './helpers/code128-reference.js';

/**
 * Minimality and the spec's tie rules proven on every string up to a length over small alphabets that mix
 * digits, upper and lower case and control characters (A-only) and DEL (B-only). The reference costs come
 * from a breadth-first search over every symbol sequence (helpers/code128-reference.ts), not from our DP.
 */
const CASES = [
  { alphabet: '01Aa\u0001', maxLength: 7 },
  { alphabet: '29 z\u001f\u007f', maxLength: 6 },
];

type Action = 'keep' | 'shift' | `latch ${SetName}`;
const PREFERENCE: readonly SetName[] = ['C', 'B', 'A'];

/** Whether a character is in set A or B, read from the reference decoder's meanings. */
function inSet(set: SetName, character: string): boolean {
  for (let value = 0; value <= 95; value++) {
    const m = meaning(set, value);
    if (m.kind === 'chars' && m.text === character) return true;
  }
  return false;
}

describe.each(CASES)(
  'Code 128 against an exhaustive search over $alphabet (length ≤ $maxLength)',
  ({ alphabet, maxLength }) => {
    const from = Object.fromEntries(
      SETS.map((set) => [set, fewestSymbolsFrom(set, alphabet, maxLength)]),
    ) as Record<SetName, Map<string, number>>;
    const cost = (set: SetName, text: string) => from[set].get(text)!;
    const strings = allStrings(alphabet, maxLength);
    const membership = new Map(
      [...alphabet].map((c) => [c, { A: inSet('A', c), B: inSet('B', c), C: false }] as const),
    );

    /** What the spec's tie rules choose in `set` with `rest` left to encode. */
    function preferred(set: SetName, rest: string): { action: Action; takes: number } {
      const target = cost(set, rest);
      const takes = set === 'C' ? (/^\d\d/.test(rest) ? 2 : 0) : membership.get(rest[0]!)![set] ? 1 : 0;
      if (takes > 0 && 1 + cost(set, rest.slice(takes)) === target) return { action: 'keep', takes };
      if (set !== 'C' && takes === 0 && 2 + cost(set, rest.slice(1)) === target)
        return { action: 'shift', takes: 1 };
      const to = PREFERENCE.find((other) => other !== set && 1 + cost(other, rest) === target)!;
      return { action: `latch ${to}`, takes: 0 };
    }

    it('every string: decodes back, uses the fewest symbols, breaks ties as the spec orders them', {
      timeout: 60_000,
    }, () => {
      const failures: unknown[] = [];
      for (const data of strings) {
        const { values } = planCode128(data);
        if (decodeValues(values) !== data) failures.push({ data, decoded: decodeValues(values) });
        const minimum = Math.min(...SETS.map((set) => cost(set, data)));
        if (values.length - 1 !== minimum) failures.push({ data, symbols: values.length - 1, minimum });
        // Walk our symbols, comparing each step with the spec's preferred one.
        const start = PREFERENCE.find((set) => cost(set, data) === minimum)!;
        if (values[0] !== START[start]) failures.push({ data, start: values[0], expected: start });
        let set: SetName = start;
        let rest = data;
        for (let k = 1; k < values.length && rest !== ''; k++) {
          const want = preferred(set, rest);
          const m = meaning(set, values[k]!);
          const action: Action =
            m.kind === 'chars'
              ? 'keep'
              : m.kind === 'shift'
                ? 'shift'
                : m.kind === 'latch'
                  ? `latch ${m.to}`
                  : 'keep';
          if (action !== want.action) {
            failures.push({ data, at: data.length - rest.length, action, expected: want.action });
            break;
          }
          if (m.kind === 'latch') set = m.to;
          if (m.kind === 'shift') k++;
          rest = rest.slice(want.takes);
        }
      }
      expect(failures).toEqual([]);
      expect(strings.length).toBe(
        Array.from({ length: maxLength }, (_, k) => alphabet.length ** (k + 1)).reduce((a, b) => a + b, 0),
      );
    });
  },
);
