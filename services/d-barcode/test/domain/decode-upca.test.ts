import { describe, it, vi } from 'vitest';
import { gs1CheckDigit } from '../../src/domain/index.js';
import { randomDigits, seededRandom } from './helpers/random.js';
import { expectRoundTrip, RENDERINGS, renderingFor } from './helpers/round-trip.js';

// Rendering and scanning hundreds of symbols: slow on a loaded two-core machine, never a timing assertion.
vi.setConfig({ testTimeout: 60_000 });

const EXAMPLES = ['03600029145', '036000291452', '01234567890', '98765432109'];

describe('UPC-A scanned back by ZXing-C++ after rendering with resvg', () => {
  it.each(EXAMPLES)('worked example %s at module widths 1–3, text on and off', async (data) => {
    for (const rendering of RENDERINGS) await expectRoundTrip({ type: 'upca', data, ...rendering });
  });

  it('120 seeded random numbers (11 and 12 digits)', async () => {
    const random = seededRandom(1201);
    for (let n = 0; n < 120; n++) {
      const payload = randomDigits(random, 11);
      const data = n % 2 === 0 ? payload : payload + gs1CheckDigit(payload);
      await expectRoundTrip({ type: 'upca', data, ...renderingFor(n, random) });
    }
  });

  it('without quiet zones, on a white page', async () => {
    const random = seededRandom(1202);
    for (let n = 0; n < 12; n++) {
      await expectRoundTrip(
        { type: 'upca', data: randomDigits(random, 11), quiet_zone: false, ...RENDERINGS[n % 6]! },
        24,
      );
    }
  });
});
