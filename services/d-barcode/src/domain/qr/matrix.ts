import { alignmentPositions, EC_LEVEL_BITS, type EcLevel, symbolSize } from './tables.js';

/** A square grid of modules: `dark[y * size + x]`, and which modules belong to function patterns. */
export interface QrGrid {
  size: number;
  dark: Uint8Array;
  reserved: Uint8Array;
}

function set(grid: QrGrid, x: number, y: number, dark: boolean): void {
  grid.dark[y * grid.size + x] = dark ? 1 : 0;
  grid.reserved[y * grid.size + x] = 1;
}

/** Bit `i` (0 = least significant) of `value`. */
const bit = (value: number, i: number) => ((value >>> i) & 1) === 1;

/** BCH-coded format information: level and mask, 10 check bits, XOR 0x5412. */
export function formatBits(level: EcLevel, mask: number): number {
  const data = (EC_LEVEL_BITS[level] << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | rem) ^ 0x5412;
}

/** BCH-coded version information: 6 bits and 12 check bits. */
export function versionBits(version: number): number {
  let rem = version;
  for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
  return (version << 12) | rem;
}

/** Writes the format information in both its places, and the dark module beside the lower-left finder. */
export function drawFormat(grid: QrGrid, level: EcLevel, mask: number): void {
  const bits = formatBits(level, mask);
  const { size } = grid;
  for (let i = 0; i <= 5; i++) set(grid, 8, i, bit(bits, i));
  set(grid, 8, 7, bit(bits, 6));
  set(grid, 8, 8, bit(bits, 7));
  set(grid, 7, 8, bit(bits, 8));
  for (let i = 9; i < 15; i++) set(grid, 14 - i, 8, bit(bits, i));
  for (let i = 0; i < 8; i++) set(grid, size - 1 - i, 8, bit(bits, i));
  for (let i = 8; i < 15; i++) set(grid, 8, size - 15 + i, bit(bits, i));
  set(grid, 8, size - 8, true);
}

/** Finder, separator, timing and alignment patterns, version information and reserved format areas. */
export function functionPatterns(version: number): QrGrid {
  const size = symbolSize(version);
  const grid: QrGrid = { size, dark: new Uint8Array(size * size), reserved: new Uint8Array(size * size) };
  for (let i = 0; i < size; i++) {
    set(grid, 6, i, i % 2 === 0);
    set(grid, i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ] as const) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        if (x < 0 || x >= size || y < 0 || y >= size) continue;
        const distance = Math.max(Math.abs(dx), Math.abs(dy));
        set(grid, x, y, distance !== 2 && distance !== 4);
      }
    }
  }
  const positions = alignmentPositions(version);
  const last = positions.length - 1;
  positions.forEach((cx, i) => {
    positions.forEach((cy, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++)
          set(grid, cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
      }
    });
  });
  drawFormat(grid, 'L', 0); // reserves the format areas; the real bits are written once the mask is chosen
  if (version >= 7) {
    const bits = versionBits(version);
    for (let i = 0; i < 18; i++) {
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      set(grid, a, b, bit(bits, i));
      set(grid, b, a, bit(bits, i));
    }
  }
  return grid;
}

/** Places the codewords' bits in the two-module-wide zigzag from the lower right. */
export function placeCodewords(grid: QrGrid, codewords: readonly number[]): void {
  const { size } = grid;
  const total = codewords.length * 8;
  let i = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const upward = ((right + 1) & 2) === 0;
    for (let vertical = 0; vertical < size; vertical++) {
      const y = upward ? size - 1 - vertical : vertical;
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        if (grid.reserved[y * size + x] === 1 || i >= total) continue;
        grid.dark[y * size + x] = (codewords[i >>> 3]! >>> (7 - (i & 7))) & 1;
        i++;
      }
    }
  }
}

/** The eight data-mask conditions, on column x and row y. */
export const MASKS: readonly ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

/** Inverts every non-function module where mask `mask` holds (applying it twice undoes it). */
export function applyMask(grid: QrGrid, mask: number): void {
  const condition = MASKS[mask]!;
  const { size } = grid;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const index = y * size + x;
      if (grid.reserved[index] === 0 && condition(x, y)) grid.dark[index] = grid.dark[index]! ^ 1;
    }
  }
}
