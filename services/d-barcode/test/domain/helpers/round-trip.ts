import { expect } from 'vitest';
import { type GenerateInput, generate } from '../../../src/domain/index.js';
import { decodeSvg, onPage } from './decode.js';
import { randomInt } from './random.js';

/** What ZXing reads back: EAN-13 and Code 128 as encoded; UPC-A as 13 digits with a leading 0. */
export function expectedScan(input: GenerateInput): string {
  const { type, encoded } = generate(input);
  return type === 'upca' ? `0${encoded}` : encoded;
}

/** Generates, rasterises and decodes one symbol, asserting exactly one symbol with the expected text. */
export async function expectRoundTrip(input: GenerateInput, page = 0): Promise<void> {
  const { svg } = generate(input);
  const decoded = await decodeSvg(page > 0 ? onPage(svg, page) : svg);
  expect({ input, decoded: decoded.map((d) => d.text) }).toEqual({ input, decoded: [expectedScan(input)] });
}

/** The six renderings each worked example is scanned in: module widths 1–3, text on and off. */
export const RENDERINGS = [1, 2, 3].flatMap((module_width) =>
  [true, false].map((text) => ({ module_width, text })),
);

/** A rendering for the n-th random input: widths and text cycle, heights and colours vary. */
export function renderingFor(n: number, random: () => number) {
  const dark = ['#000', '#000000', '#1a237e', '#004d40', '#3E2723'];
  const light = ['#fff', '#ffffff', '#fffde7', '#E0F7FA', '#fafafa'];
  return {
    ...RENDERINGS[n % RENDERINGS.length]!,
    height: randomInt(random, 10, 120),
    color: dark[randomInt(random, 0, dark.length - 1)]!,
    background: light[randomInt(random, 0, light.length - 1)]!,
  };
}
