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

const message = (from: number) =>
  `text has a piece of more than 1000 characters that o200k_base's pre-tokenizer does not split (from character ${from}: a run of letters, whitespace or symbols); exact counting is quadratic in such a piece: break it up, or count it with models that are not OpenAI's`;

// The first exact count loads the o200k_base ranks (~1 s, more on a loaded machine or under mutation).
describe('runs too long to count exactly', { timeout: 60_000 }, () => {
  it('counts a run of exactly MAX_RUN letters, whitespace or symbols, as js-tiktoken does', async () => {
    expect(MAX_RUN).toBe(1000);
    for (const text of ['a'.repeat(1000), ' '.repeat(1000), '='.repeat(1000), `1${'é'.repeat(1000)} y`]) {
      expect(await exact(text)).toBe(tiktoken.encode(text, [], []).length);
    }
  });

  it('refuses one more, naming /text and where the piece starts (in characters)', async () => {
    // A space before letters or symbols belongs to their piece: " " + 1001 letters is 1002 characters.
    expect(await problemOf(`ab ${'a'.repeat(1001)}`)).toEqual({
      status: 422,
      type: 'urn:problem:text_run_too_long',
      title: 'Unprocessable content',
      code: 'text_run_too_long',
      detail: message(2),
      errors: [{ path: '/text', code: 'text_run_too_long', message: message(2) }],
      max_run: 1000,
    });
    expect((await problemOf(`x${' '.repeat(1001)}`)).detail).toBe(message(1));
    expect((await problemOf(`😀 ${'-'.repeat(1001)}`)).detail).toBe(message(1));
  });

  it('a change of kind starts a new piece; digits never join more than three', async () => {
    expect(() => checkRuns(`${'a'.repeat(1000)}${'.'.repeat(1000)}${'b'.repeat(1000)}`)).not.toThrow();
    expect(() => checkRuns(`${'a'.repeat(1000)}\n${' '.repeat(998)}\n`)).not.toThrow();
    expect(() => checkRuns('7'.repeat(100_000))).not.toThrow();
    expect(() => checkRuns(`${'a'.repeat(600)}1${'a'.repeat(600)}`)).not.toThrow();
    // An upper-case letter starts a new piece ("aaa…", "Aaaa…"); a space joins the letters after it.
    const cased = `${'a'.repeat(600)}A${'a'.repeat(600)}`;
    expect(await exact(cased)).toBe(tiktoken.encode(cased, [], []).length);
    expect(() => checkRuns(`${'a'.repeat(600)} ${'a'.repeat(1000)}`)).toThrow(ProblemError);
    expect(await exact('7'.repeat(5000))).toBe(tiktoken.encode('7'.repeat(5000), [], []).length);
  });

  it("bounds the pre-tokenizer's own pieces: a symbol takes any run of \\r, \\n and / with it", async () => {
    // "!" + "\n/" × 499 + "\n" is one piece of exactly 1000 characters; one pair more is over.
    const atBound = `x!${'\n/'.repeat(499)}\n`;
    expect(await exact(atBound)).toBe(tiktoken.encode(atBound, [], []).length);
    expect(await problemOf(`x!${'\n/'.repeat(500)}`)).toMatchObject({ status: 422, detail: message(1) });
    // The reproducer of issue 43: 128,000 pairs, one piece (it took 44 s before the bound).
    expect((await problemOf(`!${'\n/'.repeat(128_000)}`)).code).toBe('text_run_too_long');
    // A symbol run then letters: two pieces, each at the bound.
    expect(() => checkRuns(`${'-'.repeat(1000)}${'a'.repeat(1000)}`)).not.toThrow();
    // Surrogate pairs count once: 1000 emoji are 2000 UTF-16 units but 1000 characters.
    const emoji = '😀'.repeat(1000);
    expect(await exact(emoji)).toBe(tiktoken.encode(emoji, [], []).length);
    expect(() => checkRuns(`${emoji}😀`)).toThrow(ProblemError);
  });

  it('counts the same text the same way again (the merge cache is emptied after each count)', async () => {
    const text = `${'unforeseeable circumstances '.repeat(50)}zzqqxxyyplughxyzzy`;
    const first = await exact(text);
    expect(await exact(text)).toBe(first);
    expect(first).toBe(tiktoken.encode(text, [], []).length);
  });

  it('models counted approximately take any text', async () => {
    const { models } = await estimateTokens({ text: 'a'.repeat(1_000_000), models: ['claude-opus-5'] });
    expect(models[0]!.tokens).toBe(250_000);
  });
});
