/**
 * The ECC 200 module placement of ISO/IEC 16022: where each bit of each codeword goes in the
 * mapping matrix (the data regions side by side, without their finder patterns). `bits[r * ncol + c]` is
 * 8·codeword + bit (bit 0 the most significant) + 2, or 1 for a dark fixed module, 0 for a light one.
 */
export function placementMatrix(nrow: number, ncol: number): Int32Array {
  const bits = new Int32Array(nrow * ncol);
  const placed = new Uint8Array(nrow * ncol);
  const module = (row: number, col: number, chr: number, bit: number) => {
    let r = row;
    let c = col;
    if (r < 0) {
      r += nrow;
      c += 4 - ((nrow + 4) % 8);
    }
    if (c < 0) {
      c += ncol;
      r += 4 - ((ncol + 4) % 8);
    }
    bits[r * ncol + c] = chr * 8 + bit + 2;
    placed[r * ncol + c] = 1;
  };
  const utah = (row: number, col: number, chr: number) => {
    module(row - 2, col - 2, chr, 0);
    module(row - 2, col - 1, chr, 1);
    module(row - 1, col - 2, chr, 2);
    module(row - 1, col - 1, chr, 3);
    module(row - 1, col, chr, 4);
    module(row, col - 2, chr, 5);
    module(row, col - 1, chr, 6);
    module(row, col, chr, 7);
  };
  const corner = (chr: number, cells: readonly (readonly [number, number])[]) => {
    for (const [bit, [r, c]] of cells.entries()) module(r, c, chr, bit);
  };
  let chr = 0;
  let row = 4;
  let col = 0;
  do {
    if (row === nrow && col === 0) {
      // biome-ignore format: the standard's cell list
      corner(chr++, [[nrow - 1, 0], [nrow - 1, 1], [nrow - 1, 2], [0, ncol - 2], [0, ncol - 1], [1, ncol - 1], [2, ncol - 1], [3, ncol - 1]]);
    }
    if (row === nrow - 2 && col === 0 && ncol % 4 !== 0) {
      // biome-ignore format: the standard's cell list
      corner(chr++, [[nrow - 3, 0], [nrow - 2, 0], [nrow - 1, 0], [0, ncol - 4], [0, ncol - 3], [0, ncol - 2], [0, ncol - 1], [1, ncol - 1]]);
    }
    if (row === nrow - 2 && col === 0 && ncol % 8 === 4) {
      // biome-ignore format: the standard's cell list
      corner(chr++, [[nrow - 3, 0], [nrow - 2, 0], [nrow - 1, 0], [0, ncol - 2], [0, ncol - 1], [1, ncol - 1], [2, ncol - 1], [3, ncol - 1]]);
    }
    if (row === nrow + 4 && col === 2 && ncol % 8 === 0) {
      // biome-ignore format: the standard's cell list
      corner(chr++, [[nrow - 1, 0], [nrow - 1, ncol - 1], [0, ncol - 3], [0, ncol - 2], [0, ncol - 1], [1, ncol - 3], [1, ncol - 2], [1, ncol - 1]]);
    }
    do {
      if (row < nrow && col >= 0 && placed[row * ncol + col] === 0) utah(row, col, chr++);
      row -= 2;
      col += 2;
    } while (row >= 0 && col < ncol);
    row += 1;
    col += 3;
    do {
      if (row >= 0 && col < ncol && placed[row * ncol + col] === 0) utah(row, col, chr++);
      row += 2;
      col -= 2;
    } while (row < nrow && col >= 0);
    row += 3;
    col += 1;
  } while (row < nrow || col < ncol);
  if (placed[nrow * ncol - 1] === 0) {
    // The fixed pattern of the lower right corner when the codewords leave it empty: dark, light / light, dark.
    bits[nrow * ncol - 1] = 1;
    bits[nrow * ncol - ncol - 2] = 1;
  }
  return bits;
}
