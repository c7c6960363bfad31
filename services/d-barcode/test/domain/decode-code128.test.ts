import { describe, it, vi } from 'vitest';
import { randomCode128Data, seededRandom } from './helpers/random.js';
import { expectRoundTrip, RENDERINGS, renderingFor } from './helpers/round-trip.js';

// Rendering and scanning hundreds of symbols: slow on a loaded two-core machine, never a timing assertion.
vi.setConfig({ testTimeout: 60_000 });

const EXAMPLES = [
  '123456',
  '12345',
  'ab12345',
  'AB1234CD',
  'X1234567890Y12Z123456',
  'Hello, World!',
  '\u0000\u0001\u0002 control \u007f',
  `a<b>&"c'  d`,
  '9'.repeat(80),
  'x',
];

describe('Code 128 scanned back by ZXing-C++ after rendering with resvg', () => {
  it.each(EXAMPLES)('worked example %j at module widths 1–3, text on and off', async (data) => {
    for (const rendering of RENDERINGS) await expectRoundTrip({ type: 'code128', data, ...rendering });
  });

  it('150 seeded random strings of 1–80 characters (digit runs, letters, punctuation, controls)', async () => {
    const random = seededRandom(12801);
    for (let n = 0; n < 150; n++) {
      await expectRoundTrip({ type: 'code128', data: randomCode128Data(random), ...renderingFor(n, random) });
    }
  });

  it('without quiet zones, on a white page', async () => {
    const random = seededRandom(12802);
    for (let n = 0; n < 12; n++) {
      const data = randomCode128Data(random, 30);
      await expectRoundTrip({ type: 'code128', data, quiet_zone: false, ...RENDERINGS[n % 6]! }, 24);
    }
  });
});
