// Data Matrix ECC 200 module placement (ISO/IEC 16022 Annex F; ISO/IEC 21471 DMRE uses it too): every
// codeword bit placed exactly once, the four corner patterns bit by bit, and whole symbols of full-range
// codewords (the most significant bit of each codeword, always 0 in ASCII text, seen too) module for module
// against bwip-js (BWIPP) — at the 30 ECC 200 sizes and 16 of the 18 DMRE sizes, whose mapping matrices
// give the corner patterns more shapes to meet.
import bwipjs from 'bwip-js';
import { describe, expect, it, vi } from 'vitest';
import { drawSymbol, withCheckCodewords } from '../../src/domain/datamatrix/encode.js';
import { placementMatrix } from '../../src/domain/datamatrix/placement.js';
import type { DataMatrixSize } from '../../src/domain/datamatrix/tables.js';
import { RECTANGULAR_SIZES, SQUARE_SIZES } from '../../src/domain/index.js';
import { randomInt, seededRandom } from './helpers/random.js';

// bwip-js over 48 symbols: seconds on two busy cores.
vi.setConfig({ testTimeout: 60_000 });

/**
 * ISO/IEC 21471 (DMRE): rows × columns, region rows × region columns, check codewords (one block each).
 * Not 26x40 and 26x48: their 24-row mapping matrices wrap a module past the last row, which ISO/IEC 21471
 * folds back and ISO/IEC 16022 (no size of which does so) does not.
 */
const DMRE: readonly DataMatrixSize[] = (
  [
    [8, 48, 1, 2, 15],
    [8, 64, 1, 4, 18],
    [8, 80, 1, 4, 22],
    [8, 96, 1, 4, 28],
    [8, 120, 1, 6, 32],
    [8, 144, 1, 6, 36],
    [12, 64, 1, 4, 27],
    [12, 88, 1, 4, 36],
    [16, 64, 1, 4, 36],
    [20, 36, 1, 2, 28],
    [20, 44, 1, 2, 34],
    [20, 64, 1, 4, 42],
    [22, 48, 1, 2, 38],
    [24, 48, 1, 2, 41],
    [24, 64, 1, 4, 46],
    [26, 64, 1, 4, 50],
  ] as const
).map(([rows, columns, regionsV, regionsH, ecc]) => {
  const codewords = Math.floor(((rows - 2 * regionsV) * (columns - 2 * regionsH)) / 8);
  return { rows, columns, regionsV, regionsH, data: codewords - ecc, ecc, blocks: 1 };
});

const ALL_SIZES = [...SQUARE_SIZES, ...RECTANGULAR_SIZES, ...DMRE];
const named = (size: DataMatrixSize) => `${size.rows}x${size.columns}` as const;
const mapping = (size: DataMatrixSize) =>
  [size.rows - 2 * size.regionsV, size.columns - 2 * size.regionsH] as const;

/** Where (row, column) each bit of codeword `chr` (0-based) lies: bit 0 is the most significant. */
function cellsOf(matrix: Int32Array, ncol: number, chr: number): [number, number][] {
  const cells: [number, number][] = [];
  for (let bit = 0; bit < 8; bit++) {
    const at = matrix.indexOf(chr * 8 + bit + 2);
    cells.push(at < 0 ? [-1, -1] : [Math.floor(at / ncol), at % ncol]);
  }
  return cells;
}

/** The codeword whose bit 0 (most significant) lies at (row, column). */
function codewordAt(matrix: Int32Array, ncol: number, row: number, column: number): number {
  return (matrix[row * ncol + column]! - 2) >> 3;
}

describe('the ECC 200 placement places every codeword bit exactly once', () => {
  it.each(ALL_SIZES.map((size) => [named(size), size] as const))('%s', (_name, size) => {
    const [nrow, ncol] = mapping(size);
    const matrix = placementMatrix(nrow, ncol);
    // The mapping matrix holds exactly the symbol's codewords: data + check.
    const codewords = Math.floor((nrow * ncol) / 8);
    expect(codewords).toBe(size.data + size.ecc);
    const ids = [...matrix].filter((id) => id >= 2).sort((a, b) => a - b);
    expect(ids).toEqual(Array.from({ length: 8 * codewords }, (_, i) => i + 2));
    // The modules no codeword takes: none, or the lower right 2x2 fixed pattern (dark, light / light, dark).
    const fixed = [...matrix.keys()].filter((i) => matrix[i]! < 2);
    if ((nrow * ncol) % 8 === 0) expect(fixed).toEqual([]);
    else {
      expect(fixed).toEqual([
        nrow * ncol - ncol - 2,
        nrow * ncol - ncol - 1,
        nrow * ncol - 2,
        nrow * ncol - 1,
      ]);
      expect(fixed.map((i) => matrix[i])).toEqual([1, 0, 0, 1]);
    }
  });
});

/**
 * Each corner pattern where the ECC 200 sizes meet it: the corner, the mapping matrix, the codeword
 * that takes it (the sweeps place the ones before) and its eight cells, bit 0 (most significant) first. The
 * mapping matrices are those of the symbols 14x14; 16x16, 24x24; 8x32, 16x48; 8x18, 16x36.
 */
// biome-ignore format: one corner a line
const CORNERS = [
  // Corner 1 (the sweep reaches row nrow at column 0).
  ['1', 12, 12, 7, [[11, 0], [11, 1], [11, 2], [0, 10], [0, 11], [1, 11], [2, 11], [3, 11]]],
  // Corner 2 (row nrow − 2 at column 0, ncol not a multiple of 4).
  ['2', 14, 14, 7, [[11, 0], [12, 0], [13, 0], [0, 10], [0, 11], [0, 12], [0, 13], [1, 13]]],
  ['2', 22, 22, 22, [[19, 0], [20, 0], [21, 0], [0, 18], [0, 19], [0, 20], [0, 21], [1, 21]]],
  // Corner 3 (row nrow − 2 at column 0, ncol ≡ 4 mod 8).
  ['3', 6, 28, 0, [[3, 0], [4, 0], [5, 0], [0, 26], [0, 27], [1, 27], [2, 27], [3, 27]]],
  ['3', 14, 44, 7, [[11, 0], [12, 0], [13, 0], [0, 42], [0, 43], [1, 43], [2, 43], [3, 43]]],
  // Corner 4 (row nrow + 4 at column 2, ncol ≡ 0 mod 8).
  ['4', 6, 16, 6, [[5, 0], [5, 15], [0, 13], [0, 14], [0, 15], [1, 13], [1, 14], [1, 15]]],
  ['4', 14, 32, 21, [[13, 0], [13, 31], [0, 29], [0, 30], [0, 31], [1, 29], [1, 30], [1, 31]]],
] as const;

describe('the four corner patterns of ISO/IEC 16022, bit by bit', () => {
  it.each(CORNERS)(
    'corner %s in the %ix%i mapping matrix: codeword %i',
    (_corner, nrow, ncol, chr, cells) => {
      const matrix = placementMatrix(nrow, ncol);
      expect(codewordAt(matrix, ncol, cells[0][0], cells[0][1])).toBe(chr);
      expect(cellsOf(matrix, ncol, chr)).toEqual(cells);
    },
  );

  it('the regular shape wraps past the left edge to the right one: codeword 0 of 8x8 (10x10)', () => {
    // Anchored at (4, 0): the six modules left of column 0 move to columns 6–7, their rows kept (4 − (8 + 4) mod 8 = 0).
    // biome-ignore format: the eight cells
    expect(cellsOf(placementMatrix(8, 8), 8, 0)).toEqual([[2, 6], [2, 7], [3, 6], [3, 7], [3, 0], [4, 6], [4, 7], [4, 0]]);
  });
});

describe('whole symbols of full-range codewords equal bwip-js module for module', () => {
  const random = seededRandom(21471);
  it.each(ALL_SIZES.map((size) => [named(size), size] as const))('%s', (_name, size) => {
    const data = Array.from({ length: size.data }, () => randomInt(random, 0, 255));
    const ours = drawSymbol(withCheckCodewords(data, size), size);
    const raw = data.map((codeword) => `^${String(codeword).padStart(3, '0')}`).join('');
    const format = size.rows === size.columns ? 'square' : 'rectangle';
    const dmre = DMRE.includes(size) ? ' dmre' : '';
    const options = `raw parse rows=${size.rows} columns=${size.columns} format=${format}${dmre}`;
    const [theirs] = bwipjs.raw('datamatrix', raw, options) as {
      pixs: number[];
      pixx: number;
      pixy: number;
    }[];
    expect([theirs!.pixy, theirs!.pixx]).toEqual([size.rows, size.columns]);
    expect([...ours.dark].join('')).toBe(theirs!.pixs.join(''));
  });
});
