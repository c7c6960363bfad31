// Exact o200k_base counts (gpt-tokenizer) cross-checked against an independent implementation
// (js-tiktoken, a port of OpenAI's tiktoken) on fixed and random texts, special-token strings included.
import type { ProblemError } from '@dus/core';
import fc from 'fast-check';
import { getEncoding } from 'js-tiktoken';
import { describe, expect, it } from 'vitest';
import { characters, estimateTokens } from '../../src/domain/estimate.js';
import { MODEL_IDS } from '../../src/domain/index.js';

const tiktoken = getEncoding('o200k_base');
const reference = (text: string) => tiktoken.encode(text, [], []).length;
const exact = async (text: string) => (await estimateTokens({ text, models: ['gpt-5.6'] })).models[0]!.tokens;

describe('estimate_tokens', { timeout: 60_000 }, () => {
  it('OpenAI models: exact o200k_base counts; the others: ceil(characters / 4) with the stated error', async () => {
    const result = await estimateTokens({
      text: 'How many tokens is this?',
      models: ['claude-opus-5', 'gpt-5.4-nano'],
    });
    expect(result.models).toEqual([
      {
        id: 'claude-opus-5',
        tokens: 6,
        method: 'approximate',
        rule: 'ceil(characters / 4)',
        error:
          '±30% on English prose (about 4 characters per token, the rule of thumb OpenAI and Google state); code and non-Latin scripts take more tokens per character',
      },
      { id: 'gpt-5.4-nano', tokens: 6, method: 'exact' },
    ]);
  });

  it('defaults to the catalog (every model, whatever its dates), in its order; 6 OpenAI models are exact', async () => {
    const result = await estimateTokens({ text: 'abcde', models: undefined });
    expect(result.models.map((m) => m.id)).toEqual(MODEL_IDS);
    expect(result.models.filter((m) => m.method === 'exact').map((m) => m.id)).toEqual([
      'gpt-5.6',
      'gpt-5.6-terra',
      'gpt-5.6-luna',
      'gpt-5.5',
      'gpt-5.4-mini',
      'gpt-5.4-nano',
    ]);
    expect(result.models.find((m) => m.id === 'llama-4-scout')!.tokens).toBe(2);
  });

  it.each([
    ['', 0],
    ['Hello, world!', 4],
    ['<|endoftext|> is plain text here', reference('<|endoftext|> is plain text here')],
    ['日本語のテキストと emoji 👩‍💻', reference('日本語のテキストと emoji 👩‍💻')],
    ['function f(x) {\n  return x * 2;\n}\n', reference('function f(x) {\n  return x * 2;\n}\n')],
  ])('%j: %i tokens, as tiktoken counts', async (text, tokens) => {
    expect(await exact(text)).toBe(tokens);
    expect(reference(text)).toBe(tokens);
  });

  it('agrees with tiktoken on random texts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 200 }), async (text) => {
        expect(await exact(text)).toBe(reference(text));
      }),
      { numRuns: 200 },
    );
  });

  it('characters are code points: a surrogate pair is one', () => {
    expect(characters('')).toBe(0);
    expect(characters('abc')).toBe(3);
    expect(characters('👩‍💻')).toBe(3);
    expect(characters('😀x')).toBe(2);
  });

  it('unknown ids → unknown_model', async () => {
    const error = await estimateTokens({ text: 'x', models: ['nope'] }).catch((e: ProblemError) => e);
    expect((error as ProblemError).toProblem()).toMatchObject({ code: 'unknown_model', unknown: ['nope'] });
  });
});
