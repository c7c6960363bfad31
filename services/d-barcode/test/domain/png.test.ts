import { inflateSync } from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it, vi } from 'vitest';
import {
  encodePng,
  type GenerateInput,
  generate,
  PNG_FONT_FILE,
  pngDimensions,
  strongEtag,
} from '../../src/domain/index.js';
import { expectUnprocessable } from './helpers/problems.js';

// Rendering PNGs: slow on a loaded two-core machine, never a timing assertion.
vi.setConfig({ testTimeout: 60_000 });

/** The chunks of a PNG file, read by hand: type → data. */
function chunks(png: Buffer): Map<string, Buffer> {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const found = new Map<string, Buffer>();
  let at = 8;
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    found.set(png.toString('latin1', at + 4, at + 8), png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return found;
}

const pngOf = (input: GenerateInput) => Buffer.from(generate({ ...input, output: 'png' }).png!, 'base64');

/** The RGB rows of an 8-bit RGB PNG, unfiltered as PNG §9.2 says for each of the five filter types. */
function rgbRows(png: Buffer): Buffer[] {
  const parts = chunks(png);
  const width = parts.get('IHDR')!.readUInt32BE(0);
  const raw = inflateSync(parts.get('IDAT')!);
  const stride = width * 3;
  const rows: Buffer[] = [];
  let previous = Buffer.alloc(stride);
  for (let at = 0; at < raw.length; at += stride + 1) {
    const filter = raw[at]!;
    const row = Buffer.from(raw.subarray(at + 1, at + 1 + stride));
    for (let i = 0; i < stride; i++) {
      const left = i >= 3 ? row[i - 3]! : 0;
      const up = previous[i]!;
      const upLeft = i >= 3 ? previous[i - 3]! : 0;
      const p = left + up - upLeft;
      const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
      const paeth = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      const predictor = [0, left, up, Math.floor((left + up) / 2), paeth][filter];
      if (predictor === undefined) throw new Error(`filter type ${filter}`);
      row[i] = (row[i]! + predictor) & 0xff;
    }
    rows.push(row);
    previous = row;
  }
  return rows;
}

describe('output=png', () => {
  it('W·dpm × H·dpm pixels, pHYs = round(dpi / 0.0254) per metre, 8-bit RGB', () => {
    const result = generate({ type: 'ean13', data: '400638133393', output: 'png', x_dim_mm: 0.33, dpi: 600 });
    const parts = chunks(Buffer.from(result.png!, 'base64'));
    expect([...parts.keys()]).toEqual(['IHDR', 'pHYs', 'IDAT', 'IEND']);
    const header = parts.get('IHDR')!;
    expect([header.readUInt32BE(0), header.readUInt32BE(4)]).toEqual([113 * 8, 82 * 8]);
    expect([result.width_px, result.height_px]).toEqual([113 * 8, 82 * 8]);
    expect([...header.subarray(8)]).toEqual([8, 2, 0, 0, 0]);
    const phys = parts.get('pHYs')!;
    expect([phys.readUInt32BE(0), phys.readUInt32BE(4), phys[8]]).toEqual([23622, 23622, 1]);
    expect(inflateSync(parts.get('IDAT')!).length).toBe((113 * 8 * 3 + 1) * 82 * 8);
  });

  it('is deterministic: the same request gives the same bytes and ETag', () => {
    const input: GenerateInput = {
      type: 'gs1-128',
      data: '(01)09501101530003(10)AB1',
      output: 'png',
      module_width: 3,
    };
    const first = generate(input).png!;
    expect(generate(input).png).toBe(first);
    expect(strongEtag(Buffer.from(first, 'base64'))).toBe(
      strongEtag(Buffer.from(generate(input).png!, 'base64')),
    );
    expect(generate({ ...input, dpi: 600 }).png).not.toBe(first); // pHYs differs
  });

  it('bars land on whole pixels: the first bar of EAN-13 at 3 px per module is 3 px of pure colour', () => {
    const png = pngOf({ type: 'ean13', data: '400638133393', module_width: 3, text: false });
    const rows = rgbRows(png);
    const row = rows[40]!; // a row well inside the bars, which only repeats the one above
    const px = (x: number) => [...row.subarray(x * 3, x * 3 + 3)];
    expect(px(32)).toEqual([255, 255, 255]);
    expect([px(33), px(34), px(35)]).toEqual([
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ]);
    expect(px(36)).toEqual([255, 255, 255]);
  });

  it('draws the human-readable text with the shipped font (dark pixels in the text band)', () => {
    const dark = (text: boolean) => {
      const png = pngOf({ type: 'code128', data: 'ABC', module_width: 2, text, quiet_zone: true });
      const rows = rgbRows(png);
      expect(rows[0]!.length).toBe((11 * 3 + 35 + 20) * 2 * 3);
      let count = 0;
      for (const row of rows.slice(69 * 2)) for (const value of row) if (value < 128) count++;
      return count;
    };
    expect(dark(false)).toBe(0);
    expect(dark(true)).toBeGreaterThan(100);
  });

  it('encodePng: a 2×1 image, known bytes', () => {
    const png = encodePng(new Uint8Array([255, 0, 0, 255, 0, 0, 255, 255]), 2, 1, 254);
    const parts = chunks(png);
    expect([...inflateSync(parts.get('IDAT')!)]).toEqual([0, 255, 0, 0, 0, 0, 255]);
    // zlib at level 6 (header 78 9c), so the bytes are the same wherever the service runs this Node.
    expect(parts.get('IDAT')!.toString('hex')).toBe('789c63f8cfc0c0c0f01f00070001ff');
    expect(parts.get('pHYs')!.readUInt32BE(0)).toBe(10000);
    expect(png.subarray(-12).toString('hex')).toBe('0000000049454e44ae426082');
  });

  it('pngDimensions: W·dpm × H·dpm, at most 16,000,000 pixels', () => {
    expect(pngDimensions({ width: 200, height: 200 }, 20)).toEqual({ width: 4000, height: 4000 });
    expect(expectUnprocessable(() => pngDimensions({ width: 200, height: 201 }, 20), 'png_too_large')).toBe(
      'the PNG would be 4000×4020 = 16080000 pixels, at most 16000000',
    );
  });

  it('encodePng: every row starts with its filter byte (a 1×2 image)', () => {
    const png = encodePng(new Uint8Array([1, 2, 3, 255, 4, 5, 6, 255]), 1, 2, 72);
    expect([...inflateSync(chunks(png).get('IDAT')!)]).toEqual([0, 1, 2, 3, 0, 4, 5, 6]);
  });

  it('encodePng: a row equal to the one above is Up (all zeros), any other None; alpha counts', () => {
    const a = [1, 2, 3, 255];
    const b = [4, 5, 6, 255];
    const aSeeThrough = [1, 2, 3, 0];
    const png = encodePng(new Uint8Array([...a, ...a, ...a, ...b, ...aSeeThrough]), 1, 5, 72);
    expect([...inflateSync(chunks(png).get('IDAT')!)]).toEqual([
      ...[0, 1, 2, 3],
      ...[2, 0, 0, 0],
      ...[2, 0, 0, 0],
      ...[0, 4, 5, 6],
      ...[0, 1, 2, 3],
    ]);
    expect(chunks(png).get('IDAT')!.subarray(0, 2).toString('hex')).toBe('789c');
    // Two pixels a row: a row differing only in its last pixel is not a repeat.
    const wide = encodePng(new Uint8Array([...a, ...a, ...a, ...b]), 2, 2, 72);
    expect([...inflateSync(chunks(wide).get('IDAT')!)]).toEqual([0, 1, 2, 3, 1, 2, 3, 0, 1, 2, 3, 4, 5, 6]);
    expect(rgbRows(wide).map((row) => [...row])).toEqual([
      [1, 2, 3, 1, 2, 3],
      [1, 2, 3, 4, 5, 6],
    ]);
  });

  it('a whole symbol unfiltered is exactly the image resvg draws of its SVG (pixels are the contract)', () => {
    const result = generate({ type: 'ean13', data: '400638133393', output: 'png', x_dim_mm: 0.33 });
    const rows = rgbRows(Buffer.from(result.png!, 'base64'));
    const drawn = new Resvg(result.svg!, {
      fitTo: { mode: 'width', value: result.width_px! },
      font: { loadSystemFonts: false, fontFiles: [PNG_FONT_FILE], monospaceFamily: 'DejaVu Sans Mono' },
    }).render();
    expect([rows.length, rows[0]!.length / 3]).toEqual([drawn.height, drawn.width]);
    const rgb = Buffer.alloc(drawn.width * drawn.height * 3);
    drawn.pixels.forEach((value, i) => {
      if (i % 4 !== 3) rgb[i - Math.floor(i / 4)] = value;
    });
    expect(Buffer.concat(rows).equals(rgb)).toBe(true);
    // Most rows repeat the one above (written as Up rows), and the first is black bars on white.
    expect(rows.filter((row, y) => y > 0 && row.equals(rows[y - 1]!)).length).toBeGreaterThan(
      rows.length / 2,
    );
    expect(new Set(rows[0]!)).toEqual(new Set([0, 255]));
  });

  it('png_too_large names /dpi', () => {
    try {
      pngDimensions({ width: 5000, height: 5000 }, 1);
    } catch (error) {
      expect((error as { errors?: unknown }).errors).toEqual([
        {
          path: '/dpi',
          code: 'png_too_large',
          message: 'the PNG would be 5000×5000 = 25000000 pixels, at most 16000000',
        },
      ]);
      return;
    }
    throw new Error('not refused');
  });

  it('over 16,000,000 pixels is a 422 png_too_large', () => {
    expect(
      expectUnprocessable(
        () =>
          generate({ type: 'gs1-128', data: `(91)${'A'.repeat(90)}`, output: 'png', x_dim_mm: 2, dpi: 1200 }),
        'png_too_large',
      ),
    ).toMatch(/^the PNG would be \d+×\d+ = \d+ pixels, at most 16000000$/);
  });
});
