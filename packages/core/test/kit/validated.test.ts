import { describe, expect, it } from 'vitest';
import { ProblemError, z, zodValidationFailed } from '../../src/index.js';
import { validated } from '../../src/kit/zod-issues.js';

const distance = z
  .union([z.string(), z.number()], { error: 'must be a distance' })
  .transform((input, ctx) => {
    if (input === 'far') ctx.addIssue({ code: 'custom', message: 'is too far', params: { code: 'too_far' } });
    return String(input).length;
  });
const schema = z.strictObject({
  distance,
  laps: z.array(z.strictObject({ seconds: z.number().min(1) })).max(3),
  unit: z.enum(['km', 'mi']).default('km'),
});

/** The problem `validated` throws, as a plain object. */
function refusal(input: unknown) {
  try {
    validated(schema, input);
  } catch (error) {
    expect(error).toBeInstanceOf(ProblemError);
    const { status, code, detail, errors } = error as ProblemError;
    return { status, code, detail, errors };
  }
  throw new Error('accepted');
}

describe('validated', () => {
  it('answers what parse answers, defaults and transforms applied', () => {
    const input = { distance: '10 km', laps: [{ seconds: 90 }] };
    expect(validated(schema, input)).toEqual({ distance: 5, laps: [{ seconds: 90 }], unit: 'km' });
    expect(validated(schema, input)).toEqual(schema.parse(input));
  });

  it.each([
    ['a missing member', { laps: [] }],
    ['a transform issue with its code', { distance: 'far', laps: [] }],
    ['nested paths', { distance: 1, laps: [{ seconds: 0 }, { seconds: 'x' }, {}] }],
    ['unknown members, one error each', { distance: 1, laps: [], extra: 1, more: 2 }],
    ['a union of no match, an enum and a size', { distance: true, laps: [1, 2, 3, 4], unit: 'yd' }],
    ['not an object', 'text'],
  ])('refuses %s with the 400 that safeParse’s error maps to', (_name, input) => {
    const expected = zodValidationFailed(schema.safeParse(input).error!);
    expect(refusal(input)).toEqual({
      status: 400,
      code: 'validation_failed',
      detail: expected.detail,
      errors: expected.errors,
    });
    expect(expected.errors?.length).toBeGreaterThan(0);
  });

  it('names each offending path and the units parser’s code', () => {
    expect(refusal({ distance: 'far', laps: [{ seconds: 0 }], extra: 1 }).errors).toEqual([
      { path: '/distance', code: 'too_far', message: 'is too far' },
      { path: '/laps/0/seconds', code: 'too_small', message: 'Too small: expected number to be >=1' },
      { path: '/extra', code: 'unrecognized_key', message: 'is not a known field' },
    ]);
  });

  it('refuses an asynchronous schema as a programming error, not a client one', () => {
    const slow = z.string().refine(async () => true);
    expect(() => validated(slow, 'x')).toThrow('an asynchronous schema cannot validate a call');
  });
});
