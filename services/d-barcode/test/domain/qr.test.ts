// QR Code (ISO/IEC 18004:2015): Reed–Solomon, format and version information against the standard's
// published values; the segmentation against an exhaustive search; whole symbols module for module
// against zint (zxing-wasm's writer) and every symbol decoded by ZXing-C++ (zxing-wasm's reader).
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  type EcLevel,
  encodeQr,
  generate,
  gs1Units,
  qrCapacity,
  segment,
  textUnits,
} from '../../src/domain/index.js';
import { interleave, planQr } from '../../src/domain/qr/encode.js';
import { applyMask, formatBits, functionPatterns, MASKS, versionBits } from '../../src/domain/qr/matrix.js';
import { linePenalty, penalty } from '../../src/domain/qr/penalty.js';
import type { QrUnit } from '../../src/domain/qr/segments.js';
import {
  alignmentPositions,
  dataCodewords,
  rawDataModules,
  versionClass,
} from '../../src/domain/qr/tables.js';
import { zintQr } from './helpers/matrix-decode.js';
import { expectUnprocessable } from './helpers/problems.js';

// Wasm readers and writers over many symbols: seconds each on two busy cores.
vi.setConfig({ testTimeout: 60_000 });

const qr = (text: string, ecLevel: EcLevel = 'M', version: number | null = null) =>
  encodeQr({ units: textUnits(text), eci: /[^\u0000-\u007f]/.test(text), fnc1: false, ecLevel, version });

describe('QR Code building blocks', () => {
  it("the eight data masks are the standard's conditions on row i and column j", () => {
    const conditions = [
      (i: number, j: number) => (i + j) % 2 === 0,
      (i: number) => i % 2 === 0,
      (_i: number, j: number) => j % 3 === 0,
      (i: number, j: number) => (i + j) % 3 === 0,
      (i: number, j: number) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
      (i: number, j: number) => ((i * j) % 2) + ((i * j) % 3) === 0,
      (i: number, j: number) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
      (i: number, j: number) => (((i + j) % 2) + ((i * j) % 3)) % 2 === 0,
    ];
    conditions.forEach((condition, mask) => {
      for (let i = 0; i < 12; i++) {
        for (let j = 0; j < 12; j++)
          expect(MASKS[mask]!(j, i), `mask ${mask} at ${i},${j}`).toBe(condition(i, j));
      }
    });
  });

  it('a mask inverts the data modules where its condition holds and never a function module', () => {
    const grid = functionPatterns(1);
    const before = Uint8Array.from(grid.dark);
    applyMask(grid, 1);
    for (let y = 0; y < 21; y++) {
      for (let x = 0; x < 21; x++) {
        const i = y * 21 + x;
        const flipped = grid.reserved[i] === 0 && y % 2 === 0;
        expect(grid.dark[i]).toBe(flipped ? before[i]! ^ 1 : before[i]);
      }
    }
  });

  it('penalty of one line: runs of 5+ (3, +1 each beyond) and finder-like patterns with 4 light on a side', () => {
    const line = (bits: string) => Uint8Array.from(bits, Number);
    expect(linePenalty(line('1111'))).toBe(0);
    expect(linePenalty(line('11111'))).toBe(3);
    expect(linePenalty(line('0111111'))).toBe(4);
    expect(linePenalty(line('00000100000'))).toBe(6);
    // Light after it only, dark before it: 40.
    expect(linePenalty(line('011010111010000'))).toBe(40);
    // Light before it only: 40; light on neither side (3 of 4): 0.
    expect(linePenalty(line('000010111011100'))).toBe(40);
    expect(linePenalty(line('100010111011000'))).toBe(0);
    // At the very start (outside counts as light) and at the very end.
    expect(linePenalty(line('1011101'))).toBe(40);
    expect(linePenalty(line('01011101'))).toBe(40);
  });

  it('penalty of a grid: one 2×2 block of one colour in a checkerboard scores 3', () => {
    const grid = Uint8Array.from({ length: 20 * 20 }, (_, i) => (Math.floor(i / 20) + (i % 20)) % 2);
    grid[0] = 1;
    grid[21] = 1;
    expect(penalty(grid, 20)).toBe(3);
    // Solid grids: 4×4 has no run of 5 (9 blocks, all dark: 10 steps of 5 %); 5×5 adds 10 runs of 5.
    expect(penalty(new Uint8Array(16).fill(1), 4)).toBe(9 * 3 + 100);
    expect(penalty(new Uint8Array(25).fill(1), 5)).toBe(10 * 3 + 16 * 3 + 100);
    // 14 of 16 dark (87.5 %): 7 full steps of 5 % → 70, with the 6 blocks of the dark part.
    const mostly = Uint8Array.from([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 0, 1]);
    expect(penalty(mostly, 4)).toBe(6 * 3 + 70);
  });

  it('Reed–Solomon: the standard\'s "01234567" 1-M example gives its 10 check codewords', () => {
    const data = [
      0x10, 0x20, 0x0c, 0x56, 0x61, 0x80, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11,
    ];
    expect(interleave(data, 1, 'M')).toEqual([
      ...data,
      0xa5,
      0x24,
      0xd4,
      0xc1,
      0xed,
      0x36,
      0xc7,
      0x87,
      0x2c,
      0x55,
    ]);
  });

  it("format information: the standard's BCH words (level M mask 0 is the XOR mask itself)", () => {
    expect(formatBits('M', 0)).toBe(0x5412);
    expect(formatBits('L', 0)).toBe(0x77c4);
    expect(formatBits('Q', 0)).toBe(0x355f);
    expect(formatBits('H', 0)).toBe(0x1689);
    expect(formatBits('L', 7)).toBe(0x6976);
    expect(formatBits('H', 7)).toBe(0x083b);
  });

  it('version information: the BCH words of versions 7 and 40', () => {
    expect(versionBits(7)).toBe(0x07c94);
    expect(versionBits(40)).toBe(0x28c69);
  });

  it('alignment pattern centres and codeword counts of sample versions', () => {
    expect(alignmentPositions(1)).toEqual([]);
    expect(alignmentPositions(2)).toEqual([6, 18]);
    expect(alignmentPositions(7)).toEqual([6, 22, 38]);
    expect(alignmentPositions(32)).toEqual([6, 34, 60, 86, 112, 138]);
    expect(alignmentPositions(40)).toEqual([6, 30, 58, 86, 114, 142, 170]);
    expect(rawDataModules(1)).toBe(208);
    expect(rawDataModules(2)).toBe(359);
    expect(rawDataModules(6)).toBe(1383);
    expect(rawDataModules(7)).toBe(1568);
    expect([9, 10, 26, 27, 40].map(versionClass)).toEqual([0, 1, 1, 2, 2]);
    expect(rawDataModules(40)).toBe(29648);
    expect([
      dataCodewords(1, 'L'),
      dataCodewords(1, 'H'),
      dataCodewords(40, 'L'),
      dataCodewords(40, 'H'),
    ]).toEqual([19, 9, 2956, 1276]);
  });

  it('penalty: a blank grid scores runs, blocks and the all-light balance', () => {
    const size = 21;
    const blank = new Uint8Array(size * size);
    // Runs: 2 × 21 lines × (3 + 16); blocks: 20 × 20 × 3; balance: 100 % light is 10 steps of 5 %.
    expect(penalty(blank, size)).toBe(2 * 21 * 19 + 20 * 20 * 3 + 10 * 10);
    // A checkerboard has no run, no block, no finder-like pattern and is balanced.
    const checkerboard = Uint8Array.from({ length: 20 * 20 }, (_, i) => (Math.floor(i / 20) + (i % 20)) % 2);
    expect(penalty(checkerboard, 20)).toBe(0);
    // One finder-like row 1011101 followed by light modules, in an otherwise checkered grid.
    const row = [1, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1];
    const marked = Uint8Array.from(checkerboard);
    row.forEach((value, x) => {
      marked[x] = value;
    });
    expect(penalty(marked, 20)).toBeGreaterThanOrEqual(40);
  });
});

/** Bits of a segment of `count` characters in `mode` for a version class (indicators included). */
function segmentBits(
  mode: 'numeric' | 'alphanumeric' | 'byte',
  count: number,
  bytes: number,
  cls: 0 | 1 | 2,
): number {
  const countBits = { numeric: [10, 12, 14], alphanumeric: [9, 11, 13], byte: [8, 16, 16] }[mode][cls]!;
  const data =
    mode === 'numeric'
      ? 10 * Math.floor(count / 3) + [0, 4, 7][count % 3]!
      : mode === 'alphanumeric'
        ? 11 * Math.floor(count / 2) + 6 * (count % 2)
        : 8 * bytes;
  return 4 + countBits + data;
}

/** The fewest bits over every split of the units into runs and every mode each run allows. */
function exhaustive(units: readonly QrUnit[], cls: 0 | 1 | 2): number {
  if (units.length === 0) return 0;
  let best = Number.POSITIVE_INFINITY;
  for (let end = 1; end <= units.length; end++) {
    const run = units.slice(0, end);
    const rest = exhaustive(units.slice(end), cls);
    if (run.every((unit) => unit.digit !== null))
      best = Math.min(best, segmentBits('numeric', end, 0, cls) + rest);
    if (run.every((unit) => unit.alphanumeric !== null)) {
      const count = run.reduce((sum, unit) => sum + unit.alphanumeric!.length, 0);
      best = Math.min(best, segmentBits('alphanumeric', count, 0, cls) + rest);
    }
    const bytes = run.reduce((sum, unit) => sum + unit.bytes.length, 0);
    best = Math.min(best, segmentBits('byte', end, bytes, cls) + rest);
  }
  return best;
}

describe('QR Code segmentation: the fewest bits', () => {
  const unit = fc.constantFrom(...'0123456789AZ $%*+-./:az#é\u001d');

  it('equals an exhaustive search over every split and mode, for each version class', () => {
    fc.assert(
      fc.property(fc.array(unit, { minLength: 1, maxLength: 9 }), fc.constantFrom(0, 1, 2), (chars, cls) => {
        const text = chars.join('');
        for (const units of [textUnits(text.replaceAll('\u001d', '')), gs1Units(text.replaceAll('é', 'e'))]) {
          if (units.length === 0) continue;
          const plan = segment(units, cls as 0 | 1 | 2);
          expect(plan.bits).toBe(exhaustive(units, cls as 0 | 1 | 2));
          // The segments cover the units in order, and their bits add up to the total.
          expect(plan.segments[0]!.start).toBe(0);
          expect(plan.segments[plan.segments.length - 1]!.end).toBe(units.length);
          let bits = 0;
          plan.segments.forEach((part, i) => {
            if (i > 0) expect(part.start).toBe(plan.segments[i - 1]!.end);
            const run = units.slice(part.start, part.end);
            const bytes = run.reduce((sum, u) => sum + u.bytes.length, 0);
            bits += segmentBits(part.mode, part.chars, bytes, cls as 0 | 1 | 2);
          });
          expect(bits).toBe(plan.bits);
        }
      }),
      { numRuns: 400, seed: 45 },
    );
  });

  it('reads at most limit + 1 characters (the data is then known not to fit)', () => {
    expect(textUnits('abcdef', 2)).toHaveLength(3);
    expect(textUnits('abc', 3)).toHaveLength(3);
    expect(textUnits('😀😀😀😀', 1).map((unit) => unit.bytes.length)).toEqual([4, 4]);
  });

  it('counts characters as the count indicator does: %% twice, UTF-8 bytes', () => {
    expect(segment(gs1Units('10AB%C'), 0).segments).toEqual([
      { mode: 'alphanumeric', chars: 7, start: 0, end: 6 },
    ]);
    expect(segment(textUnits('ü'), 0).segments).toEqual([{ mode: 'byte', chars: 2, start: 0, end: 1 }]);
    // 23 digits then letters: numeric, then byte for the lower case.
    expect(
      segment(textUnits(`${'1'.repeat(23)}abc`), 0).segments.map(({ mode, chars }) => [mode, chars]),
    ).toEqual([
      ['numeric', 23],
      ['byte', 3],
    ]);
  });
});

describe("the spec's QR examples", () => {
  it('HELLO WORLD at Q: version 1, one alphanumeric segment of 11 (74 bits)', () => {
    expect(segment(textUnits('HELLO WORLD'), 0).bits).toBe(74);
    const { matrix } = generate({ type: 'qrcode', data: 'HELLO WORLD', ec_level: 'Q' });
    expect(matrix).toMatchObject({ rows: 21, columns: 21, version: 1, ec_level: 'Q', eci: null });
    expect(matrix!.segments).toEqual([{ mode: 'alphanumeric', chars: 11 }]);
  });

  it('Grüße, 世界 at M: ECI 26, one byte segment of 15, version 2', () => {
    const { matrix } = generate({ type: 'qrcode', data: 'Grüße, 世界' });
    expect(matrix).toMatchObject({
      version: 2,
      ec_level: 'M',
      eci: 26,
      segments: [{ mode: 'byte', chars: 15 }],
    });
  });

  it('the GS1 element string at M: version 2 in 160 bits, FNC1 first, a separator after (10)', () => {
    const data = '(01)09520123456788(10)ABC1(17)261231';
    const result = generate({ type: 'gs1-qrcode', data });
    expect(result.encoded).toBe('010952012345678810ABC1\u001d17261231');
    expect(4 + segment(gs1Units(result.encoded), 0).bits).toBe(160);
    expect(result.matrix).toMatchObject({ version: 2, ec_level: 'M', eci: null });
  });

  it('the Digital Link URI at M: version 4', () => {
    const data = 'https://id.gs1.org/01/09520123456788/10/ABC1?17=261231';
    expect(generate({ type: 'dl-qrcode', data }).matrix).toMatchObject({ version: 4, rows: 33 });
  });
});

describe('QR Code capacity', () => {
  const TABLE = {
    L: [7089, 4296, 2953],
    M: [5596, 3391, 2331],
    Q: [3993, 2420, 1663],
    H: [3057, 1852, 1273],
  } as const;

  it('version 40 holds exactly the spec’s digits, alphanumeric characters and bytes at each level', () => {
    for (const level of ['L', 'M', 'Q', 'H'] as const) {
      const [digits, alphanumeric, bytes] = TABLE[level];
      expect(qrCapacity(40, level)).toMatchObject({ digits, alphanumeric, bytes });
      for (const [character, count] of [
        ['7', digits],
        ['Z', alphanumeric],
        ['z', bytes],
      ] as const) {
        // Planned only (drawing twelve version-40 symbols is slow under mutation testing); one is drawn below.
        const units = textUnits(character.repeat(count));
        expect(planQr({ units, eci: false, fnc1: false, ecLevel: level, version: null }).version).toBe(40);
        const detail = expectUnprocessable(() => qr(character.repeat(count + 1), level), 'data_too_long');
        expect(detail).toContain(`QR Code version 40-${level} holds`);
        expect(detail).toContain(
          `${digits} digits, ${alphanumeric} alphanumeric characters or ${bytes} bytes`,
        );
      }
    }
  });

  it('version 40-L drawn full of digits', () => {
    const symbol = qr('7'.repeat(7089), 'L');
    expect([symbol.version, symbol.size, symbol.segments]).toEqual([
      40,
      177,
      [{ mode: 'numeric', chars: 7089 }],
    ]);
  });

  it('a fixed version has its own capacity: 1-L 41/25/17, 1-H 17/10/7', () => {
    for (const [level, [digits, alphanumeric, bytes]] of [
      ['L', [41, 25, 17]],
      ['H', [17, 10, 7]],
    ] as const) {
      for (const [character, count] of [
        ['1', digits],
        ['A', alphanumeric],
        ['a', bytes],
      ] as const) {
        expect(qr(character.repeat(count), level, 1).version).toBe(1);
        expectUnprocessable(() => qr(character.repeat(count + 1), level, 1), 'data_too_long');
      }
    }
  });

  it('a long input is refused at once, naming the capacity', () => {
    const detail = expectUnprocessable(() => qr('1'.repeat(100_000)), 'data_too_long');
    expect(detail).toBe(
      'the data needs more than 18672 bits; QR Code version 40-M holds 18672 bits (5596 digits, 3391 alphanumeric characters or 2331 bytes)',
    );
  });

  it('a fixed version larger than needed is kept; the level is never raised', () => {
    const symbol = qr('HELLO', 'L', 5);
    expect([symbol.version, symbol.size, symbol.ecLevel]).toEqual([5, 37, 'L']);
  });
});

describe('QR Code symbols equal zint module for module (a fast fixed set; 100 random ones in decode-qr)', () => {
  it.each([
    ['v1-Q alphanumeric', 'HELLO WORLD', 'Q'],
    ['v4-M byte', 'https://id.gs1.org/01/09520123456788/10/ABC1?17=261231', 'M'],
    ['v11-H, blocks of two sizes', 'abc'.repeat(40), 'H'],
    ['v14-M numeric, class 10–26', '0123456789'.repeat(80), 'M'],
    ['v15-Q, mixed segments', 'Quick 12345678901234567890 FOX '.repeat(12), 'Q'],
    ['v29-L, count class 27–40', 'x'.repeat(1600), 'L'],
  ] as const)('%s', async (_name, data, level) => {
    const ours = qr(data, level);
    const theirs = await zintQr(data, level);
    expect(ours.size).toBe(theirs.size);
    expect([...ours.dark].join('')).toBe(theirs.dark.join(''));
  });
});
