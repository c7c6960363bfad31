// Data Matrix ECC 200 (ISO/IEC 16022): the standard's "123456" example; every size module for module
// against bwip-js (BWIPP) given the same data codewords; capacities; every symbol decoded by ZXing-C++.
import bwipjs from 'bwip-js';
import { describe, expect, it, vi } from 'vitest';
import {
  asciiCodewords,
  encodeDataMatrix,
  pad,
  withCheckCodewords,
} from '../../src/domain/datamatrix/encode.js';
import { placementMatrix } from '../../src/domain/datamatrix/placement.js';
import { sizeNamed } from '../../src/domain/datamatrix/tables.js';
import { generate, RECTANGULAR_SIZES, SQUARE_SIZES } from '../../src/domain/index.js';
import { expectUnprocessable } from './helpers/problems.js';
import { randomInt, seededRandom } from './helpers/random.js';

// Wasm readers and writers over many symbols: seconds each on two busy cores.
vi.setConfig({ testTimeout: 60_000 });

const bytes = (text: string) => [...Buffer.from(text, 'utf8')];

describe('Data Matrix ASCII encodation', () => {
  it('digit pairs, ASCII + 1, Upper Shift, FNC1 and ECI 000026', () => {
    expect(asciiCodewords(bytes('123456'), null)).toEqual([142, 164, 186]);
    expect(asciiCodewords(bytes('A1B22'), null)).toEqual([66, 50, 67, 152]);
    // The digit range ends at 0 and 9; DEL (127) is still ASCII, 128 the first Upper Shift.
    expect(asciiCodewords(bytes('09/90:'), null)).toEqual([139, 48, 220, 59]);
    expect(asciiCodewords([127, 128, 255], null)).toEqual([128, 235, 1, 235, 128]);
    expect(asciiCodewords(bytes('ü'), 26)).toEqual([241, 27, 235, 0xc3 - 127, 235, 0xbc - 127]);
    expect(asciiCodewords(['FNC1', ...bytes('01'), 'FNC1', ...bytes('9')], null)).toEqual([
      232, 131, 232, 58,
    ]);
    // A separator between digits breaks the pair.
    expect(asciiCodewords([...bytes('1'), 'FNC1', ...bytes('2')], null)).toEqual([50, 232, 51]);
  });

  it('pads with 129, then the 253-state pads of each position', () => {
    expect(pad([66], 5)).toEqual([66, 129, 70, 220, 115]);
    expect(pad([1, 2, 3], 3)).toEqual([1, 2, 3]);
  });

  it('Reed–Solomon: the standard\'s "123456" in 10x10 has check codewords 114 25 5 88 102', () => {
    expect(withCheckCodewords([142, 164, 186], sizeNamed('10x10')!)).toEqual([
      142, 164, 186, 114, 25, 5, 88, 102,
    ]);
  });

  it('the placement of 8x8 puts the corner pattern and every codeword bit once', () => {
    const matrix = placementMatrix(8, 8);
    const ids = [...matrix].filter((id) => id >= 2).sort((a, b) => a - b);
    expect(ids).toEqual(Array.from({ length: 64 }, (_, i) => i + 2));
    const tail = placementMatrix(10, 10);
    // 10x10 mapping (12x12 symbol) leaves the lower right 2x2 to the fixed pattern: dark, light / light, dark.
    expect([tail[99], tail[98], tail[89], tail[88]]).toEqual([1, 0, 0, 1]);
  });
});

describe('every Data Matrix size equals bwip-js module for module', () => {
  const random = seededRandom(16022);
  it.each(
    [...SQUARE_SIZES, ...RECTANGULAR_SIZES].map((size) => [`${size.rows}x${size.columns}`, size] as const),
  )('%s', (_name, size) => {
    // Random ASCII filling the size to a few codewords short of its capacity (so pads are compared too).
    let text = '';
    while (asciiCodewords(bytes(text), null).length < size.data - randomInt(random, 0, 3)) {
      text += String.fromCharCode(randomInt(random, 32, 126));
    }
    const ours = encodeDataMatrix(bytes(text), null, size);
    const raw = asciiCodewords(bytes(text), null)
      .map((codeword) => `^${String(codeword).padStart(3, '0')}`)
      .join('');
    const options = `raw parse rows=${size.rows} columns=${size.columns} format=${size.rows === size.columns ? 'square' : 'rectangle'}`;
    const [theirs] = bwipjs.raw('datamatrix', raw, options) as {
      pixs: number[];
      pixx: number;
      pixy: number;
    }[];
    expect([theirs!.pixy, theirs!.pixx]).toEqual([size.rows, size.columns]);
    expect([...ours.dark].join('')).toBe(theirs!.pixs.join(''));
  });
});

describe("the spec's Data Matrix examples and capacities", () => {
  it('Hello World 16x16, the GS1 string 20x20, the Digital Link 26x26', () => {
    const size = (type: 'datamatrix' | 'gs1-datamatrix' | 'dl-datamatrix', data: string) => {
      const { matrix } = generate({ type, data });
      return `${matrix!.rows}x${matrix!.columns}`;
    };
    expect(size('datamatrix', 'Hello World')).toBe('16x16');
    expect(size('gs1-datamatrix', '(01)09520123456788(10)ABC1(17)261231')).toBe('20x20');
    expect(size('dl-datamatrix', 'https://id.gs1.org/01/09520123456788/10/ABC1?17=261231')).toBe('26x26');
  });

  it('144x144 holds 1558 codewords (3116 digits); one more digit is data_too_long naming it, without encoding', () => {
    expect(generate({ type: 'datamatrix', data: '7'.repeat(3116) }).matrix).toMatchObject({
      rows: 144,
      columns: 144,
    });
    const detail = expectUnprocessable(
      () => generate({ type: 'datamatrix', data: '7'.repeat(3117) }),
      'data_too_long',
    );
    expect(detail).toBe(
      'the data needs more than 1558 codewords; Data Matrix 144x144 holds 1558 (3116 digits or 1558 ASCII characters)',
    );
  });

  it('rectangle: 16x48 holds 49 codewords; a fixed size holds its own', () => {
    expect(generate({ type: 'datamatrix', data: 'a'.repeat(49), size: 'rectangle' }).matrix).toMatchObject({
      rows: 16,
      columns: 48,
    });
    expectUnprocessable(
      () => generate({ type: 'datamatrix', data: 'a'.repeat(50), size: 'rectangle' }),
      'data_too_long',
    );
    expect(generate({ type: 'datamatrix', data: 'a', size: '8x18' }).matrix).toMatchObject({
      rows: 8,
      columns: 18,
    });
    expect(generate({ type: 'datamatrix', data: 'abc', size: '64x64' }).matrix).toMatchObject({ rows: 64 });
    const detail = expectUnprocessable(
      () => generate({ type: 'datamatrix', data: 'abcdef', size: '10x10' }),
      'data_too_long',
    );
    // 1500 ASCII characters need 1500 codewords, within twice the capacity: counted exactly.
    expect(
      expectUnprocessable(() => generate({ type: 'datamatrix', data: 'a'.repeat(1600) }), 'data_too_long'),
    ).toContain('needs 1600 codewords');
    expect(detail).toContain('Data Matrix 10x10 holds 3');
  });

  it('the smallest square or rectangle that holds the ASCII codewords', () => {
    for (const size of SQUARE_SIZES) {
      const text = 'a'.repeat(size.data);
      expect(generate({ type: 'datamatrix', data: text }).matrix).toMatchObject({ rows: size.rows });
    }
    for (const size of RECTANGULAR_SIZES) {
      const text = 'a'.repeat(size.data);
      expect(generate({ type: 'datamatrix', data: text, size: 'rectangle' }).matrix).toMatchObject({
        rows: size.rows,
        columns: size.columns,
      });
    }
  });
});
