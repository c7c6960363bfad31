import { describe, expect, it } from 'vitest';
import { exactlyOnePresent, refinement, z, zodValidationFailed } from '../../src/index.js';

const exactlyOne = refinement<{ a?: number; b?: number }>(
  (value, ctx) => {
    if ((value.a === undefined) === (value.b === undefined)) {
      ctx.addIssue({ message: 'give exactly one of a or b', path: ['a'], params: { code: 'exactly_one' } });
    }
  },
  { always: true },
);
const schema = z
  .strictObject({ a: z.number().optional(), b: z.number().optional(), c: z.string().optional() })
  .check(exactlyOne);

describe('refinement', () => {
  it('passes what it accepts and reports its issue with path and code, like superRefine', () => {
    expect(schema.parse({ a: 1 })).toEqual({ a: 1 });
    const failed = schema.safeParse({ a: 1, b: 2 });
    expect(zodValidationFailed(failed.error!).errors).toEqual([
      { path: '/a', code: 'exactly_one', message: 'give exactly one of a or b' },
    ]);
  });

  it("with always, runs beside other members' issues so every offending path is named", () => {
    const failed = schema.safeParse({ c: 5 });
    expect(zodValidationFailed(failed.error!).errors?.map((error) => error.path)).toEqual(['/c', '/a']);
  });
});

describe('exactlyOnePresent', () => {
  const choice = z
    .strictObject({ value: z.unknown().optional(), json: z.string().optional(), n: z.number().optional() })
    .check(exactlyOnePresent(['value', 'json'], '"value" or "json"'));
  const errors = (input: unknown) => zodValidationFailed(choice.safeParse(input).error!).errors;

  it('takes either, null included as a present value', () => {
    expect(choice.parse({ value: null })).toEqual({ value: null });
    expect(choice.parse({ json: '1' })).toEqual({ json: '1' });
  });

  it('names the first member when none is given and the second when both are, beside other issues', () => {
    expect(errors({})).toEqual([
      { path: '/value', code: 'missing_field', message: 'give one of "value" or "json"' },
    ]);
    expect(errors({ value: 1, json: '1' })).toEqual([
      { path: '/json', code: 'conflicting_fields', message: 'give only one of "value" or "json"' },
    ]);
    expect(errors({ n: 'x' })?.map((error) => error.code)).toEqual(['invalid_type', 'missing_field']);
    expect(errors([1])?.map((error) => error.path)).toEqual(['']);
  });
});
