import { describe, expect, it, vi } from 'vitest';
import { type GenerateInput, generate, gs1CheckDigit } from '../../src/domain/index.js';
import { decodePixels, onPage, rasterise } from './helpers/decode.js';
import { randomDigits, seededRandom } from './helpers/random.js';
import { RENDERINGS, renderingFor } from './helpers/round-trip.js';

// Rendering and scanning hundreds of symbols: slow on a loaded two-core machine, never a timing assertion.
vi.setConfig({ testTimeout: 60_000 });

const FORMATS = ['EAN8', 'UPCE', 'EAN13', 'UPCA', 'ITF', 'Code128'] as const;

/** What ZXing-C++ sends for a symbol: UPC-E as its UPC-A with a leading 0; an add-on's digits appended. */
function expectedScan(input: GenerateInput): string {
  const result = generate(input);
  const main =
    result.type === 'upce'
      ? `0${result.upca}`
      : result.type === 'upca'
        ? `0${result.encoded}`
        : result.encoded;
  return main + (result.addon ?? '');
}

async function expectScan(input: GenerateInput, page = 0): Promise<void> {
  const { svg } = generate(input);
  const image = rasterise(page > 0 ? onPage(svg, page) : svg);
  const decoded = await decodePixels(image, [...FORMATS], input.addon !== undefined);
  expect({ input, decoded: decoded.map((d) => d.text) }).toEqual({ input, decoded: [expectedScan(input)] });
}

describe('the GS1 family scanned back by ZXing-C++ from the SVG (resvg)', () => {
  it('worked examples at module widths 1–3, text on and off', async () => {
    const examples: GenerateInput[] = [
      { type: 'ean8', data: '9501234' },
      { type: 'upce', data: '0012345' },
      { type: 'upce', data: '001234000057' },
      { type: 'itf14', data: '1540014128876' },
      { type: 'gs1-128', data: '(01)09501101530003(17)261231(10)AB-123' },
      { type: 'gs1-128', data: '(01)09501101530003(8005)000365(10)AB1' },
    ];
    for (const example of examples) {
      for (const rendering of RENDERINGS) {
        // ITF-14's wide bars are 2.5 modules: at 1 px per module they cannot land on whole pixels.
        if (example.type === 'itf14' && rendering.module_width === 1) continue;
        await expectScan({ ...example, ...rendering });
      }
    }
  });

  it('seeded random EAN-8, UPC-E and ITF-14 (every bearer, ratios 2.25–3.0), varied heights and colours', async () => {
    const random = seededRandom(2026);
    for (let n = 0; n < 30; n++) {
      const rendering = renderingFor(n, random);
      await expectScan({ type: 'ean8', data: randomDigits(random, 7), ...rendering });
      await expectScan({ type: 'upce', data: String(n % 2) + randomDigits(random, 6), ...rendering });
      const itf = randomDigits(random, 13);
      await expectScan({
        type: 'itf14',
        data: n % 2 === 0 ? itf : itf + gs1CheckDigit(itf),
        bearer: (['box', 'bars', 'none'] as const)[n % 3],
        ratio: [2.25, 2.5, 2.75, 3][n % 4],
        ...rendering,
        // 4 px per module puts every ratio's wide bar on whole pixels (9, 10, 11, 12 px).
        module_width: 4,
        height: Math.max(rendering.height, 30),
      });
    }
  });

  it('EAN-2 and EAN-5 add-ons on EAN-13, UPC-A and UPC-E', async () => {
    for (const [type, data] of [
      ['ean13', '400638133393'],
      ['upca', '03600029145'],
      ['upce', '0012345'],
    ] as const) {
      for (const addon of ['12', '97', '52495', '00000']) {
        for (const rendering of RENDERINGS.slice(2)) await expectScan({ type, data, addon, ...rendering });
      }
    }
  });

  it('GS1-128 and ITF-14 without quiet zones, on a white page', async () => {
    await expectScan({ type: 'gs1-128', data: '(00)095011015000000013(20)12', quiet_zone: false }, 30);
    await expectScan({ type: 'itf14', data: '1540014128876', quiet_zone: false, bearer: 'none' }, 30);
  });
});
