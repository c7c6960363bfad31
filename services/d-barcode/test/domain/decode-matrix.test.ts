// Each 2D type's SVG and PNG read back by ZXing-C++ (zxing-wasm's reader), with the symbology identifier;
// out of mutation testing for speed (vitest.stryker.config.ts).
import { describe, expect, it, vi } from 'vitest';
import { generate } from '../../src/domain/index.js';
import { decodeMatrixPng, decodeMatrixSvg } from './helpers/matrix-decode.js';

// Wasm readers and writers over many symbols: seconds each on two busy cores.
vi.setConfig({ testTimeout: 60_000 });

describe('2D PNG', () => {
  it('is the SVG rasterised at dots per module, and decodes (ZXing-C++)', async () => {
    for (const [type, data] of [
      ['qrcode', 'Grüße, 世界'],
      ['gs1-datamatrix', '(01)09520123456788(10)ABC1(17)261231'],
    ] as const) {
      const result = generate({ type, data, output: 'png', x_dim_mm: 0.5, dpi: 300 });
      const png = Buffer.from(result.png!, 'base64');
      expect(png.readUInt32BE(16)).toBe(result.width_px);
      expect(png.readUInt32BE(20)).toBe(result.height_px);
      expect((await decodeMatrixPng(png)).map((d) => d.text)).toEqual([result.encoded]);
    }
  });
});

describe('decoding the SVG of each type (ZXing-C++)', () => {
  it('reads each symbol with its symbology identifier', async () => {
    const cases = [
      ['qrcode', 'Text'],
      ['datamatrix', 'Text'],
      ['gs1-qrcode', '(01)09520123456788(10)L1(21)S1'],
      ['gs1-datamatrix', '(01)09520123456788(10)L1(21)S1'],
      ['dl-qrcode', 'https://id.gs1.org/01/09520123456788/10/L1'],
      ['dl-datamatrix', 'https://id.gs1.org/01/09520123456788/10/L1'],
    ] as const;
    for (const [type, data] of cases) {
      const result = generate({ type, data, module_width: 4, version: undefined });
      const [decoded] = await decodeMatrixSvg(result.svg);
      const gs1 = type.startsWith('gs1');
      expect({ type, text: decoded!.text, identifier: decoded!.identifier }).toEqual({
        type,
        text: result.encoded,
        identifier: type.includes('qr') ? (gs1 ? ']Q3' : ']Q1') : gs1 ? ']d2' : ']d1',
      });
    }
  });
});
