/**
 * The mask-evaluation penalty of ISO/IEC 18004 over a square grid of modules (`dark[y·size + x]`):
 * N1 = 3 (+1 per module past 5) for each run of 5 or more of one colour in a row or column; N2 = 3 for each
 * 2×2 block of one colour; N3 = 40 for each 1:1:3:1:1 finder-like pattern with 4 light modules on one side
 * (outside the symbol counts as light); N4 = 10 per full 5 % that dark modules are away from half.
 */
export function penalty(dark: Uint8Array, size: number): number {
  const at = (x: number, y: number, horizontal: boolean) =>
    horizontal ? dark[y * size + x]! : dark[x * size + y]!;
  let score = 0;
  for (const horizontal of [true, false]) {
    for (let y = 0; y < size; y++) {
      let run = 1;
      for (let x = 1; x <= size; x++) {
        if (x < size && at(x, y, horizontal) === at(x - 1, y, horizontal)) {
          run++;
          continue;
        }
        if (run >= 5) score += 3 + (run - 5);
        run = 1;
      }
      for (let x = 0; x + 6 < size; x++) {
        if (finderLike(x, (i) => at(i, y, horizontal), size)) score += 40;
      }
    }
  }
  let darkCount = 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const value = dark[y * size + x]!;
      darkCount += value;
      if (
        x + 1 < size &&
        y + 1 < size &&
        value === dark[y * size + x + 1] &&
        value === dark[(y + 1) * size + x] &&
        value === dark[(y + 1) * size + x + 1]
      ) {
        score += 3;
      }
    }
  }
  const total = size * size;
  return score + Math.floor((Math.abs(darkCount * 2 - total) * 10) / total) * 10;
}

const PATTERN = [1, 0, 1, 1, 1, 0, 1];

/** Dark-light-dark×3-light-dark from `x`, with 4 light modules (or the edge) before or after it. */
function finderLike(x: number, module: (i: number) => number, size: number): boolean {
  for (let i = 0; i < 7; i++) if (module(x + i) !== PATTERN[i]) return false;
  return light(x - 4, x, module, size) || light(x + 7, x + 11, module, size);
}

function light(from: number, to: number, module: (i: number) => number, size: number): boolean {
  for (let i = Math.max(from, 0); i < Math.min(to, size); i++) if (module(i) === 1) return false;
  return true;
}
