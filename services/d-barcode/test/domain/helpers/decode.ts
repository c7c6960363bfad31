import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import { prepareZXingModule, type ReadResult, readBarcodes } from 'zxing-wasm/reader';

const require = createRequire(import.meta.url);
// The reader's .wasm comes from node_modules, never from a CDN: the module gets the bytes and a locator
// that points at the same local file.
const wasmPath = require.resolve('zxing-wasm/reader/zxing_reader.wasm');
const wasmBinary = readFileSync(wasmPath);
let ready: Promise<unknown> | undefined;

function zxing(): Promise<unknown> {
  ready ??= prepareZXingModule({
    overrides: {
      wasmBinary: wasmBinary.buffer.slice(
        wasmBinary.byteOffset,
        wasmBinary.byteOffset + wasmBinary.byteLength,
      ),
      locateFile: () => wasmPath,
    },
    fireImmediately: true,
  });
  return ready;
}

/** A real monospace font shipped in node_modules, so text-on symbols are rendered with their digits. */
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf');

/** Rasterises an SVG at its own pixel size (resvg), text included. */
export function rasterise(svg: string): { data: Uint8ClampedArray; width: number; height: number } {
  const image = new Resvg(svg, {
    font: { loadSystemFonts: false, fontFiles: [FONT], monospaceFamily: 'DejaVu Sans Mono' },
  }).render();
  return { data: new Uint8ClampedArray(image.pixels), width: image.width, height: image.height };
}

/**
 * Places an SVG in a larger white page (`margin` pixels each side), as a printed label sits on paper:
 * lets a symbol generated without quiet zones be scanned.
 */
export function onPage(svg: string, margin: number): string {
  const width = Number(/ width="(\d+)"/.exec(svg)![1]);
  const height = Number(/ height="(\d+)"/.exec(svg)![1]);
  const inner = svg.replace('<svg ', `<svg x="${margin}" y="${margin}" `);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width + 2 * margin}" height="${height + 2 * margin}">` +
    `<rect width="100%" height="100%" fill="#ffffff"/>${inner}</svg>`
  );
}

export interface Decoded {
  format: string;
  /** The decoded bytes as Latin-1 text (every Code 128 byte we emit is ASCII). */
  text: string;
}

/** Renders the SVG to pixels and reads every EAN-13/UPC-A/Code 128 symbol in it with ZXing-C++. */
export async function decodeSvg(
  svg: string,
  formats: NonNullable<Parameters<typeof readBarcodes>[1]>['formats'] = ['EAN13', 'UPCA', 'Code128'],
): Promise<Decoded[]> {
  await zxing();
  const image = rasterise(svg);
  return decodePixels(image, formats);
}

/** Reads every symbol of the given formats in RGBA pixels with ZXing-C++. */
export async function decodePixels(
  image: { data: Uint8ClampedArray; width: number; height: number },
  formats: NonNullable<Parameters<typeof readBarcodes>[1]>['formats'],
  addOns = false,
): Promise<Decoded[]> {
  await zxing();
  const results: ReadResult[] = await readBarcodes(
    { data: image.data, width: image.width, height: image.height, colorSpace: 'srgb' },
    {
      formats,
      tryHarder: true,
      textMode: 'Plain',
      ...(addOns ? { eanAddOnSymbol: 'Require' as const } : {}),
    },
  );
  return results
    .filter((result) => result.isValid)
    .map((result) => ({ format: result.format, text: Buffer.from(result.bytes).toString('latin1') }));
}

/** Reads every symbol of the given formats in an image file (PNG bytes), decoded inside ZXing's wasm (stb_image). */
export async function decodeImageFile(
  bytes: Uint8Array,
  formats: NonNullable<Parameters<typeof readBarcodes>[1]>['formats'],
  addOns = false,
): Promise<Decoded[]> {
  await zxing();
  const results: ReadResult[] = await readBarcodes(new Blob([new Uint8Array(bytes)], { type: 'image/png' }), {
    formats,
    tryHarder: true,
    textMode: 'Plain',
    ...(addOns ? { eanAddOnSymbol: 'Require' as const } : {}),
  });
  return results
    .filter((result) => result.isValid)
    .map((result) => ({ format: result.format, text: Buffer.from(result.bytes).toString('latin1') }));
}
