// Sizes of a JSON value in CBOR and MessagePack, computed from the value without building the bytes.

/** Bytes of a CBOR head (RFC 8949 §3) carrying the argument n: 1, 2, 3, 5 or 9. */
export function cborHead(n: number): number {
  if (n < 24) return 1;
  if (n < 0x100) return 2;
  if (n < 0x10000) return 3;
  if (n < 0x1_0000_0000) return 5;
  return 9;
}

/**
 * Whether binary16 holds the number exactly: |v| ≤ 65504, a multiple of 2⁻²⁴ (the smallest subnormal)
 * with at most 11 significant bits.
 */
export function isBinary16(value: number): boolean {
  let units = Math.abs(value) * 2 ** 24;
  if (!Number.isInteger(units) || units > 65504 * 2 ** 24) return false;
  while (units >= 2048 && units % 2 === 0) units /= 2;
  return units <= 2047;
}

/**
 * A number in CBOR with preferred serialization (RFC 8949 §4.2, JSON to CBOR as §6.2): a safe integer
 * is major type 0 or 1 with its shortest head; any other number the shortest of binary16, binary32
 * and binary64 that holds it exactly. −0 is 0, as JSON writes it.
 */
export function cborNumber(value: number): number {
  // A negative n is carried as −1 − n (major type 1).
  if (Number.isSafeInteger(value)) return cborHead(Math.max(value, -1 - value));
  if (isBinary16(value)) return 3;
  if (Math.fround(value) === value) return 5;
  return 9;
}

/** A number in MessagePack's smallest format: a safe integer in the int family, else float 64. */
export function msgpackNumber(value: number): number {
  if (!Number.isSafeInteger(value)) return 9;
  // positive/negative fixint, uint 8/int 8, uint 16/int 16, uint 32/int 32, else 64 bits
  if (value >= -32 && value < 0x80) return 1;
  if (value >= -0x80 && value < 0x100) return 2;
  if (value >= -0x8000 && value < 0x10000) return 3;
  if (value >= -0x8000_0000 && value < 0x1_0000_0000) return 5;
  return 9;
}

/** fixstr, str 8, str 16 or str 32 by UTF-8 length, plus the bytes. */
export function msgpackString(utf8: number): number {
  if (utf8 < 32) return 1 + utf8;
  if (utf8 < 0x100) return 2 + utf8;
  return (utf8 < 0x10000 ? 3 : 5) + utf8;
}

/** fixarray/fixmap, 16 or 32 by count. */
export function msgpackContainer(count: number): number {
  if (count < 16) return 1;
  return count < 0x10000 ? 3 : 5;
}

// Stryker disable next-line StringLiteral: Buffer's default encoding is UTF-8
const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * CBOR and MessagePack bytes of a document given as its values in any order (each value once) with
 * the member name holding each (undefined for array items and the root): definite lengths, text keys.
 */
export function binarySizes(values: readonly unknown[], keys: ReadonlyArray<string | undefined>) {
  let cbor = 0;
  let msgpack = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    const key = keys[i];
    if (key !== undefined) {
      const length = utf8(key);
      cbor += cborHead(length) + length;
      msgpack += msgpackString(length);
    }
    if (typeof value === 'number') {
      cbor += cborNumber(value);
      msgpack += msgpackNumber(value);
    } else if (typeof value === 'string') {
      const length = utf8(value);
      cbor += cborHead(length) + length;
      msgpack += msgpackString(length);
    } else if (Array.isArray(value)) {
      cbor += cborHead(value.length);
      msgpack += msgpackContainer(value.length);
    } else if (typeof value === 'object' && value !== null) {
      const count = Object.keys(value).length;
      cbor += cborHead(count);
      msgpack += msgpackContainer(count);
    } else {
      // true, false, null: one byte each in both
      cbor += 1;
      msgpack += 1;
    }
  }
  return { cbor, msgpack };
}

/** Length of the r-th short name (r from 0) of `a`…`z`, `aa`…`zz`, `aaa`…: 1 for r < 26, 2 below 702, … */
export function shortNameLength(rank: number): number {
  let length = 1;
  let block = 26;
  let rest = rank;
  while (rest >= block) {
    rest -= block;
    block *= 26;
    length++;
  }
  return length;
}

/**
 * What renaming every member to a short name would save: names ranked by occurrences (descending),
 * ties by first appearance; rank r gets the r-th short name; a name saves occurrences × (serialised
 * length − short length − 2) when positive. `counts` is in order of first appearance.
 */
export function shortKeySaving(counts: ReadonlyMap<string, number>): number {
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  let saving = 0;
  for (let rank = 0; rank < ranked.length; rank++) {
    const [name, occurrences] = ranked[rank]!;
    const each = utf8(JSON.stringify(name)) - shortNameLength(rank) - 2;
    saving += occurrences * Math.max(0, each);
  }
  return saving;
}
