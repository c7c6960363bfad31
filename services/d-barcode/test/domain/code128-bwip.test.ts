import bwipjs from 'bwip-js/node';
import { describe, expect, it } from 'vitest';
import { code128Symbol, generate } from '../../src/domain/index.js';
import { decodeValues } from './helpers/code128-reference.js';
import { randomCode128Data, seededRandom } from './helpers/random.js';

/** bwip-js's own Code 128 encoder: its symbol characters between start and check, from its bar widths. */
function bwipSymbolChars(data: string): number {
  // With `parse`, ^NNN is a character by its decimal code: used for controls, DEL and the caret itself.
  const escaped = data.replace(
    /[\u0000-\u001f\u007f^]/g,
    (c) => `^${String(c.charCodeAt(0)).padStart(3, '0')}`,
  );
  const [symbol] = bwipjs.raw('code128', escaped, { parse: true }) as { sbs: number[] }[];
  const modules = symbol!.sbs.reduce((sum, width) => sum + width, 0);
  expect((modules - 35) % 11).toBe(0);
  return (modules - 35) / 11;
}

describe('Code 128 against bwip-js on seeded random data', () => {
  it('agrees on the spec examples', () => {
    for (const data of ['123456', '12345', 'ab12345', 'AB1234CD']) {
      expect(code128Symbol(data).symbolChars).toBe(bwipSymbolChars(data));
    }
  });

  it('is never longer than bwip-js, and decodes back to the data', () => {
    const random = seededRandom(128);
    for (let i = 0; i < 400; i++) {
      const data = randomCode128Data(random);
      const symbol = code128Symbol(data);
      expect(decodeValues(symbol.values.slice(0, -2))).toBe(data);
      const theirs = bwipSymbolChars(data);
      if (symbol.symbolChars > theirs)
        expect({ data, ours: symbol.symbolChars }).toEqual({ data, ours: theirs });
      expect(generate({ type: 'code128', data }).modules).toBe(11 * symbol.symbolChars + 35 + 20);
    }
  });
});
