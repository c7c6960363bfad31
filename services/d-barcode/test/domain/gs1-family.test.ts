import bwipjs from 'bwip-js/node';
import { describe, expect, it } from 'vitest';
import {
  addon5Checksum,
  addonModules,
  compressUpca,
  ean8Modules,
  eanModules,
  expandUpce,
  generate,
  gs1CheckDigit,
  itfWidths,
  upceModules,
} from '../../src/domain/index.js';
import { expectUnprocessable, expectValidationFailed } from './helpers/problems.js';
import { randomDigits, seededRandom } from './helpers/random.js';
import { modulesAt, parseRects } from './helpers/svg-geometry.js';

/** bwip-js's bars for the same symbol as a 0/1 module string (its sbs alternate bar, space, …). */
function bwipModules(bcid: string, text: string, options: Record<string, unknown> = {}): string {
  const [symbol] = bwipjs.raw(bcid, text, options) as { sbs: number[] }[];
  return symbol!.sbs.map((width, k) => (k % 2 === 0 ? '1' : '0').repeat(width)).join('');
}

describe('EAN-8', () => {
  it('worked example 9501234 → 95012346, 67 modules, quiet zones 7/7', () => {
    const result = generate({ type: 'ean8', data: '9501234' });
    expect(result).toMatchObject({
      encoded: '95012346',
      check_digit: '6',
      human_readable: '95012346',
      modules: 81,
    });
    expect(modulesAt(parseRects(result.svg), 7, 74)).toBe(ean8Modules('95012346'));
    expect(ean8Modules('95012346')).toBe(bwipModules('ean8', '95012346'));
    // Default height 55 modules; guards descend 5; text band 12.
    expect(parseRects(result.svg)[0]).toEqual({ x: 7, y: 0, width: 1, height: 60 });
    expect(result.height_px).toBe((55 + 12) * 2);
  });

  it('agrees with bwip-js on 40 seeded random numbers; a wrong check digit is refused', () => {
    const random = seededRandom(8);
    for (let i = 0; i < 40; i++) {
      const encoded = generate({ type: 'ean8', data: randomDigits(random, 7) }).encoded;
      expect(ean8Modules(encoded)).toBe(bwipModules('ean8', encoded));
    }
    expect(
      expectUnprocessable(() => generate({ type: 'ean8', data: '95012345' }), 'invalid_check_digit'),
    ).toBe('check digit is 5, expected 6');
    expect(expectValidationFailed(() => generate({ type: 'ean8', data: '950123' }))[0]).toMatchObject({
      path: '/data',
      message: 'EAN-8 data must be 7 digits (check digit computed) or 8 digits (check digit verified), got 6',
    });
  });
});

describe('UPC-E', () => {
  it('worked example 0012345 → 00123457, UPC-A 001234000057, 51 modules, quiet zones 9/7', () => {
    for (const data of ['0012345', '00123457', '001234000057']) {
      const result = generate({ type: 'upce', data });
      expect(result).toMatchObject({
        encoded: '00123457',
        check_digit: '7',
        upca: '001234000057',
        human_readable: '00123457',
        modules: 67,
      });
      expect(modulesAt(parseRects(result.svg), 9, 60)).toBe(upceModules('00123457'));
    }
    expect(upceModules('00123457')).toBe(bwipModules('upce', '00123457'));
  });

  it('zero suppression both ways: every rule, and expansion by the sixth digit', () => {
    expect(expandUpce('0123450')).toBe('01200000345');
    expect(expandUpce('0123451')).toBe('01210000345');
    expect(expandUpce('0123452')).toBe('01220000345');
    expect(expandUpce('0123453')).toBe('01230000045');
    expect(expandUpce('0123454')).toBe('01234000005');
    expect(expandUpce('1123455')).toBe('11234500005');
    expect(expandUpce('0123459')).toBe('01234500009');
    // compressUpca does not look at the check digit (its callers verify it first): `x` stands for it.
    expect(compressUpca('01234500005x')).toBe('0123455'); // a10 ≥ 5, a5 ≠ 0, a6–a9 = 0
    expect(compressUpca('01234000005x')).toBe('0123454'); // a4 ≠ 0, a5–a9 = 0
    expect(compressUpca('01220000345x')).toBe('0123452'); // a3 ≤ 2, a4–a7 = 0
    expect(compressUpca('01200000345x')).toBe('0123450');
    expect(compressUpca('01230000045x')).toBe('0123453'); // a3 ≥ 3, a4–a8 = 0
    expect(compressUpca('11234500009x')).toBe('1123459');
    // Rule order: a10 ≥ 5 with a5 = 0 falls to the a4 rule; a4 = 0 with a3 ≤ 2 to the a3 rule.
    expect(compressUpca('01234000008x')).toBe('0123484');
    expect(compressUpca('01200000005x')).toBe('0120050');
    // Each rule needs its zeros: one non-zero digit in the run breaks it.
    expect(() => compressUpca('01234500105x')).toThrow('cannot be zero-suppressed');
    expect(() => compressUpca('01220010345x')).toThrow('cannot be zero-suppressed');
    expect(() => compressUpca('01230000145x')).toThrow('cannot be zero-suppressed');
  });

  it('round-trips every compressible UPC-A it produces, and agrees with bwip-js', () => {
    const random = seededRandom(6);
    for (let i = 0; i < 60; i++) {
      const data = String(i % 2) + randomDigits(random, 6);
      const upca = expandUpce(data);
      const full = upca + gs1CheckDigit(upca);
      const fromUpca = generate({ type: 'upce', data: full });
      expect(fromUpca.upca).toBe(full);
      expect(expandUpce(fromUpca.encoded.slice(0, 7))).toBe(upca);
      const encoded = generate({ type: 'upce', data }).encoded;
      expect(upceModules(encoded)).toBe(bwipModules('upce', encoded));
    }
  });

  it('refuses a number system other than 0/1 and an uncompressible UPC-A with 422 invalid_upce', () => {
    expect(expectUnprocessable(() => generate({ type: 'upce', data: '2012345' }), 'invalid_upce')).toBe(
      'number system must be 0 or 1, got 2',
    );
    expect(
      expectUnprocessable(
        () => generate({ type: 'upce', data: `23600029145${gs1CheckDigit('23600029145')}` }),
        'invalid_upce',
      ),
    ).toBe('number system must be 0 or 1, got 2');
    expect(expectUnprocessable(() => generate({ type: 'upce', data: '036000291452' }), 'invalid_upce')).toBe(
      'UPC-A 036000291452 cannot be zero-suppressed to UPC-E (no rule holds: a10 ≥ 5, a5 ≠ 0, a6–a9 = 0; ' +
        'a4 ≠ 0, a5–a9 = 0; a3 ≤ 2, a4–a7 = 0; or a3 ≥ 3, a4–a8 = 0)',
    );
    expect(
      expectUnprocessable(() => generate({ type: 'upce', data: '001234000058' }), 'invalid_check_digit'),
    ).toBe('check digit is 8, expected 7');
    expect(
      expectUnprocessable(() => generate({ type: 'upce', data: '00123458' }), 'invalid_check_digit'),
    ).toBe('check digit is 8, expected 7');
    expect(expectValidationFailed(() => generate({ type: 'upce', data: '0012345678' }))[0]!.message).toBe(
      'UPC-E data must be 7 digits (check digit computed) or 8 digits (check digit verified) or a 12-digit UPC-A, got 10',
    );
  });
});

describe('EAN-2 / EAN-5 add-ons', () => {
  it('EAN-13 + 5: 165 modules, gap 7, add-on 47, quiet zone 5; bars equal bwip-js with the same gap', () => {
    const result = generate({ type: 'ean13', data: '400638133393', addon: '12345' });
    expect(result).toMatchObject({ modules: 165, addon: '12345', human_readable: '4006381333931 12345' });
    const rects = parseRects(result.svg);
    expect(modulesAt(rects, 11, 106)).toBe(eanModules('4006381333931'));
    expect(modulesAt(rects, 113, 160, 12)).toBe(addonModules('12345'));
    expect(eanModules('4006381333931') + '0'.repeat(7) + addonModules('12345')).toBe(
      bwipModules('ean13', '4006381333931 12345', { addongap: 7 }),
    );
    // The add-on's bars run from the top of the text band to height + 5.
    expect(rects.filter((rect) => rect.y === 12).every((rect) => rect.height === 69 + 5 - 12)).toBe(true);
    expect(result.svg).toContain('<tspan x="109.5 120.5 129.5 138.5 147.5 156.5" y="10">');
  });

  it('EAN-2 by value mod 4, EAN-5 by its checksum; UPC-A gap 9, UPC-E gap 7; text off: bars from 0', () => {
    expect(addon5Checksum('12345')).toBe((3 * (1 + 3 + 5) + 9 * (2 + 4)) % 10);
    for (const addon of ['00', '01', '02', '03', '12', '99', '52495', '00000', '98765']) {
      for (const [type, data, gap] of [
        ['ean13', '4006381333931', 7],
        ['upca', '036000291452', 9],
        ['upce', '00123457', 7],
      ] as const) {
        const main = type === 'upce' ? upceModules(data) : eanModules(type === 'upca' ? `0${data}` : data);
        const bcid = type === 'upce' ? 'upce' : type;
        expect(main + '0'.repeat(gap) + addonModules(addon)).toBe(
          bwipModules(bcid, `${data} ${addon}`, { addongap: gap }),
        );
      }
    }
    const plain = generate({ type: 'upca', data: '036000291452', addon: '12', text: false });
    expect(plain.modules).toBe(9 + 95 + 9 + 20 + 5);
    const addonRects = parseRects(plain.svg).filter((rect) => rect.x >= 113);
    expect(modulesAt(addonRects, 113, 133)).toBe(addonModules('12'));
    expect(addonRects.every((rect) => rect.height === 74)).toBe(true);
    const bare = generate({ type: 'upce', data: '00123457', addon: '12', quiet_zone: false, text: false });
    expect(bare.modules).toBe(51 + 7 + 20);
  });

  it('only with ean13, upca, upce; 2 or 5 digits', () => {
    for (const type of ['ean8', 'itf14', 'code128', 'gs1-128'] as const) {
      expect(
        expectValidationFailed(() => generate({ type, data: '1234567', addon: '12' })).find(
          (error) => error.path === '/addon',
        ),
      ).toMatchObject({ message: 'applies only to ean13, upca, upce' });
    }
    expect(
      expectValidationFailed(() => generate({ type: 'ean13', data: '400638133393', addon: '123' }))[0],
    ).toMatchObject({
      path: '/addon',
      message: 'must be 2 or 5 digits',
    });
  });
});

describe('ITF-14', () => {
  it('worked example 1540014128876 → 15400141288763, 151 modules with the bearer box', () => {
    const result = generate({ type: 'itf14', data: '1540014128876' });
    expect(result).toMatchObject({
      encoded: '15400141288763',
      check_digit: '3',
      modules: 151,
      human_readable: '15400141288763',
    });
    // Bars 48 + 29 · 2.5 = 120.5 modules; quiet zones 10 and 10.5; box 5 each side.
    expect(itfWidths('15400141288763', 2.5).reduce((sum, w) => sum + w, 0)).toBe(12050);
    expect(result.print.quiet_zones).toMatchObject({ left: 10, right: 10.5 });
    const rects = parseRects(result.svg);
    expect(rects).toContainEqual({ x: 0, y: 0, width: 151, height: 5 });
    expect(rects).toContainEqual({ x: 0, y: 74, width: 151, height: 5 });
    expect(rects).toContainEqual({ x: 0, y: 5, width: 5, height: 69 });
    expect(rects).toContainEqual({ x: 146, y: 5, width: 5, height: 69 });
    expect(rects.find((rect) => rect.x === 15)).toEqual({ x: 15, y: 5, width: 1, height: 69 });
    expect(result.height_px).toBe((5 + 69 + 5 + 12) * 2);
  });

  it('narrow/wide sequence equals bwip-js on seeded random numbers, at every ratio', () => {
    const random = seededRandom(14);
    for (let i = 0; i < 30; i++) {
      const encoded = generate({ type: 'itf14', data: randomDigits(random, 13) }).encoded;
      const [symbol] = bwipjs.raw('itf14', encoded, {}) as { sbs: number[] }[];
      // bwip-js ends its element list with a space after the stop's last bar.
      const theirs = symbol!.sbs.slice(0, -1).map((width) => (width > 1 ? 'W' : 'N'));
      for (const ratio of [2.25, 2.5, 3]) {
        const ours = itfWidths(encoded, ratio).map((width) => (width > 100 ? 'W' : 'N'));
        expect(ours.join('')).toBe(theirs.join(''));
      }
    }
  });

  it('bearer bars / none, ratio 2.25 and 3, quiet zones off', () => {
    const bars = generate({ type: 'itf14', data: '1540014128876', bearer: 'bars', ratio: 3 });
    expect(bars.modules).toBe(20 + 48 + 87);
    const none = generate({ type: 'itf14', data: '1540014128876', bearer: 'none', ratio: 2.25, text: false });
    expect(none.modules).toBe(20 + Math.ceil(48 + 29 * 2.25));
    expect(none.height_px).toBe(69 * 2);
    expect(parseRects(none.svg)[0]).toEqual({ x: 10, y: 0, width: 1, height: 69 });
    const tight = generate({
      type: 'itf14',
      data: '1540014128876',
      bearer: 'none',
      quiet_zone: false,
      ratio: 2.25,
    });
    expect(tight.modules).toBe(114);
    expect(tight.print.quiet_zones).toMatchObject({ left: 0, right: 0.75 });
    expect(
      parseRects(tight.svg)
        .map((rect) => rect.width)
        .slice(-2),
    ).toEqual([2.25, 1]);
  });

  it('refuses ratio outside 2.25–3.0 or with 3 decimals, and ratio/bearer on other types', () => {
    for (const ratio of [2.2, 3.01, 2.555]) {
      expect(
        expectValidationFailed(() => generate({ type: 'itf14', data: '1540014128876', ratio }))[0],
      ).toMatchObject({
        path: '/ratio',
        message: 'must be a number from 2.25 to 3 with at most 2 decimals',
      });
    }
    expect(
      expectValidationFailed(() => generate({ type: 'ean13', data: '400638133393', bearer: 'box' }))[0],
    ).toMatchObject({
      path: '/bearer',
      message: 'applies only to itf14',
    });
    expect(
      expectValidationFailed(() => generate({ type: 'ean13', data: '400638133393', ratio: 2.5 }))[0]!.path,
    ).toBe('/ratio');
    expect(
      expectValidationFailed(() =>
        generate({ type: 'itf14', data: '1540014128876', bearer: 'top' as never }),
      )[0],
    ).toMatchObject({
      message: 'must be one of box, bars, none',
    });
  });
});
