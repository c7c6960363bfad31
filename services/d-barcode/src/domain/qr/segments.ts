import { ALPHANUMERIC, COUNT_BITS, MODE_BITS, type SegmentMode } from './tables.js';

/**
 * One input character as each mode would encode it: a digit (numeric), its alphanumeric values (GS1's
 * separator is `%`, a data `%` is `%%`), its bytes (UTF-8; GS1's separator is 0x1D).
 */
export interface QrUnit {
  digit: number | null;
  alphanumeric: number[] | null;
  bytes: number[];
}

/** A run of units in one mode; `chars` is its character-count indicator. */
export interface Segment {
  mode: SegmentMode;
  chars: number;
  start: number;
  end: number;
}

const PERCENT = ALPHANUMERIC.indexOf('%');

/**
 * The units of text: each code point as a digit, an alphanumeric character and its UTF-8 bytes; at most
 * `limit` + 1 of them.
 */
export function textUnits(text: string, limit = Number.POSITIVE_INFINITY): QrUnit[] {
  const units: QrUnit[] = [];
  for (const character of text) {
    // Past `limit` units the data is known not to fit: the rest is not read.
    if (units.length > limit) break;
    const index = ALPHANUMERIC.indexOf(character);
    const digit = index >= 0 && index < 10 ? index : null;
    units.push({
      digit,
      alphanumeric: index >= 0 ? [index] : null,
      bytes: character < '\u0080' ? [character.charCodeAt(0)] : [...Buffer.from(character, 'utf8')],
    });
  }
  return units;
}

/**
 * The units of a GS1 element string as transmitted (separators as U+001D): in alphanumeric mode the
 * separator is `%` and a data `%` is `%%`; in byte mode the separator is the byte 0x1D (ISO/IEC 18004).
 */
export function gs1Units(encoded: string): QrUnit[] {
  return textUnits(encoded).map((unit, index) => {
    const character = encoded[index];
    if (character === '\u001d') return { digit: null, alphanumeric: [PERCENT], bytes: [0x1d] };
    if (character === '%') return { ...unit, alphanumeric: [PERCENT, PERCENT] };
    return unit;
  });
}

// DP states: numeric with 0, 1 or 2 digits of an open group (0–2); alphanumeric with 0 or 1 (3–4); byte (5).
const STATE_MODES: readonly SegmentMode[] = [
  'numeric',
  'numeric',
  'numeric',
  'alphanumeric',
  'alphanumeric',
  'byte',
];
const STATES = STATE_MODES.length;

/** Bits of `count` alphanumeric characters after `residue` (0 or 1) open ones: 6 opens a pair, 5 closes it. */
function alphanumericBits(residue: number, count: number): number {
  let bits = 0;
  let r = residue;
  for (let k = 0; k < count; k++) {
    bits += r === 0 ? 6 : 5;
    r = 1 - r;
  }
  return bits;
}

/**
 * The segmentation of `units` into numeric, alphanumeric and byte segments with the fewest bits for a
 * version class (`countClass` 0, 1, 2: the count-indicator lengths of versions 1–9, 10–26, 27–40), every
 * mode indicator and count indicator included: an exact dynamic programme over (mode, open group). A group
 * of 1, 2, 3 digits takes 4, 7, 10 bits (4 for its first digit, 3 for each other); an alphanumeric pair 11,
 * a single one 6; a byte 8. On equal bits the first found is kept: continuing before opening, numeric
 * before alphanumeric before byte.
 */
export function segment(
  units: readonly QrUnit[],
  countClass: 0 | 1 | 2,
): { bits: number; segments: Segment[] } {
  const n = units.length;
  const cost = new Float64Array((n + 1) * STATES).fill(Number.POSITIVE_INFINITY);
  const from = new Int8Array((n + 1) * STATES).fill(-1);
  const opened = new Uint8Array((n + 1) * STATES);
  const relax = (index: number, bits: number, previous: number, open: number) => {
    if (bits < cost[index]!) {
      cost[index] = bits;
      from[index] = previous;
      opened[index] = open;
    }
  };
  const header = (mode: SegmentMode) => 4 + COUNT_BITS[mode][countClass];
  for (let i = 0; i < n; i++) {
    const unit = units[i]!;
    const alphanumeric = unit.alphanumeric === null ? -1 : unit.alphanumeric.length;
    const byteBits = 8 * unit.bytes.length;
    const here = i * STATES;
    const next = here + STATES;
    // The cheapest state before this unit opens a new segment in each mode.
    let best = i === 0 ? 0 : Number.POSITIVE_INFINITY;
    let bestState = -1;
    for (let s = 0; s < STATES && i > 0; s++) {
      if (cost[here + s]! < best) {
        best = cost[here + s]!;
        bestState = s;
      }
    }
    for (let s = 0; s < STATES && i > 0; s++) {
      const base = cost[here + s]!;
      if (base === Number.POSITIVE_INFINITY) continue;
      if (s < 3) {
        if (unit.digit !== null) relax(next + ((s + 1) % 3), base + (s === 0 ? 4 : 3), s, 0);
      } else if (s < 5) {
        if (alphanumeric >= 0) {
          relax(next + 3 + ((s - 3 + alphanumeric) % 2), base + alphanumericBits(s - 3, alphanumeric), s, 0);
        }
      } else {
        relax(next + 5, base + byteBits, s, 0);
      }
    }
    if (unit.digit !== null) relax(next + 1, best + header('numeric') + 4, bestState, 1);
    if (alphanumeric >= 0) {
      relax(
        next + 3 + (alphanumeric % 2),
        best + header('alphanumeric') + alphanumericBits(0, alphanumeric),
        bestState,
        1,
      );
    }
    relax(next + 5, best + header('byte') + byteBits, bestState, 1);
  }
  let state = 0;
  for (let s = 1; s < STATES; s++) if (cost[n * STATES + s]! < cost[n * STATES + state]!) state = s;
  const bits = cost[n * STATES + state]!;
  const segments: Segment[] = [];
  let end = n;
  for (let i = n; i > 0; i--) {
    const index = i * STATES + state;
    if (opened[index] === 1) {
      const mode = STATE_MODES[state]!;
      segments.unshift({ mode, chars: countOf(units, i - 1, end, mode), start: i - 1, end });
      end = i - 1;
    }
    state = from[index]!;
  }
  return { bits, segments };
}

function countOf(units: readonly QrUnit[], start: number, end: number, mode: SegmentMode): number {
  let chars = 0;
  for (let i = start; i < end; i++) {
    const unit = units[i]!;
    chars += mode === 'numeric' ? 1 : mode === 'alphanumeric' ? unit.alphanumeric!.length : unit.bytes.length;
  }
  return chars;
}

/** Appends `length` bits of `value`, most significant first. */
export function appendBits(bits: number[], value: number, length: number): void {
  for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
}

/** A segment's bits: mode indicator, character count, data. */
export function segmentBits(
  bits: number[],
  units: readonly QrUnit[],
  segment: Segment,
  countClass: 0 | 1 | 2,
): void {
  appendBits(bits, MODE_BITS[segment.mode], 4);
  appendBits(bits, segment.chars, COUNT_BITS[segment.mode][countClass]);
  const slice = units.slice(segment.start, segment.end);
  if (segment.mode === 'byte') {
    for (const unit of slice) for (const byte of unit.bytes) appendBits(bits, byte, 8);
    return;
  }
  const values = slice.flatMap((unit) => (segment.mode === 'numeric' ? [unit.digit!] : unit.alphanumeric!));
  const group = segment.mode === 'numeric' ? 3 : 2;
  for (let i = 0; i < values.length; i += group) {
    const chunk = values.slice(i, i + group);
    if (segment.mode === 'numeric') {
      appendBits(bits, Number(chunk.join('')), 1 + 3 * chunk.length);
    } else {
      appendBits(
        bits,
        chunk.length === 2 ? chunk[0]! * 45 + chunk[1]! : chunk[0]!,
        chunk.length === 2 ? 11 : 6,
      );
    }
  }
}
