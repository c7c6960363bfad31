import { isProblemError } from '@dus/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  convertPace,
  convertSpeed,
  paceReport,
  predict,
  projectFinish,
  splits,
  vdotReport,
  zonesFromPerformance,
  zonesFromVdot,
} from '../../src/domain/index.js';

/** Every number in a result is finite (JSON has no Infinity or NaN), found without recursion. */
function expectAllFinite(value: unknown): void {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'number') expect(Number.isFinite(item)).toBe(true);
    else if (typeof item === 'object' && item !== null) stack.push(...Object.values(item));
  }
}

/** The call either returns a JSON-safe result or throws a 422 ProblemError: never anything else. */
function expectResultOr422(run: () => unknown): void {
  let result: unknown;
  try {
    result = run();
  } catch (error) {
    expect(isProblemError(error) && error.status === 422).toBe(true);
    return;
  }
  expectAllFinite(result);
}

// The parsers' limits: 1 m to 1000 km, 0.1 s to 7 days, 0.01 to 1000 km/h.
const distance = fc.double({ min: 1, max: 1_000_000, noNaN: true });
const time = fc.double({ min: 0.1, max: 604_800, noNaN: true });
const anyNumber = fc.oneof(fc.double(), fc.integer());

describe('every input within the parsers limits gives a finite result or a 422', () => {
  it('pace, convert', () => {
    fc.assert(
      fc.property(distance, time, fc.double({ min: 3.6, max: 360_000, noNaN: true }), (d, t, spk) => {
        expectResultOr422(() => paceReport(d, t));
        expectResultOr422(() => convertPace(spk));
        expectResultOr422(() => convertSpeed(1000 / spk));
      }),
    );
  });

  it('predict', () => {
    fc.assert(
      fc.property(distance, time, distance, anyNumber, (d1, t, d2, k) => {
        expectResultOr422(() => predict(d1, t, d2));
        expectResultOr422(() => predict(d1, t, d2, k));
      }),
    );
  });

  it('vdot and zones', () => {
    fc.assert(
      fc.property(distance, time, anyNumber, (d, t, v) => {
        expectResultOr422(() => vdotReport(d, t));
        expectResultOr422(() => zonesFromPerformance(d, t));
        expectResultOr422(() => zonesFromVdot(v));
      }),
      { numRuns: 50 },
    );
  });

  it('splits', () => {
    fc.assert(
      fc.property(
        distance,
        time,
        distance,
        fc.constantFrom('even' as const, 'negative' as const),
        anyNumber,
        (d, t, s, how, p) => {
          expectResultOr422(() => splits(d, t, { split_m: s, strategy: how, negative_percent: p }));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('finish', () => {
    fc.assert(
      fc.property(distance, time, distance, anyNumber, (done, t, total, k) => {
        expectResultOr422(() => projectFinish(done, t, total));
        expectResultOr422(() => projectFinish(done, t, total, k));
      }),
    );
  });
});
