// The 2D types through generate(): the JSON form, the drawing (viewBox in modules, unit squares, quiet zones,
// title, no text), print geometry, options and their refusals, PNG, and /validate.
import { describe, expect, it, vi } from 'vitest';
import {
  encodeDataMatrix,
  encodeQr,
  generate,
  gs1Units,
  renderOptionErrors,
  textUnits,
  validateBarcode,
} from '../../src/domain/index.js';
import { expectUnprocessable, expectValidationFailed } from './helpers/problems.js';

// Wasm readers and writers over many symbols: seconds each on two busy cores.
vi.setConfig({ testTimeout: 60_000 });

/** The dark modules the SVG's path draws, as a set of "x,y". */
function darkModules(svg: string): Set<string> {
  const d = /<path fill="[^"]+" d="([^"]*)"/.exec(svg)![1]!;
  const modules = new Set<string>();
  for (const [, x, y, w, h] of d.matchAll(/M(\d+) (\d+)h(\d+)v(\d+)h-\d+z/g)) {
    expect(h).toBe('1');
    for (let i = 0; i < Number(w); i++) modules.add(`${Number(x) + i},${y}`);
  }
  return modules;
}

describe('the JSON form of a 2D symbol', () => {
  it('qrcode: every key, the 1D ones null, and matrix', () => {
    const result = generate({ type: 'qrcode', data: 'HELLO WORLD', ec_level: 'Q' });
    const { svg, print, matrix, ...rest } = result;
    expect(rest).toEqual({
      type: 'qrcode',
      data: 'HELLO WORLD',
      encoded: 'HELLO WORLD',
      check_digit: null,
      checksum: null,
      human_readable: 'HELLO WORLD',
      modules: 29,
      width_px: 58,
      height_px: 58,
      symbol_chars: null,
      code_sets: null,
      addon: null,
      upca: null,
      ais: null,
      png: null,
    });
    expect(matrix).toEqual({
      rows: 21,
      columns: 21,
      version: 1,
      ec_level: 'Q',
      mask: matrix!.mask,
      segments: [{ mode: 'alphanumeric', chars: 11 }],
      eci: null,
    });
    expect(matrix!.mask).toBeGreaterThanOrEqual(0);
    expect(print).toEqual({
      dpi: 300,
      x_dim_mm: null,
      dots_per_module: 2,
      actual_x_dim_mm: 0.1693,
      magnification: null,
      quiet_zones: { left: 4, right: 4, left_mm: 0.6773, right_mm: 0.6773 },
      bar_height: null,
      bar_height_mm: null,
      width_mm: 4.9107,
      height_mm: 4.9107,
      gs1_compliant: null,
      warnings: [],
    });
    expect(svg.length).toBeGreaterThan(0);
  });

  it('datamatrix: the QR four null, eci for UTF-8', () => {
    const { matrix, modules, print } = generate({ type: 'datamatrix', data: 'Grüße' });
    // ECI 2 + G r 2 + ü ß 4 each (Upper Shift pairs of the UTF-8 bytes) + e 1 = 13 codewords: 18x18 (16x16 holds 12).
    expect(matrix).toEqual({
      rows: 18,
      columns: 18,
      version: null,
      ec_level: null,
      mask: null,
      segments: null,
      eci: 26,
    });
    expect(modules).toBe(20);
    expect(print.quiet_zones).toMatchObject({ left: 1, right: 1 });
  });

  it('GS1 and Digital Link types carry their AIs; GS1 encodes with GS separators', () => {
    const gs1 = generate({ type: 'gs1-datamatrix', data: '(01)09520123456788(10)ABC1(17)261231' });
    expect(gs1.encoded).toBe('010952012345678810ABC1\u001d17261231');
    expect(gs1.human_readable).toBe('(01)09520123456788(10)ABC1(17)261231');
    expect(gs1.ais).toEqual([
      { ai: '01', value: '09520123456788' },
      { ai: '10', value: 'ABC1' },
      { ai: '17', value: '261231' },
    ]);
    const dl = generate({
      type: 'dl-qrcode',
      data: 'https://id.gs1.org/01/09520123456788/10/ABC1?17=261231',
    });
    expect(dl.encoded).toBe('https://id.gs1.org/01/09520123456788/10/ABC1?17=261231');
    expect(dl.ais!.map(({ ai }) => ai)).toEqual(['01', '10', '17']);
  });

  it('a 1D form has no matrix key', () => {
    expect('matrix' in generate({ type: 'ean13', data: '400638133393' })).toBe(false);
  });
});

describe('the drawing of a 2D symbol', () => {
  it.each([
    ['qrcode', 'QR Code', 4],
    ['datamatrix', 'Data Matrix', 1],
    ['gs1-qrcode', 'GS1 QR Code', 4],
    ['gs1-datamatrix', 'GS1 DataMatrix', 1],
    ['dl-qrcode', 'GS1 Digital Link QR Code', 4],
    ['dl-datamatrix', 'GS1 Digital Link Data Matrix', 1],
  ] as const)('%s: title "%s …", quiet zone %i, viewBox in modules, no text', (type, name, quiet) => {
    const data = type.startsWith('gs1')
      ? '(01)09520123456788(10)A&B'
      : type.startsWith('dl')
        ? 'https://id.gs1.org/01/09520123456788'
        : 'a<b>&"c"';
    const result = generate({ type, data, module_width: 3 });
    const { rows, columns } = result.matrix!;
    const w = columns + 2 * quiet;
    const h = rows + 2 * quiet;
    expect(result.svg).toContain(`width="${3 * w}" height="${3 * h}" viewBox="0 0 ${w} ${h}"`);
    expect(result.svg).toContain(`<rect width="${w}" height="${h}" fill="#ffffff"/>`);
    const escaped = data
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;');
    expect(result.svg).toContain(`<title>${name} ${escaped}</title>`);
    expect(result.svg).not.toContain('<text');
    expect(result.svg.match(/<path/g)).toHaveLength(1);
    for (const module of darkModules(result.svg)) {
      const [x, y] = module.split(',').map(Number);
      expect(x).toBeGreaterThanOrEqual(quiet);
      expect(x).toBeLessThan(quiet + columns);
      expect(y).toBeGreaterThanOrEqual(quiet);
      expect(y).toBeLessThan(quiet + rows);
    }
    const bare = generate({ type, data, quiet_zone: false });
    expect(bare.modules).toBe(columns);
    expect(bare.svg).toContain(`viewBox="0 0 ${columns} ${rows}"`);
  });

  it('draws exactly the encoder’s dark modules (Data Matrix: the finder L and the clock track)', () => {
    const { svg, matrix } = generate({ type: 'datamatrix', data: '123456', quiet_zone: false });
    const dark = darkModules(svg);
    for (let i = 0; i < 10; i++) {
      expect(dark.has(`0,${i}`)).toBe(true); // left edge solid
      expect(dark.has(`${i},9`)).toBe(true); // bottom edge solid
      expect(dark.has(`${i},0`)).toBe(i % 2 === 0); // top edge alternating
      expect(dark.has(`9,${i}`)).toBe(i % 2 === 1); // right edge alternating
    }
    expect(matrix).toMatchObject({ rows: 10, columns: 10 });
  });

  it('draws exactly the encoder’s modules, shifted by the quiet zone', () => {
    for (const [type, data, quiet] of [
      ['qrcode', 'Hello, 2D world', 4],
      ['datamatrix', 'Hello, 2D world', 1],
    ] as const) {
      const symbol =
        type === 'qrcode'
          ? (({ size, dark }) => ({ rows: size, columns: size, dark }))(
              encodeQr({ units: textUnits(data), eci: false, fnc1: false, ecLevel: 'M', version: null }),
            )
          : encodeDataMatrix([...Buffer.from(data)], null, 'square');
      const expected = new Set<string>();
      for (let row = 0; row < symbol.rows; row++) {
        for (let column = 0; column < symbol.columns; column++) {
          if (symbol.dark[row * symbol.columns + column] === 1)
            expected.add(`${column + quiet},${row + quiet}`);
        }
      }
      expect(darkModules(generate({ type, data }).svg)).toEqual(expected);
    }
  });

  it('GS1: FNC1 first and as the separator (Data Matrix), FNC1 mode and % / GS in the segments (QR)', () => {
    const data = '(01)09520123456788(10)A%1(17)261231';
    const expected = (symbol: { rows: number; columns: number; dark: Uint8Array }, quiet: number) => {
      const set = new Set<string>();
      for (let row = 0; row < symbol.rows; row++) {
        for (let column = 0; column < symbol.columns; column++) {
          if (symbol.dark[row * symbol.columns + column] === 1) set.add(`${column + quiet},${row + quiet}`);
        }
      }
      return set;
    };
    const items = [
      'FNC1' as const,
      ...Buffer.from('010952012345678810A%1'),
      'FNC1' as const,
      ...Buffer.from('17261231'),
    ];
    expect(darkModules(generate({ type: 'gs1-datamatrix', data }).svg)).toEqual(
      expected(encodeDataMatrix(items, null, 'square'), 1),
    );
    const qr = encodeQr({
      units: gs1Units('010952012345678810A%1\u001d17261231'),
      eci: false,
      fnc1: true,
      ecLevel: 'M',
      version: null,
    });
    expect(darkModules(generate({ type: 'gs1-qrcode', data }).svg)).toEqual(
      expected({ rows: qr.size, columns: qr.size, dark: qr.dark }, 4),
    );
    expect(generate({ type: 'gs1-qrcode', data }).matrix!.segments).toEqual(qr.segments);
  });

  it('the title omits control characters; colours apply; bytes are deterministic', () => {
    const a = generate({ type: 'qrcode', data: 'a\u0001b\u007fc', color: '#123', background: '#FEDCBA' });
    expect(a.svg).toContain('<title>QR Code abc</title>');
    expect(a.human_readable).toBe('abc');
    expect(a.svg).toContain('<path fill="#112233"');
    expect(a.svg).toContain('fill="#fedcba"');
    expect(
      generate({ type: 'qrcode', data: 'a\u0001b\u007fc', color: '#123', background: '#FEDCBA' }).svg,
    ).toBe(a.svg);
  });

  it('x_dim_mm gives the size in mm and the print geometry of the dots', () => {
    const { svg, print, width_px } = generate({
      type: 'datamatrix',
      data: 'Hello World',
      x_dim_mm: 0.5,
      dpi: 600,
    });
    // 16x16 + 1 each side = 18 modules; 0.5 mm at 600 dpi = 12 dots (0.508 mm).
    expect(print).toMatchObject({
      dots_per_module: 12,
      actual_x_dim_mm: 0.508,
      width_mm: 9.144,
      bar_height: null,
    });
    expect(width_px).toBe(18 * 12);
    expect(svg).toContain('width="9.144mm" height="9.144mm"');
  });
});

describe('2D options', () => {
  it.each([
    [{ type: 'qrcode', data: 'x', height: 50 }, '/height'],
    [{ type: 'qrcode', data: 'x', text: false }, '/text'],
    [{ type: 'datamatrix', data: 'x', addon: '12' }, '/addon'],
    [{ type: 'dl-qrcode', data: 'https://a/01/09520123456788', ratio: 2.5 }, '/ratio'],
    [{ type: 'gs1-datamatrix', data: '(01)09520123456788', bearer: 'none' }, '/bearer'],
    [{ type: 'datamatrix', data: 'x', ec_level: 'L' }, '/ec_level'],
    [{ type: 'datamatrix', data: 'x', version: 2 }, '/version'],
    [{ type: 'qrcode', data: 'x', size: 'square' }, '/size'],
    [{ type: 'ean13', data: '400638133393', ec_level: 'M' }, '/ec_level'],
    [{ type: 'code128', data: 'x', size: '10x10' }, '/size'],
    [{ type: 'qrcode', data: 'x', ec_level: 'X' }, '/ec_level'],
    [{ type: 'qrcode', data: 'x', version: 41 }, '/version'],
    [{ type: 'qrcode', data: 'x', version: 0 }, '/version'],
    [{ type: 'datamatrix', data: 'x', size: '11x11' }, '/size'],
    [{ type: 'datamatrix', data: 'x', size: '18x8' }, '/size'],
    [{ type: 'qrcode', data: '' }, '/data'],
    [{ type: 'datamatrix', data: 'a\uD800b' }, '/data'],
    [{ type: 'qrcode', data: '\uDC00' }, '/data'],
    [{ type: 'gs1-qrcode', data: 'x'.repeat(151) }, '/data'],
    [{ type: 'dl-datamatrix', data: 'example.com/01/09520123456788' }, '/data'],
  ])('%j → 400 on %s', (input, path) => {
    const errors = expectValidationFailed(() => generate(input as Parameters<typeof generate>[0]));
    expect(errors.map((error) => error.path)).toEqual([path]);
  });

  it('every option the type takes is accepted at its limits', () => {
    expect(renderOptionErrors({ ec_level: 'H', version: 40 }, 'gs1-qrcode')).toEqual([]);
    expect(renderOptionErrors({ version: 1 }, 'dl-qrcode')).toEqual([]);
    expect(renderOptionErrors({ size: '144x144' }, 'gs1-datamatrix')).toEqual([]);
    expect(renderOptionErrors({ size: '16x48' }, 'dl-datamatrix')).toEqual([]);
    expect(renderOptionErrors({ size: 'rectangle', quiet_zone: false, dpi: 72 }, 'datamatrix')).toEqual([]);
    expect(renderOptionErrors({ height: 10, text: true }, 'gs1-128')).toEqual([]);
  });

  it('a surrogate pair is one character, not a lone surrogate', () => {
    expect(generate({ type: 'qrcode', data: '😀' }).matrix!.segments).toEqual([{ mode: 'byte', chars: 4 }]);
  });

  it('refusals of the data: GS1 (invalid_gs1_data), Digital Link (invalid_digital_link), capacity', () => {
    expectUnprocessable(
      () => generate({ type: 'gs1-qrcode', data: '(01)09520123456789' }),
      'invalid_gs1_data',
    );
    expectUnprocessable(
      () => generate({ type: 'dl-datamatrix', data: 'https://a/01/09520123456788?21=1' }),
      'invalid_digital_link',
    );
    expectUnprocessable(
      () => generate({ type: 'qrcode', data: 'x'.repeat(18), version: 1, ec_level: 'L' }),
      'data_too_long',
    );
  });
});

describe('/validate for the 2D types', () => {
  it.each([
    ['qrcode', 'anything', true, null, null],
    ['qrcode', '', false, 'length', null],
    ['datamatrix', 'a\uD800', false, 'character', null],
    ['qrcode', 'z'.repeat(2332), false, 'length', null],
    ['datamatrix', 'z'.repeat(1559), false, 'length', null],
    ['gs1-qrcode', '(01)09520123456789', false, 'check_digit', '01'],
    ['gs1-datamatrix', '(01)09520123456788(99)X', true, null, null],
    ['gs1-datamatrix', 'x', false, 'syntax', null],
    ['gs1-qrcode', '', false, 'length', null],
    ['dl-qrcode', 'https://a/01/09520123456788/21/X/10/Y', false, 'qualifier_order', null],
  ] as const)('%s %j → valid %s, reason %s, ai %s', (type, data, valid, reason, ai) => {
    expect(validateBarcode(type, data)).toMatchObject({ valid, type, data, reason, ai, check_digit: null });
  });
});
