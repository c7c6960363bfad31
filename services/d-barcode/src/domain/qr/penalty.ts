/**
 * The mask-evaluation penalty of ISO/IEC 18004 over a square grid of modules (`dark[y·size + x]`):
 * N1 = 3 (+1 per module past 5) for each run of 5 or more of one colour in a row or column; N2 = 3 for each
 * 2×2 block of one colour; N3 = 40 for each 1:1:3:1:1 finder-like pattern with 4 light modules on one side
 * (outside the symbol counts as light); N4 = 10 per full 5 % that dark modules are away from half.
 */
export function penalty(dark: Uint8Array, size: number): number {
  const line = new Uint8Array(size);
  let score = 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) line[x] = dark[y * size + x]!;
    score += linePenalty(line);
  }
  for (let x = 0; x < size; x++) {
    for (let y = 0; y < size; y++) line[y] = dark[y * size + x]!;
    score += linePenalty(line);
  }
  let darkCount = 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      const value = dark[i]!;
      darkCount += value;
      if (
        x + 1 < size &&
        y + 1 < size &&
        value === dark[i + 1] &&
        value === dark[i + size] &&
        value === dark[i + size + 1]
      ) {
        score += 3;
      }
    }
  }
  const total = size * size;
  return score + Math.floor((Math.abs(darkCount * 2 - total) * 10) / total) * 10;
}

/** N1 and N3 of one row or column. */
export function linePenalty(line: Uint8Array): number {
  const size = line.length;
  let score = 0;
  let run = 1;
  for (let i = 1; i <= size; i++) {
    if (i < size && line[i] === line[i - 1]) {
      run++;
      continue;
    }
    if (run >= 5) score += 3 + (run - 5);
    run = 1;
  }
  for (let i = 0; i + 6 < size; i++) {
    if (
      line[i] === 1 &&
      line[i + 1] === 0 &&
      line[i + 2] === 1 &&
      line[i + 3] === 1 &&
      line[i + 4] === 1 &&
      line[i + 5] === 0 &&
      line[i + 6] === 1 &&
      (light(line, i - 4, i) || light(line, i + 7, i + 11))
    ) {
      score += 40;
    }
  }
  return score;
}

/** Whether modules `from`…`to` − 1 are light; outside the line (an undefined element) counts as light. */
function light(line: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (line[i] === 1) return false;
  return true;
}
