import { describe, expect, it, vi } from 'vitest';
import { type GenerateInput, generate } from '../../src/domain/index.js';
import { decodeImageFile } from './helpers/decode.js';

// Rendering and scanning PNGs: slow on a loaded two-core machine, never a timing assertion.
vi.setConfig({ testTimeout: 60_000 });

const FORMATS = ['EAN8', 'UPCE', 'EAN13', 'UPCA', 'ITF', 'Code128'] as const;
const pngOf = (input: GenerateInput) => Buffer.from(generate({ ...input, output: 'png' }).png!, 'base64');

describe('PNGs scanned back by ZXing-C++ (its own PNG decoder)', () => {
  it.each<[GenerateInput, string]>([
    [{ type: 'ean13', data: '400638133393', x_dim_mm: 0.33 }, '4006381333931'],
    [{ type: 'upca', data: '03600029145', module_width: 2 }, '0036000291452'],
    [{ type: 'ean8', data: '9501234', x_dim_mm: 0.33, dpi: 203 }, '95012346'],
    [{ type: 'upce', data: '0012345', module_width: 3 }, '0001234000057'],
    [{ type: 'itf14', data: '1540014128876', module_width: 4 }, '15400141288763'],
    [{ type: 'itf14', data: '1540014128876', x_dim_mm: 0.508, dpi: 300, ratio: 3 }, '15400141288763'],
    [{ type: 'code128', data: 'Hello, world', module_width: 2 }, 'Hello, world'],
    [
      { type: 'gs1-128', data: '(01)09501101530003(8005)000365(10)AB1', x_dim_mm: 0.254 },
      '01095011015300038005000365\u001d10AB1',
    ],
  ])('%j', async (input, text) => {
    const decoded = await decodeImageFile(pngOf(input), [...FORMATS]);
    expect(decoded.map((d) => d.text)).toEqual([text]);
  });

  it('an EAN-13 with an EAN-5 add-on', async () => {
    const decoded = await decodeImageFile(
      pngOf({ type: 'ean13', data: '400638133393', addon: '52495' }),
      ['EAN13'],
      true,
    );
    expect(decoded.map((d) => d.text)).toEqual(['400638133393152495']);
  });
});
