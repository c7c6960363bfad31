import { describe, expect, it } from 'vitest';
import { refinement, z, zodValidationFailed } from '../../src/index.js';

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
