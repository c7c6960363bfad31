import type { Bar, Layout } from './layout.js';

/** A 2D symbol's modules: `dark[row * columns + column]` is 1 for a dark module. */
export interface ModuleMatrix {
  rows: number;
  columns: number;
  dark: Uint8Array;
}

/**
 * A matrix symbol laid out in module units: a quiet zone of `quiet` modules each side, each dark module a unit
 * square at integer coordinates (horizontal runs of them merged into one rectangle), no text.
 */
export function matrixLayout(matrix: ModuleMatrix, quiet: number): Layout {
  const bars: Bar[] = [];
  const { rows, columns, dark } = matrix;
  for (let row = 0; row < rows; row++) {
    let column = 0;
    while (column < columns) {
      if (dark[row * columns + column] !== 1) {
        column++;
        continue;
      }
      const start = column;
      while (column < columns && dark[row * columns + column] === 1) column++;
      bars.push({ x: quiet + start, y: quiet + row, width: column - start, height: 1 });
    }
  }
  return {
    width: columns + 2 * quiet,
    height: rows + 2 * quiet,
    quietZones: { left: quiet, right: quiet },
    bars,
    text: null,
  };
}
