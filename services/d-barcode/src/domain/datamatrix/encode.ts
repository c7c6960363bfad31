import { domainError } from '../errors.js';
import type { ModuleMatrix } from '../matrix-layout.js';
import { reedSolomon } from '../reed-solomon.js';
import { placementMatrix } from './placement.js';
import { type DataMatrixSize, RECTANGULAR_SIZES, SQUARE_SIZES } from './tables.js';

/** ISO/IEC 16022: GF(256) modulo x⁸ + x⁵ + x³ + x² + 1, generator roots α¹…αⁿ. */
const dmCheckCodewords = reedSolomon(0x12d, 1);

/** ASCII encodation codewords (ISO/IEC 16022). */
export const FNC1_CODEWORD = 232;
const UPPER_SHIFT = 235;
const ECI_CODEWORD = 241;
const PAD = 129;

/** One data item: a byte of the data, or the FNC1 of GS1 (first, and as the separator). */
export type DataMatrixItem = number | 'FNC1';

/**
 * ASCII encodation: FNC1 232; two digits 130 + their value; ASCII 0–127 value + 1; a byte over 127 Upper Shift
 * (235) and value − 127. With `eci`, ECI 000026 first (241, 27).
 */
export function asciiCodewords(items: readonly DataMatrixItem[], eci: number | null): number[] {
  const codewords: number[] = eci === null ? [] : [ECI_CODEWORD, eci + 1];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const next = items[i + 1];
    if (item === 'FNC1') codewords.push(FNC1_CODEWORD);
    else if (isDigit(item) && next !== undefined && isDigit(next)) {
      codewords.push(130 + (item - 48) * 10 + (next - 48));
      i++;
    } else if (item > 127) codewords.push(UPPER_SHIFT, item - 127);
    else codewords.push(item + 1);
  }
  return codewords;
}

const isDigit = (item: DataMatrixItem): item is number => item !== 'FNC1' && item >= 48 && item <= 57;

/** Pads to `capacity`: 129 first, then 253-state randomised pads. */
export function pad(codewords: readonly number[], capacity: number): number[] {
  const result = [...codewords];
  if (result.length < capacity) result.push(PAD);
  while (result.length < capacity) {
    const position = result.length + 1;
    const value = PAD + ((149 * position) % 253) + 1;
    result.push(value > 254 ? value - 254 : value);
  }
  return result;
}

/**
 * Data then check codewords, interleaved over the blocks: codeword k of the whole stream belongs to block
 * k mod blocks, check codewords too. Only 144x144 (1558 data codewords in 10 blocks) has blocks of unequal
 * data length, so its check codewords start with blocks 9 and 10 (ISO/IEC 16022; ZXing's old encoder
 * restarted at block 1, which readers accept only as a fallback).
 */
export function withCheckCodewords(data: readonly number[], size: DataMatrixSize): number[] {
  const { blocks } = size;
  const eccPerBlock = size.ecc / blocks;
  const shift = data.length % blocks;
  const result = [...data, ...new Array<number>(size.ecc).fill(0)];
  for (let b = 0; b < blocks; b++) {
    const block = data.filter((_, i) => i % blocks === b);
    const slot = (b - shift + blocks) % blocks;
    dmCheckCodewords(block, eccPerBlock).forEach((codeword, j) => {
      result[data.length + j * blocks + slot] = codeword;
    });
  }
  return result;
}

/** The symbol's modules: the placed codewords in their data regions, each region framed by its finder. */
export function drawSymbol(codewords: readonly number[], size: DataMatrixSize): ModuleMatrix {
  const regionRows = (size.rows - 2 * size.regionsV) / size.regionsV;
  const regionColumns = (size.columns - 2 * size.regionsH) / size.regionsH;
  const nrow = regionRows * size.regionsV;
  const ncol = regionColumns * size.regionsH;
  const placement = placementMatrix(nrow, ncol);
  const dark = new Uint8Array(size.rows * size.columns);
  for (let r = 0; r < nrow; r++) {
    for (let c = 0; c < ncol; c++) {
      const id = placement[r * ncol + c]!;
      const value = id < 2 ? id : (codewords[(id - 2) >> 3]! >> (7 - ((id - 2) & 7))) & 1;
      const row = Math.floor(r / regionRows) * (regionRows + 2) + 1 + (r % regionRows);
      const column = Math.floor(c / regionColumns) * (regionColumns + 2) + 1 + (c % regionColumns);
      dark[row * size.columns + column] = value;
    }
  }
  for (let row = 0; row < size.rows; row++) {
    for (let column = 0; column < size.columns; column++) {
      const y = row % (regionRows + 2);
      const x = column % (regionColumns + 2);
      const finder =
        x === 0 ||
        y === regionRows + 1 ||
        (y === 0 && x % 2 === 0) ||
        (x === regionColumns + 1 && y % 2 === 1);
      if (finder) dark[row * size.columns + column] = 1;
    }
  }
  return { rows: size.rows, columns: size.columns, dark };
}

export type DataMatrixShape = 'square' | 'rectangle';

/**
 * A Data Matrix ECC 200 symbol in ASCII encodation: the smallest size of the shape holding the codewords (or
 * the fixed size), padded, with Reed–Solomon check codewords; 422 `data_too_long` when none does.
 */
export function encodeDataMatrix(
  items: readonly DataMatrixItem[],
  eci: number | null,
  size: DataMatrixShape | DataMatrixSize,
): ModuleMatrix & { size: DataMatrixSize } {
  const candidates =
    typeof size === 'string' ? (size === 'square' ? SQUARE_SIZES : RECTANGULAR_SIZES) : [size];
  const largest = candidates[candidates.length - 1]!;
  // Every item takes at least half a codeword: more than twice the capacity never fits (and is not encoded).
  const data = items.length > 2 * largest.data ? null : asciiCodewords(items, eci);
  const chosen = data === null ? undefined : candidates.find((candidate) => candidate.data >= data.length);
  if (data === null || chosen === undefined) {
    throw domainError(
      'data_too_long',
      `the data needs ${data === null ? `more than ${largest.data}` : data.length} codewords; ` +
        `Data Matrix ${largest.rows}x${largest.columns} holds ${largest.data} ` +
        `(${largest.data * 2} digits or ${largest.data} ASCII characters)`,
    );
  }
  return { ...drawSymbol(withCheckCodewords(pad(data, chosen.data), chosen), chosen), size: chosen };
}
