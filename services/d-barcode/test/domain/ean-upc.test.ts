import bwipjs from 'bwip-js/node';
import { describe, expect, it } from 'vitest';
import { eanModules, generate } from '../../src/domain/index.js';
import { expectUnprocessable, expectValidationFailed } from './helpers/problems.js';
import { randomDigits, seededRandom } from './helpers/random.js';
import { heightAt, modulesOf, parseSvg } from './helpers/svg-geometry.js';

const EAN_4006381333931 =
  '10100011010100111010111101111010001001011001101010100001010000101000010111010010000101100110101';
const UPC_036000291452 =
  '10100011010111101010111100011010001101000110101010110110011101001100110101110010011101101100101';

describe('EAN-13 / UPC-A modules (worked examples)', () => {
  it('EAN-13 4006381333931', () => {
    expect(eanModules('4006381333931')).toBe(EAN_4006381333931);
    const result = generate({ type: 'ean13', data: '400638133393' });
    expect(modulesOf(parseSvg(result.svg).bars, 11, 106)).toBe(EAN_4006381333931);
  });

  it('UPC-A 036000291452 and EAN-13 0036000291452 have identical bars', () => {
    const upc = generate({ type: 'upca', data: '036000291452' });
    const ean = generate({ type: 'ean13', data: '0036000291452' });
    expect(modulesOf(parseSvg(upc.svg).bars, 9, 104)).toBe(UPC_036000291452);
    expect(modulesOf(parseSvg(ean.svg).bars, 11, 106)).toBe(UPC_036000291452);
  });

  it('agree with bwip-js on seeded random EAN-13 numbers (every leading digit, so every parity pattern)', () => {
    const random = seededRandom(13);
    for (let i = 0; i < 60; i++) {
      const data = String(i % 10) + randomDigits(random, 11);
      const encoded = generate({ type: 'ean13', data }).encoded;
      const [symbol] = bwipjs.raw('ean13', encoded, {}) as { sbs: number[] }[];
      const theirs = symbol!.sbs.map((width, k) => (k % 2 === 0 ? '1' : '0').repeat(width)).join('');
      expect(eanModules(encoded)).toBe(theirs);
    }
  });
});

describe('generate: EAN-13 and UPC-A data', () => {
  it('12 digits → the check digit is computed and appended (JSON form)', () => {
    const result = generate({ type: 'ean13', data: '400638133393' });
    expect({ ...result, svg: undefined }).toEqual({
      type: 'ean13',
      data: '400638133393',
      encoded: '4006381333931',
      check_digit: '1',
      checksum: null,
      human_readable: '4006381333931',
      modules: 113,
      width_px: 226,
      height_px: 162,
      symbol_chars: null,
      code_sets: null,
      addon: null,
      upca: null,
      ais: null,
      png: null,
      print: expect.any(Object),
      svg: undefined,
    });
    expect(parseSvg(result.svg).title).toBe('EAN-13 4006381333931');
  });

  it('the 12 digits of a UPC-A, as EAN-13 data, are a different number', () => {
    expect(generate({ type: 'ean13', data: '036000291452' })).toMatchObject({
      encoded: '0360002914522',
      check_digit: '2',
    });
    expect(generate({ type: 'upca', data: '036000291452' }).encoded).toBe('036000291452');
  });

  it('13 digits with the right check digit are kept as given', () => {
    expect(generate({ type: 'ean13', data: '9780306406157' }).encoded).toBe('9780306406157');
    expect(generate({ type: 'ean13', data: '5012345678900' }).check_digit).toBe('0');
  });

  it('UPC-A: 11 digits computed, 12 verified; the title and text carry the 12 digits', () => {
    const computed = generate({ type: 'upca', data: '03600029145' });
    expect(computed).toMatchObject({
      encoded: '036000291452',
      check_digit: '2',
      human_readable: '036000291452',
    });
    expect(generate({ type: 'upca', data: '036000291452' }).svg).toBe(computed.svg);
    const svg = parseSvg(computed.svg);
    expect(svg.title).toBe('UPC-A 036000291452');
    expect(svg.text).toBe('036000291452');
  });

  it('a wrong check digit is 422 invalid_check_digit naming the given and the expected digit', () => {
    expect(
      expectUnprocessable(() => generate({ type: 'ean13', data: '4006381333930' }), 'invalid_check_digit'),
    ).toBe('check digit is 0, expected 1');
    expect(
      expectUnprocessable(() => generate({ type: 'upca', data: '036000291459' }), 'invalid_check_digit'),
    ).toBe('check digit is 9, expected 2');
  });

  it('any other length is a 400 on /data, never zero-padded', () => {
    for (const data of ['', '1', '40063813339', '40063813339310']) {
      expect(expectValidationFailed(() => generate({ type: 'ean13', data }))).toEqual([
        {
          path: '/data',
          code: 'invalid_length',
          message: `EAN-13 data must be 12 digits (check digit computed) or 13 digits (check digit verified), got ${data.length}`,
        },
      ]);
    }
    expect(expectValidationFailed(() => generate({ type: 'upca', data: '4006381333931' }))[0]!.message).toBe(
      'UPC-A data must be 11 digits (check digit computed) or 12 digits (check digit verified), got 13',
    );
  });

  it('a non-digit (Unicode digits included) is named with its position before any length problem', () => {
    expect(expectValidationFailed(() => generate({ type: 'ean13', data: '4006 3813' }))).toEqual([
      {
        path: '/data',
        code: 'invalid_character',
        message: 'character " " (U+0020) at position 4 is not a digit 0-9',
      },
    ]);
    expect(expectValidationFailed(() => generate({ type: 'upca', data: '0360002914５' }))[0]!.message).toBe(
      'character "５" (U+FF15) at position 10 is not a digit 0-9',
    );
    expect(expectValidationFailed(() => generate({ type: 'ean13', data: '\u0000' }))[0]!.message).toBe(
      'character "\\u{0000}" (U+0000) at position 0 is not a digit 0-9',
    );
  });
});

describe('GS1 geometry read back from the SVG', () => {
  const height = 69;

  it('EAN-13: 11 + 95 + 7 modules, guard bars 5 modules longer, text band 12', () => {
    const svg = parseSvg(generate({ type: 'ean13', data: '4006381333931' }).svg);
    expect([svg.w, svg.h]).toEqual([113, height + 12]);
    expect(svg.bars[0]!.x).toBe(11);
    const last = svg.bars[svg.bars.length - 1]!;
    expect(svg.w - (last.x + last.width)).toBe(7);
    for (let x = 11; x < 106; x++) {
      const module = x - 11;
      const guard = module < 3 || (module >= 45 && module < 50) || module >= 92;
      const dark = EAN_4006381333931[module] === '1';
      expect(heightAt(svg.bars, x)).toBe(dark ? (guard ? height + 5 : height) : 0);
    }
  });

  it('UPC-A: 9 + 95 + 9 modules; guards and the first and last digit bars descend 5 modules', () => {
    const svg = parseSvg(generate({ type: 'upca', data: '036000291452', height: 50 }).svg);
    expect([svg.w, svg.h]).toEqual([113, 62]);
    expect(svg.bars[0]!.x).toBe(9);
    const last = svg.bars[svg.bars.length - 1]!;
    expect(svg.w - (last.x + last.width)).toBe(9);
    for (let module = 0; module < 95; module++) {
      const long = module < 10 || (module >= 45 && module < 50) || module >= 85;
      const dark = UPC_036000291452[module] === '1';
      expect(heightAt(svg.bars, 9 + module)).toBe(dark ? (long ? 55 : 50) : 0);
    }
  });

  it('text=false leaves room for the descent only (H = height + 5)', () => {
    const svg = parseSvg(generate({ type: 'ean13', data: '4006381333931', text: false, height: 10 }).svg);
    expect([svg.w, svg.h, svg.text]).toEqual([113, 15, null]);
    expect(Math.max(...svg.bars.map((bar) => bar.height))).toBe(15);
  });

  it('quiet_zone=false drops the zones, except the room the text needs (EAN-13 11 left, UPC-A 9/9)', () => {
    const cases = [
      { type: 'ean13', text: true, left: 11, w: 106 },
      { type: 'ean13', text: false, left: 0, w: 95 },
      { type: 'upca', text: true, left: 9, w: 113 },
      { type: 'upca', text: false, left: 0, w: 95 },
    ] as const;
    for (const { type, text, left, w } of cases) {
      const data = type === 'ean13' ? '4006381333931' : '036000291452';
      const svg = parseSvg(generate({ type, data, text, quiet_zone: false }).svg);
      expect([svg.w, svg.bars[0]!.x]).toEqual([w, left]);
      expect(modulesOf(svg.bars, left, left + 95)).toBe(
        type === 'ean13' ? EAN_4006381333931 : UPC_036000291452,
      );
    }
  });

  it('the text: EAN-13 13 digits, the first in the left quiet zone; UPC-A first and last digits smaller', () => {
    const ean = generate({ type: 'ean13', data: '4006381333931' }).svg;
    expect(ean).toContain(
      '<text x="5.5 17.5 24.5 31.5 38.5 45.5 52.5 64.5 71.5 78.5 85.5 92.5 99.5" y="79" ' +
        'font-family="OCR-B, OCRB, monospace" font-size="10" text-anchor="middle" fill="#000000">4006381333931</text>',
    );
    const upc = generate({ type: 'upca', data: '036000291452' }).svg;
    expect(upc).toContain(
      '<text y="79" font-family="OCR-B, OCRB, monospace" font-size="10" text-anchor="middle" fill="#000000">' +
        '<tspan x="4.5" font-size="7">0</tspan>' +
        '<tspan x="22.5 29.5 36.5 43.5 50.5 62.5 69.5 76.5 83.5 90.5">3600029145</tspan>' +
        '<tspan x="108.5" font-size="7">2</tspan></text>',
    );
  });
});
