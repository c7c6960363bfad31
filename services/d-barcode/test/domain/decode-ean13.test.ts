import { describe, it, vi } from 'vitest';
import { gs1CheckDigit } from '../../src/domain/index.js';
import { randomDigits, seededRandom } from './helpers/random.js';
import { expectRoundTrip, RENDERINGS, renderingFor } from './helpers/round-trip.js';

// Rendering and scanning hundreds of symbols: slow on a loaded two-core machine, never a timing assertion.
vi.setConfig({ testTimeout: 60_000 });

const EXAMPLES = [
  '400638133393',
  '4006381333931',
  '978030640615',
  '501234567890',
  '0360002914522',
  '0036000291452',
];

describe('EAN-13 scanned back by ZXing-C++ after rendering with resvg', () => {
  it.each(EXAMPLES)('worked example %s at module widths 1–3, text on and off', async (data) => {
    for (const rendering of RENDERINGS) await expectRoundTrip({ type: 'ean13', data, ...rendering });
  });

  it('120 seeded random numbers (12 and 13 digits, every leading digit)', async () => {
    const random = seededRandom(1301);
    for (let n = 0; n < 120; n++) {
      const payload = String(n % 10) + randomDigits(random, 11);
      // Half are given with their check digit (verified), half without (computed).
      const data = n % 2 === 0 ? payload : payload + gs1CheckDigit(payload);
      await expectRoundTrip({ type: 'ean13', data, ...renderingFor(n, random) });
    }
  });

  it('without quiet zones, on a white page', async () => {
    const random = seededRandom(1302);
    for (let n = 0; n < 12; n++) {
      const data = randomDigits(random, 12);
      await expectRoundTrip({ type: 'ean13', data, quiet_zone: false, ...RENDERINGS[n % 6]! }, 24);
    }
  });
});
