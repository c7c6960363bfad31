import { describe, expect, it } from 'vitest';
import { type GenerateInput, generate } from '../../src/domain/index.js';

const textOf = (input: GenerateInput) => /<text[\s\S]*<\/text>/.exec(generate(input).svg)?.[0] ?? null;
const pathOf = (input: GenerateInput) =>
  /<path fill="#[0-9a-f]{6}" d="([^"]*)"/.exec(generate(input).svg)![1]!;
const FONT = 'font-family="OCR-B, OCRB, monospace" font-size="10" text-anchor="middle" fill="#000000"';

describe('the human-readable text of the GS1 family, placed exactly', () => {
  it('EAN-8: four digits centred under each half, baseline 10 below the bars', () => {
    expect(textOf({ type: 'ean8', data: '9501234' })).toBe(
      `<text x="13.5 20.5 27.5 34.5 46.5 53.5 60.5 67.5" y="65" ${FONT}>95012346</text>`,
    );
    expect(textOf({ type: 'ean8', data: '9501234', quiet_zone: false })).toBe(
      `<text x="6.5 13.5 20.5 27.5 39.5 46.5 53.5 60.5" y="65" ${FONT}>95012346</text>`,
    );
    expect(generate({ type: 'ean8', data: '9501234', quiet_zone: false }).modules).toBe(67);
  });

  it('UPC-E: first and last digits smaller beside the bars, six under them; zones kept for text', () => {
    const expected =
      `<text y="79" ${FONT}><tspan x="4.5" font-size="7">0</tspan>` +
      '<tspan x="15.5 22.5 29.5 36.5 43.5 50.5">012345</tspan><tspan x="63.5" font-size="7">7</tspan></text>';
    expect(textOf({ type: 'upce', data: '0012345' })).toBe(expected);
    expect(textOf({ type: 'upce', data: '0012345', quiet_zone: false })).toBe(expected);
    expect(generate({ type: 'upce', data: '0012345', quiet_zone: false, text: false }).modules).toBe(51);
    expect(generate({ type: 'upce', data: '0012345', text: false }).height_px).toBe((69 + 5) * 2);
  });

  it('add-ons: digits above the add-on bars (baseline 10), after a space centred in the gap', () => {
    expect(textOf({ type: 'upca', data: '03600029145', addon: '12' })).toBe(
      `<text y="79" ${FONT}><tspan x="4.5" font-size="7">0</tspan>` +
        '<tspan x="22.5 29.5 36.5 43.5 50.5 62.5 69.5 76.5 83.5 90.5">3600029145</tspan>' +
        '<tspan x="108.5" font-size="7">2</tspan><tspan x="108.5 120.5 129.5" y="10"> 12</tspan></text>',
    );
    expect(textOf({ type: 'ean13', data: '400638133393', addon: '12' })).toBe(
      `<text y="79" ${FONT}><tspan x="5.5 17.5 24.5 31.5 38.5 45.5 52.5 64.5 71.5 78.5 85.5 92.5 99.5">` +
        '4006381333931</tspan><tspan x="109.5 120.5 129.5" y="10"> 12</tspan></text>',
    );
    expect(generate({ type: 'upce', data: '0012345', addon: '12' }).modules).toBe(9 + 51 + 7 + 20 + 5);
    expect(generate({ type: 'upce', data: '0012345', addon: '12', quiet_zone: false }).modules).toBe(
      9 + 51 + 7 + 20,
    );
    // The add-on's first bar: from y = 12 to height + 5 with text, from 0 without.
    expect(pathOf({ type: 'ean13', data: '400638133393', addon: '12', height: 40 })).toContain(
      'M113 12h1v33h-1z',
    );
    expect(pathOf({ type: 'ean13', data: '400638133393', addon: '12', height: 40, text: false })).toContain(
      'M113 0h1v45h-1z',
    );
  });

  it('ITF-14: the 14 digits centred under the symbol, below the frame', () => {
    expect(textOf({ type: 'itf14', data: '1540014128876' })).toBe(
      `<text x="75.25" y="89" ${FONT}>15400141288763</text>`,
    );
    expect(textOf({ type: 'itf14', data: '1540014128876', bearer: 'none', ratio: 3 })).toBe(
      `<text x="77.5" y="79" ${FONT}>15400141288763</text>`,
    );
    expect(textOf({ type: 'itf14', data: '1540014128876', text: false })).toBeNull();
    expect(generate({ type: 'itf14', data: '1540014128876', text: false }).height_px).toBe((5 + 69 + 5) * 2);
    expect(generate({ type: 'itf14', data: '1540014128876', bearer: 'bars' })).toMatchObject({
      modules: 141,
      height_px: (5 + 69 + 5 + 12) * 2,
    });
  });

  it('ITF-14 bars: start at the quiet zone under the bearer, frame pieces in path order', () => {
    expect(pathOf({ type: 'itf14', data: '1540014128876', bearer: 'bars' })).toMatch(
      /^M0 0h141v5h-141zM10 5h1v69h-1zM12 5h1v69h-1zM14 5h2\.5v69h-2\.5z.*M0 74h141v5h-141z$/,
    );
    expect(pathOf({ type: 'itf14', data: '1540014128876' })).toMatch(
      /^M0 5h5v69h-5zM0 0h151v5h-151zM15 5h1v69h-1zM17 5h1v69h-1zM19 5h2\.5v.*M0 74h151v5h-151zM146 5h5v69h-5z$/,
    );
    expect(pathOf({ type: 'itf14', data: '1540014128876', bearer: 'none' })).toMatch(
      /^M10 0h1v69h-1zM12 0h1v69h-1zM14 0h2\.5v69h-2\.5z.*M126 0h2\.5v69h-2\.5zM129\.5 0h1v69h-1z$/,
    );
  });

  it('GS1-128: the element string with its parentheses, XML-escaped, centred', () => {
    expect(textOf({ type: 'gs1-128', data: '(10)A&B' })).toBe(
      `<text x="60.5" y="79" ${FONT} xml:space="preserve">(10)A&amp;B</text>`,
    );
    expect(generate({ type: 'gs1-128', data: '(10)A&B', text: false })).toMatchObject({
      height_px: 138,
      modules: 121,
    });
    expect(generate({ type: 'gs1-128', data: '(10)A&B', quiet_zone: false }).modules).toBe(101);
  });
});
