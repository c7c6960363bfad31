/**
 * An independent Code 128 reader at the symbol-value level, written from ISO/IEC 15417 Table 1 without the
 * encoder's tables: what each value means in each code set. Used to decode our symbols and to search all
 * encodings exhaustively.
 */
export type Meaning =
  | { kind: 'chars'; text: string }
  | { kind: 'latch'; to: 'A' | 'B' | 'C' }
  | { kind: 'shift' }
  | { kind: 'other' };

export type SetName = 'A' | 'B' | 'C';
export const SETS: readonly SetName[] = ['A', 'B', 'C'];
export const START: Record<SetName, number> = { A: 103, B: 104, C: 105 };

export function meaning(set: SetName, value: number): Meaning {
  if (set === 'C') {
    if (value <= 99) return { kind: 'chars', text: String(value).padStart(2, '0') };
    if (value === 100) return { kind: 'latch', to: 'B' };
    if (value === 101) return { kind: 'latch', to: 'A' };
    return { kind: 'other' };
  }
  if (value <= 63) return { kind: 'chars', text: String.fromCharCode(value + 32) };
  if (value <= 95) return { kind: 'chars', text: String.fromCharCode(set === 'A' ? value - 64 : value + 32) };
  if (value === 98) return { kind: 'shift' };
  if (value === 99) return { kind: 'latch', to: 'C' };
  if (value === 100 && set === 'A') return { kind: 'latch', to: 'B' };
  if (value === 101 && set === 'B') return { kind: 'latch', to: 'A' };
  return { kind: 'other' }; // FNC1–FNC4
}

/** Decodes start + data symbols (no check, no stop) to text; throws on anything our encoder must not emit. */
export function decodeValues(values: readonly number[]): string {
  const startSet = SETS.find((set) => START[set] === values[0]);
  if (!startSet) throw new Error(`not a start value: ${values[0]}`);
  let set: SetName = startSet;
  let shifted = false;
  let text = '';
  for (const value of values.slice(1)) {
    const readIn: SetName = shifted ? (set === 'A' ? 'B' : 'A') : set;
    const m = meaning(readIn, value);
    if (shifted && m.kind !== 'chars') throw new Error('SHIFT must be followed by a character');
    shifted = false;
    if (m.kind === 'chars') text += m.text;
    else if (m.kind === 'latch') set = m.to;
    else if (m.kind === 'shift' && set !== 'C') shifted = true;
    else throw new Error(`unexpected value ${value} in set ${readIn}`);
  }
  if (shifted) throw new Error('dangling SHIFT');
  return text;
}

/**
 * Exhaustive breadth-first search over every symbol sequence: fewest symbols that produce each string over
 * `alphabet` of length ≤ `maxLength`, starting in `set` with no start character counted. States are
 * (text so far, set, SHIFT pending); every one of the 103 values is tried in each.
 */
export function fewestSymbolsFrom(set: SetName, alphabet: string, maxLength: number): Map<string, number> {
  const chars = [...alphabet];
  const texts = ['', ...allStrings(alphabet, maxLength)];
  const idOf = new Map(texts.map((text, id) => [text, id]));
  // childOf[id · |alphabet| + c] = id of text + alphabet[c], or -1 past maxLength.
  const childOf = new Int32Array(texts.length * chars.length);
  texts.forEach((text, id) => {
    chars.forEach((c, k) => {
      childOf[id * chars.length + k] = idOf.get(text + c) ?? -1;
    });
  });
  // Per set, every value that can occur in such a string: a character (or digit pair) of the alphabet, or a
  // code-set change. Values producing any other character can never be part of an encoding, so they are
  // dropped here rather than on each visit.
  const steps = SETS.map((name) =>
    Array.from({ length: 103 }, (_, value) => meaning(name, value)).filter(
      (m) =>
        m.kind === 'latch' ||
        m.kind === 'shift' ||
        (m.kind === 'chars' && [...m.text].every((c) => chars.includes(c))),
    ),
  );
  // State = text id · 6 + set · 2 + (SHIFT pending ? 1 : 0).
  const seen = new Uint8Array(texts.length * 6);
  const best = new Map<string, number>();
  const setIndex = (name: SetName) => SETS.indexOf(name);
  let frontier = [setIndex(set) * 2];
  seen[frontier[0]!] = 1;
  for (let cost = 0; frontier.length > 0; cost++) {
    const next: number[] = [];
    for (const state of frontier) {
      const textId = Math.floor(state / 6);
      const current = Math.floor((state % 6) / 2);
      const shifted = state % 2 === 1;
      if (!shifted && !best.has(texts[textId]!)) best.set(texts[textId]!, cost);
      for (const m of steps[shifted ? 1 - current : current]!) {
        let target: number;
        if (m.kind === 'chars') {
          let id = textId;
          for (const c of m.text) id = id < 0 ? -1 : childOf[id * chars.length + chars.indexOf(c)]!;
          if (id < 0) continue;
          target = id * 6 + current * 2;
        } else if (shifted || m.kind === 'other') continue;
        else if (m.kind === 'latch') target = textId * 6 + setIndex(m.to) * 2;
        else target = textId * 6 + current * 2 + 1;
        if (seen[target]) continue;
        seen[target] = 1;
        next.push(target);
      }
    }
    frontier = next;
  }
  return best;
}

/** Every string over `alphabet` of length 1 to `maxLength`. */
export function allStrings(alphabet: string, maxLength: number): string[] {
  const out: string[] = [];
  let level = [''];
  for (let length = 1; length <= maxLength; length++) {
    level = level.flatMap((prefix) => [...alphabet].map((c) => prefix + c));
    out.push(...level);
  }
  return out;
}
