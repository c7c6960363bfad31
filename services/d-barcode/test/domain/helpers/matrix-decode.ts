// Independent readers and writers of 2D symbols: ZXing-C++ (zxing-wasm's reader) decodes our SVGs and PNGs;
// zint (zxing-wasm's writer) encodes the same text for a module-by-module comparison. Both .wasm files come
// from node_modules.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule as prepareReader, type ReadResult, readBarcodes } from 'zxing-wasm/reader';
import { prepareZXingModule as prepareWriter, writeBarcode } from 'zxing-wasm/writer';
import { rasterise } from './decode.js';

const require = createRequire(import.meta.url);

function wasm(path: string) {
  const file = require.resolve(path);
  const bytes = readFileSync(file);
  return {
    wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
    locateFile: () => file,
  };
}

let reader: Promise<unknown> | undefined;
let writer: Promise<unknown> | undefined;

export interface MatrixDecoded {
  format: string;
  /** The content bytes as UTF-8 (GS1 separators as U+001D). */
  text: string;
  /** `]Q1`, `]Q2` (ECI), `]Q3` (GS1), `]d1`, `]d2`, … */
  identifier: string;
  version: string;
  ecLevel: string;
  hasECI: boolean;
}

function decoded(results: ReadResult[]): MatrixDecoded[] {
  return results
    .filter((result) => result.isValid)
    .map((result) => ({
      format: result.format,
      text: Buffer.from(result.bytes).toString('utf8'),
      identifier: result.symbologyIdentifier,
      version: result.version,
      ecLevel: result.ecLevel,
      hasECI: result.hasECI,
    }));
}

const OPTIONS = { formats: ['QRCode', 'DataMatrix'], tryHarder: true, textMode: 'Plain' } as const;

/** Renders an SVG (resvg) and reads every QR Code and Data Matrix in it. */
export async function decodeMatrixSvg(svg: string): Promise<MatrixDecoded[]> {
  reader ??= prepareReader({ overrides: wasm('zxing-wasm/reader/zxing_reader.wasm'), fireImmediately: true });
  await reader;
  const image = rasterise(svg);
  return decoded(
    await readBarcodes(
      { data: image.data, width: image.width, height: image.height, colorSpace: 'srgb' },
      {
        ...OPTIONS,
        formats: [...OPTIONS.formats],
      },
    ),
  );
}

/** Reads every QR Code and Data Matrix in PNG bytes (decoded inside the wasm). */
export async function decodeMatrixPng(png: Uint8Array): Promise<MatrixDecoded[]> {
  reader ??= prepareReader({ overrides: wasm('zxing-wasm/reader/zxing_reader.wasm'), fireImmediately: true });
  await reader;
  return decoded(
    await readBarcodes(new Blob([new Uint8Array(png)], { type: 'image/png' }), {
      ...OPTIONS,
      formats: [...OPTIONS.formats],
    }),
  );
}

/** zint's QR Code of `text` at `ecLevel`: its modules (1 dark), row by row. */
export async function zintQr(
  text: string,
  ecLevel: 'L' | 'M' | 'Q' | 'H',
): Promise<{ size: number; dark: number[] }> {
  writer ??= prepareWriter({ overrides: wasm('zxing-wasm/writer/zxing_writer.wasm'), fireImmediately: true });
  await writer;
  const result = await writeBarcode(text, { format: 'QRCode', ecLevel } as Parameters<
    typeof writeBarcode
  >[1]);
  const symbol = result.symbol as unknown as { data: Uint8Array; width: number };
  // zint's symbol holds pixel values: 0 for a dark module.
  return { size: symbol.width, dark: [...symbol.data].map((value) => (value === 0 ? 1 : 0)) };
}
