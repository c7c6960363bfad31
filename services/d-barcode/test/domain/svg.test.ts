import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generate, generateSvg, RENDER_OPTIONS, strongEtag } from '../../src/domain/index.js';
import { expectValidationFailed } from './helpers/problems.js';
import { parseSvg } from './helpers/svg-geometry.js';

describe('SVG document', () => {
  it('is exactly this for EAN-13 4006381333931 with text off (every byte fixed)', () => {
    expect(
      generateSvg({ type: 'ean13', data: '400638133393', text: false, height: 10, module_width: 1 }),
    ).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="113" height="15" viewBox="0 0 113 15" role="img" ' +
        'shape-rendering="crispEdges"><title>EAN-13 4006381333931</title>' +
        '<rect width="113" height="15" fill="#ffffff"/><path fill="#000000" d="' +
        'M11 0h1v15h-1zM13 0h1v15h-1zM17 0h2v10h-2zM20 0h1v10h-1zM22 0h1v10h-1zM25 0h3v10h-3zM29 0h1v10h-1z' +
        'M31 0h4v10h-4zM36 0h4v10h-4zM41 0h1v10h-1zM45 0h1v10h-1zM48 0h1v10h-1zM50 0h2v10h-2zM54 0h2v10h-2z' +
        'M57 0h1v15h-1zM59 0h1v15h-1zM61 0h1v10h-1zM66 0h1v10h-1zM68 0h1v10h-1zM73 0h1v10h-1zM75 0h1v10h-1z' +
        'M80 0h1v10h-1zM82 0h3v10h-3zM86 0h1v10h-1zM89 0h1v10h-1zM94 0h1v10h-1zM96 0h2v10h-2zM100 0h2v10h-2z' +
        'M103 0h1v15h-1zM105 0h1v15h-1z"/></svg>',
    );
  });

  it('is byte-identical for the same input, and generateSvg is generate().svg', () => {
    const input = { type: 'code128' as const, data: 'ABC-123 \u0001xyz', module_width: 3, color: '#123' };
    const first = generate(input).svg;
    expect(generate({ ...input }).svg).toBe(first);
    expect(generateSvg(input)).toBe(first);
  });

  it('width and height are the viewBox times module_width; H = height + text band', () => {
    for (const module_width of [1, 2, 7, 10]) {
      const result = generate({ type: 'code128', data: '123456', module_width, height: 300 });
      const svg = parseSvg(result.svg);
      expect([svg.w, svg.h]).toEqual([88, 312]);
      expect([svg.widthPx, svg.heightPx]).toEqual([88 * module_width, 312 * module_width]);
      expect([result.width_px, result.height_px]).toEqual([svg.widthPx, svg.heightPx]);
    }
  });

  it('colours in any case and either length render the same normalised bytes', () => {
    const short = generateSvg({ type: 'upca', data: '03600029145', color: '#1A2', background: '#FfE' });
    const long = generateSvg({ type: 'upca', data: '03600029145', color: '#11aa22', background: '#ffffee' });
    expect(short).toBe(long);
    const svg = parseSvg(short);
    expect([svg.color, svg.background]).toEqual(['#11aa22', '#ffffee']);
    expect(short).toContain('fill="#11aa22">');
  });

  it('defaults: module_width 2, height 69, text on, quiet zones on, black on white', () => {
    expect(RENDER_OPTIONS.module_width.default).toBe(2);
    const defaults = generateSvg({ type: 'ean13', data: '4006381333931' });
    expect(defaults).toBe(
      generateSvg({
        type: 'ean13',
        data: '4006381333931',
        module_width: 2,
        height: 69,
        text: true,
        quiet_zone: true,
        color: '#000000',
        background: '#ffffff',
      }),
    );
    expect(parseSvg(defaults)).toMatchObject({ widthPx: 226, heightPx: 162, w: 113, h: 81 });
  });
});

describe('rendering options are validated, every bad one named', () => {
  const base = { type: 'ean13' as const, data: '4006381333931' };

  it.each([
    ['module_width', 0],
    ['module_width', 11],
    ['module_width', 1.5],
    ['module_width', Number.NaN],
    ['height', 9],
    ['height', 301],
    ['height', '69'],
    ['text', 'true'],
    ['quiet_zone', 1],
    ['color', 'black'],
    ['color', '#12345'],
    ['color', '#ggg'],
    ['background', '#fff '],
    ['background', null],
  ])('%s = %j', (name, value) => {
    const errors = expectValidationFailed(() => generate({ ...base, [name]: value }));
    expect(errors).toHaveLength(1);
    expect(errors[0]!.path).toBe(`/${name}`);
    expect(errors[0]!.code).toBe('invalid_option');
  });

  it('reports data and option errors together, data first', () => {
    const errors = expectValidationFailed(() =>
      generate({ type: 'code128', data: '', module_width: 0, color: 'red' }),
    );
    expect(errors.map((error) => error.path)).toEqual(['/data', '/module_width', '/color']);
    expect(errors[1]!.message).toBe('must be an integer from 1 to 10');
  });

  it('an unknown type is a 400 on /type', () => {
    expect(expectValidationFailed(() => generate({ type: 'qr' as 'ean13', data: 'x' }))[0]).toEqual({
      path: '/type',
      code: 'invalid_value',
      message:
        'must be one of ean13, upca, code128, ean8, upce, itf14, gs1-128, qrcode, datamatrix, gs1-qrcode, gs1-datamatrix, dl-qrcode, dl-datamatrix',
    });
  });

  it('the limits themselves are accepted', () => {
    for (const module_width of [1, 10])
      for (const height of [10, 300]) {
        expect(generate({ ...base, module_width, height }).height_px).toBe((height + 12) * module_width);
      }
  });
});

describe('strongEtag', () => {
  it('is the quoted base64url SHA-256 of the body bytes', () => {
    const svg = generateSvg({ type: 'ean13', data: '4006381333931' });
    const expected = `"${createHash('sha256').update(svg, 'utf8').digest('base64url')}"`;
    expect(strongEtag(svg)).toBe(expected);
    expect(strongEtag(Buffer.from(svg))).toBe(expected);
    expect(strongEtag(svg)).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(strongEtag(generateSvg({ type: 'ean13', data: '4006381333931', module_width: 3 }))).not.toBe(
      expected,
    );
  });
});
