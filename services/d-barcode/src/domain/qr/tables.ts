/**
 * QR Code tables (ISO/IEC 18004:2015: codewords and blocks per version and level; alignment pattern positions as computed by
 * the standard's spacing rule).
 */
export const EC_LEVELS = ['L', 'M', 'Q', 'H'] as const;
export type EcLevel = (typeof EC_LEVELS)[number];
export const MIN_VERSION = 1;
export const MAX_VERSION = 40;

/** The two format-information bits of each level. */
export const EC_LEVEL_BITS: Record<EcLevel, number> = { L: 1, M: 0, Q: 3, H: 2 };

// Index 0 is unused so that version v is at index v.
// biome-ignore format: one row per level
const ECC_PER_BLOCK: Record<EcLevel, readonly number[]> = {
  L: [0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
  M: [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
  Q: [0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
  H: [0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
};
// biome-ignore format: one row per level
const BLOCKS: Record<EcLevel, readonly number[]> = {
  L: [0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
  M: [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
  Q: [0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
  H: [0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
};

/** Modules per side: 17 + 4·version. */
export function symbolSize(version: number): number {
  return 17 + 4 * version;
}

/** Centre coordinates of the alignment patterns of a version (both axes; none for version 1). */
export function alignmentPositions(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = Math.floor((version * 8 + count * 3 + 5) / (count * 4 - 4)) * 2;
  const positions = [6];
  for (let position = symbolSize(version) - 7; positions.length < count; position -= step) {
    positions.splice(1, 0, position);
  }
  return positions;
}

/** Modules left for codewords (data and error correction) once the function patterns are drawn. */
export function rawDataModules(version: number): number {
  let modules = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const count = Math.floor(version / 7) + 2;
    modules -= (25 * count - 10) * count - 55;
    if (version >= 7) modules -= 36;
  }
  return modules;
}

/** Error-correction codewords per block and the number of blocks. */
export function blockLayout(version: number, level: EcLevel): { eccPerBlock: number; blocks: number } {
  return { eccPerBlock: ECC_PER_BLOCK[level][version]!, blocks: BLOCKS[level][version]! };
}

/** Data codewords of a version at a level. */
export function dataCodewords(version: number, level: EcLevel): number {
  const { eccPerBlock, blocks } = blockLayout(version, level);
  return Math.floor(rawDataModules(version) / 8) - eccPerBlock * blocks;
}

/** The character-count indicator's bits per mode, by version class 1–9, 10–26, 27–40. */
export const COUNT_BITS = {
  numeric: [10, 12, 14],
  alphanumeric: [9, 11, 13],
  byte: [8, 16, 16],
} as const;
export type SegmentMode = keyof typeof COUNT_BITS;

/** 0 for versions 1–9, 1 for 10–26, 2 for 27–40. */
export function versionClass(version: number): 0 | 1 | 2 {
  return version < 10 ? 0 : version < 27 ? 1 : 2;
}

/** The 45 characters of alphanumeric mode, each at its value. */
export const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';

/** Mode indicators. */
export const MODE_BITS = { numeric: 0b0001, alphanumeric: 0b0010, byte: 0b0100, eci: 0b0111, fnc1: 0b0101 };
