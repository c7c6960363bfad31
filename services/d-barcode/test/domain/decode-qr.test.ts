// QR Code symbols against independent implementations, slow enough to stay out of mutation testing
// (vitest.stryker.config.ts): 100 random symbols module for module against zint (zxing-wasm's writer), and
// every symbol decoded by ZXing-C++ (zxing-wasm's reader). test/domain/qr.test.ts holds the exact tests.
import { describe, expect, it, vi } from 'vitest';
import { type EcLevel, encodeQr, generate, textUnits } from '../../src/domain/index.js';
import { decodeMatrixSvg, zintQr } from './helpers/matrix-decode.js';
import { randomInt, seededRandom } from './helpers/random.js';

// Wasm readers and writers over many symbols: seconds each on two busy cores.
vi.setConfig({ testTimeout: 60_000 });

const qr = (text: string, ecLevel: EcLevel = 'M', version: number | null = null) =>
  encodeQr({ units: textUnits(text), eci: /[^\u0000-\u007f]/.test(text), fnc1: false, ecLevel, version });

describe('QR Code symbols equal zint module for module', () => {
  const ALPHABET = '0123456789ABCXYZ $%*+-./:abcxyz&?=_';
  const random = seededRandom(4518);
  // Runs of one class of character, so that numeric, alphanumeric and byte segments alternate.
  const sample = () => {
    let text = '';
    const length = randomInt(random, 1, 700);
    while (text.length < length) {
      const from = [ALPHABET.slice(0, 10), ALPHABET.slice(0, 25), ALPHABET][randomInt(random, 0, 2)]!;
      const run = randomInt(random, 1, 40);
      for (let i = 0; i < run; i++) text += from[randomInt(random, 0, from.length - 1)];
    }
    return text.slice(0, length);
  };

  it('for random text at every level (segments, codewords, blocks, placement, mask choice), ties aside', async () => {
    const samples = Array.from(
      { length: 100 },
      (_, n) => [sample(), (['L', 'M', 'Q', 'H'] as const)[n % 4]!] as const,
    );
    const versions = new Set<number>();
    const differing: [string, EcLevel][] = [];
    for (const [data, level] of samples) {
      const ours = qr(data, level);
      versions.add(ours.version);
      const theirs = await zintQr(data, level);
      expect({ data, level, size: ours.size }).toEqual({ data, level, size: theirs.size });
      if ([...ours.dark].join('') !== theirs.dark.join('')) differing.push([data, level]);
    }
    // Segmentations of equal bits may differ (the spec leaves ties free): a few symbols may then differ, and
    // each of those must still decode to its data.
    expect(differing.length).toBeLessThanOrEqual(3);
    for (const [data, level] of differing) {
      const { svg } = generate({ type: 'qrcode', data, ec_level: level, module_width: 2 });
      expect((await decodeMatrixSvg(svg)).map((d) => d.text)).toEqual([data]);
    }
    // Small and multi-block versions, with and without version information.
    expect(Math.min(...versions)).toBeLessThanOrEqual(2);
    expect(Math.max(...versions)).toBeGreaterThanOrEqual(10);
  });
});

describe('every QR Code symbol decodes (ZXing-C++) to its data', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['HELLO WORLD', { ec_level: 'Q' }],
    ['Grüße, 世界', {}],
    ['emoji 😀 and text', { ec_level: 'H' }],
    ['0123456789'.repeat(40), { ec_level: 'L' }],
    ['Mixed 12345678901234567890 CASE and lower', { version: 10 }],
    ['x'.repeat(1000), { ec_level: 'L' }],
    ['%', { quiet_zone: true, module_width: 1 }],
  ];

  it.each(cases)('%j %j', async (data, options) => {
    const result = generate({ type: 'qrcode', data, module_width: 3, ...options });
    const decoded = await decodeMatrixSvg(result.svg);
    const eci = /[^\u0000-\u007f]/.test(data);
    expect(decoded).toEqual([
      {
        format: 'QRCode',
        text: data,
        identifier: ']Q1',
        version: String(result.matrix!.version),
        ecLevel: result.matrix!.ec_level,
        hasECI: eci,
      },
    ]);
  });

  it.each([
    '(01)09520123456788(10)ABC1(17)261231',
    '(01)09501101530003(8005)000365(10)AB1',
    '(01)09520123456788(10)A%B%(21)x%y(17)261231',
    '(235)TPX-0001(01)09520123456788',
  ])('gs1-qrcode %s: ]Q3 and the element string with GS separators', async (data) => {
    const result = generate({ type: 'gs1-qrcode', data, module_width: 3 });
    const decoded = await decodeMatrixSvg(result.svg);
    expect(decoded.map(({ text, identifier }) => ({ text, identifier }))).toEqual([
      { text: result.encoded, identifier: ']Q3' },
    ]);
  });

  it('dl-qrcode: the URI as plain text', async () => {
    const data = 'https://example.com/01/09520123456788/21/ABC%2F1?17=261231';
    const decoded = await decodeMatrixSvg(generate({ type: 'dl-qrcode', data, module_width: 3 }).svg);
    expect(decoded.map(({ text, identifier }) => [text, identifier])).toEqual([[data, ']Q1']]);
  });
});
