import { createRequire } from 'node:module';
import { crc32, deflateSync } from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import { domainError } from './errors.js';

const require = createRequire(import.meta.url);
/**
 * The font the PNG's text is drawn with: DejaVu Sans Mono from the `dejavu-fonts-ttf` package (a runtime
 * dependency; Bitstream Vera licence), standing in for the SVG's OCR-B/monospace. No system font is loaded,
 * so the pixels depend only on the request.
 */
export const PNG_FONT_FILE = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf');
export const PNG_FONT_FAMILY = 'DejaVu Sans Mono';
/** Largest PNG drawn, in pixels (about 64 MB of RGBA while rendering). */
export const PNG_MAX_PIXELS = 16_000_000;

/** resvg's fonts: the shipped file only, as the monospace family the SVG's text falls back to. */
const FONT_OPTIONS = {
  loadSystemFonts: false,
  fontFiles: [PNG_FONT_FILE],
  monospaceFamily: PNG_FONT_FAMILY,
};

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG file (8-bit RGB over an opaque background, zlib at level 6) of RGBA pixels, with `pHYs` =
 * round(dpi / 0.0254) pixels per metre both ways. A row equal to the one above is written with filter 2
 * (Up), which makes it all zeros; any other row with filter 0 (None). A barcode's rows mostly repeat the
 * one above, so zlib sees long runs of zeros: EAN-13 at 4 dots per module encodes in ~1.5 ms to 3.8 KB,
 * where every row unfiltered at level 9 took ~6.8 ms for 4.6 KB. Pure: the same pixels give the same bytes.
 */
export function encodePng(rgba: Uint8Array, width: number, height: number, dpi: number): Buffer {
  const stride = width * 3 + 1;
  const rowBytes = width * 4;
  const raw = Buffer.alloc(stride * height); // zeros: an Up row needs only its filter byte
  const pixels = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  // Stryker disable next-line EqualityOperator: a row past the last would write past the buffer, a no-op
  for (let y = 0; y < height; y++) {
    const from = y * rowBytes;
    let out = y * stride;
    if (y > 0 && pixels.compare(pixels, from - rowBytes, from, from, from + rowBytes) === 0) {
      raw[out] = 2;
      continue;
    }
    out++; // filter 0
    for (let x = 0; x < width; x++) {
      const i = from + x * 4;
      raw[out++] = rgba[i]!;
      raw[out++] = rgba[i + 1]!;
      raw[out++] = rgba[i + 2]!;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type 2 (RGB), deflate, filter 0, no interlace
  const perMetre = Math.round(dpi / 0.0254);
  const phys = Buffer.alloc(9);
  phys.writeUInt32BE(perMetre, 0);
  phys.writeUInt32BE(perMetre, 4);
  phys[8] = 1; // unit: metre
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('pHYs', phys),
    chunk('IDAT', deflateSync(raw)), // zlib's default level, 6
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The PNG's size for a symbol of `modules` at `dotsPerModule` pixels per module (W·dpm × H·dpm); over
 * PNG_MAX_PIXELS is a 422 `png_too_large` on `/dpi`.
 */
export function pngDimensions(
  modules: { width: number; height: number },
  dotsPerModule: number,
): { width: number; height: number } {
  const width = modules.width * dotsPerModule;
  const height = modules.height * dotsPerModule;
  if (width * height > PNG_MAX_PIXELS) {
    throw domainError(
      'png_too_large',
      `the PNG would be ${width}×${height} = ${width * height} pixels, at most ${PNG_MAX_PIXELS}`,
      undefined,
      '/dpi',
    );
  }
  return { width, height };
}

/**
 * The SVG rasterised by resvg at `dotsPerModule` pixels per module (W·dpm × H·dpm), text in the shipped
 * font, written as a PNG at `dpi`.
 */
export function renderPng(
  svg: string,
  modules: { width: number; height: number },
  dotsPerModule: number,
  dpi: number,
): Buffer {
  const { width } = pngDimensions(modules, dotsPerModule);
  const image = new Resvg(svg, { fitTo: { mode: 'width', value: width }, font: FONT_OPTIONS }).render();
  return encodePng(image.pixels, image.width, image.height, dpi);
}
