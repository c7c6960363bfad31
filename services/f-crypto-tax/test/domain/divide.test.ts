import fc from 'fast-check';
import { expect, it } from 'vitest';
import { Dec, divide } from '../../src/domain/decimal.js';

const decimal = fc
  .tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 24 }))
  .map(
    ([n, scale]) =>
      new Dec(
        `${n < 0n ? '-' : ''}${(n < 0n ? -n : n)
          .toString()
          .padStart(scale + 1, '0')
          .replace(new RegExp(`(\\d{${scale}})$`), '.$1')}`,
      ),
  );

it('divide answers exactly what big.js div answers (24 decimals, half away from zero)', () => {
  fc.assert(
    fc.property(decimal, decimal, (a, b) => {
      fc.pre(!b.eq(0));
      expect(divide(a, b).toFixed()).toBe(a.div(b).toFixed());
    }),
    { numRuns: 3000 },
  );
});

it('divide on edge values', () => {
  for (const [a, b] of [
    ['1', '3'],
    ['2', '3'],
    ['-2', '3'],
    ['0', '7'],
    ['1e-30', '3'],
    ['123456789012345678901234567890', '0.000000000000000001'],
    ['0.0000000000000000000000005', '1'],
    ['0.0000000000000000000000015', '-1'],
  ] as const) {
    expect(divide(new Dec(a), new Dec(b)).toFixed(), `${a} / ${b}`).toBe(new Dec(a).div(b).toFixed());
  }
});
