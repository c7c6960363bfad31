import { describe, expect, it } from 'vitest';
import {
  checkDigit,
  compressUpca,
  defaultHeight,
  dotsPerModule,
  generate,
  validateBarcode,
} from '../../src/domain/index.js';
import { expectValidationFailed } from './helpers/problems.js';

describe('print geometry', () => {
  it('EAN-13 at x_dim_mm 0.33, 300 dpi: 4 dots, 0.3387 mm, magnification 1.026, height 70, compliant, SVG in mm', () => {
    const result = generate({ type: 'ean13', data: '400638133393', x_dim_mm: 0.33 });
    expect(result.print).toEqual({
      dpi: 300,
      x_dim_mm: 0.33,
      dots_per_module: 4,
      actual_x_dim_mm: 0.3387,
      magnification: 1.026,
      quiet_zones: { left: 11, right: 7, left_mm: 3.7253, right_mm: 2.3707 },
      bar_height: 70,
      bar_height_mm: 23.7067,
      width_mm: 38.2693,
      height_mm: 27.7707,
      gs1_compliant: true,
      warnings: [],
    });
    expect(result).toMatchObject({ width_px: 113 * 4, height_px: 82 * 4 });
    expect(result.svg).toContain('width="38.2693mm" height="27.7707mm" viewBox="0 0 113 82"');
  });

  it('dots per module: floor(x·dpi/25.4 + 0.5), at least 1; default heights', () => {
    expect(dotsPerModule(0.33, 300)).toBe(4);
    expect(dotsPerModule(0.33, 600)).toBe(8);
    expect(dotsPerModule(0.1, 72)).toBe(1);
    expect(dotsPerModule(0.254, 300)).toBe(3);
    expect(dotsPerModule(1.016, 300)).toBe(12);
    expect(dotsPerModule(2, 1200)).toBe(94);
    expect(defaultHeight('ean13', 0.33, 300, 4)).toBe(70);
    expect(defaultHeight('upce', 0.33, 300, 4)).toBe(70);
    expect(defaultHeight('ean8', 0.33, 300, 4)).toBe(56);
    expect(defaultHeight('ean8', undefined, 300, 2)).toBe(55);
    expect(defaultHeight('upca', undefined, 300, 2)).toBe(69);
    expect(defaultHeight('itf14', 1.016, 300, 12)).toBe(32);
    expect(defaultHeight('gs1-128', 0.495, 300, 6)).toBe(63);
    expect(defaultHeight('gs1-128', 0.1, 1200, 5)).toBe(300);
    expect(defaultHeight('itf14', 2, 72, 6)).toBe(15);
    expect(defaultHeight('itf14', 2, 72, 60)).toBe(10);
    expect(defaultHeight('code128', 0.33, 300, 4)).toBe(69);
  });

  it('ITF-14 at X 1.016 mm (12 dots at 300 dpi) and GS1-128 at 0.495 mm are compliant at their default heights', () => {
    const itf = generate({ type: 'itf14', data: '1540014128876', x_dim_mm: 1.016 });
    expect(itf.print).toMatchObject({
      dots_per_module: 12,
      actual_x_dim_mm: 1.016,
      magnification: null,
      bar_height: 32,
      bar_height_mm: 32.512,
      width_mm: 153.416,
      gs1_compliant: true,
      warnings: [],
    });
    const gs1 = generate({
      type: 'gs1-128',
      data: '(01)09501101530003(17)261231(10)AB-123',
      x_dim_mm: 0.495,
    });
    expect(gs1.print).toMatchObject({
      dots_per_module: 6,
      actual_x_dim_mm: 0.508,
      bar_height: 63,
      gs1_compliant: true,
    });
    expect(
      generate({ type: 'gs1-128', data: '(01)09501101530003', x_dim_mm: 0.495, height: 62 }).print.warnings,
    ).toEqual(['bar height 31.496 mm is under the GS1 minimum 31.75 mm']);
  });

  it('warnings name the value and the limit; code128 has no GS1 verdict', () => {
    expect(
      generate({ type: 'ean13', data: '400638133393', x_dim_mm: 0.33, height: 69, quiet_zone: false }).print
        .warnings,
    ).toEqual([
      'bar height 23.368 mm is under the GS1 minimum 23.4501 mm',
      'quiet zones are dropped (quiet_zone=false)',
    ]);
    expect(generate({ type: 'ean13', data: '400638133393' }).print).toMatchObject({
      dots_per_module: 2,
      actual_x_dim_mm: 0.1693,
      magnification: 0.513,
      gs1_compliant: false,
      warnings: [
        'X-dimension 0.1693 mm is outside 0.264–0.660 mm (GS1 table 1)',
        'bar height 11.684 mm is under the GS1 minimum 11.7251 mm',
      ],
    });
    expect(generate({ type: 'ean8', data: '9501234', x_dim_mm: 0.7 }).print.warnings).toEqual([
      'X-dimension 0.6773 mm is outside 0.264–0.660 mm (GS1 table 1)',
    ]);
    expect(
      generate({ type: 'itf14', data: '1540014128876', x_dim_mm: 0.33, height: 300 }).print.warnings,
    ).toEqual(['X-dimension 0.3387 mm is outside 0.495–1.016 mm (GS1 table 2)']);
    const long = `(91)${'A'.repeat(60)}`;
    expect(generate({ type: 'gs1-128', data: long, x_dim_mm: 0.5 }).print.warnings).toEqual([
      "62 data characters exceed GS1-128's 48",
      // Start C, FNC1, 91, CODE B, 60 × A: 63 symbol characters → (11·63 + 35 + 20) · 0.508 mm.
      "width with quiet zones 379.984 mm exceeds GS1-128's 165.10 mm",
    ]);
    expect(generate({ type: 'code128', data: 'abc', quiet_zone: false }).print).toMatchObject({
      magnification: null,
      gs1_compliant: null,
      warnings: [],
      x_dim_mm: null,
    });
  });

  it('x_dim_mm is 0.1–2.0 and not with module_width; dpi 72–1200', () => {
    expect(
      expectValidationFailed(() =>
        generate({ type: 'ean13', data: '400638133393', x_dim_mm: 0.33, module_width: 2 }),
      ),
    ).toEqual([
      { path: '/x_dim_mm', code: 'invalid_option', message: 'give x_dim_mm or module_width, not both' },
    ]);
    expect(
      expectValidationFailed(() =>
        generate({ type: 'ean13', data: '400638133393', x_dim_mm: 2.01, dpi: 71 }),
      ),
    ).toEqual([
      { path: '/dpi', code: 'invalid_option', message: 'must be an integer from 72 to 1200' },
      { path: '/x_dim_mm', code: 'invalid_option', message: 'must be a number from 0.1 to 2' },
    ]);
  });
});

describe('/validate and /check-digit for the new types', () => {
  it('validate: UPC-E with its UPC-A, EAN-8, ITF-14 (GTIN-14), GS1-128 with parsed AIs or the failing rule', () => {
    expect(validateBarcode('upce', '00123457')).toEqual({
      valid: true,
      type: 'upce',
      data: '00123457',
      reason: null,
      check_digit: '7',
      expected_check_digit: '7',
      upca: '001234000057',
      ais: null,
      ai: null,
    });
    expect(validateBarcode('upce', '00123450')).toMatchObject({
      valid: false,
      reason: 'check_digit',
      upca: '001234000057',
    });
    expect(validateBarcode('upce', '20123457')).toMatchObject({
      reason: 'number_system',
      check_digit: null,
      upca: null,
    });
    expect(validateBarcode('upce', '0012345')).toMatchObject({ reason: 'length' });
    expect(validateBarcode('ean8', '95012346')).toMatchObject({ valid: true, expected_check_digit: '6' });
    expect(validateBarcode('itf14', '15400141288763')).toMatchObject({ valid: true });
    expect(validateBarcode('itf14', '15400141288760')).toMatchObject({
      reason: 'check_digit',
      expected_check_digit: '3',
    });
    expect(validateBarcode('gs1-128', '(01)09501101530003(10)AB1')).toMatchObject({
      valid: true,
      reason: null,
      ais: [
        { ai: '01', value: '09501101530003' },
        { ai: '10', value: 'AB1' },
      ],
      ai: null,
      check_digit: null,
    });
    expect(validateBarcode('gs1-128', '(01)09501101530008')).toMatchObject({
      valid: false,
      reason: 'check_digit',
      ai: '01',
      ais: null,
    });
    expect(validateBarcode('gs1-128', '(17)261332')).toMatchObject({ reason: 'date', ai: '17' });
    expect(validateBarcode('gs1-128', '0101')).toMatchObject({ reason: 'syntax', ai: null });
    expect(validateBarcode('gs1-128', '')).toMatchObject({ reason: 'length' });
    expect(validateBarcode('gs1-128', `(91)${'A'.repeat(147)}`)).toMatchObject({ reason: 'length' });
  });

  it("check-digit: ean8, itf14, upce (its UPC-A's digit, 7 or 8 digits) with key upca", () => {
    expect(checkDigit({ type: 'ean8', data: '9501234' })).toEqual({
      type: 'ean8',
      data: '9501234',
      check_digit: '6',
      full: '95012346',
      valid: null,
      upca: null,
    });
    expect(checkDigit({ type: 'itf14', data: '15400141288763' })).toMatchObject({
      valid: true,
      check_digit: '3',
    });
    expect(checkDigit({ type: 'upce', data: '0012345' })).toEqual({
      type: 'upce',
      data: '0012345',
      check_digit: '7',
      full: '00123457',
      valid: null,
      upca: '001234000057',
    });
    expect(checkDigit({ type: 'upce', data: '00123450' })).toMatchObject({ valid: false, full: '00123457' });
    expect(expectValidationFailed(() => checkDigit({ type: 'upce', data: '2012345' }))).toEqual([
      { path: '/data', code: 'invalid_value', message: 'UPC-E number system must be 0 or 1' },
    ]);
    expect(expectValidationFailed(() => checkDigit({ type: 'upce', data: '001234000057' }))[0]!.message).toBe(
      'UPC-E data must be 7 digits (compute) or 8 digits (validate, with its check digit), got 12',
    );
  });
});

describe('edges', () => {
  it('option types are checked by the domain too (JSON from MCP or a library caller)', () => {
    const bad = (options: Record<string, unknown>) =>
      expectValidationFailed(() => generate({ type: 'itf14', data: '1540014128876', ...options } as never));
    expect(bad({ ratio: '2.5' })[0]).toMatchObject({ path: '/ratio' });
    expect(bad({ bearer: 5 })[0]).toMatchObject({
      path: '/bearer',
      message: 'must be one of box, bars, none',
    });
    expect(bad({ output: 'gif' })[0]).toMatchObject({ path: '/output', message: 'must be one of svg, png' });
    expect(bad({ x_dim_mm: '1' })[0]).toMatchObject({
      path: '/x_dim_mm',
      message: 'must be a number from 0.1 to 2',
    });
    expect(bad({ x_dim_mm: 0.09 })[0]!.path).toBe('/x_dim_mm');
    expect(bad({ ratio: 3.01 })[0]!.path).toBe('/ratio');
    expect(generate({ type: 'itf14', data: '1540014128876', ratio: 3, x_dim_mm: 2 }).print.x_dim_mm).toBe(2);
    expect(
      generate({ type: 'itf14', data: '1540014128876', ratio: 2.25, x_dim_mm: 0.1 }).print.x_dim_mm,
    ).toBe(0.1);
    // x_dim_mm takes any decimals.
    expect(generate({ type: 'ean13', data: '400638133393', x_dim_mm: 0.333333 }).print.dots_per_module).toBe(
      4,
    );
    expect(
      expectValidationFailed(() => generate({ type: 'ean13', data: '400638133393', addon: 12 } as never))[0],
    ).toMatchObject({ path: '/addon', message: 'must be 2 or 5 digits' });
    // An unknown type is reported alone: no "applies only to" on its options.
    expect(expectValidationFailed(() => generate({ type: 'qr', data: '1', addon: '12' } as never))).toEqual([
      { path: '/type', code: 'invalid_value', message: expect.stringMatching(/^must be one of /) },
    ]);
  });

  it('ITF-14 and GS1-128 bar height: 4·height·dpm ≥ 5·dpi exactly', () => {
    const warnings = (height: number) =>
      generate({ type: 'gs1-128', data: '(01)09501101530003', module_width: 5, dpi: 300, height }).print
        .warnings;
    expect(warnings(75).filter((w) => w.startsWith('bar height'))).toEqual([]);
    expect(warnings(74).filter((w) => w.startsWith('bar height'))).toEqual([
      'bar height 31.3267 mm is under the GS1 minimum 31.75 mm',
    ]);
    // EAN-8: 55 modules miss 18.23 mm · X / 0.33, 56 reach it; EAN-13: 69 miss, 70 reach.
    const ean = (type: 'ean8' | 'ean13', height: number) =>
      generate({ type, data: type === 'ean8' ? '9501234' : '400638133393', x_dim_mm: 0.33, height }).print
        .gs1_compliant;
    expect([ean('ean8', 55), ean('ean8', 56), ean('ean13', 69), ean('ean13', 70)]).toEqual([
      false,
      true,
      false,
      true,
    ]);
  });

  it('GS1-128: 48 data characters pass, 49 warn', () => {
    const of = (length: number) =>
      generate({
        type: 'gs1-128',
        data: `(91)${'1'.repeat(length - 2)}`,
        x_dim_mm: 0.5,
        dpi: 254,
        height: 300,
      }).print.warnings;
    // 48 digits: Start C, FNC1, 24 pairs = 25 symbol characters, (11·25 + 55) · 0.5 mm = 165 mm.
    expect(of(48)).toEqual([]);
    expect(of(49)).toContain("49 data characters exceed GS1-128's 48");
  });

  it("UPC-E: a10 below 5 with the first rule's zeros falls through to a refusal; 150-character element strings validate", () => {
    expect(() => compressUpca('01234500004x')).toThrow('cannot be zero-suppressed');
    expect(validateBarcode('gs1-128', `(91)${'A'.repeat(90)}(92)${'B'.repeat(52)}`)).toMatchObject({
      valid: true,
    });
    expect(validateBarcode('gs1-128', '(91)A')).toMatchObject({ valid: true, reason: null, ai: null });
    expect(validateBarcode('gs1-128', '(')).toMatchObject({ valid: false, reason: 'syntax' });
    expect(checkDigit({ type: 'upce', data: '1012345' })).toMatchObject({
      upca: '101234000054',
      check_digit: '4',
    });
  });
});

describe('more exact edges', () => {
  it('a one-character element string is a 422 syntax refusal, not a length 400', () => {
    expect(() => generate({ type: 'gs1-128', data: '(' })).toThrow('syntax: expected');
  });

  it('validate: 151 characters of otherwise valid fields is length; answers name their type', () => {
    const long = `(91)${'A'.repeat(90)}(92)${'B'.repeat(53)}`;
    expect(long.length).toBe(151);
    expect(validateBarcode('gs1-128', long)).toEqual({
      valid: false,
      type: 'gs1-128',
      data: long,
      reason: 'length',
      check_digit: null,
      expected_check_digit: null,
      upca: null,
      ais: null,
      ai: null,
    });
    expect(validateBarcode('gs1-128', '(10)A')).toEqual({
      valid: true,
      type: 'gs1-128',
      data: '(10)A',
      reason: null,
      check_digit: null,
      expected_check_digit: null,
      upca: null,
      ais: [{ ai: '10', value: 'A' }],
      ai: null,
    });
    expect(validateBarcode('gs1-128', '(10)~')).toMatchObject({
      type: 'gs1-128',
      reason: 'charset',
      ai: '10',
    });
    expect(validateBarcode('upce', '10123454')).toMatchObject({ valid: true, upca: '101234000054' });
  });

  it('leap years give February 29 days only: other months keep their own length', () => {
    expect(
      ['240131', '240430', '000331'].map(
        (date) => generate({ type: 'gs1-128', data: `(17)${date}` }).encoded,
      ),
    ).toEqual(['17240131', '17240430', '17000331']);
    expect(() => generate({ type: 'gs1-128', data: '(17)240431' })).toThrow('AI (17): 240431 is not a date');
  });

  it('the EAN-8 bar-height minimum is 18.23 mm · X / 0.33', () => {
    expect(generate({ type: 'ean8', data: '9501234' }).print.warnings).toEqual([
      'X-dimension 0.1693 mm is outside 0.264–0.660 mm (GS1 table 1)',
      'bar height 9.3133 mm is under the GS1 minimum 9.3544 mm',
    ]);
  });

  it('UPC-E refusals carry their rule', () => {
    const rule = (data: string) => {
      try {
        generate({ type: 'upce', data });
      } catch (error) {
        return (error as { extensions?: Record<string, unknown> }).extensions;
      }
      return undefined;
    };
    expect(rule('2012345')).toEqual({ rule: 'number_system' });
    expect(rule('036000291452')).toEqual({ rule: 'zero_suppression' });
  });
});
