/** Seeded PRNG (mulberry32): the same seed always draws the same inputs, so failures reproduce. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomInt(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function randomDigits(random: () => number, length: number): string {
  let digits = '';
  for (let i = 0; i < length; i++) digits += String(randomInt(random, 0, 9));
  return digits;
}

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const PUNCTUATION = ' !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
const CONTROL = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).join('') + '\x7f';

function pick(random: () => number, from: string): string {
  return from[randomInt(random, 0, from.length - 1)]!;
}

/**
 * Code 128 test data of 1–`maxLength` characters built from runs of digits (where set C pays off), upper
 * case, lower case, punctuation and control characters (which force A/B shifts and latches).
 */
export function randomCode128Data(random: () => number, maxLength = 80): string {
  const length = randomInt(random, 1, maxLength);
  let data = '';
  while (data.length < length) {
    const kind = randomInt(random, 0, 5);
    const run = randomInt(random, 1, kind === 0 ? 14 : 5);
    for (let i = 0; i < run; i++) {
      if (kind === 0 || kind === 5) data += String(randomInt(random, 0, 9));
      else if (kind === 1) data += pick(random, UPPER);
      else if (kind === 2) data += pick(random, LOWER);
      else if (kind === 3) data += pick(random, PUNCTUATION);
      else data += pick(random, CONTROL);
    }
  }
  return data.slice(0, length);
}
