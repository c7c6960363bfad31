// Data Matrix symbols decoded by ZXing-C++ (zxing-wasm's reader), out of mutation testing for speed
// (vitest.stryker.config.ts); test/domain/datamatrix.test.ts holds the exact tests (bwip-js module for module).
import { describe, expect, it, vi } from 'vitest';
import { generate } from '../../src/domain/index.js';
import { decodeMatrixSvg } from './helpers/matrix-decode.js';

// Wasm readers and writers over many symbols: seconds each on two busy cores.
vi.setConfig({ testTimeout: 60_000 });

describe('every Data Matrix symbol decodes (ZXing-C++) to its data', () => {
  it.each([
    ['Hello World', {}],
    ['Grüße, 世界', {}],
    ['0123456789'.repeat(9), { size: 'rectangle' }],
    ['line\nbreak\ttab', { size: '32x32' }],
    ['x'.repeat(1200), {}],
  ] as const)('%j %j', async (data, options) => {
    const result = generate({ type: 'datamatrix', data, module_width: 3, ...options });
    const decoded = await decodeMatrixSvg(result.svg);
    expect(
      decoded.map(({ text, version, hasECI, identifier }) => ({ text, version, hasECI, identifier })),
    ).toEqual([
      {
        text: data,
        version: `${result.matrix!.rows}x${result.matrix!.columns}`,
        hasECI: result.matrix!.eci === 26,
        identifier: ']d1',
      },
    ]);
  });

  it.each([
    '(01)09520123456788(10)ABC1(17)261231',
    '(01)09501101530003(8005)000365(10)AB1',
    '(10)1(21)2(30)12',
  ])('gs1-datamatrix %s: ]d2 and the element string with GS separators', async (data) => {
    const result = generate({ type: 'gs1-datamatrix', data, module_width: 3 });
    const decoded = await decodeMatrixSvg(result.svg);
    expect(decoded.map(({ text, identifier }) => ({ text, identifier }))).toEqual([
      { text: result.encoded, identifier: ']d2' },
    ]);
  });

  it('dl-datamatrix: the URI as plain text', async () => {
    const data = 'https://id.gs1.org/01/09520123456788/10/ABC1?17=261231';
    const decoded = await decodeMatrixSvg(generate({ type: 'dl-datamatrix', data, module_width: 3 }).svg);
    expect(decoded.map(({ text, identifier }) => [text, identifier])).toEqual([[data, ']d1']]);
  });
});
