// Exact counting refuses a run it would take quadratic time over (byte-pair encoding of one o200k_base
// piece), and only then: runs at the bound are counted exactly (checked against js-tiktoken), digits never
// form long pieces, and models counted approximately never need the check.
import { ProblemError } from '@dus/core';
import { getEncoding } from 'js-tiktoken';
import { describe, expect, it } from 'vitest';
import { checkRuns, estimateTokens, MAX_RUN } from '../../src/domain/estimate.js';

const tiktoken = getEncoding('o200k_base');
const exact = async (text: string) => (await estimateTokens({ text, models: ['gpt-5.6'] })).models[0]!.tokens;

async function problemOf(text: string): Promise<Record<string, unknown>> {
  try {
    await estimateTokens({ text, models: ['gpt-5.6'] });
  } catch (error) {
    if (error instanceof ProblemError) return { status: error.status, ...error.toProblem() };
    throw error;
  }
  throw new Error('expected a problem');
}

const message = (what: string, from: number) =>
  `text has more than 1000 ${what} in a row (from character ${from}); exact o200k_base counting is quadratic in such a run: break it up, or count it with models that are not OpenAI's`;

describe('runs too long to count exactly', () => {
  it('counts a run of exactly MAX_RUN letters, whitespace or symbols, as js-tiktoken does', async () => {
    expect(MAX_RUN).toBe(1000);
    for (const text of ['a'.repeat(1000), ' '.repeat(1000), '='.repeat(1000), `x ${'é'.repeat(1000)} y`]) {
      expect(await exact(text)).toBe(tiktoken.encode(text, [], []).length);
    }
  });

  it('refuses one more, naming /text and where the run starts (in characters)', async () => {
    expect(await problemOf(`ab ${'a'.repeat(1001)}`)).toEqual({
      status: 422,
      type: 'urn:problem:text_run_too_long',
      title: 'Unprocessable content',
      code: 'text_run_too_long',
      detail: message('letters', 3),
      errors: [{ path: '/text', code: 'text_run_too_long', message: message('letters', 3) }],
      max_run: 1000,
    });
    expect((await problemOf(`x${' '.repeat(1001)}`)).detail).toBe(message('whitespace characters', 1));
    expect((await problemOf(`😀 ${'-'.repeat(1001)}`)).detail).toBe(message('symbols', 2));
  });

  it('a change of kind starts a new run; digits never join more than three', async () => {
    expect(() =>
      checkRuns(`${'a'.repeat(1000)}${' '.repeat(1000)}${'.'.repeat(1000)}${'b'.repeat(1000)}`),
    ).not.toThrow();
    expect(() => checkRuns('7'.repeat(100_000))).not.toThrow();
    expect(() => checkRuns(`${'a'.repeat(600)}1${'a'.repeat(600)}`)).not.toThrow();
    expect(() => checkRuns(`${'a'.repeat(600)}A${'a'.repeat(600)}`)).toThrow(ProblemError);
    expect(await exact('7'.repeat(5000))).toBe(tiktoken.encode('7'.repeat(5000), [], []).length);
  });

  it('models counted approximately take any text', async () => {
    const { models } = await estimateTokens({ text: 'a'.repeat(1_000_000), models: ['claude-opus-5'] });
    expect(models[0]!.tokens).toBe(250_000);
  });
});
