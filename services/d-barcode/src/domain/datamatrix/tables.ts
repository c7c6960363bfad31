/**
 * Data Matrix ECC 200 symbol sizes (ISO/IEC 16022): rows × columns with their data regions, data and
 * error-correction codewords and interleaved blocks. Ordered by data capacity within each shape.
 */
export interface DataMatrixSize {
  rows: number;
  columns: number;
  /** Data regions vertically and horizontally. */
  regionsV: number;
  regionsH: number;
  /** Data codewords and error-correction codewords in the whole symbol. */
  data: number;
  ecc: number;
  blocks: number;
}

const size = (
  rows: number,
  columns: number,
  regionsV: number,
  regionsH: number,
  data: number,
  ecc: number,
  blocks = 1,
): DataMatrixSize => ({ rows, columns, regionsV, regionsH, data, ecc, blocks });

export const SQUARE_SIZES: readonly DataMatrixSize[] = [
  size(10, 10, 1, 1, 3, 5),
  size(12, 12, 1, 1, 5, 7),
  size(14, 14, 1, 1, 8, 10),
  size(16, 16, 1, 1, 12, 12),
  size(18, 18, 1, 1, 18, 14),
  size(20, 20, 1, 1, 22, 18),
  size(22, 22, 1, 1, 30, 20),
  size(24, 24, 1, 1, 36, 24),
  size(26, 26, 1, 1, 44, 28),
  size(32, 32, 2, 2, 62, 36),
  size(36, 36, 2, 2, 86, 42),
  size(40, 40, 2, 2, 114, 48),
  size(44, 44, 2, 2, 144, 56),
  size(48, 48, 2, 2, 174, 68),
  size(52, 52, 2, 2, 204, 84, 2),
  size(64, 64, 4, 4, 280, 112, 2),
  size(72, 72, 4, 4, 368, 144, 4),
  size(80, 80, 4, 4, 456, 192, 4),
  size(88, 88, 4, 4, 576, 224, 4),
  size(96, 96, 4, 4, 696, 272, 4),
  size(104, 104, 4, 4, 816, 336, 6),
  size(120, 120, 6, 6, 1050, 408, 6),
  size(132, 132, 6, 6, 1304, 496, 8),
  size(144, 144, 6, 6, 1558, 620, 10),
];

export const RECTANGULAR_SIZES: readonly DataMatrixSize[] = [
  size(8, 18, 1, 1, 5, 7),
  size(8, 32, 1, 2, 10, 11),
  size(12, 26, 1, 1, 16, 14),
  size(12, 36, 1, 2, 22, 18),
  size(16, 36, 1, 2, 32, 24),
  size(16, 48, 1, 2, 49, 28),
];

/** `RxC` of every ECC 200 size, the spelling of the `size` option. */
export const SIZE_NAMES: readonly string[] = [...SQUARE_SIZES, ...RECTANGULAR_SIZES].map(
  (s) => `${s.rows}x${s.columns}`,
);

/** The size named `RxC`, if it is one. */
export function sizeNamed(name: string): DataMatrixSize | undefined {
  return [...SQUARE_SIZES, ...RECTANGULAR_SIZES].find((s) => `${s.rows}x${s.columns}` === name);
}
