import { describe, expect, it } from 'vitest';
import { decimalBoundProblem, withinDecimalBounds, z } from '../../src/index.js';

describe('decimalBoundProblem', () => {
  it.each([
    '0',
    '0.000000000000000001',
    '123456789012345678901234567890.1234567890',
    '-5',
    '1e-18',
    '9.99e39',
    '1e-40',
    '0.00',
  ])('accepts %s', (text) => {
    expect(decimalBoundProblem(text)).toBeUndefined();
  });

  it.each([
    ['1'.repeat(41), 'has 41 significant digits; at most 40 are accepted'],
    [`0.${'1'.repeat(10_000)}`, 'has 10000 significant digits; at most 40 are accepted'],
    ['1e41', 'is outside 10^-40…10^40; amounts that large or small are not accepted'],
    [`1${'0'.repeat(41)}`, 'is outside 10^-40…10^40; amounts that large or small are not accepted'],
    [`0.${'0'.repeat(1_000_000)}1`, 'is outside 10^-40…10^40; amounts that large or small are not accepted'],
    ['1e1000000000', 'has an exponent beyond ±10^40'],
    ['1e-41', 'is outside 10^-40…10^40; amounts that large or small are not accepted'],
  ])('refuses %s', (text, message) => {
    expect(decimalBoundProblem(text)).toBe(message);
  });

  it('reads JSON numbers as their shortest decimal', () => {
    expect(decimalBoundProblem(1e-7)).toBeUndefined();
    expect(decimalBoundProblem(1e300)).toBe(
      'is outside 10^-40…10^40; amounts that large or small are not accepted',
    );
  });

  it('leaves what is not a decimal to the schema', () => {
    expect(decimalBoundProblem('abc')).toBeUndefined();
    expect(decimalBoundProblem('.')).toBeUndefined();
  });
});

describe('withinDecimalBounds', () => {
  const price = withinDecimalBounds(z.number().min(0));

  it('passes a number within the bounds and names the problem of one beyond them', () => {
    expect(price.parse(0.0001)).toBe(0.0001);
    const result = price.safeParse(5e-324);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toMatchObject([
      {
        code: 'custom',
        message: 'is outside 10^-40…10^40; amounts that large or small are not accepted',
        params: { code: 'out_of_range' },
      },
    ]);
  });
});
